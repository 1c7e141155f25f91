// Room display: keep the TV's screen awake where the browser allows it (Screen Wake Lock: HTTPS or localhost),
// and say so while the table cannot be reached. Catching up needs no script: the live part polls on a timer and
// at once when the screen wakes (visibilitychange) or the network comes back (online).
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

  function live(event) {
    var source = event.target;
    return source && source.id === "tv-live";
  }
  document.addEventListener("htmx:error", function (event) {
    if (live(event)) { document.body.setAttribute("data-offline", ""); }
  });
  document.addEventListener("htmx:after:request", function (event) {
    var response = event.detail && event.detail.ctx && event.detail.ctx.response;
    if (live(event) && response && response.status < 500) { document.body.removeAttribute("data-offline"); }
  });
  window.addEventListener("offline", function () { document.body.setAttribute("data-offline", ""); });
})();
