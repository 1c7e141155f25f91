// Player view and room display: say so while the table cannot be reached. Catching up needs no script: the live
// part polls every 400 ms and also at once when the screen wakes (visibilitychange) or the Wi-Fi comes back (online).
(function () {
  "use strict";
  function live(event) {
    var source = event.target;
    return source && (source.id === "live" || source.id === "tv-live");
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
