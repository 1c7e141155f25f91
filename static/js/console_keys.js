// The dealer's console with a keyboard, and the deal plan's ticks. Everything here is optional: the console works
// with taps alone. Keys press the console's own buttons (the same forms, the same guards), never while the focus is
// in a text field; keys pressed before the screen has settled are queued, never dropped; "?" opens the list of keys
// (its Close button is console.js's, as the rules panel's). In no-limit and pot-limit betting the digits type the
// amount into the amount field (the first digit starts a fresh amount, the next ones are typed in the field itself)
// and Enter confirms it; elsewhere 0-5 are the draw's counts. The plan's
// ticks are kept in sessionStorage for that table, hand and draw, so a reload never clears them, and forgotten once
// that plan has left the console.
(function () {
  "use strict";

  // --- keys ---
  const KEYS = {
    f: ".btn-fold", c: ".btn-passive", k: ".btn-passive", b: ".btn-aggressive", r: ".btn-aggressive",
    u: '[data-testid="undo"]', z: '[data-testid="undo"]', y: '[data-testid="redo"]',
    p: ".btn-clock", // a tournament's Pause / Resume (only one of them is on screen)
  };
  function typing(target) {
    if (!(target instanceof Element)) return false;
    return Boolean(target.closest('input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable]'));
  }
  function help() { return document.getElementById("console-keys"); }
  // The amount form of a big-bet round (templates/console/amount_form.html): digits start an amount, Enter confirms.
  function amountKey(root, event) {
    const form = root.querySelector("[data-amount-form]");
    if (!form) return false;
    const field = form.querySelector("[data-amount-field]");
    if (/^[0-9]$/.test(event.key) && field) {
      field.focus();
      field.value = event.key;
      field.dispatchEvent(new Event("input", { bubbles: true }));
      return true;
    }
    // Enter on the page or on a preset (not on another button, which Enter presses as usual).
    const target = event.target instanceof Element ? event.target : null;
    if (event.key !== "Enter" || (target && target.closest("button, a, summary") && !form.contains(target))) return false;
    const confirm = form.querySelector("[data-amount-confirm]");
    if (!confirm || confirm.disabled) return false;
    confirm.click();
    return true;
  }
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || typing(event.target)) return;
    const root = document.getElementById("console");
    if (!root) return;
    if (event.key === "?") {
      const dialog = help();
      if (dialog && !dialog.open) { event.preventDefault(); dialog.showModal(); }
      return;
    }
    if (document.querySelector("dialog[open]")) return; // a rule or the key list is open over the console
    if (amountKey(root, event)) { event.preventDefault(); return; }
    const key = event.key.toLowerCase();
    if (!selectorOf(key)) return;
    event.preventDefault();
    if (waiting.length || settling(root)) waiting.push(key); // pressed in the quiet moment: pressed once it ends
    else press(root, key);
  });

  // Keys pressed while a tap is on its way or in the quiet moment after the screen changed wait their turn, in
  // order: each presses its button on the screen the key before it brought (console.js says when that screen has
  // settled). A key whose button is not on that screen is dropped; a tap that got no answer drops every key after it.
  const waiting = [];
  let sent = false; // a key pressed its button: until the screen settles, the next key waits (htmx may not be busy yet)
  function selectorOf(key) { return /^[0-5]$/.test(key) ? `[data-testid="draw-${key}"]` : KEYS[key]; }
  function settling(root) { return sent || root.classList.contains("is-busy") || root.classList.contains("is-quiet"); }
  function press(root, key) {
    const selector = selectorOf(key);
    const button = root.querySelector(`[data-console-form] ${selector}`) || root.querySelector(selector);
    if (!button || button.disabled) return false;
    sent = true;
    button.click();
    return true;
  }
  document.addEventListener("console:settled", () => {
    sent = false;
    const root = document.getElementById("console");
    while (root && waiting.length && !settling(root) && !press(root, waiting.shift())) { /* not on this screen */ }
  });
  document.addEventListener("console:lost", () => { sent = false; waiting.length = 0; });
  document.addEventListener("click", (event) => {
    if (!event.target.closest("[data-keys-open]")) return;
    const dialog = help();
    if (dialog && !dialog.open) dialog.showModal();
  });

  // --- the deal plan's ticks ---
  function planKey(plan) { return `plan-ticks:${plan.dataset.planKey}`; }
  // A plan no longer on the console (the next draw's, or the next hand): its stored ticks are forgotten.
  function forgetServed() {
    const root = document.getElementById("console");
    if (!root) return;
    const shown = new Set(Array.from(document.querySelectorAll("[data-plan-key]"), planKey));
    const prefix = `plan-ticks:${root.dataset.table}:`;
    try {
      for (let index = sessionStorage.length - 1; index >= 0; index -= 1) {
        const key = sessionStorage.key(index);
        if (key && key.startsWith(prefix) && !shown.has(key)) sessionStorage.removeItem(key);
      }
    } catch (error) { /* private mode: nothing stored */ }
  }
  // Each step's box with the step's own key (its kind and sentence; a repeated step counted: "…#2"), so a tick
  // stays with its step when the plan changes under it (an exposed card re-plans the draw) and a new step starts
  // unticked.
  function stepBoxes(plan) {
    const seen = new Map();
    return Array.from(plan.querySelectorAll("[data-step-key]"), (step) => {
      const count = (seen.get(step.dataset.stepKey) || 0) + 1;
      seen.set(step.dataset.stepKey, count);
      return [`${step.dataset.stepKey}#${count}`, step.querySelector('input[type="checkbox"]')];
    }).filter(([, box]) => box);
  }
  function restoreTicks() {
    forgetServed();
    document.querySelectorAll("[data-plan-key]").forEach((plan) => {
      let ticks = [];
      try { ticks = JSON.parse(sessionStorage.getItem(planKey(plan)) || "[]"); } catch (error) { ticks = []; }
      stepBoxes(plan).forEach(([key, box]) => { box.checked = ticks.includes(key); });
    });
  }
  document.addEventListener("change", (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.type !== "checkbox") return;
    const plan = box.closest("[data-plan-key]");
    if (!plan) return;
    const ticks = stepBoxes(plan).flatMap(([key, each]) => (each.checked ? [key] : []));
    try { sessionStorage.setItem(planKey(plan), JSON.stringify(ticks)); } catch (error) { /* private mode: ticks stay on screen only */ }
  });
  document.addEventListener("DOMContentLoaded", restoreTicks);
  document.addEventListener("console:swapped", restoreTicks);
})();
