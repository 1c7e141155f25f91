// The start screen (templates/start.html), on top of its plain form: a seat's ↑ and ↓ swap two rows' name, stack
// and button without a round trip (without this file they are submit buttons the server answers the same way).
(function () {
  "use strict";
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

  // Back and Forward never show a stale list of tables from the browser's memory.
  window.addEventListener("pageshow", (event) => { if (event.persisted) window.location.reload(); });
})();
