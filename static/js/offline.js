// The app without a connection: registers the service worker (/sw.js) and
// has it keep the page it did not answer (the first visit); shows a private
// copy only to the session it was kept for; and says plainly when what the
// screen shows is not live — a page the service worker took from this
// phone's copy (its <body data-offline>), or a page whose connection dropped
// while it was open. Back online, a copy reloads.
"use strict";

(function () {
  // The texts in the reader's language, from the page (templates/base.html).
  const block = document.getElementById("imp-texts");
  const texts = block ? JSON.parse(block.dataset.texts) : {};
  const say = (key, english) => texts[key] || english;

  // The imp_mark cookie: which session this browser has now ("" without one).
  function currentMark() {
    const found = document.cookie.split("; ").find((item) => item.startsWith("imp_mark="));
    return found ? decodeURIComponent(found.slice("imp_mark=".length)) : "";
  }

  // A private copy (a page of an edit link, the home page) shown offline is
  // hidden (app.css) until its mark is this session's; else every copy kept
  // for another session is dropped and the page loads again (the worker then
  // says it has nothing to show). See the header of templates/app/sw.js.
  function checkKeptFor() {
    const kept = document.body.dataset.keptFor;
    if (kept === undefined) return;
    if (kept && kept === currentMark()) {
      document.body.dataset.keptOk = "";
      return;
    }
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker) return;
    navigator.serviceWorker.addEventListener("message", () => location.reload());
    worker.postMessage({forget: currentMark()});
  }

  if ("serviceWorker" in navigator) {
    // A page the worker did not answer (the first visit, or a forced
    // reload) is not kept yet: once the worker is active, it fetches and
    // keeps it (with the shell, cached on install).
    const answered = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.register("/sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        if (!answered && navigator.onLine && registration.active) {
          registration.active.postMessage({keep: location.href});
        }
      })
      .catch(() => {});
  }

  function banner(text) {
    let note = document.getElementById("not-live");
    if (!note) {
      note = document.createElement("p");
      note.id = "not-live";
      note.className = "banner not-live";
      note.setAttribute("role", "status");
      document.body.prepend(note);
    }
    note.textContent = text;
  }

  function savedAt(text) {
    const when = new Date(text);
    if (isNaN(when)) return "";
    const lang = document.documentElement.lang || undefined;
    return when.toLocaleString(lang, {dateStyle: "short", timeStyle: "short"});
  }

  // The offline page (app/offline.html): the games and groups the worker
  // keeps, a private copy only while its mark is this session's.
  function listKept() {
    const place = document.getElementById("kept-games");
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!place || !worker) return;
    navigator.serviceWorker.addEventListener("message", (event) => {
      const kept = event.data && event.data.kept;
      if (!kept) return;
      const mark = currentMark();
      const list = place.querySelector("ul");
      list.replaceChildren();
      for (const item of kept) {
        if (item.mark !== null && (!item.mark || item.mark !== mark)) continue;
        const link = document.createElement("a");
        link.href = item.url;
        link.className = "game-link";
        link.textContent = new DOMParser().parseFromString(item.name, "text/html").body.textContent;
        const entry = document.createElement("li");
        entry.className = "card game-item" + (item.group ? " kept-group" : "");
        entry.append(link);
        list.append(entry);
      }
      place.hidden = !list.children.length;
    });
    worker.postMessage({kept: true});
  }

  document.addEventListener("DOMContentLoaded", () => {
    checkKeptFor();
    listKept();
    const copy = document.body.dataset.offline;
    if (copy !== undefined) {
      document.documentElement.classList.add("offline-copy");
      const when = savedAt(copy);
      banner(when
        ? say("notLiveCopyAt", "Not live: no connection. This is the last state this phone saw (saved %(when)s).").replace("%(when)s", when)
        : say("notLiveCopy", "Not live: no connection. This is the last state this phone saw."));
    } else if (!navigator.onLine) {
      banner(say("notLive", "Not live: no connection."));
    }
  });

  window.addEventListener("offline", () => banner(say("notLiveDropped", "Not live: no connection. The screen shows the last state it had.")));
  window.addEventListener("online", () => {
    if (document.body.dataset.offline !== undefined) {
      location.reload();
      return;
    }
    const note = document.getElementById("not-live");
    if (note) note.remove();
  });
})();
