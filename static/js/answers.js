// Answers swapped in place, under DEBUG too.
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
