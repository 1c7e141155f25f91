// The dealer's tablet, small comforts on top of plain forms (everything also works without this file):
// keep the screen awake, enlarge a QR code, reorder seats on the start screen, count picked cards.
(function () {
  "use strict";

  // --- Screen Wake Lock while a console is open (where the browser has it: HTTPS or localhost) ---
  let lock = null;
  async function keepAwake() {
    if (!document.querySelector("[data-keep-awake]")) return;
    if (!("wakeLock" in navigator)) {
      // Plain http on the home network: the browser hides the API. Say so, once, where the dealer looks.
      document.querySelectorAll("[data-wake-hint]").forEach((hint) => { hint.hidden = false; });
      return;
    }
    if (lock || document.visibilityState !== "visible") return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } catch (error) {
      lock = null; // refused (battery saver, insecure origin): the tablet's own settings apply
    }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);
  document.addEventListener("click", keepAwake, { passive: true });
  document.addEventListener("htmx:after:swap", keepAwake); // the console was re-rendered: hint and lock again

  // --- QR codes: tap to fill the screen, tap again to close ---
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-qr-enlarge]");
    if (!button) return;
    button.classList.toggle("qr-enlarged");
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") document.querySelectorAll(".qr-enlarged").forEach((el) => el.classList.remove("qr-enlarged"));
  });

  // --- Start screen: move a seat up or down without a round trip ---
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-seat-form] [data-move]");
    if (!button) return;
    event.preventDefault();
    const row = button.closest("[data-seat-row]");
    const other = button.dataset.move === "up" ? row.previousElementSibling : row.nextElementSibling;
    if (!other) return;
    for (const name of ["name", "player_stack"]) {
      const a = row.querySelector(`[name="${name}"]`);
      const b = other.querySelector(`[name="${name}"]`);
      [a.value, b.value] = [b.value, a.value];
    }
    const radioA = row.querySelector('[name="button"]');
    const radioB = other.querySelector('[name="button"]');
    [radioA.checked, radioB.checked] = [radioB.checked, radioA.checked];
    const again = other.querySelector(`[data-move="${button.dataset.move}"]`);
    (again && !again.disabled ? again : other.querySelector('[name="name"]')).focus();
  });

  // --- Card picker: at most five cards, and say how many are picked ---
  function countPicked(form) {
    const picked = form.querySelectorAll('input[name="card"]:checked').length;
    const out = form.querySelector("[data-picked-count]");
    if (out) out.textContent = picked ? `${picked} / 5` : "";
    return picked;
  }
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.name !== "card") return;
    const form = input.closest("[data-card-picker]");
    if (!form) return;
    if (input.checked && countPicked(form) > 5) input.checked = false;
    countPicked(form);
  });
})();
