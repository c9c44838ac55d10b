// The card grid's room on the round screen (issue 22). With large text (or
// on a short screen) the grid would reach under the action bar, below the
// fold: it then ends at the bar and scrolls within itself
// (static/css/app.css, .cards[data-room]), so the header, the trick and
// whose card stay on screen and a tap never scrolls the page. At the usual
// size the grid fits and nothing is set.
(() => {
  "use strict";

  function room() {
    const bar = document.querySelector("#play .action-bar");
    if (!bar) return;
    // what the page scrolls to (a focused button) is never under the bar
    const barTop = bar.getBoundingClientRect().top;
    document.documentElement.style.scrollPaddingBottom = window.innerHeight - barTop + "px";
    const cards = document.querySelector("#play.asking form.picker .cards");
    if (!cards) return;
    delete cards.dataset.room; // measured whole, in the same frame
    const top = cards.getBoundingClientRect().top + window.scrollY;
    const free = Math.floor(barTop - top - 4);
    if (cards.scrollHeight <= free) return;
    cards.style.setProperty("--room", free + "px");
    cards.dataset.room = "";
  }

  document.addEventListener("htmx:afterSettle", room);
  window.addEventListener("resize", room);
  room();
})();
