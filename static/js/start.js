// The start screen (templates/start.html), on top of its plain form: a seat's ↑ and ↓ swap two rows' name, stack
// and button without a round trip, and a tournament's "Add a level" / "Add a break" and ✕ add or remove a row in the
// page (without this file they are submit buttons the server answers the same way, web/start.py).
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

  // A row's fields keep their order and names; its test ids and its ✕ (the no-script fallback) follow its place.
  function renumber(list) {
    list.querySelectorAll("[data-row]").forEach((row, index) => {
      for (const field of row.querySelectorAll("[data-testid]")) {
        field.dataset.testid = field.dataset.testid.replace(/-\d+$/, `-${index}`);
      }
      const remove = row.querySelector("[data-remove-row]");
      remove.value = remove.value.replace(/:\d+$/, `:${index}`);
    });
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-row-list] [data-add-row], [data-row-list] [data-remove-row]");
    if (!button) return;
    event.preventDefault();
    const list = button.closest("[data-row-list]");
    const rows = list.querySelectorAll("[data-row]");
    if (button.matches("[data-add-row]")) {
      const row = rows[rows.length - 1].cloneNode(true);
      for (const input of row.querySelectorAll("input")) input.value = "";
      rows[rows.length - 1].after(row);
      renumber(list);
      row.querySelector("input").focus();
      return;
    }
    const row = button.closest("[data-row]");
    if (rows.length > 1) {
      const next = row.nextElementSibling || row.previousElementSibling;
      row.remove();
      renumber(list);
      next.querySelector("[data-remove-row]").focus();
    } else {
      for (const input of row.querySelectorAll("input")) input.value = "";  // the list keeps one row to type in
    }
  });

  // A seat's empty stack starts with the starting stack of the format picked: its placeholder shows which.
  const form = document.querySelector("[data-seat-form]");
  function placeholders() {
    const tournament = form.querySelector('[name="format"][value="tournament"]');
    const stack = form.querySelector(tournament && tournament.checked ? '[name="tournament_stack"]' : '[name="stack"]');
    if (!stack) return;
    for (const input of form.querySelectorAll('[name="player_stack"]')) input.placeholder = stack.value;
  }
  if (form) {
    form.addEventListener("change", placeholders);
    form.addEventListener("input", placeholders);
    placeholders();
  }

  // Back and Forward never show a stale list of tables from the browser's memory.
  window.addEventListener("pageshow", (event) => { if (event.persisted) window.location.reload(); });
})();
