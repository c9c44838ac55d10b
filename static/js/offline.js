// The app without a connection: registers the service worker (/sw.js), and
// says plainly when what the screen shows is not live — a page the service
// worker took from this phone's copy (its <body data-offline>), or a page
// whose connection dropped while it was open. Back online, a copy reloads.
"use strict";

(function () {
  // The texts in the reader's language, from the page (templates/base.html).
  const block = document.getElementById("imp-texts");
  const texts = block ? JSON.parse(block.dataset.texts) : {};
  const say = (key, english) => texts[key] || english;

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
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

  document.addEventListener("DOMContentLoaded", () => {
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
