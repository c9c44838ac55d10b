// The round screen's card grid (issue 11): a tapped card shows in its slot at
// once, marked "sending…" until the server has stored it, and leaves the grid.
// The cards wait on the phone in order (localStorage, per game: a reload keeps
// them), each with its own idempotency key made when it was tapped, and go to
// the server one at a time; each send carries the game's version of the last
// answer. A retry keeps the entry's key, so the server stores it once. Offline
// the table keeps tapping and the screen says how many cards wait; they go
// when the connection is back. A card the server refuses (400, 409) is shown
// with the server's reason; the cards after it are kept until the table sends
// them again or discards them.
//
// htmx sends each card and swaps its answer: the parts a card changed, each
// swapped out of band in place of its namesake (hx-swap-oob,
// templates/imp/round/answer.html). The grid's buttons are not in the answer
// and never leave the page (a finger pressing a card while an answer comes
// in still taps it): they take the answer's marks (#play-stamp). Without
// this file the grid is a plain form: each tap is a POST and a reload.
(function () {
  "use strict";

  const STORE = "imp-queue:";
  const RETRY_MAX = 10000;

  let queue = [];
  let queueKey = null;
  let sending = false;
  let paused = false;
  let offline = false;
  let retryTimer = null;
  let retryDelay = 1000;
  let pristine = null;
  let refreshing = false;
  let refreshWanted = false;

  function play() {
    return document.getElementById("play");
  }

  function picker() {
    return document.querySelector("#play form.picker[data-queue]");
  }

  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function load(key) {
    try {
      const stored = JSON.parse(localStorage.getItem(STORE + key) || "[]");
      return Array.isArray(stored) ? stored : [];
    } catch (error) {
      return [];
    }
  }

  function save() {
    if (!queueKey) return;
    try {
      if (queue.length) {
        localStorage.setItem(STORE + queueKey, JSON.stringify(queue));
      } else {
        localStorage.removeItem(STORE + queueKey);
      }
    } catch (error) {
      // Storage full or refused: the queue still lives in this page.
    }
  }

  // The texts in the reader's language, from the page (templates/base.html,
  // companion.templatetags.imp.script_texts); English when they are missing.
  const textBlock = document.getElementById("imp-texts");
  const TEXTS = textBlock ? JSON.parse(textBlock.dataset.texts) : {};

  function say(key, english, values) {
    let text = (key && TEXTS[key]) || english;
    Object.entries(values || {}).forEach(([name, value]) => {
      text = text.split("%(" + name + ")s").join(String(value));
    });
    return text;
  }

  function count(key, one, other, n) {
    const forms = TEXTS[key] || [one, other];
    return say(null, forms[n === 1 ? 0 : 1], { n: n });
  }

  function number(card) {
    // A card as the reader writes it: "2.5", in German "2,5".
    return String(card).replace(".", TEXTS.decimal || ".");
  }

  // ---- what the screen shows of the queue ------------------------------

  // The server's trick (slots and whose card), kept so that the queue can be
  // drawn over it afresh after every change.
  function remember() {
    const trick = document.querySelector("#play .trick-now");
    if (trick && trick.dataset.drawn) return; // still the one drawn over: keep its original
    pristine = trick ? trick.innerHTML : null;
  }

  function faceOf(card) {
    const button = document.querySelector('#play form.picker button.pick[value="' + CSS.escape(card) + '"]');
    const face = button && button.querySelector(".face");
    if (face) return face.cloneNode(true);
    const text = document.createElement("span");
    text.className = "face";
    text.textContent = number(card);
    return text;
  }

  function draw() {
    if (!queue.length) paused = false;
    const region = play();
    if (!region) return;
    const trick = region.querySelector(".trick-now");
    if (trick && pristine !== null) trick.innerHTML = pristine;
    if (trick) trick.dataset.drawn = "yes";
    region.querySelectorAll("form.picker button.pick.sent").forEach((b) => b.classList.remove("sent"));
    // A card the engine says may not be played now is for the player the
    // server asks; while cards wait, the table taps for a later player:
    // every card left can be tapped, and the server judges it when it comes.
    region.querySelectorAll("form.picker button.pick").forEach((b) => {
      if (b.dataset.off === undefined) b.dataset.off = b.disabled ? "yes" : "";
      b.disabled = b.classList.contains("gone") || (b.dataset.off === "yes" && !queue.length);
    });
    const slots = trick ? Array.from(trick.querySelectorAll(".slots .slot")) : [];
    const start = slots.findIndex((slot) => slot.classList.contains("next"));
    queue.forEach((entry, index) => {
      const button = region.querySelector('form.picker button.pick[value="' + CSS.escape(entry.card) + '"]');
      const slot = start >= 0 ? slots[start + index] : undefined;
      if (slot) {
        const face = faceOf(entry.card);
        const old = slot.querySelector(".face");
        if (old) old.replaceWith(face);
        slot.classList.remove("next");
        slot.classList.add("sending");
        const tag = document.createElement("span");
        tag.className = "sending-tag";
        tag.textContent = entry.state === "refused" ? say("refused", "refused") : say("sending", "sending…");
        slot.appendChild(tag);
      }
      if (button) button.classList.add("sent");
    });
    if (start >= 0 && queue.length) {
      const next = slots[start + queue.length];
      const asks = trick.querySelector(".asks");
      if (next) {
        next.classList.add("next");
        const face = next.querySelector(".face.empty");
        if (face) face.textContent = "?";
        // Whose card, in the reader's language, as the server wrote it on the slot.
        if (asks && next.dataset.asks) {
          asks.textContent = next.dataset.asks;
          if (next.dataset.hand) {
            const hand = document.createElement("span");
            hand.className = "muted";
            hand.textContent = next.dataset.hand;
            asks.append(" ", hand);
          }
        }
      } else if (asks) {
        asks.textContent = say("nextTrick", "Next trick: its leader shows once the cards are stored");
      }
    }
    status();
  }

  function status() {
    const line = document.getElementById("queue-status");
    const waiting = queue.length;
    let text = "";
    if (waiting && paused) {
      text = count("waitPaused", "%(n)s card waits: see below, then send again", "%(n)s cards wait: see below, then send again", waiting);
    } else if (waiting && offline) {
      text = count("waitOffline", "No connection: %(n)s card waits to be sent", "No connection: %(n)s cards wait to be sent", waiting);
    } else if (waiting > 1) {
      text = count("waitSending", "Sending… %(n)s card waits to be sent", "Sending… %(n)s cards wait to be sent", waiting);
    } else if (waiting === 1) {
      text = say("sendingOne", "Sending %(card)s…", { card: number(queue[0].card) });
    }
    if (line && line.textContent !== text) line.textContent = text;
    const region = play();
    if (region) {
      region.dataset.waiting = String(waiting);
      region.dataset.idle = !waiting && !sending && !refreshing ? "yes" : "no";
    }
    problem();
  }

  // A refused card, and the cards after it, with what the table can do.
  function problem() {
    let panel = document.getElementById("queue-problem");
    if (!paused || !queue.length) {
      if (panel) panel.remove();
      return;
    }
    if (!panel) {
      panel = document.createElement("div");
      panel.id = "queue-problem";
      panel.className = "queue-problem";
      panel.setAttribute("role", "alert");
      document.body.appendChild(panel);
    }
    const first = queue[0];
    const rest = queue.slice(1).map((entry) => entry.card);
    const lines = [];
    if (first.state === "refused") {
      lines.push(
        ["strong", say("notStored", "%(card)s was not stored: ", { card: number(first.card) })],
        ["span", first.reason || say("serverRefused", "the server refused it.")],
      );
    } else {
      lines.push(["strong", count("waitToBeSent", "%(n)s card waits to be sent.", "%(n)s cards wait to be sent.", queue.length)]);
    }
    const wanted = JSON.stringify([lines, rest]);
    if (panel.dataset.shown === wanted) return;
    panel.dataset.shown = wanted;
    panel.replaceChildren();
    const head = document.createElement("p");
    lines.forEach(([tag, text]) => {
      const part = document.createElement(tag);
      part.textContent = text;
      head.appendChild(part);
    });
    panel.appendChild(head);
    if (rest.length) {
      const after = document.createElement("p");
      after.className = "queue-rest";
      after.textContent = say("keptAfter", "Kept after it, not sent yet: %(cards)s.", { cards: rest.map(number).join(", ") });
      panel.appendChild(after);
    }
    const actions = document.createElement("div");
    actions.className = "actions";
    actions.appendChild(button(say("sendAgain", "Send again"), "", () => {
      queue.forEach((entry) => { entry.state = "waiting"; });
      paused = false;
      save();
      draw();
      pump();
    }));
    actions.appendChild(button(say("discard", "Discard %(card)s", { card: number(first.card) }), "secondary", () => {
      queue.shift();
      save();
      draw();
    }));
    if (rest.length) {
      actions.appendChild(button(say("discardAll", "Discard all %(n)s", { n: queue.length }), "secondary", () => {
        queue = [];
        paused = false;
        save();
        draw();
      }));
    }
    panel.appendChild(actions);
  }

  function button(text, kind, action) {
    const item = document.createElement("button");
    item.type = "button";
    item.textContent = text;
    if (kind) item.className = kind;
    item.addEventListener("click", action);
    return item;
  }

  // ---- sending ---------------------------------------------------------

  function retryLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(pump, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX);
  }

  // The first waiting card, sent by htmx (its timeout: hx-request on #play).
  // Its answer's parts are swapped out of band, no settle delay: the answer
  // is on the screen when the request ends. Once the round is over the
  // server answers the whole round instead (HX-Retarget: #round).
  async function pump() {
    clearTimeout(retryTimer);
    const region = play();
    if (sending || paused || refreshing || !queue.length || !region || !region.dataset.send) {
      status();
      return;
    }
    const entry = queue[0];
    sending = true;
    status();
    let xhr = null;
    const ended = (event) => {
      if (event.detail.elt === region) xhr = event.detail.xhr;
    };
    region.addEventListener("htmx:afterRequest", ended);
    try {
      await htmx.ajax("POST", region.dataset.send, {
        source: region,
        target: region,
        swap: "none settle:0ms",
        values: { version: stamp().version || "0", key: entry.key, card: entry.card },
      });
    } catch (error) {
      // no answer (offline, timed out): xhr.status is 0
    }
    region.removeEventListener("htmx:afterRequest", ended);
    sending = false;
    answered(entry, xhr ? xhr.status : 0);
  }

  function answered(entry, code) {
    offline = !code;
    if (offline) {
      status();
      retryLater();
      return;
    }
    retryDelay = 1000;
    if (code < 300) {
      if (queue[0] === entry) queue.shift();
      save();
      settle();
      if (stamp().refresh !== undefined) refreshWanted = true;
      if (refreshWanted && !queue.length && !refreshing) refreshBelow();
      pump();
      return;
    }
    if (code === 400 || code === 409 || code === 403 || code === 404) {
      entry.state = "refused";
      // the reason beside the grid, swapped in with the answer (400, 409)
      const reason = code !== 403 && code !== 404 && document.querySelector("#play .error-here");
      entry.reason = reason
        ? reason.textContent.trim()
        : say("linkRefused", "this link may not enter cards (was it replaced, or the game deleted?)");
      paused = true;
      save();
      settle();
      return;
    }
    retryLater(); // the server failed: the same entry, the same key, later
    status();
  }

  // The play's state as the last answer left it: the game's version, the
  // grid's marks, and whether the parts below the play are to be fetched.
  function stamp() {
    const found = document.getElementById("play-stamp");
    return found ? found.dataset : {};
  }

  // ---- the grid: its buttons stay, their marks change ------------------

  // Each card of the grid in one character (companion.screens.play.MARKS) on the
  // buttons shown. A grid the marks do not fit (a card came back, say) is
  // not marked: the whole round is fetched again.
  function settle() {
    const region = play();
    const form = picker();
    const marks = stamp().marks;
    if (region && stamp().version) region.dataset.version = stamp().version;
    if (form && marks !== undefined) {
      const grid = form.querySelector(".cards");
      const items = Array.from(grid.children);
      const fits = items.length === marks.length
        && items.every((item, index) => item.tagName === "BUTTON" || marks[index] === "-");
      if (fits) items.forEach((item, index) => setMark(item, marks[index]));
      else refreshWhole();
    }
    remember();
    draw();
    fit();
    // A reason beside the grid takes the focus, with no scroll when in sight.
    const reason = document.querySelector("#play [autofocus]");
    if (reason) {
      reason.focus({ preventScroll: true });
      reason.scrollIntoView({ block: "nearest" });
    }
  }

  function setMark(item, mark) {
    if (item.tagName !== "BUTTON") return;
    const gone = mark === "-";
    item.classList.toggle("gone", gone);
    item.classList.toggle("led", mark === "l" || mark === "O");
    item.dataset.off = mark === "o" || mark === "O" ? "yes" : "";
    if (gone) item.setAttribute("aria-hidden", "true");
    else item.removeAttribute("aria-hidden");
    item.disabled = gone || item.dataset.off === "yes";
  }

  // The news place has a fixed height: a text too long for it (a long
  // ruling, a note, a reason) is drawn smaller, step by step, until it fits.
  // Called before the browser paints the change: nothing is seen to move.
  function fit() {
    const news = document.querySelector("#play .news");
    if (!news) return;
    delete news.dataset.fit;
    for (let step = 1; step <= 3 && news.scrollHeight > news.clientHeight; step++) {
      news.dataset.fit = String(step);
    }
  }

  // After a round's first card, once no card waits: the parts below the
  // play that no longer apply (the dealer, quick entry) and the header,
  // from the round as the server has it, out of band; the play stays.
  // Cards tapped meanwhile wait until it is in.
  async function refreshBelow() {
    const how = { target: "#round", swap: "none settle:0ms", selectOOB: "#round-head,#round-below" };
    refreshWanted = false;
    if (!(await fetchRound(how))) refreshWanted = true; // again after the next card
  }

  // An answer whose marks do not fit the grid shown: the whole round.
  function refreshWhole() {
    fetchRound({ target: "#round", swap: "outerHTML settle:0ms" });
  }

  async function fetchRound(how) {
    refreshing = true;
    let done = true;
    try {
      await htmx.ajax("GET", location.pathname, Object.assign({ source: "#round" }, how));
    } catch (error) {
      done = false; // offline: the screen stays as it was; nothing is lost
    }
    refreshing = false;
    pump();
    return done;
  }

  // ---- taps ------------------------------------------------------------

  function tap(button) {
    queue.push({ key: newKey(), card: button.value, state: "waiting" });
    save();
    draw();
    pump();
  }

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const pick = target && target.closest("#play form.picker button.pick");
    if (pick) {
      event.preventDefault();
      if (!pick.disabled && !pick.classList.contains("sent") && !pick.classList.contains("gone")) tap(pick);
      return;
    }
    // Undo while cards wait: the last card not yet sent is taken back here.
    const undo = target && target.closest("#play form.undo button, #play .undo-bar form[action$='/undo/'] button");
    const last = queue[queue.length - 1];
    if (undo && last && !(sending && queue.length === 1)) {
      event.preventDefault();
      event.stopPropagation();
      queue.pop();
      save();
      draw();
    }
  }, true);

  document.addEventListener("htmx:afterSwap", fit);

  document.addEventListener("htmx:afterSettle", () => {
    remember();
    draw();
  });

  window.addEventListener("online", () => {
    offline = false;
    retryDelay = 1000;
    pump();
  });

  function start() {
    fit();
    const region = play();
    if (!region || !region.dataset.send) return;
    queueKey = region.dataset.send;
    queue = load(queueKey).filter((entry) => entry && entry.key && entry.card);
    paused = queue.some((entry) => entry.state === "refused");
    remember();
    draw();
    pump();
  }

  start();
})();
