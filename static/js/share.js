// Sharing a link (the share pages, the round screen's QR panel): the phone's
// share sheet (Share…) where the browser has one (Web Share), else Copy; the
// field itself stays selectable without JavaScript. On the round screen the
// header's QR button opens the panel in place (without JavaScript it leads
// to the Share page), and the panel open once after Start is shown as a
// modal until it is closed. A file, not inline: the CSP allows 'self' only.
"use strict";

(() => {
  const fieldOf = (button) => document.getElementById(button.dataset.copy || button.dataset.share);
  document.querySelectorAll("button[data-share]").forEach((button) => {
    const field = fieldOf(button);
    if (!field || !navigator.share) return;
    button.hidden = false;
    button.addEventListener("click", () => {
      navigator.share({title: button.dataset.title, url: field.value}).catch(() => {});
    });
  });
  document.querySelectorAll("button[data-copy]").forEach((button) => {
    const field = fieldOf(button);
    if (!field || navigator.share || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener("click", () => {
      navigator.clipboard.writeText(field.value).then(
        () => {
          const block = document.getElementById("imp-texts");
          button.textContent = (block && JSON.parse(block.dataset.texts).copied) || "Copied";
        },
        () => { field.select(); },
      );
    });
  });
  document.querySelectorAll("input.copy-field").forEach((field) => {
    field.addEventListener("focus", () => field.select());
  });

  const panel = document.getElementById("table-qr");
  if (!panel || !panel.showModal) return;
  // the header is redrawn by a card's answer: the click is taken on the document
  document.addEventListener("click", (event) => {
    const opener = event.target.closest && event.target.closest("a[aria-controls='table-qr']");
    if (!opener) return;
    event.preventDefault();
    if (!panel.open) panel.showModal();
  });
  if (panel.open) {  // just after Start: a modal, until it is closed
    panel.close();
    panel.showModal();
  }
})();
