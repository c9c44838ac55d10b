{% load i18n %}{% autoescape off %}// The Bottle Imp Companion's service worker (served at /sw.js, made by
// companion/views/app.py). It opens the app without a connection: the shell
// (stylesheet, scripts, icons) comes from the cache, and every page this
// phone opened is kept as it was last seen, to be shown, marked as not
// live, when the network is gone. Changes (POSTs) always go to the server:
// the round screen queues its own entries while offline.
//
// The first visit is kept too: the worker does not control the page that
// registered it, so js/offline.js asks it ("keep") to fetch and keep that
// page once it is active.
//
// Private pages, and for whom they are kept (companion/offline.py). A page
// of an edit link (a game's or a group's) and the home page (which lists
// this browser's edit links) answer "Cache-Control: no-store": the browser's
// HTTP cache never keeps them; this worker's copy is the deliberate one, and
// only for the session that opened them:
// - Every page says which links the session holds (X-Imp-Held: digests of
//   the tokens, so that no kept header gives a link away) and the
//   session's mark (X-Imp-Mark, also the cookie imp_mark). A private page
//   is kept only if its link is held; each answer read online drops
//   the private copies of links no longer held (the game deleted, its edit
//   link replaced) and those kept for another mark (cookies were cleared:
//   a new session). A home page kept for other links is fetched again.
// - A page answering 404 or 410 drops its copy.
// - Offline, the worker cannot read cookies, but the page can: a private
//   copy is served with its mark on <body data-kept-for>; app.css hides it
//   until js/offline.js finds the same mark in the imp_mark cookie. If the
//   cookie is gone or names another session, offline.js asks the worker to
//   drop ("forget") every copy kept for other marks, and the page shows the
//   "never opened" note. Where the browser lets a worker read cookies
//   (cookieStore), the worker checks first and does not serve the copy.
"use strict";

const SHELL = "shell-{{ version }}";
const PAGES = "pages-2";  // pages-1 kept edit pages for anyone: dropped
const SHELL_FILES = {{ shell_json }};
// The app's own page for an address never opened here (app/offline.html),
// kept with the shell, in the reader's language: kept again when a page
// answers in another one. NEVER_OPENED only if even that is missing.
const OFFLINE = "{{ offline_url }}";
// Where the installed app opens (the manifest's start_url). Online, the
// server sends a phone whose last game is a seat to that seat's round; the
// worker learns where (the redirect of a navigation cannot be read, so it
// asks once more, following it) and keeps the address under LAUNCH_KEY,
// so that offline the app opens on the seat's copy too.
const START_URL = new URL("{{ start_url }}", self.location.origin).href;
const LAUNCH_KEY = START_URL + "&kept=seat";
const NEVER_OPENED = "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
  "<title>{% translate "No connection" as title %}{{ title|escapejs }}</title><p>" +
  "{% translate "No connection, and this page was never opened on this phone. Try again when the phone is back online." as why %}{{ why|escapejs }}</p>";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL).then((cache) => cache.addAll([...SHELL_FILES, OFFLINE])).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key !== SHELL && key !== PAGES).map((key) => caches.delete(key))
      ))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/admin/")) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(shellFile(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request, event));
  }
});

// From a page (js/offline.js): "keep" this page (the first visit, which
// this worker did not control), or "forget" the copies kept for any mark
// but this one (the page found the imp_mark cookie gone or changed).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  let done = Promise.resolve();
  if (data.keep) done = keepUrl(data.keep);
  else if (data.forget !== undefined) done = forgetOthers(String(data.forget));
  else if (data.kept) done = keptPages().then((kept) => event.source && event.source.postMessage({kept}));
  event.waitUntil(done.then(() => event.source && event.source.postMessage({done: data})));
});

// A shell file: from the cache, else from the network (then kept).
async function shellFile(request) {
  const hit = await caches.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    const shell = await caches.open(SHELL);
    await shell.put(request, response.clone());
  }
  return response;
}

// A page: from the network, keeping a copy; without a network, the copy,
// marked as not live (or, for a page never opened here, a short note).
async function page(request, event) {
  const asked = ++questions;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    return offline(request);
  }
  if (request.url === START_URL) event.waitUntil(learnLaunch(response));
  await keep(request.url, response.clone(), asked);
  return response;
}

// The seat the app opens on, from the start URL's answer online: a redirect
// (followed once more to read where to), or the home page (no seat).
async function learnLaunch(response) {
  const pages = await caches.open(PAGES);
  if (response.type !== "opaqueredirect" && !response.redirected) {
    await pages.delete(LAUNCH_KEY);
    return;
  }
  try {
    const followed = await fetch(START_URL, {credentials: "same-origin"});
    if (followed.redirected && followed.ok) {
      await pages.put(LAUNCH_KEY, new Response("", {headers: {"x-imp-launch": new URL(followed.url).pathname}}));
    }
  } catch (error) {
    // offline again: what was learnt before stays
  }
}

async function keepUrl(url) {
  const target = new URL(url, self.location.origin);
  if (target.origin !== self.location.origin) return;
  const asked = ++questions;
  try {
    const response = await fetch(target.href, {credentials: "same-origin"});
    await keep(target.href, response, asked);
  } catch (error) {
    // offline: nothing to keep now
  }
}

// What a page's answer teaches: the links held (dropping what is no longer
// to be kept), and the page itself kept or dropped. ``asked``: when it was
// asked for (see ``questions``).
async function keep(url, response, asked) {
  const pages = await caches.open(PAGES);
  if (response.status === 404 || response.status === 410) {
    await pages.delete(url);
    return;
  }
  if (!response.ok || !(response.headers.get("content-type") || "").startsWith("text/html")) return;
  await learn(pages, response, url, asked);
  await offlineIn(response.headers.get("content-language"));
  if (!isPrivate(response) || await mayKeep(response, url)) {
    await pages.put(url, response);
  } else {
    await pages.delete(url);
  }
}

function isPrivate(response) {
  return /no-store/.test(response.headers.get("cache-control") || "");
}

function heldOf(response) {
  return new Set((response.headers.get("x-imp-held") || "").split(" ").filter(Boolean));
}

// A private page is kept for its session's mark, and only while its link is held.
async function mayKeep(response, url) {
  const token = linkOf(url);
  return Boolean(response.headers.get("x-imp-mark")) && (token === null || heldOf(response).has(await digest(token)));
}

// How the server names a held link (companion/offline.py): the first 16 hex
// digits of its token's SHA-256, so that no header gives a link away.
async function digest(token) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(bytes.slice(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The token of a game's or a group's page ("/g/<token>/…", "/groups/<token>/…").
function linkOf(url) {
  const found = new URL(url).pathname.match(/^\/(g|groups)\/([^/]+)\//);
  return found && found[2] !== "new" ? found[2] : null;
}

// The links the session holds, from an answer read online: private copies
// no longer to be kept are dropped; a home page kept for other links is
// fetched again (not the page being answered: it is kept by the caller).
// Only an answer asked for after the last one that taught teaches: one that
// was slow to come (the first visit's page, fetched again for "keep" while
// the phone already opened an edit link) tells of the session as it was,
// and would drop the copies of the session as it is.
let known = null;
let questions = 0;  // pages asked for the network so far, in order
let taught = 0;  // the question whose answer taught last
async function learn(pages, response, url, asked) {
  const held = response.headers.get("x-imp-held");
  if (held === null || asked < taught) return;
  taught = asked;
  const mark = response.headers.get("x-imp-mark") || "";
  if (known === mark + "\n" + held) return;
  const tokens = heldOf(response);
  const again = [];
  for (const request of await pages.keys()) {
    const copy = await pages.match(request);
    if (!copy || !isPrivate(copy)) continue;
    const token = linkOf(request.url);
    const sameSession = copy.headers.get("x-imp-mark") === mark && mark !== "";
    if (sameSession && (token === null ? copy.headers.get("x-imp-held") === held : tokens.has(await digest(token)))) continue;
    await pages.delete(request);
    if (sameSession && token === null && request.url !== url) again.push(request.url);
  }
  known = mark + "\n" + held;
  await Promise.all(again.map((other) => keepUrl(other)));
}

async function forgetOthers(mark) {
  known = null;
  const pages = await caches.open(PAGES);
  await pages.delete(LAUNCH_KEY);
  for (const request of await pages.keys()) {
    const copy = await pages.match(request);
    if (copy && isPrivate(copy) && copy.headers.get("x-imp-mark") !== mark) await pages.delete(request);
  }
}

// Without a network: the copy, if there is one this phone may show. The
// installed app opening goes to the seat it opened on last (its copy is
// shown to the session that kept it alone, as any private copy).
async function offline(request) {
  const pages = await caches.open(PAGES);
  const launch = request.url === START_URL && await pages.match(LAUNCH_KEY);
  if (launch) return Response.redirect(launch.headers.get("x-imp-launch"), 302);
  const copy = await pages.match(request);
  if (copy && isPrivate(copy)) {
    const mark = copy.headers.get("x-imp-mark") || "";
    if (self.cookieStore) {
      const cookie = await self.cookieStore.get("imp_mark").catch(() => null);
      if (!cookie || cookie.value !== mark) {
        await forgetOthers(cookie ? cookie.value : "");
        return neverOpened();
      }
    }
    return notLive(copy, mark);
  }
  if (copy) return notLive(copy, null);
  return neverOpened();
}

async function neverOpened() {
  const shell = await caches.open(SHELL);
  const own = await shell.match(OFFLINE);
  const html = own ? await own.text() : NEVER_OPENED;
  return new Response(html, {status: 503, headers: {"content-type": "text/html; charset=utf-8"}});
}

// The offline page in the language a page online answered in.
async function offlineIn(language) {
  if (!language) return;
  const shell = await caches.open(SHELL);
  const own = await shell.match(OFFLINE);
  if (own && own.headers.get("content-language") === language) return;
  try {
    const fresh = await fetch(OFFLINE, {credentials: "same-origin"});
    if (fresh.ok) await shell.put(OFFLINE, fresh);
  } catch (error) {
    // offline: the page kept stays
  }
}

// The games and groups this phone keeps a copy of, for the offline page
// (js/offline.js lists them; a private copy only for the session it was
// kept for: its mark goes with it): a game by its standings (or its round
// screen), named by the players (<meta name="imp-kept">).
async function keptPages() {
  const pages = await caches.open(PAGES);
  const found = new Map();
  for (const request of await pages.keys()) {
    const path = new URL(request.url).pathname;
    const part = path.match(/^\/(g|groups)\/([^/]+)\/(round\/)?$/);
    if (!part || part[2] === "new" || (part[3] && found.has(part[2]))) continue;
    const copy = await pages.match(request);
    const name = copy && (await copy.clone().text()).match(/<meta name="imp-kept" content="([^"]*)">/);
    if (!name) continue;
    found.set(part[2], {
      url: path, name: name[1], group: part[1] === "groups",
      mark: isPrivate(copy) ? copy.headers.get("x-imp-mark") || "" : null,
    });
  }
  return Array.from(found.values());
}

// The copy with the time it was saved on its <body>, for js/offline.js to
// say that this is not live (and a private copy's mark, for it to check).
async function notLive(copy, mark) {
  const saved = (copy.headers.get("date") || "").replace(/"/g, "");
  const kept = mark === null ? "" : ` data-kept-for="${mark.replace(/[^\w-]/g, "")}"`;
  const html = (await copy.text()).replace("<body", `<body data-offline="${saved}"${kept}`);
  return new Response(html, {headers: {"content-type": "text/html; charset=utf-8"}});
}
{% endautoescape %}
