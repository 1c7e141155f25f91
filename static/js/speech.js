// Spoken announcements, off by default: when the table moves, the console or the TV says what the engine
// wrote for the moment ([data-speech]: "Bia draws 2", "Ana to act, 4 to call") with the browser's own speech
// synthesis, in the page's language. The sentences come from the server; this file only speaks them.
(function () {
  "use strict";
  const STORE = "speak-announcements";
  let heard = null; // the seq last spoken (or shown when the page opened: never read out on arrival)

  function on() {
    try { return localStorage.getItem(STORE) === "on"; } catch (error) { return false; }
  }
  // Whether this device can speak at all: a browser without speech synthesis, or one with no voice installed
  // (Chromium on a bare Linux), would stay silent while the switch said "on". The voices arrive late (the
  // voiceschanged event) or never: until then, or a moment after the page opens, the device is not said mute.
  const VOICES_MS = 1500;
  let mute = !("speechSynthesis" in window);
  function listen() {
    if (mute) return;
    const count = () => { mute = window.speechSynthesis.getVoices().length === 0; paint(); };
    window.speechSynthesis.addEventListener("voiceschanged", count);
    setTimeout(count, VOICES_MS);
  }
  function paint() {
    document.querySelectorAll("[data-speak-toggle]").forEach((button) => {
      const speaking = on();
      button.setAttribute("aria-pressed", speaking ? "true" : "false");
      button.querySelector("[data-speak-on]").hidden = !speaking || mute;
      button.querySelector("[data-speak-mute]").hidden = !speaking || !mute;
      button.querySelector("[data-speak-off]").hidden = speaking;
    });
  }
  function say(block) {
    if (!on()) return;
    document.documentElement.dataset.spoken = Array.from(block.querySelectorAll("span"), (span) => span.textContent.trim())
      .join(" | "); // what was said last, readable by the tests
    if (!("speechSynthesis" in window)) return;
    const lang = document.documentElement.lang || "en";
    window.speechSynthesis.cancel(); // the table moved on: only the latest moment is worth hearing
    block.querySelectorAll("span").forEach((span) => {
      const text = span.textContent.trim();
      if (!text) return;
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = lang;
      window.speechSynthesis.speak(utterance);
    });
  }
  function check() {
    const block = document.querySelector("[data-speech]");
    if (!block) return;
    const seq = block.dataset.seq;
    if (heard === null) { heard = seq; return; }
    if (seq === heard) return;
    heard = seq;
    say(block);
  }
  document.addEventListener("click", (event) => {
    if (!event.target.closest("[data-speak-toggle]")) return;
    event.preventDefault(); // the TV's switch is a link: it changes nothing but this device's choice
    try { localStorage.setItem(STORE, on() ? "off" : "on"); } catch (error) { return; }
    paint();
  });
  document.addEventListener("DOMContentLoaded", () => {
    paint();
    listen();
    check();
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
  });
})();
