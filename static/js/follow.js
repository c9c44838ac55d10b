// The edit link's round screen follows the game (issue 22): told of each
// change at once where the server pushes them (data-events, below), else every 1.5 s
// (a seat's phone every 0.75 s when its player is asked right after the
// next card, 1.5 s the card after, else 3 s: #play-stamp's data-pace, from
// the engine's order of the trick), while nothing of this phone's is on
// its way, it asks for the round with
// the game's ETag (If-None-Match): an unchanged game is a 304 after one
// query and nothing moves. A change made on another phone comes as a card's
// answer does (the play's parts out of band, the grid's marks): the grid's
// buttons stay under a finger, and static/js/round.js draws its queue over
// the round as it is now (imp:fresh). A poll that comes back after this
// phone tapped a card is not swapped in: the card's own answer is newer.
//
// Offline, the changes that go to the server at once (Undo with no card
// waiting, Redo, Confirm, Let it stand, fixing a trick) do not vanish: the
// screen says beside them, at once, that they need a connection.
(function () {
  "use strict";

  const EVERY = 1500;
  const PACES = { soon: 750, near: 1500 };
  const LATER = 3000;

  // How long until the next poll: a seat's phone by its player's pace.
  function pace() {
    const region = play();
    if (!region || region.dataset.seat === undefined) return EVERY;
    const stamp = document.getElementById("play-stamp");
    return (stamp && PACES[stamp.dataset.pace]) || LATER;
  }

  const textBlock = document.getElementById("imp-texts");
  const TEXTS = textBlock ? JSON.parse(textBlock.dataset.texts) : {};

  let polling = false;
  let pressed = false;
  let tapsAtStart = "0";
  // An answer that leads the phone to another page (HX-Redirect: the
  // round's story once the table confirmed it) ends its asking while that
  // page loads: static/js/answers.js.

  function play() {
    return document.getElementById("play");
  }

  function taps() {
    return document.body.dataset.taps || "0";
  }

  async function poll() {
    const region = play();
    const stamp = document.getElementById("play-stamp");
    if (polling || pressed || document.hidden || !navigator.onLine) return;
    if (!region || !region.dataset.live || region.dataset.follow !== "yes" || !stamp) return;
    if (writing()) return;
    polling = true;
    tapsAtStart = taps();
    let fresh = false;
    const ended = (event) => {
      if (event.detail.elt === document.body) fresh = event.detail.xhr.status === 200;
    };
    document.body.addEventListener("htmx:afterRequest", ended);
    try {
      // its own source (the body): a card's request on #play is never queued behind it
      await htmx.ajax("GET", region.dataset.live, {
        source: document.body,
        target: "#play",
        swap: "none settle:0ms",
        headers: { "If-None-Match": '"' + stamp.dataset.etag + '"' },
      });
    } catch (error) {
      // no answer: the next poll asks again
    }
    document.body.removeEventListener("htmx:afterRequest", ended);
    polling = false;
    if (fresh) document.dispatchEvent(new CustomEvent("imp:fresh"));
  }

  // A form being filled in (a flag's note, a quick entry's numbers) is not
  // drawn over: the screen follows again once it is sent or closed.
  function writing() {
    if (document.querySelector("#round details.flag-trick[open]")) return true;
    const active = document.activeElement;
    return Boolean(active && active.closest("#round form") && active.matches("input:not([type=hidden]):not([type=submit]), select, textarea"));
  }

  // A poll's answer is dropped when this phone has sent or tapped a card
  // meanwhile, or a finger is down on the grid, or it is older than the
  // screen: a change this phone made (Undo, a quick entry) was answered
  // while the poll was on its way. Dropped before htmx handles it at all
  // (htmx:beforeOnLoad, fired on the poll's source, the body): its target
  // may have left the page with that change's answer, and htmx's later
  // events fired on it never reach the body.
  document.body.addEventListener("htmx:beforeOnLoad", (event) => {
    if (event.detail.elt !== document.body || !polling) return;
    const region = play();
    if (pressed || writing() || !region || region.dataset.follow !== "yes" || taps() !== tapsAtStart
        || older(event.detail.xhr)) {
      event.preventDefault();
    }
  });

  // Whether an answer shows an earlier version of the game than the screen
  // (its ETag, companion.access.etag_value, names the version).
  function older(xhr) {
    const stamp = document.getElementById("play-stamp");
    const named = /v(\d+)-/.exec(xhr.getResponseHeader("ETag") || "");
    return Boolean(stamp && named) && Number(named[1]) < Number(stamp.dataset.version);
  }

  document.addEventListener("pointerdown", (event) => {
    if (event.target instanceof Element && event.target.closest("#play form.picker")) pressed = true;
  }, true);
  ["pointerup", "pointercancel"].forEach((name) => {
    document.addEventListener(name, () => { pressed = false; }, true);
  });

  // Changes pushed (companion.events): where #play names an events stream
  // (data-events), the phone holds it open and asks for the round as soon
  // as the stream tells a version newer than the one it shows; otherwise it
  // asks only every QUIET ms, in case a word was lost. Without the stream,
  // or while it is lost (offline, a server restarting), it polls at its pace.
  // Every phone of a table is told of a change in the same instant: a seat's
  // phone whose player is not asked right after it (its pace is not "soon")
  // asks SPREAD ms later, at a moment of its own, so that the asked player's
  // phone is not queued at the server behind the others (`make load-seats`,
  // 62 tables on one core: card p95 about half of all asking at once).
  const QUIET = 15000;
  const AGAIN = 300;
  const SPREAD = [400, 900];
  let stream = null;
  let heard = 0;
  let timer = null;

  function behind() {
    const stamp = document.getElementById("play-stamp");
    return Boolean(stamp) && heard > Number(stamp.dataset.version);
  }

  function next() {
    if (!stream || stream.readyState !== EventSource.OPEN) return pace();
    return behind() ? AGAIN : QUIET;
  }

  // How long a told phone waits before it asks (SPREAD, above).
  function told() {
    const region = play();
    const stamp = document.getElementById("play-stamp");
    if (!region || region.dataset.seat === undefined || (stamp && stamp.dataset.pace === "soon")) return 0;
    return SPREAD[0] + Math.random() * (SPREAD[1] - SPREAD[0]);
  }

  function listen() {
    const region = play();
    // a stream refused (the server restarting, its database away) is opened again after a poll
    if (stream && stream.readyState === EventSource.CLOSED) stream = null;
    if (stream || !region || !region.dataset.events || !window.EventSource) return;
    stream = new EventSource(region.dataset.events);
    stream.onopen = () => follow(next());  // the stream tells from now on: the poll due waits
    stream.onmessage = (event) => {
      heard = Math.max(heard, Number(event.data));
      if (behind()) sooner(told());
    };
    // a seat's phone is pushed the change's answer (companion.pushed): swapped
    // in as a poll's would be, when the screen shows the version it was
    // rendered against; else the phone asks for the round as told
    stream.addEventListener("answer", (event) => {
      const newline = event.data.indexOf("\n");
      const [since, version] = event.data.slice(0, newline).split(" ").map(Number);
      heard = Math.max(heard, version);
      if (!take(since, event.data.slice(newline + 1)) && behind()) sooner(told());
    });
    // once the round is complete, a seat's phone is pushed its whole round
    // screen (the result, Agree, Flag a trick) after each change: swapped in
    // as a poll's would be, when it is newer than the screen; else the phone
    // asks for the round as told
    stream.addEventListener("round", (event) => {
      const newline = event.data.indexOf("\n");
      const version = Number(event.data.slice(0, newline));
      heard = Math.max(heard, version);
      if (!takeRound(version, event.data.slice(newline + 1)) && behind()) sooner(told());
    });
    // lost (the browser opens it again by itself): poll at the pace meanwhile
    stream.onerror = () => sooner(next());
    // the game was deleted: the next poll shows it (a 404 in words)
    stream.addEventListener("gone", () => { stream.close(); follow(0); });
  }

  // A pushed answer is swapped in only where a poll's answer would be: the
  // screen shows the version it was rendered against, no poll is on its
  // way, no finger is down on the grid, nothing is being written.
  function take(since, answer) {
    const region = play();
    const stamp = document.getElementById("play-stamp");
    if (!free(region)) return false;
    if (!stamp || Number(stamp.dataset.version) !== since) return false;
    htmx.swap(region, answer, { swapStyle: "none", settleDelay: 0 });
    document.dispatchEvent(new CustomEvent("imp:fresh"));
    return true;
  }

  // Whether a pushed answer may be swapped in now: no poll on its way, no
  // finger down on the grid, nothing being written, no card of this phone's
  // on its way (round.js's data-follow).
  function free(region) {
    return !polling && !pressed && !writing() && Boolean(region) && region.dataset.follow === "yes";
  }

  // A whole round screen pushed is swapped in (as a poll's answer retargeted
  // to #round) where a poll's answer would be, when it shows a newer version
  // than the screen.
  function takeRound(version, screen) {
    const region = play();
    const round = document.getElementById("round");
    const stamp = document.getElementById("play-stamp");
    if (!round || !free(region)) return false;
    if (!stamp || Number(stamp.dataset.version) >= version) return false;
    htmx.swap(round, screen, { swapStyle: "outerHTML", settleDelay: 0 });
    document.dispatchEvent(new CustomEvent("imp:fresh"));
    return true;
  }

  let due = 0;

  function follow(ms) {
    clearTimeout(timer);
    due = Date.now() + ms;
    timer = setTimeout(() => poll().finally(() => { listen(); follow(next()); }), ms);
  }

  function sooner(ms) {
    if (Date.now() + ms < due) follow(ms);
  }
  listen();
  follow(pace());
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
  window.addEventListener("online", () => setTimeout(poll, 0));

  // ---- what needs a connection ------------------------------------------

  const NEEDS = "#round form[hx-post] button, #round a[hx-get]";

  function isOffline() {
    const region = play();
    return !navigator.onLine || Boolean(region && region.dataset.offline === "yes");
  }

  function note(control) {
    document.querySelectorAll(".needs-connection").forEach((old) => old.remove());
    const text = document.createElement("p");
    text.className = "needs-connection";
    text.setAttribute("role", "alert");
    text.textContent = TEXTS.needsConnection || "This needs a connection: nothing was changed. Try again when the phone is back online.";
    const bar = control.closest(".action-bar");
    if (bar) {
      text.classList.add("above-bar");
      bar.appendChild(text);
    } else {
      (control.closest("form, nav, p, li, div") || control).after(text);
    }
  }

  document.addEventListener("click", (event) => {
    const control = event.target instanceof Element ? event.target.closest(NEEDS) : null;
    if (!control || !isOffline()) return;
    // Undo while cards wait takes back the last of them, on the phone (round.js)
    const region = play();
    const waiting = region && Number(region.dataset.waiting || 0) > 0;
    if (waiting && control.closest("form.undo, form[action$='/undo/']")) return;
    event.preventDefault();
    event.stopPropagation();
    note(control);
  }, true);

  // A change sent while the connection seemed there, that never reached the server
  document.addEventListener("htmx:sendError", (event) => {
    const elt = event.detail.elt;
    if (!(elt instanceof Element) || elt === document.body || elt.id === "play") return;
    const control = elt.matches(NEEDS) ? elt : elt.querySelector("button") || elt;
    if (control.closest("#round")) note(control);
  });

  window.addEventListener("online", () => {
    document.querySelectorAll(".needs-connection").forEach((old) => old.remove());
  });
})();
