// The screen kept awake on the pages that load this file (the dealer's console, the room display), where the
// browser has the Screen Wake Lock (HTTPS or localhost). Over plain http the browser hides it: the page's
// `data-wake-hint` sentence says so instead. A lock refused (battery saver, no tap yet) or released (the page
// hidden) is asked for again at the next tap or when the page is shown again.
(function () {
  "use strict";
  let lock = null;
  async function keepAwake() {
    if (!("wakeLock" in navigator)) {
      document.querySelectorAll("[data-wake-hint]").forEach((hint) => { hint.hidden = false; });
      return;
    }
    if (lock !== null || document.visibilityState !== "visible") return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } catch (error) {
      lock = null;
    }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);
  document.addEventListener("click", keepAwake, { passive: true });
})();
