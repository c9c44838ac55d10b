// Round screen forms (a file, not inline: the CSP allows 'self' only).
//
// A known hand's grid (form[data-choose]): "7 of 11 chosen" follows the
// taps; the server writes the same count on every page, so without
// JavaScript the count is right after each Save. The engine checks the
// hand when it is saved.
//
// Listeners sit on the document: htmx swaps the round in and out.
document.addEventListener("change", (event) => {
  const form = event.target.closest("form[data-choose]");
  const count = form && form.querySelector("[data-chosen]");
  if (count) count.textContent = form.querySelectorAll("input[name=cards]:checked").length;
});

// Quick entry (form[data-total]): − / + beside each number, and the one
// number left empty worked out from the others. The total is the engine's
// (scoring.quick.quick_total), written by the server; this only adds and
// subtracts, and the engine checks the entry when it is sent. Without
// JavaScript the steppers stay hidden (app.css) and every number is typed.
document.documentElement.classList.add("js");

function coinsOf(field) {
  return /^\d+$/.test(field.value.trim()) ? Number(field.value) : null;
}

function workOut(form) {
  const total = Number(form.dataset.total);
  const fields = Array.from(form.querySelectorAll("input[data-coins]"));
  const open = fields.filter((field) => field.value.trim() === "" || field.dataset.auto);
  fields.forEach((field) => showWorkedOut(field, false));
  if (open.length !== 1 || !Number.isInteger(total)) {
    open.forEach((field) => { if (field.dataset.auto) field.value = ""; delete field.dataset.auto; });
    return;
  }
  const others = fields.filter((field) => field !== open[0]).map(coinsOf);
  if (others.includes(null)) return;
  const left = total - others.reduce((sum, coins) => sum + coins, 0);
  const field = open[0];
  if (left < 0) {
    if (field.dataset.auto) field.value = "";
    delete field.dataset.auto;
    return;
  }
  field.value = String(left);
  field.dataset.auto = "1";
  showWorkedOut(field, true);
}

function showWorkedOut(field, shown) {
  const note = document.getElementById(`${field.id}-auto`);
  if (note) note.hidden = !shown;
}

document.addEventListener("input", (event) => {
  const field = event.target;
  const form = field.closest && field.closest("form[data-total]");
  if (!form || !field.matches("input[data-coins]")) return;
  delete field.dataset.auto;  // typed by the table: no longer worked out
  workOut(form);
});

document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-step]");
  const form = button && button.closest("form[data-total]");
  if (!form) return;
  const field = document.getElementById(button.dataset.for);
  const total = Number(form.dataset.total);
  const coins = (coinsOf(field) ?? 0) + Number(button.dataset.step);
  field.value = String(Math.min(Math.max(coins, 0), total));
  field.dispatchEvent(new Event("input", { bubbles: true }));
});
