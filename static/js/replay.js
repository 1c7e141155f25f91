// The replayer: step with the buttons, the slider or the arrow keys without reloading the page (the address keeps
// the step, so Back and a shared link work); the dealer's "Show on the TV" is sent again at each step while the TV
// shows this hand, so the room display follows. Without JavaScript every control is a plain link or form.
(function () {
  "use strict";
  function box() { return document.getElementById("replay"); }

  function follow(part) {
    var form = part.querySelector("form[data-tv-follow]");
    if (!form) return;
    fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin",
                         headers: { "X-Follow": "1" } }).catch(function () {});
  }

  function go(url, push) {
    var hadSlider = document.activeElement && document.activeElement.hasAttribute("data-step-slider");
    fetch(url, { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.text() : Promise.reject(answer.status); })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#replay");
        var old = box();
        if (!fresh || !old) { window.location.href = url; return; }
        old.replaceWith(fresh);
        if (push) window.history.pushState({ replay: true }, "", url);
        if (hadSlider) { var slider = fresh.querySelector("[data-step-slider]"); if (slider) slider.focus(); }
        follow(fresh);
      })
      .catch(function () { window.location.href = url; });
  }

  function link(name) {
    var part = box();
    var found = part && part.querySelector('[data-step-link="' + name + '"]');
    return found && found.getAttribute("aria-disabled") !== "true" ? found : null;
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-step-link], [data-step-to]");
    if (!target || !box() || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (target.getAttribute("aria-disabled") === "true") return;
    go(target.href, true);
  });

  document.addEventListener("change", function (event) {
    var slider = event.target;
    if (!slider.hasAttribute || !slider.hasAttribute("data-step-slider")) return;
    var url = new URL(slider.form.action, window.location.href);
    url.searchParams.set("step", slider.value);
    go(url.toString(), true);
  });

  var KEYS = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    var name = KEYS[event.key];
    if (!name || !box() || event.altKey || event.ctrlKey || event.metaKey) return;
    var focused = document.activeElement;
    if (focused && /^(INPUT|TEXTAREA|SELECT)$/.test(focused.tagName)) return;  // the slider moves by itself
    var found = link(name);
    event.preventDefault();
    if (found) go(found.href, true);
  });

  window.addEventListener("popstate", function () { if (box()) go(window.location.href, false); });
})();
