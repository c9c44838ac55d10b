// A screen that follows its game with htmx's polls (the standings, the view
// link's round screen, a round's story: companion.templatetags.imp.following)
// is told of each change where the page names the events stream of its link
// (data-events, companion.events): it asks for itself again (the event
// imp:told) as soon as the stream tells a version newer than the one it
// shows (data-version), and otherwise only every 15 s, in case a word was
// lost. While the stream is lost (offline, a server restarting), it asks
// every 2 s, as it does without a stream. Every phone of a table is told in
// the same instant: each asks SPREAD ms later, at a moment of its own, so
// that the phone of the player whose card is asked is not queued behind
// the watchers. The standings' stream (?screen=standings) is pushed the
// standings themselves (event "standings": the version, then the partial
// the screen would fetch, companion.pushed): swapped in at once, nothing
// asked; unless the screen is asking already (its answer then decides).
// An answer older than the screen is never swapped in.
(function () {
  "use strict";

  const EVERY = 2000;
  const SPREAD = [400, 900];
  let stream = null;
  let heard = 0;
  let timer = null;
  let polling = null;

  function screen() {
    return document.querySelector("[data-events][hx-trigger]");
  }

  function ask() {
    const shown = screen();
    if (shown) htmx.trigger(shown, "imp:told");
  }

  function behind() {
    const shown = screen();
    return Boolean(shown) && heard > Number(shown.dataset.version);
  }

  // Without the stream: ask every EVERY ms (and open it again once the
  // server refused it for good: the browser gives up then).
  function poll(on) {
    if (on && !polling) {
      polling = setInterval(() => {
        ask();
        if (stream && stream.readyState === EventSource.CLOSED) listen();
      }, EVERY);
    } else if (!on && polling) {
      clearInterval(polling);
      polling = null;
    }
  }

  // ask SPREAD ms from now, if the screen is still behind then
  function later() {
    clearTimeout(timer);
    timer = setTimeout(() => { if (behind()) ask(); }, SPREAD[0] + Math.random() * (SPREAD[1] - SPREAD[0]));
  }

  // an answer to the screen's own request older than what it shows (a
  // pushed version came first) is not swapped in
  document.addEventListener("htmx:beforeSwap", (event) => {
    const shown = screen();
    if (!shown || event.detail.target !== shown) return;
    const found = /data-version="(\d+)"/.exec(event.detail.serverResponse || "");
    if (found && Number(found[1]) < Number(shown.dataset.version)) event.detail.shouldSwap = false;
  });

  function listen() {
    const shown = screen();
    if (stream) stream.close();
    stream = null;
    if (!shown || !window.EventSource) return;
    stream = new EventSource(shown.dataset.events);
    // the stream tells from now on; a change made while it was away is asked for now
    stream.onopen = () => {
      if (polling) ask();
      poll(false);
    };
    stream.onmessage = (event) => {
      heard = Math.max(heard, Number(event.data));
      if (behind()) later();
    };
    stream.addEventListener("standings", (event) => {
      const newline = event.data.indexOf("\n");
      const version = Number(event.data.slice(0, newline));
      heard = Math.max(heard, version);
      const shown = screen();
      if (!shown || !behind()) return;
      if (shown.classList.contains("htmx-request")) {
        later();
        return;
      }
      clearTimeout(timer);
      htmx.swap(shown, event.data.slice(newline + 1), { swapStyle: "outerHTML", settleDelay: 0 });
    });
    // lost (the browser opens it again by itself): ask at the polls' pace meanwhile
    stream.onerror = () => poll(true);
    // the game was deleted: the screen asks once more and shows it
    stream.addEventListener("gone", () => {
      stream.close();
      poll(false);
      ask();
    });
  }

  listen();
})();
