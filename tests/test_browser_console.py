"""The dealer's tablet in a real browser (Playwright + Debian's Chromium, headless), by taps only.

Each test opens its own browser context (its own cookies, like a separate tablet) on the real server
(``python app.py`` on 127.0.0.1). Screens are saved at 1280x800 (tablet) and 390x844 (phone) into artifacts/;
the slowest tap's server time (Server-Timing) is printed at the end of the module.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from browser_driver import (
    PHONE,
    SWAPPED,
    TABLET,
    console_device,
    create_table,
    fill_start_screen,
    ready_for_a_tap,
)
from conftest import ServerProcess

pytestmark = pytest.mark.browser



@dataclass(frozen=True)
class Tap:
    ms: float
    what: str
    htmx: bool
    status: int


@pytest.fixture(scope="module")
def taps(request: pytest.FixtureRequest, artifacts: Path) -> Iterator[list[Tap]]:
    found: list[Tap] = []
    yield found
    if not found:
        return
    slowest = max(found, key=lambda tap: tap.ms)
    line = (f"dealer console: {len(found)} taps, slowest tap {slowest.ms:.1f} ms server time "
            f"({slowest.what}, HTTP {slowest.status})")
    (artifacts / "console-timing.txt").write_text(line + "\n")
    capture = request.config.pluginmanager.getplugin("capturemanager")
    with capture.global_and_fixture_disabled():
        sys.stderr.write(f"\n{line}\n")
        sys.stderr.flush()


class Tablet:
    """One dealer device: a browser context (its own cookie jar) with one page on the console."""

    def __init__(self, browser: Any, server: ServerProcess, taps: list[Tap], artifacts: Path,
                 javascript: bool = True) -> None:
        self.context = console_device(browser, viewport=TABLET, java_script_enabled=javascript, locale="en-US",
                                      extra_http_headers={"Accept-Language": "en"})
        self.page = self.context.new_page()
        self.base = server.base
        self.taps = taps
        self.artifacts = artifacts
        self.tapping = "?"
        self.page.on("response", self._timing)

    def _timing(self, response: Any) -> None:
        if response.request.method != "POST":
            return
        header = response.headers.get("server-timing", "")
        match = re.search(r"app;dur=([\d.]+)", header)
        if match:
            page = response.url.split("/t/")[-1]
            what = "start form" if response.url.endswith("/new") else f"{self.tapping} on /t/{page}"
            self.taps.append(Tap(float(match.group(1)), what,
                                 response.request.headers.get("hx-request") == "true", response.status))

    def close(self) -> None:
        self.context.close()

    # --- reading ---
    def testid(self, name: str) -> Any:
        return self.page.get_by_test_id(name)

    def text(self, name: str) -> str:
        return " ".join(self.testid(name).inner_text().split())

    def has(self, name: str) -> bool:
        return self.testid(name).count() > 0

    def seat(self, name: str) -> str:
        return self.text(f"seat-{name}")

    def turn(self) -> str:
        return self.text("turn")

    # --- tapping ---
    def tap(self, name: str, status: int | None = 200) -> None:
        """Tap a console button and wait until the console has been swapped for the answer."""
        page = self.page
        self.tapping = name
        import time
        t0=time.monotonic()
        ready_for_a_tap(page)
        t1=time.monotonic()
        page.evaluate("window.__before = document.querySelector('#console-state')")
        with page.expect_response(lambda r: r.request.method == "POST") as answer:
            self.testid(name).click()
            t2=time.monotonic()
        t3=time.monotonic()
        if status is not None:
            assert answer.value.status == status, (name, answer.value.status, self.notice())
        # a function, not an expression: the page's Content-Security-Policy forbids eval
        page.wait_for_function(SWAPPED)
        t4=time.monotonic()
        print(f"TAP {name} quiet={t1-t0:.3f} click={t2-t1:.3f} resp={t3-t2:.3f} swap={t4-t3:.3f}")

    def taps_in_a_row(self, *names: str) -> None:
        for name in names:
            self.tap(name)

    def notice(self) -> str:
        return self.text("notice") if self.has("notice") else ""

    def undo(self, expected: str) -> None:
        label = self.text("undo")
        assert label == f"↶ Undo: {expected}", label
        self.tap("undo")

    def pick(self, *cards: str) -> None:
        for card in cards:
            self.testid(f"pick-{card}").click()

    def show(self, *cards: str) -> None:
        """Pick a whole hand: its last card sends it, and the console is swapped for the answer."""
        self.pick(*cards[:-1])
        self.tap(f"pick-{cards[-1]}")

    # --- screens ---
    def shot(self, name: str, phone: bool = True, locator: str | None = None) -> None:
        """Save the screen at tablet size and (by default) at phone size; the test goes on at tablet size."""
        import time
        t0=time.monotonic()
        self._shot(name, phone, locator)
        print(f"SHOT {name} {time.monotonic()-t0:.3f}")

    def _shot(self, name: str, phone: bool = True, locator: str | None = None) -> None:
        page = self.page
        sizes = [("tablet", TABLET)] + ([("phone", PHONE)] if phone else [])
        for label, size in sizes:
            page.set_viewport_size(size)
            if locator:
                page.locator(locator).first.scroll_into_view_if_needed()
            else:
                page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(self.artifacts / f"console-{name}-{label}.png"))
        page.set_viewport_size(TABLET)

    # --- the start screen ---
    def create(self, names: list[str], button: int | None = None, stacks: dict[int, int] | None = None,
               hands: int | None = None, screenshot: str | None = None) -> str:
        fill_start_screen(self.page, self.base, names, button, stacks)
        if hands is not None:
            self.page.locator("[data-testid=other-stakes] summary").click()
            self.testid("stakes-hands").fill(str(hands))
        if screenshot:
            self.shot(screenshot)
        return create_table(self.page)


@pytest.fixture
def tablet(browser: Any, server: ServerProcess, taps: list[Tap], artifacts: Path) -> Iterator[Tablet]:
    device = Tablet(browser, server, taps, artifacts)
    yield device
    device.close()
    assert all(tap.htmx for tap in taps if tap.status != 303), "taps with JavaScript go through htmx"


@pytest.fixture
def dealt(tablet: Tablet) -> Tablet:
    """Ana, Bia and Caio at a new table, Ana on the button, hand 1 dealt."""
    tablet.create(["Ana", "Bia", "Caio"], button=0)
    tablet.tap("act-deal")
    return tablet


def hand_to_showdown_checking(t: Tablet, players: int) -> None:
    """Everyone stands pat and checks through the three draws and the last three betting rounds."""
    for _ in range(3):
        for _ in range(players):
            t.tap("draw-0")
        for _ in range(players):
            t.tap("act-check")


def decode_qr(png: bytes) -> str | None:
    import io

    import zxingcpp
    from PIL import Image

    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    return found[0].text if found else None


# --- the scenarios --------------------------------------------------------------------------------------------

def test_full_ten_hand_session_of_three_players(tablet: Tablet) -> None:
    t = tablet
    page = t.page
    page.goto(t.base + "/")
    # Seat order is easy to change: Caio typed first, then moved down to the third seat.
    t.testid("name-0").fill("Caio")
    t.testid("name-1").fill("Ana")
    t.testid("name-2").fill("Bia")
    t.testid("down-0").click()
    t.testid("down-1").click()
    assert [t.testid(f"name-{i}").input_value() for i in range(3)] == ["Ana", "Bia", "Caio"]
    assert "blinds 1/2, limits 2/4, a bet and 3 raises, 10 hands" in t.text("house-stakes")
    t.shot("start")
    t.testid("create-table").click()
    page.wait_for_url(re.compile(r"/dealer$"))
    assert "First button drawn by lot" in t.text("hand-log")
    assert t.text("hand-label") == "No hand dealt yet (10 hands)"
    assert "Shuffle all 52 cards" in t.text("shuffle-reminder")

    # Hand 1 is played out: a raise, calls, three draws, and a showdown won by the better hand.
    t.tap("act-deal")
    assert t.text("hand-label") == "Hand 1 of 10" and t.text("stage") == "Betting round 1 of 4"
    assert t.text("bet-unit") == "small bet: 2" and t.text("cap-state").startswith("3 raises left")
    first = t.turn().split()[1]
    assert "TO ACT" in t.seat(first).upper()
    t.shot("bet")
    t.tap("act-raise")
    t.taps_in_a_row("act-call", "act-call")
    assert t.text("pot-0").startswith("Pot 12")
    for count in ("draw-1", "draw-2", "draw-0"):
        t.tap(count)
    assert "Deal plan, draw 1" in t.text("deal-plan")
    assert t.text("stage") == "Betting round 2 of 4"
    t.taps_in_a_row("act-check", "act-check", "act-check")
    for _ in range(2):
        t.taps_in_a_row("draw-0", "draw-0", "draw-0")
        t.taps_in_a_row("act-check", "act-check", "act-check")
    assert t.text("stage") == "Showdown"
    order = t.text("show-order")
    shows_first = t.text("showdown").split("Showdown: ")[1].split(" shows first")[0]
    assert order.startswith(shows_first)
    t.pick("7h", "5c", "4d", "3s")
    t.shot("showdown", locator="[data-testid=card-picker]")
    t.tap("pick-2c")  # the hand's last card sends it
    t.testid("typed-cards").fill("8h 6c 4s 3c 2d")
    t.tap("act-show")
    t.tap("act-muck")
    result = t.text("last-hand")
    assert f"Pot 12 → {shows_first}" in result
    assert "7-5-4-3-2 beats 8-6-4-3-2" in result
    t.shot("result")

    # Hands 2-10: the first two to act fold, the big blind takes the blinds.
    for hand in range(2, 11):
        t.tap("act-deal")
        assert t.text("hand-label") == f"Hand {hand} of 10"
        t.taps_in_a_row("act-fold", "act-fold")
        assert "uncalled returned" in t.text("hand-log")
    assert t.has("session-over") and not t.has("act-deal")
    assert t.text("stage") == "Session over"
    standings = t.text("standings")
    assert standings.startswith("Standings")
    assert "Chip check: stacks add up to 300; table total 300 ✓" in t.text("total-check")
    assert t.page.locator("[data-testid=stacks-chart] svg polyline").count() == 3
    assert t.page.locator("[data-testid=stacks-chart] svg circle").count() == 3 * 11
    t.shot("session-over", locator="[data-testid=standings]")
    assert "Session over after hand 10" in t.text("hand-log")
    assert "Hand 1: " in t.text("log-hand-1")  # earlier hands in one line, each linking to its full log
    t.page.locator("[data-testid=log-hand-1] a").click()
    t.page.wait_for_url("**/log/1")
    assert "7h 5c 4d 3s 2c" in t.text("log-hand-1")


def test_capped_round_then_heads_up_raises_without_cap(dealt: Tablet) -> None:
    t = dealt
    t.tap("act-raise")  # Ana to 4
    assert t.text("act-raise") == "Raise to 6" and t.text("cap-state").startswith("2 raises left")
    t.tap("act-raise")  # Bia to 6
    assert t.text("cap-state").startswith("1 raise left")
    t.tap("act-raise")  # Caio to 8: the big blind's bet and three raises
    assert not t.has("act-raise")
    assert t.text("cap-state").startswith("capped")
    assert "Raise not offered: betting is capped for this round." in t.text("notes")
    assert t.text("act-call") == "Call 4"
    assert "Caio raises to 8 — capped" in t.text("log-current")
    t.shot("capped")
    t.taps_in_a_row("act-call", "act-call")
    t.taps_in_a_row("draw-0", "draw-0", "draw-0")
    # Round 2: Bia bets, Caio folds: two players are left, so raises are unlimited (R9).
    t.tap("act-bet")
    t.tap("act-fold")
    assert t.text("cap-state").startswith("heads-up: no cap")
    for to in (4, 6, 8, 10, 12):
        assert t.text("act-raise") == f"Raise to {to}"
        t.tap("act-raise")
    assert t.text("act-raise") == "Raise to 14", "a sixth raise is still offered heads-up"
    assert t.text("cap-state").startswith("heads-up: no cap")
    t.tap("act-call")
    assert t.text("stage") == "Draw 2 of 3"
    assert t.text("pot-0").startswith("Pot 48")


def test_short_all_in_that_does_not_reopen_and_one_that_does(tablet: Tablet) -> None:
    t = tablet

    def to_round_three(caio_stack: int) -> None:
        t.create(["Ana", "Bia", "Caio"], button=0, stacks={2: caio_stack})
        t.tap("act-deal")
        t.taps_in_a_row("act-call", "act-call", "act-check")  # Ana, Bia, Caio (big blind)
        t.taps_in_a_row("draw-0", "draw-0", "draw-0")
        t.taps_in_a_row("act-check", "act-check", "act-check")
        t.taps_in_a_row("draw-0", "draw-0", "draw-0")
        assert t.text("bet-unit") == "big bet: 4"
        t.tap("act-bet")  # Bia bets 4

    # Caio has 5 left: all-in to 5 adds 1, less than half of 4 (R7).
    to_round_three(7)
    assert t.text("act-raise") == "All-in 5"
    t.tap("act-raise")
    assert "all-in — incomplete: does not reopen the betting" in t.text("log-current")
    assert "Caio" in t.seat("Caio") and "All-in" in t.seat("Caio")
    # Ana has not acted yet: she may complete the raise to 8.
    assert t.turn().startswith("▶ Ana")
    assert t.text("act-call") == "Call 5" and t.text("act-raise") == "Complete to 8"
    t.tap("act-call")
    # Bia already acted at 4: only call or fold.
    assert t.turn().startswith("▶ Bia")
    assert not t.has("act-raise") and t.text("act-call") == "Call 1"
    assert "Raise not offered: Bia already acted at this level and the short all-in did not reopen" in t.text("notes")
    t.shot("short-all-in")
    t.tap("act-call")
    assert t.text("pot-0").startswith("Pot 21")

    # Caio has 6 left: all-in to 6 adds 2, half a bet or more: the betting reopens for everyone.
    to_round_three(8)
    assert t.text("act-raise") == "All-in 6"
    t.tap("act-raise")
    assert "adds at least half a bet: reopens the betting" in t.text("log-current")
    assert t.text("act-raise") == "Raise to 10" and t.text("act-call") == "Call 6"
    t.tap("act-call")  # Ana
    assert t.turn().startswith("▶ Bia") and t.text("act-raise") == "Raise to 10"
    t.tap("act-raise")  # Bia re-raises: reopened
    assert t.text("act-call") == "Call 4"
    assert "Main pot 24" in t.text("pots") and "Side pot 4 can win it: Ana, Bia" in t.text("pots")
    t.shot("side-pots")
    t.tap("act-call")
    pots = t.text("pots")
    assert "Main pot 24" in pots and "Side pot 8" in pots and "can win it: Ana, Bia" in pots


def test_six_players_draw_five_each_and_the_reshuffle_box(tablet: Tablet) -> None:
    t = tablet
    names = ["Ana", "Bia", "Caio", "Dani", "Eva", "Fay"]
    t.create(names, button=0)
    t.tap("act-deal")
    t.taps_in_a_row(*["act-call"] * 5, "act-check")
    assert t.text("stage") == "Draw 1 of 3"
    for name in names[1:] + names[:1]:
        assert t.turn() == f"▶ {name} how many cards?"
        t.tap("draw-5")
    plan = t.text("deal-plan")
    steps = [" ".join(step.inner_text().split()) for step in t.page.get_by_test_id("plan-step").all()]
    assert steps[:5] == ["Burn 1", "Serve Bia 5 cards", "Serve Caio 5 cards", "Serve Dani 5 cards",
                         "Serve Eva 5 cards"]
    assert steps[6:] == ["Serve Fay 5 cards", "Serve Ana 5 cards"]
    box = t.text("reshuffle-box")
    assert "The stub is short: Fay needs 5, the stub holds 1." in box
    gather = t.text("reshuffle-gather")
    assert "the stub's last card" in gather
    assert "this draw's discards of the players already served: Bia 5, Caio 5, Dani 5, Eva 5 (20 cards)" in gather
    keep = t.text("reshuffle-keep")
    assert "the discards of Fay (5 cards), being served now" in keep
    assert "the discards of the players still waiting: Ana (5 cards)" in keep
    assert "the burned card" in keep and "every live hand" in keep
    assert t.text("reshuffle-result") == "Shuffle them together: the new stub holds 21 cards."
    assert "Deal plan, draw 1" in plan
    t.shot("reshuffle", locator="[data-testid=reshuffle-box]")
    # A replacement card for Eva shows while serving: it goes out with the burned cards (R14).
    t.tap("exposed-Eva")
    t.tap("confirm-yes")  # a rare input: asked once
    assert "Card exposed while serving Eva" in t.text("log-current")
    # The checklist now holds what is still to do, from the exposed card on (R14): Eva, then the reshuffle for Fay.
    steps = [" ".join(step.inner_text().split()) for step in t.page.get_by_test_id("plan-step").all()]
    assert steps[:2] == ["Put the card exposed while serving Eva with the burned cards",
                         "Serve Eva the rest of their 5 replacement cards (the exposed card does not count)"]
    assert "The stub is short: Fay needs 5, the stub holds 0." in t.text("reshuffle-box")
    t.undo("Card exposed while serving Eva: it goes out with the burned cards, and Eva still gets every replacement")
    assert t.has("exposed-Eva")


def test_split_pot_with_an_odd_chip(dealt: Tablet) -> None:
    t = dealt
    t.tap("act-call")  # Ana
    t.tap("act-fold")  # Bia leaves her small blind in: the pot is 5
    t.tap("act-check")  # Caio
    hand_to_showdown_checking(t, 2)
    assert "Showdown: Caio shows first" in t.text("showdown")
    t.show("7h", "5c", "4d", "3s", "2c")
    # Caio's cards cannot be picked again for Ana.
    assert t.page.locator("[data-testid=pick-7h] input").is_disabled()
    t.show("7d", "5h", "4s", "3c", "2h")
    result = t.text("last-hand")
    assert "Pot 5 → split: Ana 2, Caio 3" in result
    assert "7-5-4-3-2 and 7-5-4-3-2 tie" in result
    assert "Odd chip to Caio: the first tied player left of the button." in t.text("odd-chip")
    assert t.testid("odd-chip").locator("a.cite").get_attribute("href") == "/rules#r17"
    t.shot("split-pot", locator="[data-testid=last-hand]")


def test_undo_each_kind_of_input(dealt: Tablet) -> None:
    t = dealt
    t.undo("Deal hand 1: button Ana; Bia posts 1, Caio posts 2")
    assert "Undo the deal of hand 1" in t.text("confirm")  # a boundary: the first tap only asks
    t.tap("confirm-yes")
    assert t.has("act-deal") and t.text("hand-label") == "No hand dealt yet (10 hands)"
    t.tap("act-deal")
    t.tap("act-misdeal")
    t.tap("confirm-yes")
    assert t.text("hand-label") == "Hand 1 of 10"
    t.undo("Misdeal: all 52 cards are reshuffled and dealt again; same button, the blinds stay posted")
    t.tap("act-raise")
    t.undo("Ana raises to 4")
    assert t.turn().startswith("▶ Ana") and t.text("act-raise") == "Raise to 4"
    t.tap("act-raise")
    t.tap("act-call")
    t.undo("Bia calls 3")
    t.tap("act-call")
    t.tap("act-fold")
    t.undo("Caio folds")
    assert "Folded" not in t.seat("Caio")
    t.tap("act-fold")
    assert "Folded" in t.seat("Caio")
    t.tap("draw-2")
    t.undo("Bia draws 2 cards")
    t.tap("draw-2")
    t.tap("draw-0")
    t.undo("Ana stands pat")
    assert not t.has("deal-plan")
    t.tap("draw-1")
    assert "Serve Bia 2 cards" in t.text("deal-plan")
    t.tap("exposed-Ana")
    t.tap("confirm-yes")
    t.undo("Card exposed while serving Ana: it goes out with the burned cards, and Ana still gets every replacement")
    t.tap("act-check")
    t.undo("Bia checks")
    t.tap("act-check")
    t.tap("act-bet")
    t.undo("Ana bets 2")
    t.tap("act-bet")
    t.tap("act-call")
    for _ in range(2):
        t.taps_in_a_row("draw-0", "draw-0", "act-check", "act-check")
    t.testid("typed-cards").fill("7h 5c 4d 3s 2c")
    t.tap("act-show")
    t.undo("Bia shows 7h 5c 4d 3s 2c: 7-5")
    t.testid("typed-cards").fill("7h 5c 4d 3s 2c")
    t.tap("act-show")
    t.tap("act-muck")
    assert "Bia" in t.text("last-hand")
    t.undo("Ana mucks and gives up every pot")
    t.tap("confirm-yes")  # the end of the hand: asked once
    assert t.text("stage") == "Showdown" and t.has("act-muck")
    t.tap("act-muck")
    assert t.has("act-deal")


def test_misdeal_keeps_the_hand_number_and_closes_after_the_first_action(dealt: Tablet) -> None:
    t = dealt
    assert t.has("act-misdeal")
    t.tap("act-misdeal")
    assert t.text("hand-label") == "Hand 1 of 10" and "Misdeal: all 52" not in t.text("log-current")  # asked only
    t.tap("confirm-yes")
    assert t.text("recorded") == "Misdeal recorded: shuffle all 52 and deal again. §08 · R19"
    assert t.text("hand-label") == "Hand 1 of 10" and t.text("stage") == "Betting round 1 of 4"
    assert "Misdeal: all 52 cards are reshuffled" in t.text("log-current")
    assert "bet 2" in t.seat("Caio").lower()  # the blinds stay posted
    t.tap("act-call")
    assert not t.has("act-misdeal")


def test_a_second_tab_follows_the_table_by_itself_without_a_double_application(tablet: Tablet, browser: Any,
                                                                      server: ServerProcess) -> None:
    t = tablet
    table = t.create(["Ana", "Bia", "Caio"], button=0)
    t.tap("act-deal")
    second = t.context.new_page()  # the same device's cookie, a second tab on the same screen
    second.goto(f"{t.base}/t/{table}/dealer")
    assert second.get_by_test_id("act-call").is_visible()
    t.tap("act-call")  # Ana calls on the first tab
    # The second screen follows the table by itself, without being touched (a stale tap is in test_console).
    second.wait_for_function("() => document.querySelector('[data-testid=turn]').innerText.includes('Bia')",
                             timeout=15000)
    assert " ".join(second.get_by_test_id("turn").inner_text().split()).startswith("▶ Bia")
    log = " ".join(second.get_by_test_id("log-current").inner_text().split())
    assert log.count("Ana calls 2") == 1
    second.screenshot(path=str(t.artifacts / "console-stale-tablet.png"))
    second.close()

    # Another device without the dealer cookie gets no controls, only the way to the player view.
    stranger = browser.new_context(viewport=PHONE)
    page = stranger.new_page()
    page.goto(f"{t.base}/t/{table}/dealer")
    assert page.get_by_test_id("console-locked").is_visible()
    assert page.locator("form").count() == 0 or page.locator("main form").count() == 0
    assert page.get_by_test_id("player-view-link").get_attribute("href") == f"/t/{table}"

    # "Continue on another tablet": the dealer link moves the console to that device.
    t.page.locator("[data-testid=share-dealer] summary").click()
    link = t.testid("join-url").get_attribute("href")
    assert link.startswith(f"{t.base}/t/{table}/join?token=")
    qr_png = t.page.locator("[data-testid=share-dealer] .qr-button").screenshot()
    assert decode_qr(qr_png) == link, "the QR code carries the same dealer link"
    page.goto(link)
    page.wait_for_url(re.compile(r"/dealer$"))
    assert page.get_by_test_id("act-call").inner_text().strip() == "Call 1"  # Bia's turn, as on the first tablet
    stranger.close()


def test_forms_work_without_javascript(browser: Any, server: ServerProcess, taps: list[Tap],
                                       artifacts: Path) -> None:
    t = Tablet(browser, server, taps, artifacts, javascript=False)
    try:
        t.page.goto(t.base + "/")
        t.testid("name-0").fill("Ana")
        t.testid("name-1").fill("Bia")
        with t.page.expect_navigation():
            t.testid("down-0").click()  # a real round trip without JavaScript
        assert t.testid("name-1").input_value() == "Ana"
        with t.page.expect_navigation():
            t.testid("create-table").click()
        assert re.search(r"/t/[a-z0-9]+/dealer$", t.page.url), t.page.url
        for name in ("act-deal", "act-call"):
            with t.page.expect_navigation():
                t.testid(name).click()
        assert t.text("stage") == "Betting round 1 of 4"
        assert "calls 1" in t.text("log-current")
    finally:
        t.close()
