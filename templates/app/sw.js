{% load i18n %}{% autoescape off %}// The Bottle Imp Companion's service worker (served at /sw.js, made by
// companion/views/app.py). It opens the app without a connection: the shell
// (stylesheet, scripts, icons) comes from the cache, and every page this
// phone opened is kept as it was last seen, to be shown, marked as not
// live, when the network is gone. Changes (POSTs) always go to the server:
// the round screen queues its own entries while offline.
"use strict";

const SHELL = "shell-{{ version }}";
const PAGES = "pages-1";
const SHELL_FILES = {{ shell_json }};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("shell-") && key !== SHELL).map((key) => caches.delete(key))
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
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request));
  }
});

// A page: from the network, keeping a copy; without a network, the copy,
// marked as not live (or, for a page never opened here, a short note).
async function page(request) {
  const pages = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get("content-type") || "").startsWith("text/html")) {
      await pages.put(request, response.clone());
    } else if (response.status === 404 || response.status === 410) {
      await pages.delete(request);
    }
    return response;
  } catch (error) {
    const copy = await pages.match(request);
    if (copy) return notLive(copy);
    return new Response(
      "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
      "<title>{% translate "No connection" as title %}{{ title|escapejs }}</title><p>" +
      "{% translate "No connection, and this page was never opened on this phone. Try again when the phone is back online." as why %}{{ why|escapejs }}</p>",
      {status: 503, headers: {"content-type": "text/html; charset=utf-8"}}
    );
  }
}

// The copy with the time it was saved on its <body>, for js/offline.js to
// say that this is not live.
async function notLive(copy) {
  const saved = copy.headers.get("date") || "";
  const html = (await copy.text()).replace("<body", `<body data-offline="${saved.replace(/"/g, "")}"`);
  return new Response(html, {headers: {"content-type": "text/html; charset=utf-8"}});
}
{% endautoescape %}
