// Loaded by every page (templates/base.html). The Content-Security-Policy runs no inline script and no eval,
// so what pages once wrote inline (htmx trigger filters) lives here.
(function () {
  "use strict";
  // htmx requests from a form that carries the CSRF token send it as a header too (web/guard.py checks either).
  document.addEventListener("htmx:config:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!ctx || !ctx.request) return;
    const source = ctx.request.form || (ctx.sourceElement && ctx.sourceElement.closest("form"));
    const field = source && source.querySelector('input[name="csrf_token"]');
    if (field) ctx.request.headers["X-CSRF-Token"] = field.value;
  });
  // "The page is visible again" as its own event, for `hx-trigger="pagevisible from:document"` (a trigger filter
  // such as [document.visibilityState === 'visible'] would need eval).
  // A button that prints the page (`data-print`): an inline onclick would be blocked by the CSP.
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element && event.target.closest("[data-print]");
    if (button) window.print();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") document.dispatchEvent(new Event("pagevisible"));
  });
})();
