// Rule reference search (/rules) and the card picker of "Who wins?" (/compare). Vanilla JS, no dependencies.
// Both pages work without it: every rule is shown, and hands can be typed.
(() => {
  "use strict";
  document.documentElement.classList.add("js");

  // ------------------------------------------------------------------ /rules: search as you type
  // The engine ranks the entries for the words or question typed (GET /rules/search, in the page's language: stop
  // words, synonyms, hands written any way); this page only shows its answer: the entries found, the others
  // hidden, and the ranked list of their titles, best first.
  function setUpSearch() {
    const box = document.querySelector("[data-search-box]");
    if (!box) return;
    const input = box.querySelector("input");
    const status = box.querySelector("[role=status]");
    const ranking = box.querySelector("#search-ranking");
    const toc = document.querySelector(".toc");
    const items = [...document.querySelectorAll("[data-searchable]")];
    const groups = [...document.querySelectorAll("[data-search-group]")];
    box.hidden = false;
    let asked = 0;
    let timer = 0;

    const show = (question, results) => {
      const found = results && new Set(results.map((hit) => hit.anchor));
      for (const element of items) element.toggleAttribute("data-search-hidden", Boolean(found) && !found.has(element.id));
      // A heading with nothing left under it would only be noise.
      for (const group of groups) {
        const visible = group.querySelector("[data-searchable]:not([data-search-hidden])");
        group.toggleAttribute("data-search-hidden", Boolean(found) && !visible);
      }
      if (toc) toc.hidden = Boolean(found);
      ranking.replaceChildren(...(results || []).map((hit) => {
        const link = document.createElement("a");
        link.href = `#${hit.anchor}`;
        link.textContent = hit.mark ? `${hit.mark} ${hit.title}` : hit.title;
        const item = document.createElement("li");
        item.dataset.anchor = hit.anchor;
        item.append(link);
        return item;
      }));
      ranking.hidden = !results || !results.length;
      if (!results) status.textContent = "";
      else if (!results.length) status.textContent = status.dataset.none;
      else status.textContent = `${status.dataset.some} ${results.length}`;
      status.dataset.query = question; // what the screen answers now (tests wait for it)
    };

    const apply = () => {
      const question = input.value;
      const mine = ++asked;
      if (!question.trim()) { show(question, null); return; }
      fetch(`${ranking.dataset.url}?${new URLSearchParams({ q: question })}`, { headers: { Accept: "application/json" } })
        .then((answer) => (answer.ok ? answer.json() : Promise.reject(answer.status)))
        .then((answer) => { if (mine === asked) show(question, answer.results); })
        .catch(() => {}); // the page keeps what it shows; the next key asks again
    };
    input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(apply, 120); });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { input.value = ""; apply(); }
    });
    if (input.value) apply(); // the browser may restore a typed query on "back"
  }

  // ------------------------------------------------------------------ /compare: card picker
  const sized = document.querySelector("[data-hand-size]");
  const HAND_SIZE = Number((sized && sized.dataset.handSize) || 5); // four in Badugi
  const SYMBOLS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const SUIT_OF = { "♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s" };
  const TOKEN = /(10|[2-9tjqka])\s*([cdhs♣♦♥♠♧♢♡♤])/gi;
  let activeHand = 1;

  // The cards typed in a field, as picker codes ("Th", "7h"), in the order typed (the server does the checking).
  function cardsIn(text) {
    const codes = [];
    for (const [, rank, suit] of text.matchAll(TOKEN)) {
      const code = (rank === "10" ? "T" : rank.toUpperCase()) + (SUIT_OF[suit] || suit.toLowerCase());
      codes.push(code);
    }
    return codes;
  }

  const rows = () => [...document.querySelectorAll("#compare-app .hand-row")];
  const rowOf = (number) => document.querySelector(`#compare-app .hand-row[data-hand="${number}"]`);
  const inputOf = (row) => row.querySelector("input");
  const labelOf = (code) => (code[0] === "T" ? "10" : code[0]) + SYMBOLS[code[1]];

  function setCards(row, codes) {
    inputOf(row).value = codes.join(" ");
    row.classList.remove("invalid");
    inputOf(row).removeAttribute("aria-invalid");
  }

  function activate(number) {
    activeHand = number;
    render();
  }

  function nextOpenHand(after) {
    const open = rows().filter((row) => !row.hidden && cardsIn(inputOf(row).value).length < HAND_SIZE);
    const later = open.find((row) => Number(row.dataset.hand) > after);
    return later || null;
  }

  function pick(code) {
    const row = rowOf(activeHand);
    if (!row) return;
    const codes = cardsIn(inputOf(row).value);
    const at = codes.indexOf(code);
    if (at >= 0) codes.splice(at, 1); // a second tap takes the card back
    else if (codes.length < HAND_SIZE) codes.push(code);
    else return;
    setCards(row, codes);
    if (codes.length === HAND_SIZE) {
      const next = nextOpenHand(activeHand);
      if (next) activeHand = Number(next.dataset.hand);
    }
    render();
  }

  function renderPreview(row, codes) {
    const preview = row.querySelector(".hand-preview");
    if (!preview) return;
    preview.replaceChildren(...codes.map((code) => {
      const chip = document.createElement("span");
      chip.className = `card suit-${code[1]}`;
      chip.textContent = labelOf(code);
      return chip;
    }));
  }

  function render() {
    const app = document.getElementById("compare-app");
    if (!app) return;
    const all = rows();
    if (!all.some((row) => !row.hidden && Number(row.dataset.hand) === activeHand)) {
      activeHand = Number((all.find((row) => !row.hidden) || all[0]).dataset.hand);
    }
    const owner = new Map();
    for (const row of all) {
      const codes = cardsIn(inputOf(row).value);
      row.classList.toggle("active", Number(row.dataset.hand) === activeHand);
      renderPreview(row, codes);
      for (const code of codes) if (!owner.has(code)) owner.set(code, Number(row.dataset.hand));
    }
    const mine = new Set(cardsIn(inputOf(rowOf(activeHand)).value));
    const grid = app.querySelector(".picker-grid");
    const handLabel = (number) => grid.dataset.handLabel.replace("{n}", number);
    for (const button of app.querySelectorAll(".pick")) {
      const code = button.dataset.card;
      const elsewhere = owner.has(code) && !mine.has(code);
      button.disabled = elsewhere;
      button.setAttribute("aria-pressed", String(mine.has(code)));
      button.title = elsewhere ? handLabel(owner.get(code)) : "";
    }
    const target = app.querySelector("[data-picker-target]");
    if (target) target.textContent = handLabel(activeHand);
    const add = app.querySelector("[data-add-hand]");
    if (add) add.hidden = !all.some((row) => row.hidden);
  }

  function setUpCompare() {
    const app = document.getElementById("compare-app");
    if (!app || app.dataset.ready) return;
    app.dataset.ready = "1";
    // Spare hands stay out of the way until asked for (without JS all six fields are simply shown).
    for (const row of rows()) {
      if (row.hasAttribute("data-spare") && !inputOf(row).value.trim()) row.hidden = true;
    }
    render();
  }

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !target.closest("#compare-app")) return;
    const card = target.closest(".pick");
    if (card) { pick(card.dataset.card); return; }
    const clear = target.closest("[data-clear]");
    if (clear) {
      const row = clear.closest(".hand-row");
      setCards(row, []);
      activate(Number(row.dataset.hand));
      return;
    }
    if (target.closest("[data-clear-all]")) {
      for (const row of rows()) {
        setCards(row, []);
        if (row.hasAttribute("data-spare") || Number(row.dataset.hand) > 2) row.hidden = true;
      }
      activate(1);
      return;
    }
    if (target.closest("[data-add-hand]")) {
      const spare = rows().find((row) => row.hidden);
      if (spare) { spare.hidden = false; activate(Number(spare.dataset.hand)); }
      return;
    }
    const row = target.closest(".hand-row");
    if (row) activate(Number(row.dataset.hand));
  });

  document.addEventListener("focusin", (event) => {
    const row = event.target instanceof Element && event.target.closest("#compare-app .hand-row");
    if (row && Number(row.dataset.hand) !== activeHand) activate(Number(row.dataset.hand));
  });

  document.addEventListener("input", (event) => {
    if (event.target instanceof Element && event.target.closest("#compare-app .hand-row")) render();
  });

  // htmx replaces #compare-app with the server's answer: set the new one up and bring the answer into view.
  new MutationObserver(() => {
    const app = document.getElementById("compare-app");
    if (!app || app.dataset.ready) return;
    setUpCompare();
    const answer = document.getElementById("compare-error") || document.getElementById("ranking");
    const top = answer ? answer.getBoundingClientRect().top : 0;
    if (answer && (top < 0 || top > window.innerHeight * 0.6)) {
      answer.scrollIntoView({ block: "start", behavior: "smooth" });
    }
  }).observe(document.body, { childList: true, subtree: true });

  setUpSearch();
  setUpCompare();
})();
