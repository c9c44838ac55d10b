// Answers swapped in place, under DEBUG too; and answers that lead to another page.
//
// A refused form is answered 400 (or 409 with the fresh state) and the
// htmx-config of base.html swaps it in like a 200. Under DEBUG, django-htmx's
// debug script (django-htmx.js, added by {% htmx_script %}) listens on the
// document for htmx:beforeOnLoad and replaces the whole document with any
// 400/403/404/500 answer, to show Django's error pages: the page would lose
// its style. The app marks the answers it means to swap with the header
// "Answer-In-Place" (companion.views.answers.in_place); for those the event
// stops here, at <body>, before it reaches the document. htmx still swaps
// them: it only asks whether the event was cancelled, and it is not.
document.body.addEventListener("htmx:beforeOnLoad", (event) => {
  const xhr = event.detail.xhr;
  if (xhr && xhr.getResponseHeader("Answer-In-Place")) {
    event.stopPropagation();
  }
});

// An answer that leads the phone to another page (HX-Redirect: a round's
// story once the table confirmed it, the round once the next one began):
// htmx sends the browser there, and until that page comes the screen goes
// on asking for itself (its polls, every 2 s without the events server).
// Each answer would lead it there again, and the browser drops the page
// under way for the new one: on a phone slower than the polls to load a
// page, again and again. So once an answer leads away, htmx asks for
// nothing more here (a form sent meanwhile still goes), until the browser
// shows this page again from its cache (Back). Heard on the document,
// after the screens' own scripts: an answer a script drops (static/js/
// follow.js: a poll older than the screen) leads nowhere.
(() => {
  let leaving = false;
  document.addEventListener("htmx:beforeOnLoad", (event) => {
    const xhr = event.detail.xhr;
    if (!event.defaultPrevented && xhr && xhr.getResponseHeader("HX-Redirect")) leaving = true;
  });
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (leaving && event.detail.requestConfig.verb === "get") event.preventDefault();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) leaving = false;
  });
})();
