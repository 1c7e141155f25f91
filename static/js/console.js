// The dealer's console (templates/console.html), on top of plain forms (everything also works without this file or
// htmx): htmx sends the taps and follows the table; this file does only what htmx has no attribute for: the quiet
// moment after each change, the zones this console shows, "checking…" and the offline notice; and the console's own
// widgets: QR codes enlarged, picked cards counted, rules opened over the console. The keys and the deal plan's
// ticks are console_keys.js's; keeping the screen awake is wake_lock.js's (shared with the room display).
(function () {
  "use strict";

  // --- QR codes: tap to fill the screen, tap again to close ---
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-qr-enlarge]");
    if (!button) return;
    button.classList.toggle("qr-enlarged");
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") document.querySelectorAll(".qr-enlarged").forEach((el) => el.classList.remove("qr-enlarged"));
  });

  // --- Card picker: at most the hand's cards (five, four in Badugi), and say how many are picked ---
  function handSize(form) {
    return Number(form.dataset.handSize || 5);
  }
  function countPicked(form) {
    const picked = form.querySelectorAll('input[name="card"]:checked').length;
    const out = form.querySelector("[data-picked-count]");
    if (out) out.textContent = picked ? `${picked} / ${handSize(form)}` : "";
    return picked;
  }
  // The hand's last card sends the hand: one tap fewer per player (Undo is the way back from a wrong card). In the
  // quiet moment after the screen changed the form would be dropped, so it waits for that moment to pass.
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.name !== "card") return;
    const form = input.closest("[data-card-picker]");
    if (!form) return;
    if (input.checked && countPicked(form) > handSize(form)) input.checked = false;
    if (input.checked && countPicked(form) === handSize(form)) {
      setTimeout(() => { if (form.isConnected && countPicked(form) === handSize(form)) form.requestSubmit(); },
        Math.max(0, quietUntil - Date.now()));
    }
  });

  // --- Taps and the table's poll are htmx (templates/console.html, templates/console/state.html). What htmx has no
  // attribute for: a quiet moment after each change (the second tap of a double tap lands on disabled buttons), the
  // zones this console already shows (X-Console-Keep), "checking…" while a tap has no answer yet, asking the laptop
  // whether an unanswered tap was recorded before saying anything, and the offline notice between taps.
  const QUIET_MS = 400; // a second tap of a double tap lands on disabled buttons
  const ANSWER_MS = 2000; // no answer by then: the console says it is checking whether the tap was recorded
  let quietUntil = 0;
  let checking = null;
  let lost = false; // a tap got no answer: the next poll says whether the laptop recorded it

  function consoleRoot() { return document.getElementById("console"); }
  function inConsole(elt) { const root = consoleRoot(); return Boolean(root && elt instanceof Element && root.contains(elt)); }
  function isTap(elt) { return inConsole(elt) && !elt.matches("[data-console-follow]"); }
  function isFollow(elt) { return inConsole(elt) && elt.matches("[data-console-follow]"); }
  function pageSeq() { const state = document.getElementById("console-state"); return state ? Number(state.dataset.seq) : -1; }

  function bannerText(kind, status) {
    const banner = document.querySelector("[data-offline-banner]");
    const selector = { error: "[data-server-error]", checking: "[data-checking]", reconnecting: "[data-reconnecting]" }[kind]
      || "[data-no-connection]";
    const source = banner && banner.querySelector(selector);
    return source ? source.content.textContent.trim().replace("###", String(status || "")) : "";
  }
  let said = null; // what the banner says: checking, reconnecting, lost (laptop away), unrecorded, error
  function showBanner(text, kind) {
    const banner = document.querySelector("[data-offline-banner]");
    if (!banner) return;
    said = kind;
    banner.querySelector("[data-offline-text]").textContent = text;
    banner.hidden = false;
  }
  function hideBanner() {
    said = null;
    const banner = document.querySelector("[data-offline-banner]");
    if (banner) banner.hidden = true;
  }
  function bannerShown() {
    const banner = document.querySelector("[data-offline-banner]");
    return Boolean(banner && !banner.hidden);
  }

  // The table's poll, now rather than in up to 2 s.
  function askLaptop() {
    const follow = document.querySelector("[data-console-follow]");
    if (follow) htmx.trigger(follow, "console:check");
  }

  function quiet() {
    const root = consoleRoot();
    if (!root) return;
    quietUntil = Date.now() + QUIET_MS;
    root.classList.add("is-quiet");
    const buttons = root.querySelectorAll("[data-console-form] button:not([disabled])");
    buttons.forEach((button) => { button.disabled = true; });
    setTimeout(() => {
      buttons.forEach((button) => { button.disabled = false; });
      if (Date.now() < quietUntil) return;
      root.classList.remove("is-quiet");
      document.dispatchEvent(new CustomEvent("console:settled")); // the keys pressed meanwhile may go (console_keys.js)
    }, QUIET_MS);
  }

  document.addEventListener("htmx:config:request", (event) => {
    const elt = event.target;
    if (!inConsole(elt)) return;
    if (isFollow(elt)) {
      const root = consoleRoot();
      // No poll while a tap is on its way (its answer says it all), nor from a hidden tab with nothing to clear.
      if (root.classList.contains("is-busy") || (document.visibilityState !== "visible" && !bannerShown())) {
        event.preventDefault();
        return;
      }
    } else if (Date.now() < quietUntil && elt.matches("[data-console-form]")) {
      event.preventDefault(); // the second tap of a double tap (a link, such as Cancel, is never where a button was)
      return;
    }
    const keys = Array.from(document.querySelectorAll("#console [data-keep]"), (zone) => zone.dataset.keep);
    event.detail.ctx.request.headers["X-Console-Keep"] = keys.join(",");
  });

  document.addEventListener("htmx:before:request", (event) => {
    if (!isTap(event.target)) return;
    consoleRoot().classList.add("is-busy");
    clearTimeout(checking);
    checking = setTimeout(() => showBanner(bannerText("checking"), "checking"), ANSWER_MS);
  });

  // The answer came: the laptop is there. A poll's 204 right after a lost tap means the tap was not recorded (that
  // sentence stays until the next answer that changes the screen); an answer that is not the console's (a server
  // error page, a limit) puts nothing of it on the screen.
  document.addEventListener("htmx:after:request", (event) => {
    const elt = event.target;
    if (!inConsole(elt)) return;
    const response = event.detail.ctx.response;
    if (isTap(elt)) {
      clearTimeout(checking);
      consoleRoot().classList.remove("is-busy");
    }
    const wasLost = lost;
    lost = false;
    if (response.status === 204) {
      if (wasLost) showBanner(bannerText("offline"), "unrecorded"); // the laptop is there and did not record it
      else if (said !== "unrecorded") hideBanner(); // back again: the table catches up
      return;
    }
    if (response.headers.get("X-Console-Seq") !== null || response.headers.get("HX-Retarget") !== null) {
      hideBanner();
      return;
    }
    showBanner(bannerText("error", response.status), "error");
    if (isTap(elt)) document.dispatchEvent(new CustomEvent("console:lost")); // nor the keys queued after it
    event.preventDefault();
  });

  // A poll's answer older than the screen (a tap answered meanwhile) is dropped.
  document.addEventListener("htmx:before:swap", (event) => {
    const ctx = event.detail.ctx;
    if (!isFollow(event.target) || !ctx.response || ctx.response.status === 204) return;
    const seq = Number(ctx.response.headers.get("X-Console-Seq"));
    if (consoleRoot().classList.contains("is-busy") || seq < pageSeq()) event.preventDefault();
  });

  // No answer at all (no connection, or none in time): the tap is never sent again by this page (sent again by the
  // dealer it carries the same seq, so it can't apply twice); the laptop is asked whether it recorded it.
  document.addEventListener("htmx:error", (event) => {
    const elt = event.target;
    if (isTap(elt)) {
      clearTimeout(checking);
      consoleRoot().classList.remove("is-busy");
      document.dispatchEvent(new CustomEvent("console:lost")); // the keys queued after it are not pressed
      lost = true;
      showBanner(bannerText("checking"), "checking");
      askLaptop();
      return;
    }
    if (!isFollow(elt)) return;
    if (lost) { lost = false; showBanner(bannerText("offline"), "lost"); } // it can't be asked: not recorded
    else if (said !== "lost" && said !== "unrecorded") showBanner(bannerText("reconnecting"), "reconnecting");
  });

  document.addEventListener("htmx:after:swap", (event) => {
    const ctx = event.detail.ctx;
    if (!ctx.response || ctx.response.status === 204 || !document.getElementById("console-state")) return;
    const root = consoleRoot();
    if (!root) return;
    root.dataset.seq = String(pageSeq());
    quiet();
    document.dispatchEvent(new CustomEvent("console:swapped"));
  });

  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") askLaptop(); });
  window.addEventListener("online", askLaptop);

  // --- Back and Forward never show a stale console from the browser's memory ---
  window.addEventListener("pageshow", (event) => { if (event.persisted) window.location.reload(); });

  // --- Rules, rulings and "Who wins?" open over the console and close back to the same table and place ---
  function panel() { return document.getElementById("reference-panel"); }
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[href]");
    const dialog = panel();
    if (!link || !dialog || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || !/^\/(rules|compare)(\/|$)/.test(url.pathname)) return;
    event.preventDefault();
    dialog.dataset.scroll = String(window.scrollY); // closing comes back to this place on the console
    dialog.querySelector("iframe").src = url.href;
    dialog.showModal();
  });
  // A dialog's close button (the rules' and the keys' list) closes its dialog.
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-panel-close], [data-keys-close]");
    const dialog = button && button.closest("dialog");
    if (dialog) dialog.close();
  });
  document.addEventListener("close", (event) => {
    const dialog = panel();
    if (event.target !== dialog) return;
    dialog.querySelector("iframe").src = "about:blank";
    const top = Number(dialog.dataset.scroll || 0);
    window.scrollTo(0, top);
    requestAnimationFrame(() => window.scrollTo(0, top)); // after the browser gives focus back to the link
  }, true);
})();
