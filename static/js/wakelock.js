// Keep the phone's screen awake while a round is on screen (Screen Wake Lock
// API where the browser has it). The lock is dropped by the browser when the
// tab is hidden, so it is taken again when the page becomes visible.
(function () {
  "use strict";
  if (!("wakeLock" in navigator)) {
    return;
  }
  let lock = null;

  async function acquire() {
    if (lock !== null || document.visibilityState !== "visible") {
      return;
    }
    if (!document.querySelector("[data-wakelock]")) {
      return;
    }
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", function () {
        lock = null;
      });
    } catch (error) {
      lock = null; // Refused (battery saver, no user gesture yet): try again later.
    }
  }

  document.addEventListener("visibilitychange", acquire);
  document.addEventListener("click", acquire);
  document.addEventListener("htmx:afterSwap", acquire);
  acquire();
})();
