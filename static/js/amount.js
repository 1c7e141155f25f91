// The amount of a bet or raise in no-limit and pot-limit play (templates/console/amount_form.html). The form works
// without this file: the dealer types the total and taps the confirm button. This file only makes it quicker and
// says it on the button: a preset (Min, ½ Pot, Pot, All-in: amounts the engine listed) fills the field, and the
// confirm button reads the total as the dealer types ("Raise to 31", "All-in 57") in the engine's own words (the
// form's data-confirm-template, with "{to}" for the amount). Nothing here decides what is allowed: an amount outside
// the range is refused by the laptop, and its sentence is shown by the field.
(function () {
  "use strict";

  // ASCII digits only (a keypad's grouping or a stray letter is dropped as it is typed); no leading zeros.
  function digits(text) { return text.replace(/[^0-9]/g, "").replace(/^0+(?=[0-9])/, ""); }

  function parts(form) {
    return {
      field: form.querySelector("[data-amount-field]"),
      button: form.querySelector("[data-amount-confirm]"),
      presets: form.querySelectorAll("[data-preset]"),
    };
  }

  function words(form, amount) {
    if (amount && amount === form.dataset.allInTo) return form.dataset.allInConfirm;
    return form.dataset.confirmTemplate.replace("{to}", amount || "…");
  }

  function update(form) {
    const { field, button, presets } = parts(form);
    if (!field || !button) return;
    const amount = digits(field.value);
    if (field.value !== amount) field.value = amount;
    button.textContent = words(form, amount);
    presets.forEach((preset) => { preset.setAttribute("aria-pressed", String(preset.dataset.preset === amount)); });
  }

  function updateAll() {
    document.querySelectorAll("[data-amount-form]").forEach(update);
    // A refused amount comes back in its field, with the reason beside it: the dealer corrects it there.
    const refused = document.querySelector("[data-amount-form] [data-amount-refused]");
    const field = refused && refused.closest("[data-amount-form]").querySelector("[data-amount-field]");
    if (field && document.activeElement !== field) { field.focus(); field.select(); }
  }

  document.addEventListener("input", (event) => {
    const form = event.target instanceof Element && event.target.closest("[data-amount-form]");
    if (form && event.target.matches("[data-amount-field]")) update(form);
  });
  document.addEventListener("click", (event) => {
    const preset = event.target instanceof Element && event.target.closest("[data-preset]");
    const form = preset && preset.closest("[data-amount-form]");
    if (!form) return;
    event.preventDefault();
    parts(form).field.value = preset.dataset.preset;
    update(form);
  });
  // Escape leaves the field, so the console's letter keys act again.
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && event.target instanceof Element && event.target.matches("[data-amount-field]")) {
      event.target.blur();
    }
  });
  document.addEventListener("DOMContentLoaded", updateAll);
  document.addEventListener("console:swapped", updateAll);
})();
