// Room display: keep the TV's screen awake where the browser allows it (Screen Wake Lock: HTTPS or localhost).
// Saying so while the table cannot be reached is player.js's job, shared with the phones.
(function () {
  "use strict";
  var lock = null;
  async function keepAwake() {
    if (!("wakeLock" in navigator)) {
      document.querySelectorAll("[data-wake-hint]").forEach(function (hint) { hint.hidden = false; });
      return;
    }
    if (lock !== null || document.visibilityState !== "visible") return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", function () { lock = null; });
    } catch (error) {
      lock = null;  // refused (battery saver, no user gesture yet): tried again on the next visibilitychange
    }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);
  document.addEventListener("click", keepAwake, { passive: true });
})();
