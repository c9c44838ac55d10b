// The card grid's room on the round screen (issue 22). With large text (or
// on a short screen) the grid would reach under the action bar, below the
// fold: it then ends at the bar and scrolls within itself
// (static/css/app.css, .cards[data-room]), so the header, the trick and
// whose card stay on screen and a tap never scrolls the page. At the usual
// size the grid fits and nothing is set; where not even a row and a half
// would fit above the bar (200% on a phone), the page scrolls as before.
(() => {
  "use strict";

  function room() {
    const bar = document.querySelector("#play .action-bar");
    if (!bar) return;
    // the bar's height: a revoke's buttons scrolled to stay above it
    const barTop = bar.getBoundingClientRect().top;
    document.documentElement.style.setProperty("--bar", window.innerHeight - barTop + "px");
    const cards = document.querySelector("#play.asking form.picker .cards");
    if (!cards) return;
    delete cards.dataset.room; // measured whole, in the same frame
    const top = cards.getBoundingClientRect().top + window.scrollY;
    const free = Math.floor(barTop - top - 4);
    // room for a row and a half at least, or the page scrolls instead
    const card = cards.querySelector(".pick");
    if (cards.scrollHeight <= free || !card || free < card.offsetHeight * 1.5) return;
    cards.style.setProperty("--room", free + "px");
    cards.dataset.room = "";
  }

  document.addEventListener("htmx:afterSettle", room);
  window.addEventListener("resize", room);
  room();
})();
