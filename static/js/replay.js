// The replayer's keys, which htmx has no attribute for: ← and → step back and on, Home and End go to the first and
// the last step, by pressing the step links (their hx-get does the rest: templates/replay.html). Never while the
// focus is in a field: there the slider moves by itself.
(function () {
  "use strict";
  const KEYS = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    const name = KEYS[event.key];
    const part = document.getElementById("replay");
    if (!name || !part || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof Element && event.target.closest("input, textarea, select")) return;
    event.preventDefault();
    const link = part.querySelector(`[data-step-link="${name}"]`);
    if (link && link.getAttribute("aria-disabled") !== "true") link.click();
  });
})();
