// Share page: a "Copy" button next to each link field (the field itself stays
// selectable without JavaScript). A file, not inline: the CSP allows 'self' only.
document.querySelectorAll("button[data-copy]").forEach((button) => {
  const field = document.getElementById(button.dataset.copy);
  if (!field || !navigator.clipboard) return;
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
