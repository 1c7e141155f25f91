// A tournament's clock on the console (templates/console/zones/clock.html): the time left counts down in the browser
// from the seconds the snapshot was read with (data-clock-left), while the clock runs (data-clock-running). A strip
// swapped in by an answer is a new element and starts again from its own seconds, so the laptop's clock always wins;
// a new level, a break or its end reaches the console through its poll (web/console.py `live`). Without this file
// the strip shows the time left at the moment of the answer.
(function () {
  "use strict";

  const TICK_MS = 250;
  const started = new WeakMap(); // element -> the moment (ms, monotonic) its seconds were read

  function clockText(seconds) {
    const whole = Math.max(0, Math.ceil(seconds));
    const hours = Math.floor(whole / 3600);
    const minutes = Math.floor((whole % 3600) / 60);
    const rest = String(whole % 60).padStart(2, "0");
    return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
  }

  function tick() {
    const now = performance.now();
    document.querySelectorAll("[data-clock-left][data-clock-running]").forEach((el) => {
      if (!started.has(el)) started.set(el, now);
      const left = Number(el.dataset.clockLeft) - (now - started.get(el)) / 1000;
      const text = clockText(left);
      if (el.textContent !== text) el.textContent = text;
    });
  }

  setInterval(tick, TICK_MS);
  document.addEventListener("DOMContentLoaded", tick);
})();
