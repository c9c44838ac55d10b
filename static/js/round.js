// The round screen's card grid (issues 11, 22): a tapped card shows in its
// slot at once, marked "sending…" until the server has stored it, and leaves
// the grid. The cards wait on the phone in order (localStorage, per game: a
// reload keeps them), each with its own idempotency key, the game's version
// it was tapped on, the keys of the cards queued before it (the server tells
// this phone's own chain from another phone's change) and whose card it was
// tapped as. They go to the server one at a time; a retry keeps the entry's
// key, so the server stores it once. Offline the table keeps tapping and the
// screen says how many cards wait; they go when the connection is back. The
// round as this phone last knew it is kept too: a reload from the service
// worker's older copy shows it, the waiting cards in their players' slots.
//
// When another phone was first (409), the screen shows the round as it is
// now: a waiting card whose player has played since is never guessed into a
// slot, it is asked about beside the trick (Enter it for the next player, or
// Drop it: brought back in one tap). A card the server refuses (400) is shown
// with its reason: Send again, or Drop it.
//
// htmx sends each card and swaps its answer: the parts a card changed, each
// swapped out of band in place of its namesake (hx-swap-oob,
// templates/imp/round/answer.html). The grid's buttons are not in the answer
// and never leave the page (a finger pressing a card while an answer comes
// in still taps it): they take the answer's marks (#play-stamp). Without
// this file the grid is a plain form: each tap is a POST and a reload.
// static/js/follow.js brings other phones' changes (imp:fresh).
//
// A seat link's screen (issue 24; #play carries data-seat, the player's
// name) taps only its own player's cards: one card at a time, tapped for
// its player in the trick they play next. It waits on the phone, drawn in
// the player's slot and marked as waiting, until the engine asks for that
// player (the screen says "Your card — …" and the phone vibrates); then it
// is sent. The server stores it as theirs or refuses it with the reason,
// shown with Send again / Drop: never stored for someone else.
(function () {
  "use strict";

  const STORE = "imp-queue:";
  const DROPPED = "imp-dropped:";
  const SHOWN = "imp-round:";
  const RETRY_MAX = 10000;
  const SLOW = 3000;
  const CONFLICTS_MAX = 3;

  let queue = [];
  let dropped = [];
  let queueKey = null;
  let sending = false;
  let offline = false;
  let slow = false;
  let slowTimer = null;
  let layout = { start: -1, players: [], trick: 0 };
  let retryTimer = null;
  let retryDelay = 1000;
  let pristine = null;
  let refreshing = false;
  let refreshWanted = false;

  function play() {
    return document.getElementById("play");
  }

  // The seat link's player, or "" (the edit link's screen).
  function seat() {
    const region = play();
    return (region && region.dataset.seat) || "";
  }

  // The trick the seat's player plays next: the one on the screen unless
  // they have played in it already.
  function seatTrick() {
    const at = layout.players.indexOf(seat());
    if (layout.start >= 0 && at >= 0 && at < layout.start) return layout.trick + 1;
    return layout.trick;
  }

  // Whether the seat's waiting card may go: its player is asked for in its
  // trick, or that trick is over (the server then says why it is not stored).
  function seatMayGo(entry) {
    const asked = layout.start >= 0 ? layout.players[layout.start] : "";
    if (asked === entry.player && layout.trick === entry.trick) return true;
    return entry.trick < layout.trick || (entry.trick === layout.trick && seatTrick() > entry.trick);
  }

  // The player's turn, said once per trick: a vibration where the browser allows it.
  function announce() {
    const turn = document.querySelector("#play .your-turn[data-your-turn]");
    const mark = turn ? turn.dataset.yourTurn : "";
    if (document.body.dataset.yourTurn === mark) return;
    document.body.dataset.yourTurn = mark;
    if (mark && typeof navigator.vibrate === "function") {
      try { navigator.vibrate(200); } catch (error) { /* not allowed: the words say it */ }
    }
  }

  function picker() {
    return document.querySelector("#play form.picker[data-queue]");
  }

  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function load(name, valid) {
    try {
      const stored = JSON.parse(localStorage.getItem(name + queueKey) || "[]");
      return Array.isArray(stored) ? stored.filter(valid) : [];
    } catch (error) {
      return [];
    }
  }

  function store(name, value) {
    try {
      if (value) localStorage.setItem(name + queueKey, value);
      else localStorage.removeItem(name + queueKey);
    } catch (error) {
      // Storage full or refused: the queue still lives in this page.
    }
  }

  function save() {
    if (!queueKey) return;
    store(STORE, queue.length ? JSON.stringify(queue) : "");
    store(DROPPED, dropped.length ? JSON.stringify(dropped) : "");
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
  // drawn over it afresh after every change; and whose each slot is.
  function remember() {
    const trick = document.querySelector("#play .trick-now");
    if (trick && trick.dataset.drawn) return; // still the one drawn over: keep its original
    pristine = trick ? trick.innerHTML : null;
    const slots = trick ? Array.from(trick.querySelectorAll(".slots:not(.last-trick) .slot")) : [];
    layout = {
      start: slots.findIndex((slot) => slot.classList.contains("next")),
      players: slots.map((slot) => slot.dataset.player || ""),
      trick: trick ? Number(trick.dataset.trick) || 0 : 0,
    };
  }

  // Whose card the i-th waiting card is, as the round is now: a player in
  // the trick, or null past its last slot (the next trick's leader is not
  // known until the trick is stored).
  function slotAt(index) {
    const at = layout.start >= 0 ? layout.start + index : -1;
    const player = at >= 0 ? layout.players[at] : undefined;
    return player ? { player: player, trick: layout.trick } : null;
  }

  function fits(entry, index) {
    if (!entry.player) return true;
    const slot = slotAt(index);
    return Boolean(slot && slot.player === entry.player && slot.trick === entry.trick);
  }

  // The first card that waits for the table (asked about, or refused): it
  // and the cards after it are not drawn in the trick.
  function held() {
    const index = queue.findIndex((entry) => entry.state !== "waiting");
    return index < 0 ? queue.length : index;
  }

  // After the round changed under the queue (another phone was first): each
  // waiting card that is still its player's goes on at the round's version
  // now, after the cards before it; the first that is not is asked about.
  function recheck() {
    const before = [];
    for (let index = 0; index < queue.length; index++) {
      const entry = queue[index];
      if (entry.state === "refused") return;
      if (entry.state === "asked" || !fits(entry, index)) {
        entry.state = "asked";
        return;
      }
      entry.version = stamp().version;
      entry.after = before.slice();
      before.push(entry.key);
    }
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
    queue.forEach((entry) => {
      const button = region.querySelector('form.picker button.pick[value="' + CSS.escape(entry.card) + '"]');
      if (button) button.classList.add("sent");
    });
    const slots = trick ? Array.from(trick.querySelectorAll(".slots:not(.last-trick) .slot")) : [];
    if (seat()) {
      drawSeat(slots);
      status();
      keepShown();
      return;
    }
    const start = layout.start;
    const shown = queue.slice(0, held());
    shown.forEach((entry, index) => {
      const slot = start >= 0 ? slots[start + index] : undefined;
      if (!slot) return;
      const old = slot.querySelector(".face");
      if (old) old.replaceWith(faceOf(entry.card));
      slot.classList.remove("next");
      slot.classList.add("sending");
      const tag = document.createElement("span");
      tag.className = "sending-tag";
      tag.textContent = say("sending", "sending…");
      slot.appendChild(tag);
    });
    if (start >= 0 && shown.length) {
      const next = slots[start + shown.length];
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
        asks.textContent = say("nextTrick", "Next trick: led by this trick's winner");
      }
    }
    status();
    keepShown();
    fit();
  }

  // A seat's waiting card in its player's slot, marked as waiting for the
  // player's turn, or as sending once it goes.
  function drawSeat(slots) {
    const entry = queue[0];
    if (!entry || entry.state !== "waiting" || entry.trick !== layout.trick) return;
    const slot = slots.find((item) => item.dataset.player === entry.player);
    if (!slot || slots.indexOf(slot) < layout.start) return;
    const old = slot.querySelector(".face");
    if (old) old.replaceWith(faceOf(entry.card));
    slot.classList.add("sending");
    const tag = document.createElement("span");
    tag.className = "sending-tag";
    tag.textContent = seatMayGo(entry) ? say("sending", "sending…") : say("waitsTurn", "waits");
    slot.appendChild(tag);
  }

  function status() {
    const line = document.getElementById("queue-status");
    const waiting = queue.length;
    let text = "";
    if (waiting && held() < waiting && queue[held()].state === "asked") {
      text = count("waitAsked", "%(n)s card waits: answer the question above", "%(n)s cards wait: answer the question above", waiting);
    } else if (waiting && held() < waiting) {
      text = count("waitPaused", "%(n)s card waits: see below, then send again", "%(n)s cards wait: see below, then send again", waiting);
    } else if (waiting && seat() && !seatMayGo(queue[0])) {
      text = say("waitTurn", "Your %(card)s waits for your turn", { card: number(queue[0].card) });
    } else if (waiting && offline) {
      text = count("waitOffline", "No connection: %(n)s card waits to be sent", "No connection: %(n)s cards wait to be sent", waiting);
    } else if (waiting && slow) {
      text = count("waitSlow", "Waiting for the server… %(n)s card waits to be stored", "Waiting for the server… %(n)s cards wait to be stored", waiting);
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
      // static/js/follow.js brings other phones' changes only when nothing is
      // on its way: no card waits to be sent, or the first waits for the table
      // (a seat's card waiting for its turn: the screen follows the table meanwhile)
      const following = seat() ? !sending && !refreshing : held() === 0 && !sending && !refreshing;
      region.dataset.follow = following ? "yes" : "no";
      region.dataset.offline = offline ? "yes" : "no";
    }
    problem();
  }

  // The card that waits for the table, and the cards after it, with what
  // the table can do; or the card just dropped, to bring it back.
  function problem() {
    const index = held();
    const first = queue[index];
    let panel = document.getElementById("queue-problem");
    if (!first && !dropped.length) {
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
    const lines = [];
    const actions = [];
    if (first) {
      const card = { card: number(first.card) };
      const rest = queue.slice(index + 1).map((entry) => number(entry.card));
      if (first.state === "asked") {
        const now = slotAt(index);
        lines.push(["strong", say("tappedFor", "%(card)s was tapped here for %(player)s, who has played in trick %(trick)s.", Object.assign({ player: first.player, trick: first.trick }, card))]);
        actions.push([now ? say("enterFor", "Enter it for %(player)s", { player: now.player }) : say("enterNext", "Enter it as the next card"), "", () => enterFor(first, now)]);
      } else {
        lines.push(["strong", say("notStored", "%(card)s was not stored: ", card)], ["span", first.reason || say("serverRefused", "the server refused it.")]);
        actions.push([say("sendAgain", "Send again"), "", () => sendAgain(first)]);
      }
      actions.push([say("drop", "Drop %(card)s", card), "secondary", () => drop(first)]);
      if (rest.length) lines.push(["span", " " + say("keptAfter", "Kept after it, not sent yet: %(cards)s.", { cards: rest.join(", ") })]);
    } else {
      const last = dropped[dropped.length - 1];
      const card = { card: number(last.entry.card) };
      lines.push(["strong", say("dropped", "%(card)s was dropped: it is not stored.", card)]);
      actions.push([say("bringBack", "Bring back %(card)s", card), "", bringBack]);
      actions.push([say("ok", "OK"), "secondary", () => { dropped = []; save(); draw(); }]);
    }
    const wanted = JSON.stringify([lines, actions.map((action) => action[0])]);
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
    const bar = document.createElement("div");
    bar.className = "actions";
    actions.forEach(([text, kind, action]) => bar.appendChild(button(text, kind, action)));
    panel.appendChild(bar);
  }

  function button(text, kind, action) {
    const item = document.createElement("button");
    item.type = "button";
    item.textContent = text;
    if (kind) item.className = kind;
    item.addEventListener("click", action);
    return item;
  }

  function changed() {
    save();
    draw();
    pump();
  }

  // "Enter it for Dan": the card is Dan's (or the next card, past the trick).
  function enterFor(entry, slot) {
    entry.player = slot ? slot.player : null;
    entry.trick = slot ? slot.trick : null;
    entry.state = "waiting";
    entry.conflicts = 0;
    recheck();
    changed();
  }

  function sendAgain(entry) {
    entry.state = "waiting";
    entry.conflicts = 0;
    recheck();
    changed();
  }

  // A dropped card is kept aside until the next tap: one tap brings it back
  // where it was, asked about again.
  function drop(entry) {
    const index = queue.indexOf(entry);
    if (index < 0) return;
    queue.splice(index, 1);
    dropped.push({ entry: entry, index: index });
    recheck();
    changed();
  }

  function bringBack() {
    const last = dropped.pop();
    if (!last) return;
    queue.splice(Math.min(last.index, queue.length), 0, last.entry);
    changed();
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
    if (sending || refreshing || !queue.length || held() === 0 || !region || !region.dataset.send) {
      status();
      return;
    }
    if (seat() && !seatMayGo(queue[0])) {
      status(); // its turn comes with a poll (static/js/follow.js, imp:fresh)
      return;
    }
    const entry = queue[0];
    sending = true;
    clearTimeout(slowTimer);
    slowTimer = setTimeout(() => { slow = true; status(); }, SLOW);
    status();
    let xhr = null;
    let unreachable = false;
    const ended = (event) => {
      if (event.detail.elt === region) xhr = event.detail.xhr;
    };
    const failed = () => { unreachable = true; };
    region.addEventListener("htmx:afterRequest", ended);
    region.addEventListener("htmx:sendError", failed);
    try {
      await htmx.ajax("POST", region.dataset.send, {
        source: region,
        target: region,
        swap: "none settle:0ms",
        values: {
          version: entry.version !== undefined ? entry.version : stamp().version || "0",
          key: entry.key,
          card: entry.card,
          after: (entry.after || []).join(","),
          player: entry.player || "",
          trick: entry.trick || "",
        },
      });
    } catch (error) {
      // no answer (offline, timed out): xhr.status is 0
    }
    region.removeEventListener("htmx:afterRequest", ended);
    region.removeEventListener("htmx:sendError", failed);
    sending = false;
    clearTimeout(slowTimer);
    xhrText = xhr && xhr.status === 403 ? xhr.responseText : "";
    answered(entry, xhr ? xhr.status : 0, unreachable);
  }

  let xhrText = "";

  // "No connection" only when there is none; a server that has not answered
  // yet (or whose answer timed out) is a slow server: the same card, later.
  function answered(entry, code, unreachable) {
    offline = !code && (unreachable || !navigator.onLine);
    slow = !code && !offline;
    if (!code) {
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
    if (code === 409) {
      // another phone was first: the round as it is now is on the screen;
      // each card still its player's goes on, the first that is not is asked
      entry.conflicts = (entry.conflicts || 0) + 1;
      const reason = document.querySelector("#play .error-here");
      entry.reason = reason ? reason.textContent.trim() : "";
      settle();
      if (seat()) {
        // a seat's card goes on at the round's version now, at its turn
        entry.version = Number(stamp().version || 0);
        entry.after = [];
      } else {
        recheck();
      }
      if (entry.state === "waiting" && entry.conflicts > CONFLICTS_MAX) entry.state = "refused";
      changed();
      return;
    }
    if (code === 400 || code === 403 || code === 404) {
      entry.state = "refused";
      // the reason beside the grid, swapped in with the answer (400)
      const reason = code === 400
        ? document.querySelector("#play .error-here")
        : code === 403 && xhrText && new DOMParser().parseFromString(xhrText, "text/html").querySelector(".error-here");
      entry.reason = reason
        ? reason.textContent.trim()
        : say("linkRefused", "this link may not enter cards (was it replaced, or the game deleted?)");
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
    if (!form && marks !== undefined && region && region.dataset.send) {
      refreshWhole(); // cards asked for again (the round's last card taken back elsewhere): the grid
    } else if (form && marks !== undefined) {
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
    announce();
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

  // The news place has a fixed height, and the line that asks for a card
  // one line: a text too long for its place (a long ruling, a note, a
  // reason, long words) is drawn smaller, step by step, until it fits.
  // Called before the browser paints the change: nothing is seen to move.
  function fit() {
    const news = document.querySelector("#play .news");
    if (news) shrink(news, () => news.scrollHeight > news.clientHeight);
    const asks = document.querySelector("#play .asks");
    if (asks) shrink(asks, () => asks.scrollWidth > asks.clientWidth);
  }

  function shrink(place, tooLong) {
    delete place.dataset.fit;
    for (let step = 1; step <= 3 && tooLong(); step++) place.dataset.fit = String(step);
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

  // ---- the round as this phone last knew it -----------------------------

  // Kept after every change (the queue drawn over it taken off): a reload
  // from the service worker's copy, older than what this phone saw, shows
  // it instead, with the waiting cards drawn over it.
  let keeping = null;

  function keepShown() {
    if (!queueKey || keeping) return;
    keeping = setTimeout(() => {
      keeping = null;
      const round = document.getElementById("round");
      if (!round || !stamp().version) return;
      const copy = round.cloneNode(true);
      const trick = copy.querySelector(".trick-now");
      if (trick && pristine !== null) {
        trick.innerHTML = pristine;
        delete trick.dataset.drawn;
      }
      const line = copy.querySelector("#queue-status");
      if (line) line.textContent = "";
      store(SHOWN, JSON.stringify({ version: Number(stamp().version), html: copy.outerHTML }));
    }, 0);
  }

  function restoreShown() {
    if (document.body.dataset.offline === undefined) return; // a live page is the newest
    let kept = null;
    try {
      kept = JSON.parse(localStorage.getItem(SHOWN + queueKey) || "null");
    } catch (error) {
      return;
    }
    const round = document.getElementById("round");
    if (!kept || !round || !(kept.version > Number(stamp().version || 0))) return;
    const holder = document.createElement("div");
    holder.innerHTML = kept.html;
    if (holder.firstElementChild && holder.firstElementChild.id === "round") {
      round.replaceWith(holder.firstElementChild);
    }
  }

  // ---- taps ------------------------------------------------------------

  function tap(button) {
    if (seat() && queue.length) return; // a seat's one card at a time: Undo takes it back
    // for static/js/follow.js: a poll that began before this tap is not swapped in
    document.body.dataset.taps = String(Number(document.body.dataset.taps || 0) + 1);
    const slot = seat() ? { player: seat(), trick: seatTrick() } : slotAt(queue.length);
    queue.push({
      key: newKey(),
      card: button.value,
      state: "waiting",
      version: Number(stamp().version || 0),
      after: queue.map((entry) => entry.key),
      player: slot ? slot.player : null,
      trick: slot ? slot.trick : null,
    });
    dropped = [];
    changed();
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
    announce();
  });

  // Another phone's change, brought by static/js/follow.js: the queue is
  // drawn over the round as it is now, a card asked about asked again.
  document.addEventListener("imp:fresh", () => {
    settle();
    announce();
    if (held() < queue.length && !seat()) recheck();
    if (stamp().refresh !== undefined) refreshWanted = true;
    if (refreshWanted && !queue.length && !refreshing) refreshBelow();
    changed();
  });

  window.addEventListener("online", () => {
    offline = false;
    retryDelay = 1000;
    pump();
  });

  window.addEventListener("offline", () => {
    offline = true;
    status();
  });

  function start() {
    const region = play();
    if (!region || !region.dataset.send) {
      fit();
      return;
    }
    queueKey = region.dataset.send;
    restoreShown();
    fit();
    queue = load(STORE, (entry) => entry && entry.key && entry.card);
    dropped = load(DROPPED, (item) => item && item.entry && item.entry.key && item.entry.card);
    offline = !navigator.onLine;
    remember();
    draw();
    announce();
    pump();
  }

  start();
})();
