"""A tournament on the dealer's tablet in a real browser (1280x800): a player busted during the rebuy period is
offered Rebuy and Out, and Rebuy gives the chips back (R35, R37); the clock strip counts down, and Pause / Resume
stop and restart it (R36)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_driver import WAIT
from conftest import Api, ServerProcess
from test_browser_console import Tablet, Tap
from test_browser_console import taps as taps

pytestmark = pytest.mark.browser

LOSER, WINNER = "Kh Qd Jc 9s 8h", "7h 5c 4d 3s 2c"
LEVELS = [{"blinds": [10, 20], "minutes": 15}, {"blinds": [15, 30], "minutes": 15}]


@pytest.fixture
def tablet(browser: Any, server: ServerProcess, taps: list[Tap], artifacts: Path) -> Iterator[Tablet]:
    device = Tablet(browser, server, taps, artifacts)
    yield device
    device.close()


def open_tournament(t: Tablet, api: Api, players: list[Any]) -> str:
    """A tournament created through the API (Bia on the button, a rebuy of 1000 chips for 20 through level 2), its
    console opened on this tablet with the dealer's link."""
    table, token, _ = api.create(players, stack=1000, format="tournament", button="Bia", levels=LEVELS,
                                 buy_in="20", rebuy={"chips": 1000, "price": "20", "through_level": 2})
    t.page.goto(f"{t.base}/t/{table}/join?token={token}")
    t.testid("clock-strip").wait_for(timeout=WAIT)
    return table


def to_act(t: Tablet) -> str:
    return " ".join(t.page.locator("[data-testid=turn] .turn-name").inner_text().split())


def play_hand(t: Tablet, cards: dict[str, str]) -> None:
    """Deal and play one hand by taps: Caio folds, the others call or check, stand pat and show ``cards``."""
    t.tap("act-deal")
    while t.page.get_by_test_id("console-state").get_attribute("data-phase") not in ("deal", "over"):
        player = to_act(t)
        if player == "Caio" and t.has("act-fold"):
            t.tap("act-fold")
        elif t.has("act-check") or t.has("act-call"):
            t.tap("act-check" if t.has("act-check") else "act-call")
        elif t.has("draw-0"):
            t.tap("draw-0")
        else:
            t.testid("typed-cards").fill(cards[player])
            t.tap("act-show")


def test_a_busted_player_is_offered_rebuy_and_out_and_rebuy_gives_the_chips(tablet: Tablet, api: Api) -> None:
    t = tablet
    table = open_tournament(t, api, [{"name": "Ana", "stack": 20}, "Bia", "Caio"])
    # Ana's 20 chips are all in her big blind; she shows the worse hand and loses them to Bia.
    play_hand(t, {"Ana": LOSER, "Bia": WINNER})
    busted = t.testid("busted-Ana")
    busted.wait_for(timeout=WAIT)
    assert "Ana" in " ".join(busted.inner_text().split())
    assert t.text("rebuy-Ana") == "Rebuy" and t.text("out-Ana") == "Out"
    assert not t.has("rebuy-Bia") and not t.has("out-Bia")
    t.shot("tournament-busted", phone=False, locator="[data-testid=tournament-controls]")
    t.tap("rebuy-Ana")
    assert t.text("stack-Ana") == "1000"
    assert not t.has("rebuy-Ana") and not t.has("out-Ana")
    ana = next(seat for seat in api.state(table)["players"] if seat["name"] == "Ana")
    assert ana["stack"] == 1000


def test_the_clock_counts_down_and_pause_and_resume_stop_and_restart_it(tablet: Tablet, api: Api) -> None:
    t = tablet
    open_tournament(t, api, ["Ana", "Bia", "Caio"])
    assert t.text("clock-level") == "Level 1" and "Blinds 10/20" in t.text("clock-stakes")
    assert t.text("clock-time") == "15:00" and not t.has("clock-pause")  # the clock starts with the first deal
    t.tap("act-deal")
    t.testid("clock-pause").wait_for(timeout=WAIT)
    # The browser counts down by itself, without any tap.
    t.page.wait_for_function("() => { const el = document.querySelector('[data-testid=clock-time]');"
                             " return el && el.textContent.trim() !== '15:00'; }", timeout=WAIT)
    t.tap("clock-pause")
    assert t.has("clock-paused") and t.has("clock-resume")
    frozen = t.text("clock-time")
    t.page.wait_for_timeout(1500)
    assert t.text("clock-time") == frozen  # paused: the time left stays
    t.shot("tournament-clock-paused", phone=False, locator="[data-testid=clock-strip]")
    t.tap("clock-resume")
    assert not t.has("clock-paused") and t.has("clock-pause")
    t.page.wait_for_function("(frozen) => document.querySelector('[data-testid=clock-time]').textContent.trim()"
                             " !== frozen", arg=frozen, timeout=WAIT)
    # The keyboard's P presses whichever of Pause / Resume is on screen.
    t.page.wait_for_selector("[data-testid=clock-pause]:not([disabled])", timeout=WAIT)
    t.page.keyboard.press("p")
    t.testid("clock-resume").wait_for(timeout=WAIT)


def test_chop_by_icm_from_the_console_ends_the_tournament_with_those_prizes(tablet: Tablet, api: Api) -> None:
    t = tablet
    table = open_tournament(t, api, ["Ana", "Bia", "Caio"])
    icm = api.state(table)["chop"]["icm"]
    t.testid("chop-open").click()
    for name, amount in icm.items():
        assert t.text(f"chop-icm-{name}") == amount
    assert t.testid("chop-amount-Ana").input_value() == icm["Ana"]  # the agreed deal starts from the ICM shares
    t.shot("tournament-chop", phone=False, locator="[data-testid=chop]")
    t.tap("chop-icm")
    t.testid("session-over").wait_for(timeout=WAIT)
    assert "The tournament is over" in t.text("session-over")
    body = api.state(table)
    assert body["phase"] == "over"
    assert {row["name"]: row["amount"] for row in body["payouts"] if "name" in row} == icm
