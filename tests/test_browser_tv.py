"""The room display (/t/ID/tv) in a real browser: a TV at 1920x1080 and one at 1280x720 follow a six-player hand
with side pots, a reshuffle and a showdown, tapped by the dealer through the API, without being touched.

At every step both screens are checked with the page's own geometry: the page does not scroll (scrollWidth and
scrollHeight against the client sizes), no element cuts its text off (an element's scroll size larger than its
box), and the boxes of the texts lie inside the viewport and overlap no other text nor the QR code. Each step's
screen is saved in artifacts/ (tv-1920-NN.png, tv-1280-NN.png). The waits are generous: speed is
benchmarks/phone_delay.py's job.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_driver import pages_at, until
from conftest import Api, ServerProcess
from night_layouts import ScriptedPlay

pytestmark = pytest.mark.browser

SCREENS = {"1920": {"width": 1920, "height": 1080}, "1280": {"width": 1280, "height": 720}}
CATCH_UP = 15_000  # ms a change may take to reach the screen before the test gives up (not a speed goal)

# Short stacks make side pots; six players drawing three, then two, run the stub short in the second draw.
PLAYERS = [{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 100}, {"name": "Caio", "stack": 6},
           {"name": "Duda", "stack": 14}, {"name": "Enzo", "stack": 100}, {"name": "Fabiana", "stack": 100}]
HANDS = {"Caio": "7h 5c 4d 3s 2c", "Duda": "7c 6d 4s 3h 2h", "Ana": "8c 6c 4h 3d 2d", "Bia": "8d 6h 5s 3c 2s",
         "Enzo": "9c 7d 5d 4c Th", "Fabiana": "9h 8s 6s 5h Qs"}

# Measured in the page: everything that would show a scrollbar, cut a text off or print a text over another.
GEOMETRY = """() => {
  const problems = [];
  const page = document.documentElement;
  const width = page.clientWidth, height = page.clientHeight;
  if (page.scrollWidth > width || page.scrollHeight > height || document.body.scrollHeight > height) {
    problems.push(`page scrolls: ${page.scrollWidth}x${page.scrollHeight} in ${width}x${height}`);
  }
  const boxes = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const owner = node.parentElement;
    if (owner.closest("[hidden], svg, script, style")) continue;
    const style = getComputedStyle(owner);
    if (style.display === "none" || style.visibility === "hidden") continue;
    if (owner.scrollWidth > owner.clientWidth + 1 && style.display !== "inline") {
      problems.push(`cut off: "${owner.textContent.trim().slice(0, 40)}" ${owner.scrollWidth} > ${owner.clientWidth}`);
    }
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width < 1 || r.height < 1) continue;
      const text = node.textContent.trim().slice(0, 40);
      if (r.left < -1 || r.top < -1 || r.right > width + 1 || r.bottom > height + 1) {
        const at = [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
        problems.push(`outside the screen: "${text}" at ${at}`);
      }
      boxes.push({text, node, r});
    }
  }
  for (const picture of document.querySelectorAll("svg")) {  // the QR code must cover no text either
    boxes.push({text: "(QR code)", node: picture, r: picture.getBoundingClientRect()});
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.node === b.node) continue;
      const dx = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const dy = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (dx > 2 && dy > 2) problems.push(`overlap: "${a.text}" and "${b.text}"`);
    }
  }
  return problems;
}"""

# Anything that could send a change: the room display must offer none.
CONTROLS = """() => Array.from(document.querySelectorAll(
  'form, button, input, select, textarea, [hx-post], [hx-put], [hx-patch], [hx-delete], [contenteditable]'))
  .map((element) => element.outerHTML.slice(0, 80))"""


@pytest.fixture
def screens(browser: Any) -> Iterator[dict[str, Any]]:
    with pages_at(browser, SCREENS, CATCH_UP) as pages:
        yield pages


class Room(ScriptedPlay):
    """The dealer taps through the API; after each tap both screens must show it by themselves, and fit."""

    def __init__(self, api: Api, screens: dict[str, Any], artifacts: Path) -> None:
        self.api, self.screens, self.artifacts = api, screens, artifacts
        self.table, self.token, self.state = api.create(PLAYERS, button="Ana")
        self.step = 0
        self.seen: set[str] = set()  # what the screens showed along the way
        self.shown_phase: str | None = None  # the phase last saved as a screenshot

    def open(self, base: str) -> None:
        for page in self.screens.values():
            page.goto(f"{base}/t/{self.table}/tv")
            page.evaluate("window.__sameDocument = true")  # gone if the page ever reloads
        self.check()

    def tap(self, action: str, **fields: Any) -> None:
        if action != "deal":
            fields.setdefault("player", self.state["to_act"])
        self.state = self.api.ok(self.table, self.token, action, **fields)
        for page in self.screens.values():
            until(page, f'#tv-live[data-seq="{self.state["seq"]}"]', CATCH_UP)
        self.check()

    def check(self) -> None:
        """Every screen fits and shows no control, after every tap; a screenshot when the phase changes (one after
        every tap was over a third of the test's time, for pictures no assertion reads)."""
        self.step += 1
        shoot, self.shown_phase = self.state["phase"] != self.shown_phase, self.state["phase"]
        for name, page in self.screens.items():
            if shoot:
                page.screenshot(path=str(self.artifacts / f"tv-{name}-{self.step:02}.png"))
            problems = page.evaluate(GEOMETRY)
            assert problems == [], f"step {self.step} at {name}: {problems}"
            assert page.evaluate(CONTROLS) == []
            self.seen.add(" ".join(page.get_by_test_id("tv-live").inner_text().split()))

    def text(self, testid: str) -> str:
        return " ".join(self.screens["1280"].get_by_test_id(testid).inner_text().split())


def test_room_display_follows_a_six_player_hand_and_always_fits(server: ServerProcess, screens: dict[str, Any],
                                                                artifacts: Path) -> None:
    room = Room(Api(server.base), screens, artifacts)
    room.open(server.base)
    assert "Deal hand 1" in room.text("tv-turn")

    room.tap("deal")
    assert "Duda" in room.text("tv-turn") and "to call: 2" in room.text("tv-turn")
    assert "D" in room.text("tv-seat-Ana") and "SB" in room.text("tv-seat-Bia") and "BB" in room.text("tv-seat-Caio")
    room.betting(raises=True)  # capped: Caio is all-in for 6
    assert any("capped" in seen for seen in room.seen)
    room.draw(3)
    assert "drew 3" in room.text("tv-seat-Ana")
    room.betting(raises=True)  # Duda is all-in: a second side pot
    pots = room.text("tv-pots")
    assert "main pot" in pots and "side pot 1" in pots and "side pot 2" in pots

    room.tap("draw", count=2)
    assert "2" in room.text("tv-announce")
    room.draw(2)  # the stub runs short: the plan shows the reshuffle
    assert "Reshuffle" in room.text("tv-plan")
    room.betting(raises=False)
    room.draw(0)
    assert "drew 3 · 2 · pat" in room.text("tv-seat-Ana")
    room.betting(raises=False)

    assert room.state["phase"] == "showdown"
    while room.state["phase"] == "showdown":
        room.tap("show", cards=HANDS[room.state["to_act"]])
    result = room.text("tv-result")
    assert "main pot" in result and "Caio" in result and "side pot 1" in result and "Duda" in result
    assert "7-5" in room.text("tv-seat-Caio")
    assert "Caio" in room.text("tv-standings")

    room.tap("deal")
    assert "Hand 2 of 10" in room.text("tv-status")
    for page in screens.values():
        assert page.evaluate("window.__sameDocument") is True  # every change arrived without a reload


def test_room_display_speaks_the_screens_language(server: ServerProcess, browser: Any) -> None:
    api = Api(server.base)
    table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana")
    api.ok(table, token, "deal")
    for language in ("pt", "es"):
        context = browser.new_context(viewport=SCREENS["1280"], locale=language)
        page = context.new_page()
        page.goto(f"{server.base}/t/{table}/tv")
        assert page.locator("html").get_attribute("lang") == language
        assert "para igualar: 2" in page.get_by_test_id("tv-turn").inner_text()
        assert page.evaluate(GEOMETRY) == []
        context.close()


def test_room_display_fits_tournament_stakes(server: ServerProcess, browser: Any, artifacts: Path) -> None:
    api = Api(server.base)
    names = ["Ana", "Bia", "Caio", "Duda", "Enzo", "Fabiana"]
    table, token, _ = api.create(names, button="Ana", stack=5_000_000, blinds=[250_000, 500_000],
                                 limits=[500_000, 1_000_000])
    api.ok(table, token, "deal")
    api.ok(table, token, "raise", player="Duda")
    for name, size in SCREENS.items():
        context = browser.new_context(viewport=size)
        page = context.new_page()
        page.goto(f"{server.base}/t/{table}/tv")
        page.screenshot(path=str(artifacts / f"tv-{name}-big-stakes.png"))
        assert "4000000" in page.get_by_test_id("tv-seat-Duda").inner_text()
        assert page.evaluate(GEOMETRY) == []
        context.close()
