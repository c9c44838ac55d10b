// The round screen's card grid (issue 11): a tapped card shows in its slot at
// once, marked "sending…" until the server has stored it, and leaves the grid.
// The cards wait on the phone in order (localStorage, per game: a reload keeps
// them), each with its own idempotency key made when it was tapped, and go to
// the server one at a time; each send carries the game's version of the last
// answer (data-version of #play). A retry keeps the entry's key, so the server
// stores it once. Offline the table keeps tapping and the screen says how many
// cards wait; they go when the connection is back. A card the server refuses
// (400, 409) is shown with the server's reason; the cards after it are kept
// until the table sends them again or discards them.
//
// Without this file the grid is a plain form: each tap is a POST and a reload.
// The answer to a card (HX-Target: play) holds only the parts a card changes,
// each with the id of the part it replaces (templates/imp/round/answer.html).
(function () {
  "use strict";

  const STORE = "imp-queue:";
  const TIMEOUT = 15000;
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

  function csrfToken() {
    const field = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (field) return field.value;
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
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
        const name = next.querySelector(".slot-name");
        if (asks && name) asks.textContent = name.textContent + "'s card";
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

  function reasonOf(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    const error = template.content.querySelector(".error-here");
    return error ? error.textContent.trim() : "";
  }

  async function pump() {
    clearTimeout(retryTimer);
    const region = play();
    if (sending || paused || !queue.length || !region || !region.dataset.send) {
      status();
      return;
    }
    const entry = queue[0];
    sending = true;
    status();
    const body = new URLSearchParams(); // urlencoded: cheaper for the server to read than multipart
    body.append("csrfmiddlewaretoken", csrfToken());
    body.append("version", region.dataset.version || "0");
    body.append("key", entry.key);
    body.append("card", entry.card);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TIMEOUT);
    let response;
    let html;
    try {
      response = await fetch(region.dataset.send, {
        method: "POST",
        body: body,
        credentials: "same-origin",
        signal: abort.signal,
        headers: {
          "HX-Request": "true",
          "HX-Target": "play",
          "HX-Current-URL": location.href,
          "X-CSRFToken": csrfToken(),
        },
      });
      html = await response.text();
    } catch (error) {
      clearTimeout(timer);
      sending = false;
      offline = true;
      status();
      retryLater();
      return;
    }
    clearTimeout(timer);
    sending = false;
    offline = false;
    retryDelay = 1000;
    if (response.ok) {
      if (queue[0] === entry) queue.shift();
      save();
      swap(html);
      const region = play();
      if (region && region.hasAttribute("data-refresh")) refreshWanted = true;
      if (refreshWanted && !queue.length && !refreshing) refreshRound();
      pump();
      return;
    }
    if (response.status === 400 || response.status === 409) {
      entry.state = "refused";
      entry.reason = reasonOf(html);
      paused = true;
      save();
      swap(html);
      return;
    }
    if (response.status === 403 || response.status === 404) {
      entry.state = "refused";
      entry.reason = say("linkRefused", "this link may not enter cards (was it replaced, or the game deleted?)");
      paused = true;
      save();
      draw();
      return;
    }
    retryLater(); // the server failed: the same entry, the same key, later
    status();
  }

  // Put each part of an answer in place of the part with its id. The grid
  // (its form and buttons) never leaves the page (keepGrid): a finger
  // pressing a card while an answer comes in still taps it — a button taken
  // out of the page, even for a moment, between the finger's down and up,
  // gets no click. An answer whose grid cannot be set on the one shown (a
  // card came back, say) is not swapped: the whole round is fetched.
  function swap(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    let stale = false;
    Array.from(template.content.children).forEach((part) => {
      const old = part.id && document.getElementById(part.id);
      if (!old) return;
      if (part.hasAttribute("data-parts")) {
        if (!mergeParts(old, part)) stale = true;
        return;
      }
      const kept = keepGrid(old, part);
      if (!kept && part.querySelector(".cards[data-marks]")) {
        stale = true;
        return;
      }
      if (!kept) old.replaceWith(part);
      if (window.htmx) window.htmx.process(kept ? old : part);
    });
    if (stale) refreshRound(true);
    settle();
    // A reason beside the grid takes the focus (as htmx does for [autofocus]).
    const reason = document.querySelector("#play [autofocus]");
    if (reason) {
      reason.focus({ preventScroll: true });
      reason.scrollIntoView({ block: "nearest" }); // no scroll when it is in sight
    }
  }

  // ---- the grid: its buttons stay, their marks change ------------------

  // Each card of a grid in one character (companion.present.MARKS): sent as
  // such in a card's answer, or read from a grid drawn in full.
  function marksOf(cards) {
    if (cards.dataset.marks !== undefined) return cards.dataset.marks;
    return Array.from(cards.children, (item) => {
      if (item.tagName !== "BUTTON") return "-";
      const led = item.classList.contains("led");
      if (item.disabled) return led ? "O" : "o";
      return led ? "l" : ".";
    }).join("");
  }

  // Set the grid's marks of an answer's part on the buttons the screen
  // shows, and the rest of the part around the grid, which stays where it
  // is (graft). False when the part's grid cannot be set on the one shown.
  function keepGrid(old, part) {
    const form = picker();
    const fresh = part.querySelector("form.picker[data-queue]");
    if (!form || !fresh || !old.contains(form)) return false;
    const grid = form.querySelector(".cards");
    const freshGrid = fresh.querySelector(".cards");
    const marks = freshGrid ? marksOf(freshGrid) : "";
    if (!marksFit(grid, marks)) return false;
    const path = pathTo(old, form);
    const freshPath = pathTo(part, fresh);
    if (path.map((node) => node.tagName).join() !== freshPath.map((node) => node.tagName).join()) return false;
    setMarks(grid, marks);
    path.forEach((node, depth) => graft(node, freshPath[depth], path[depth + 1], freshPath[depth + 1]));
    return true;
  }

  // A card's answer (templates/imp/round/answer.html): the play region with
  // only its parts, each with an id, and the grid as marks (data-parts).
  // The marks go on the buttons shown, each part replaces its namesake, the
  // region takes the answer's attributes (the game's version); a part the
  // card did not change was not sent and stays. False when the marks or a
  // part cannot be set on the screen shown.
  function mergeParts(old, part) {
    const form = picker();
    const grid = form && old.contains(form) ? form.querySelector(".cards") : null;
    const fresh = part.querySelector(".cards[data-marks]");
    const marks = fresh ? fresh.dataset.marks : "";
    const parts = Array.from(part.children).filter((child) => child.id);
    const places = parts.map((child) => old.querySelector("#" + CSS.escape(child.id)));
    if (!marksFit(grid, marks) || places.some((place) => !place)) return false;
    setMarks(grid, marks);
    places.forEach((place, index) => place.replaceWith(parts[index]));
    Array.from(old.attributes).forEach((a) => {
      if (!part.hasAttribute(a.name)) old.removeAttribute(a.name);
    });
    Array.from(part.attributes).forEach((a) => {
      if (a.name !== "data-parts" && old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
    });
    if (window.htmx) parts.forEach((child) => window.htmx.process(child));
    return true;
  }

  // Whether a grid's marks fit the grid shown: a mark a card, and a button
  // for every card not gone.
  function marksFit(grid, marks) {
    if (!grid || grid.children.length !== marks.length) return false;
    return Array.from(grid.children).every((item, index) => item.tagName === "BUTTON" || marks[index] === "-");
  }

  function setMarks(grid, marks) {
    Array.from(grid.children).forEach((item, index) => setMark(item, marks[index]));
  }

  // The elements from `root` down to `node`, both included.
  function pathTo(root, node) {
    const path = [];
    for (let at = node; at; at = at === root ? null : at.parentElement) path.unshift(at);
    return path;
  }

  // `old` takes the attributes and children of `fresh`, but for its child
  // `keep` (on the way to the grid), which stays in place of `freshKeep`.
  function graft(old, fresh, keep, freshKeep) {
    if (!keep) return; // the grid's form itself: its hidden fields stay
    Array.from(old.attributes).forEach((a) => {
      if (!fresh.hasAttribute(a.name)) old.removeAttribute(a.name);
    });
    Array.from(fresh.attributes).forEach((a) => {
      if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
    });
    const before = [];
    const after = [];
    let seen = false;
    Array.from(fresh.childNodes).forEach((child) => {
      if (child === freshKeep) seen = true;
      else (seen ? after : before).push(child);
    });
    Array.from(old.childNodes).forEach((child) => {
      if (child !== keep) child.remove();
    });
    keep.before(...before);
    keep.after(...after);
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

  function settle() {
    remember();
    draw();
    fit();
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

  // After a round's first card: the parts below the play that no longer
  // apply (the dealer, quick entry) go, fetched once no card waits, in the
  // background (again, until it matches the screen's state).
  // With `whole`, an answer could not be set on the screen: the round as
  // the server has it now replaces it, whatever waits.
  async function refreshRound(whole) {
    refreshing = true;
    let html = null;
    try {
      const response = await fetch(location.pathname, {
        headers: { "HX-Request": "true", "HX-Current-URL": location.href },
        credentials: "same-origin",
      });
      html = response.ok ? await response.text() : null;
    } catch (error) {
      html = null; // offline: the parts below stay as they were; nothing is lost
    }
    refreshing = false;
    // Not an older state than the screen's: a card stored meanwhile makes it old.
    const region = play();
    const shown = region ? Number(region.dataset.version || 0) : 0;
    const found = html === null ? null : /data-version="(\d+)"/.exec(html);
    const current = found !== null && Number(found[1]) >= shown;
    if (html !== null && !sending && (whole || (!queue.length && current))) {
      refreshWanted = false;
      swap(html);
    } else if (whole && html !== null) {
      setTimeout(() => refreshRound(true), 500); // once the card being sent is in
    } else if (found !== null && !current && refreshWanted && !queue.length && !sending) {
      refreshRound(); // older than a card stored meanwhile, and none waits: once more
    } else {
      status(); // the next card's answer asks again
    }
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
