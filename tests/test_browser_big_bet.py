"""No-limit and pot-limit play in a real browser (Playwright + Debian's Chromium), at the tablet's 1280x800 and the
phone's 390x844: the table created from the start screen with a game's structure picked, a pot-limit hand entered
with the presets and the amount field (the confirm button reading the total, an amount out of range refused by the
field), a no-limit hand where a short all-in does not reopen the betting followed on a phone (the pot and the
engine's hint), and the keys: digits type the amount, Enter confirms."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_driver import PHONE, TABLET, WAIT, Console, until
from conftest import Api, ServerProcess
from test_browser_console import Tablet, Tap

pytestmark = pytest.mark.browser

SIZES = {"tablet-1280x800": TABLET, "phone-390x844": PHONE}
FOLLOW = 15_000  # ms: the phone polls


@pytest.fixture(params=list(SIZES))
def tablet(request: pytest.FixtureRequest, browser: Any, server: ServerProcess, artifacts: Path) -> Iterator[Tablet]:
    taps: list[Tap] = []
    device = Tablet(browser, server, taps, artifacts)
    device.page.set_viewport_size(SIZES[request.param])
    device.size = request.param  # type: ignore[attr-defined]
    yield device
    device.close()


def start_big_bet(page: Any, base: str, names: list[str], game: str, structure: str,
                  stacks: dict[int, int]) -> str:
    """The start screen: the players (the first on the button), ``game`` alone, played ``structure`` (the
    option's words); the new table's id once its console is open."""
    page.goto(base + "/")
    for index, name in enumerate(names):
        page.get_by_test_id(f"name-{index}").fill(name)
    for index, stack in stacks.items():
        page.get_by_test_id(f"stack-{index}").fill(str(stack))
    page.get_by_test_id("button-0").check()
    page.get_by_test_id("game-2-7-triple-draw").uncheck()
    page.get_by_test_id(f"game-{game}").check()
    page.get_by_test_id(f"structure-{game}").select_option(label=structure)
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+/dealer$"), timeout=WAIT)
    return str(page.url.split("/t/")[1].split("/")[0])


def shot(t: Tablet, name: str) -> None:
    """The console as it is, at the test's size (the pictures are for people; artifacts/)."""
    t.page.screenshot(path=str(t.artifacts / f"console-{name}-{t.size}.png"))  # type: ignore[attr-defined]


def layout_fits(page: Any) -> None:
    """The page never scrolls sideways and every amount control is inside the screen."""
    found = page.evaluate("""() => {
      const width = document.documentElement.clientWidth;
      const outside = [];
      for (const el of document.querySelectorAll('#console .amount-form button, #console .amount-form input')) {
        const box = el.getBoundingClientRect();
        if (box.left < 0 || box.right > width + 0.5) outside.push(el.dataset.testid);
      }
      return { sideways: document.documentElement.scrollWidth > width, outside };
    }""")
    assert not found["sideways"] and not found["outside"], found


def presets(t: Tablet) -> list[str]:
    return [" ".join(text.split()) for text in t.page.locator("[data-preset]").all_inner_texts()]


def test_pot_limit_hand_by_presets_and_the_field(tablet: Tablet) -> None:
    t = tablet
    start_big_bet(t.page, t.base, ["Ana", "Bia", "Caio"], "2-7-single-draw", "Pot-limit", {2: 20})
    t.tap("act-deal")
    # Ana first: blinds 1/2, the most is the pot after the call (R31): 2 + (1 + 2 + 2) = 7.
    assert presets(t) == ["Min", "½ Pot", "Pot"]
    assert t.text("act-raise") == "Raise to 4"
    layout_fits(t.page)
    t.testid("preset-pot").click()
    assert t.testid("amount-to").input_value() == "7" and t.text("act-raise") == "Raise to 7"
    shot(t, "big-bet-pot-limit")
    t.tap("act-raise")
    assert t.turn().startswith("▶ Bia")
    # Bia types more than the pot: refused by the field, with the range and its rule; nothing else changes.
    seq = t.page.get_by_test_id("console").get_attribute("data-seq")
    t.testid("amount-to").fill("30")
    assert t.text("act-raise") == "Raise to 30"
    t.tap("act-raise", status=409)
    refusal = t.text("amount-refusal")
    assert refusal.startswith("Between 12 and 23") and "R31" in refusal, refusal
    assert t.testid("amount-to").input_value() == "30"
    assert not t.has("notice") and t.turn().startswith("▶ Bia")
    assert t.page.get_by_test_id("console").get_attribute("data-seq") == seq
    layout_fits(t.page)
    t.testid("amount-to").fill("12")
    assert t.text("act-raise") == "Raise to 12"
    t.tap("act-raise")
    # Caio (20 in all) may go all-in for less than the pot: All-in is offered, Pot is not.
    assert t.turn().startswith("▶ Caio")
    labels = presets(t)
    assert labels[0] == "Min" and labels[-1] == "All-in" and "Pot" not in labels, labels
    t.testid("preset-all_in").click()
    assert t.text("act-raise") == "All-in 20"
    t.tap("act-raise")
    assert "All-in" in t.seat("Caio")
    t.taps_in_a_row("act-call", "act-call")  # Ana, Bia
    t.taps_in_a_row("draw-0", "draw-0", "draw-0")
    # After the draw Bia bets with the field: "Bet N".
    assert t.turn().startswith("▶ Bia")
    t.testid("amount-to").fill("10")
    assert t.text("act-bet") == "Bet 10"
    t.tap("act-bet")
    assert t.text("act-call") == "Call 10"


def test_no_limit_short_all_in_does_not_reopen_followed_on_a_phone(tablet: Tablet, browser: Any,
                                                                      server: ServerProcess) -> None:
    t = tablet
    table = start_big_bet(t.page, t.base, ["Ana", "Bia", "Caio"], "2-7-single-draw", "No-limit", {2: 14})
    phone_context = browser.new_context(viewport=PHONE, locale="en-US", extra_http_headers={"Accept-Language": "en"})
    phone = phone_context.new_page()
    phone.goto(f"{server.base}/t/{table}")
    t.tap("act-deal")
    assert presets(t) == ["Min", "½ Pot", "Pot", "All-in"]
    phone.get_by_test_id("wager-hint").filter(has_text="Min raise: to 4").wait_for(timeout=FOLLOW)
    assert "Pot 3" in phone.get_by_test_id("wager-hint").inner_text()
    t.testid("amount-to").fill("10")
    t.tap("act-raise")  # Ana raises to 10: a full raise of 8
    t.tap("act-call")  # Bia calls
    # Caio has 14: all-in raises by 4, less than the full raise of 8 (R30).
    assert t.text("act-raise") == "All-in 14"
    t.tap("act-raise")
    for name in ("Ana", "Bia"):  # both already acted at 10 and face no full raise: call or fold only
        assert t.turn().startswith(f"▶ {name}")
        assert not t.has("amount-form") and not t.has("act-raise")
        assert t.has("act-call") and t.has("act-fold") and t.text("act-call") == "Call 4"
        # the phone at the tablet's seq: "Ana to act" was also true before her raise, hints and all
        until(phone, f'#live[data-seq="{t.page.get_by_test_id("console").get_attribute("data-seq")}"]', FOLLOW)
        assert f"{name} to act" in phone.get_by_test_id("turn").inner_text()
        assert phone.get_by_test_id("wager-hint").count() == 0
        if name == "Ana":
            shot(t, "big-bet-no-limit-short-all-in")
        t.tap("act-call")
    phone.get_by_test_id("pots").filter(has_text="42").wait_for(timeout=FOLLOW)
    phone_context.close()


def test_digits_type_the_amount_and_enter_confirms_it(dealer: Console, api: Api) -> None:
    page = dealer.page
    table = start_big_bet(page, dealer.base, ["Ana", "Bia", "Caio"], "2-7-single-draw", "No-limit", {})
    dealer.tap("act-deal")
    page.wait_for_selector("[data-testid=act-raise]:not([disabled])", timeout=WAIT)
    page.keyboard.press("1")  # the first digit starts a fresh amount in the field
    page.keyboard.press("2")
    assert page.get_by_test_id("amount-to").input_value() == "12"
    assert dealer.text("act-raise") == "Raise to 12"
    seq = dealer.seq()
    page.evaluate("window.__before = document.querySelector('#console-state')")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#console-state') !== window.__before", timeout=WAIT)
    body = api.state(table)
    assert body["seq"] == seq + 1 and body["to_act"] == "Bia"
    assert next(seat for seat in body["players"] if seat["name"] == "Ana")["bet"] == 12
    # A preset tapped, then Enter on the page: the preset's amount is confirmed.
    page.wait_for_selector("[data-testid=preset-pot]:not([disabled])", timeout=WAIT)
    page.get_by_test_id("preset-pot").click()
    pot = page.get_by_test_id("amount-to").input_value()
    page.evaluate("window.__before = document.querySelector('#console-state')")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#console-state') !== window.__before", timeout=WAIT)
    assert next(seat for seat in api.state(table)["players"] if seat["name"] == "Bia")["bet"] == int(pot)
    # The letter keys still act: c calls for Caio.
    page.wait_for_selector("[data-testid=act-call]:not([disabled])", timeout=WAIT)
    page.evaluate("window.__before = document.querySelector('#console-state')")
    page.keyboard.press("c")
    page.wait_for_function("() => document.querySelector('#console-state') !== window.__before", timeout=WAIT)
    assert api.state(table)["to_act"] == "Ana"
    # Chips pushed without a word (TDA 43-A), in one tap: Ana (12 in) pushes 30 facing Bia's pot raise, a few chips
    # over the call, less than half the minimum raise: a call, and the rest goes back.
    top = int(pot)
    page.wait_for_selector("[data-testid=amount-pushed]:not([disabled])", timeout=WAIT)
    page.get_by_test_id("amount-to").fill("30")
    dealer.tap("amount-pushed")
    said = dealer.text("notice")
    assert f"so Ana calls {top - 12}" in said and f"{12 + 30 - top} go back to Ana" in said, said
    assert next(seat for seat in api.state(table)["players"] if seat["name"] == "Ana")["committed"] == top
