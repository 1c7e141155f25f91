// The dealer's tablet, on top of plain forms (everything also works without this file): taps sent one at a
// time with a quiet moment after every change (a double tap can't act twice), "checking…" while a tap has no answer
// yet and the laptop is asked whether it recorded it before anything else is said, the console following the table when another tablet taps, rules opened over the console, the screen
// kept awake, QR codes enlarged, seats reordered on the start screen, picked cards counted.
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
  document.addEventListener("console:swapped", keepAwake); // the console was re-rendered: hint and lock again

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
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.name !== "card") return;
    const form = input.closest("[data-card-picker]");
    if (!form) return;
    if (input.checked && countPicked(form) > handSize(form)) input.checked = false;
    countPicked(form);
  });

  // --- Taps: one request at a time, then a short visible quiet moment after any change of the console ---
  const QUIET_MS = 400; // a second tap of a double tap lands on disabled buttons
  const ANSWER_MS = 2000; // no answer by then: the console says it is checking whether the tap was recorded
  const GIVE_UP_MS = 12000; // no answer by then: the request is dropped and the laptop asked what it recorded
  const FOLLOW_MS = 2000; // how often the console asks the laptop whether the table moved (another tablet)
  let busy = false;

  function consoleRoot() { return document.getElementById("console"); }

  // The headers of every console request: htmx-style, and the QR codes and chart this console already shows.
  function keepHeaders(extra) {
    const keys = Array.from(document.querySelectorAll("#console [data-keep]:not(:empty)"), (el) => el.dataset.keep);
    return Object.assign({ "HX-Request": "true", "X-Console-Keep": keys.join(",") }, extra || {});
  }

  function quiet(root) {
    root.classList.add("is-quiet");
    const buttons = root.querySelectorAll("[data-console-form] button:not([disabled])");
    buttons.forEach((button) => { button.disabled = true; });
    setTimeout(() => {
      buttons.forEach((button) => { button.disabled = false; });
      root.classList.remove("is-quiet");
    }, QUIET_MS);
  }

  function swap(html) {
    const old = consoleRoot();
    if (!old) return;
    const holder = document.createElement("template");
    holder.innerHTML = html;
    const fresh = holder.content.querySelector("#console");
    if (!fresh) return;
    // QR codes and the chart the answer left out (unchanged): this console's own copies go back in.
    fresh.querySelectorAll("[data-keep]:empty").forEach((slot) => {
      const mine = old.querySelector(`[data-keep="${slot.dataset.keep}"]`);
      if (mine) slot.replaceWith(mine);
    });
    const top = window.scrollY;
    old.replaceWith(fresh);
    window.scrollTo(0, top); // the dealer keeps their place on the page
    quiet(fresh);
    document.dispatchEvent(new CustomEvent("console:swapped"));
  }

  function bannerText(kind, status) {
    const banner = document.querySelector("[data-offline-banner]");
    const selector = { error: "[data-server-error]", checking: "[data-checking]", reconnecting: "[data-reconnecting]" }[kind]
      || "[data-no-connection]";
    const source = banner && banner.querySelector(selector);
    return source ? source.content.textContent.trim().replace("###", String(status || "")) : "";
  }

  function showBanner(text) {
    const banner = document.querySelector("[data-offline-banner]");
    if (!banner) return;
    banner.querySelector("[data-offline-text]").textContent = text;
    banner.hidden = false;
  }

  function hideBanner() {
    const banner = document.querySelector("[data-offline-banner]");
    if (banner) banner.hidden = true;
  }

  // Whether the table moved past ``seq`` (a tap without an answer may still have been recorded): the console's own
  // live address answers 204 while it has not, or the console as it now stands; 0 when the laptop does not answer.
  async function recorded(seq) {
    const root = consoleRoot();
    if (!root || !root.dataset.liveUrl) return { status: 0, html: "" };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ANSWER_MS * 2);
    try {
      const response = await fetch(`${root.dataset.liveUrl}?seq=${encodeURIComponent(seq)}`, {
        headers: keepHeaders(), credentials: "same-origin", cache: "no-store", signal: controller.signal });
      return { status: response.status, html: response.status === 200 ? await response.text() : "" };
    } catch (error) {
      return { status: 0, html: "" };
    } finally {
      clearTimeout(timer);
    }
  }

  async function send(form) {
    const root = consoleRoot();
    const before = root.dataset.seq;
    busy = true;
    root.classList.add("is-busy");
    const controller = new AbortController();
    const checking = setTimeout(() => showBanner(bannerText("checking")), ANSWER_MS);
    const timer = setTimeout(() => controller.abort(), GIVE_UP_MS);
    let status = 0;
    let html = "";
    try {
      const response = await fetch(form.getAttribute("action"), { // (form.action is the input named "action")
        method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin",
        headers: keepHeaders({ "X-CSRF-Token": (form.querySelector("[name=csrf_token]") || {}).value || "" }),
        signal: controller.signal, cache: "no-store",
      });
      status = response.status;
      html = await response.text();
    } catch (error) {
      status = 0; // no answer in time, or no connection at all: never sent again by this page
    } finally {
      clearTimeout(timer);
      clearTimeout(checking);
    }
    if (status === 0) {
      // Say nothing before asking: the laptop may have recorded the tap and only been slow to answer. A tap sent
      // again later carries the same seq, so it can never be applied twice.
      const found = await recorded(before);
      busy = false;
      root.classList.remove("is-busy");
      if (found.status === 200 && found.html.includes('id="console"')) { hideBanner(); swap(found.html); return; }
      showBanner(bannerText("offline"));
      return;
    }
    busy = false;
    root.classList.remove("is-busy");
    if (status >= 500 || !html.includes('id="console"')) { showBanner(bannerText("error", status)); return; }
    hideBanner();
    swap(html);
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches("[data-console-form]")) return;
    event.preventDefault();
    const root = consoleRoot();
    if (!root || busy || root.classList.contains("is-quiet")) return; // the second tap of a double tap
    send(form);
  });

  // A confirmation's "Cancel" closes it in place (without this script it is a link back to the console).
  document.addEventListener("click", (event) => {
    const cancel = event.target.closest("[data-confirm-cancel]");
    if (!cancel) return;
    event.preventDefault();
    const box = cancel.closest("[data-confirm]");
    if (box) box.remove();
  });

  // --- Following the table: another tablet's taps show up here; an unheard tap's banner clears by itself ---
  async function follow() {
    const root = consoleRoot();
    if (!root || !root.dataset.liveUrl || busy) return;
    const banner = document.querySelector("[data-offline-banner]");
    if (document.visibilityState !== "visible" && (!banner || banner.hidden)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ANSWER_MS);
    try {
      const url = `${root.dataset.liveUrl}?seq=${encodeURIComponent(root.dataset.seq)}`;
      const response = await fetch(url, { headers: keepHeaders(), credentials: "same-origin", cache: "no-store",
        signal: controller.signal });
      if (response.status >= 500) return;
      const html = response.status === 200 ? await response.text() : "";
      hideBanner();
      if (html && !busy) swap(html);
    } catch (error) {
      // Unreachable: say so without waiting for a tap (a lost tap's own sentence stays until the laptop answers).
      if (!busy && banner && banner.hidden) showBanner(bannerText("reconnecting"));
    } finally {
      clearTimeout(timer);
    }
  }
  setInterval(follow, FOLLOW_MS);
  document.addEventListener("visibilitychange", follow);
  window.addEventListener("online", follow);

  // --- Back and Forward never show a stale console or start page from the browser's memory ---
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
  document.addEventListener("click", (event) => {
    if (!event.target.closest("[data-panel-close]")) return;
    const dialog = panel();
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
