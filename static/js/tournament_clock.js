// A tournament's clock on the room display and the phones: each countdown the page prints ("12:34" with
// data-countdown) counts down by itself between polls. The live part is rendered once per state and served from
// memory, so the seconds it prints may be older than the page: each countdown carries the laptop's time of its
// render (data-at), and every live answer says the laptop's time now (the X-Clock-Now header), so the script
// counts from the laptop's clock, not from this device's (a TV's clock may be minutes off). Until the first answer
// it counts from the moment it first saw the countdown. At zero it asks for the live part at once ("clockzero"),
// which brings the next level or the break without waiting for an input.
(function () {
  "use strict";
  var offset = null; // the laptop's clock minus this device's, in seconds, from the latest live answer
  var firstSeen = new WeakMap(); // countdown -> this device's time when the script first saw it
  var announced = new WeakSet(); // countdowns whose zero was already announced

  function deviceNow() { return Date.now() / 1000; }

  function secondsLeft(element) {
    var left = Number(element.getAttribute("data-left"));
    if (!isFinite(left)) return null;
    if (!element.hasAttribute("data-running")) return left;
    var at = Number(element.getAttribute("data-at"));
    if (offset !== null && isFinite(at)) return left - (deviceNow() + offset - at);
    if (!firstSeen.has(element)) firstSeen.set(element, deviceNow());
    return left - (deviceNow() - firstSeen.get(element));
  }

  function two(number) { return (number < 10 ? "0" : "") + number; }

  function clockText(seconds) {
    var whole = Math.max(0, Math.ceil(seconds - 0.001)); // 0:01 shows until the second is really over
    var hours = Math.floor(whole / 3600), minutes = Math.floor((whole % 3600) / 60), rest = whole % 60;
    return hours ? hours + ":" + two(minutes) + ":" + two(rest) : minutes + ":" + two(rest);
  }

  function tick() {
    var countdowns = document.querySelectorAll("[data-countdown]");
    for (var i = 0; i < countdowns.length; i++) {
      var element = countdowns[i], left = secondsLeft(element);
      if (left === null) continue;
      var text = clockText(left);
      if (element.textContent !== text) element.textContent = text;
      element.toggleAttribute("data-long", text.length > 5); // an hour or more: a smaller type keeps it in its box
      if (left <= 0 && element.hasAttribute("data-running") && !announced.has(element)) {
        announced.add(element);
        document.dispatchEvent(new Event("clockzero"));
      }
    }
  }

  document.addEventListener("htmx:after:request", function (event) {
    var response = event.detail && event.detail.ctx && event.detail.ctx.response;
    var now = response && response.headers && Number(response.headers.get("X-Clock-Now"));
    if (now) offset = now - deviceNow();
  });
  setInterval(tick, 200);
  document.addEventListener("DOMContentLoaded", tick);
})();
