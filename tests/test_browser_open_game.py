"""An open game in a real browser (R26, R27): a late arrival, a player sitting out one hand, a rebuy after a bust
and a player leaving, the night ended by the dealer, and the settlement on the console, the phone and the report."""

from __future__ import annotations

import re
from typing import Any

import pytest

from test_browser_console import PHONE, Tablet
from test_browser_console import tablet as tablet
from test_browser_console import taps as taps

pytestmark = pytest.mark.browser


def open_menu(t: Tablet, summary: str) -> None:
    t.testid(summary).click()


def test_an_open_night_with_comings_goings_a_rebuy_and_the_settlement(tablet: Tablet, browser: Any) -> None:
    t = tablet
    page = t.page
    page.goto(t.base + "/")
    for index, name in enumerate(("Ana", "Bia", "Caio")):
        t.testid(f"name-{index}").fill(name)
    t.testid("stack-1").fill("1")
    t.testid("button-0").check()
    t.testid("format-open").check()
    t.testid("chip-value").fill("0.10")
    t.testid("currency").fill("EUR")
    t.testid("create-table").click()
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+/dealer$"))
    table = page.url.split("/t/")[1].split("/")[0]
    assert t.text("hand-label") == "No hand dealt yet (open game)"
    assert t.has("open-game") and t.has("ledger")

    # Hand 1: Bia's only chip is her small blind; Ana folds, Caio's hand beats hers at the showdown: Bia is broke.
    t.tap("act-deal")
    t.tap("act-fold")
    while t.has("draw-0"):
        t.tap("draw-0")
    t.show("Kh", "Qd", "Jc", "9s", "8h")
    t.testid("typed-cards").fill("7h 5c 4d 3s 2c")
    t.tap("act-show")
    assert "0" in t.seat("Bia")

    # Between hands: Bia buys back in, Duda arrives and sits after Caio, Caio steps out for a call.
    open_menu(t, "seat-open-Bia")
    t.testid("add-amount-Bia").fill("50")
    t.tap("add-chips-Bia")
    assert "Bia adds 50 chips (now 50)" in t.text("hand-log")
    open_menu(t, "seat-here-open-Caio")
    t.testid("join-name-Caio").fill("Duda")
    t.testid("join-stack-Caio").fill("80")
    t.tap("join-after-Caio")
    assert "Duda sits down after Caio with 80 chips" in t.text("hand-log")
    open_menu(t, "seat-open-Caio")
    t.tap("sit-out-Caio")
    assert "Sitting out" in t.seat("Caio")
    open_menu(t, "seat-open-Duda")
    t.shot("open-between-hands", locator="[data-testid=open-game]")

    # Hand 2 without Caio: the button moves on from Ana to Bia, Caio is skipped; two fold to the big blind.
    t.tap("act-deal")
    assert "Sitting out" in t.seat("Caio")
    t.taps_in_a_row("act-fold", "act-fold")

    # Caio comes back, Ana cashes out, and the dealer ends the night.
    open_menu(t, "seat-open-Caio")
    t.tap("sit-in-Caio")
    # Leaving and ending the night ask once, like a misdeal: the first tap records nothing.
    open_menu(t, "seat-open-Ana")
    t.tap("leave-Ana")
    assert "takes their chips away" in t.text("confirm") and "Left" not in t.seat("Ana")
    assert t.text("confirm-yes") == "Yes, record: Leave: Ana"
    t.tap("confirm-yes")
    assert "Ana leaves the table and takes" in t.text("hand-log")
    assert "Left" in t.seat("Ana")
    t.tap("end-night")
    assert "results and who pays whom are final" in t.text("confirm")
    t.testid("confirm-cancel").click()
    t.page.wait_for_selector("[data-testid=confirm]", state="detached")
    t.page.wait_for_selector("#console:not(.is-quiet)")  # the quiet moment after the screen changed
    assert not t.has("confirm") and t.text("stage") != "The night is over" and t.has("end-night")
    t.tap("end-night")
    t.tap("confirm-yes")
    assert t.text("stage") == "The night is over"
    settlement = t.text("settlement")
    assert re.search(r"\w+ pays \w+ \d+\.\d\d EUR", settlement), settlement
    assert "Money in" in t.text("balance")
    t.shot("open-night-over", locator="[data-testid=ledger]")

    # The phone and the report show the same settlement.
    phone = browser.new_context(viewport=PHONE, locale="en-US", extra_http_headers={"Accept-Language": "en"})
    try:
        seen = phone.new_page()
        seen.goto(f"{t.base}/t/{table}")
        assert settlement in " ".join(seen.get_by_test_id("settlement").inner_text().split())
        seen.goto(f"{t.base}/t/{table}/report")
        assert settlement in " ".join(seen.get_by_test_id("settlement").inner_text().split())
        assert "Duda" in seen.get_by_test_id("ledger").inner_text()
    finally:
        phone.close()


def test_the_seat_menus_offer_only_what_legal_lists_sit_in_for_a_player_sitting_out_and_no_join_at_a_full_table(
        tablet: Tablet) -> None:
    t = tablet
    page = t.page
    page.goto(t.base + "/")
    names = ("Ana", "Bia", "Caio", "Duda", "Edu", "Fabi")  # six: the most a table seats (R26)
    for index, name in enumerate(names):
        t.testid(f"name-{index}").fill(name)
    t.testid("button-0").check()
    t.testid("format-open").check()
    t.testid("create-table").click()
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+/dealer$"))
    assert page.viewport_size == {"width": 1280, "height": 800}

    # A full table: every seat has its menu, and no place offers to seat a newcomer.
    menus = t.text("open-game")
    assert all(t.has(f"seat-open-{name}") for name in names)
    assert "Join" not in menus and "seat a player here" not in menus.lower()
    assert page.locator("[data-testid=open-game] [data-testid^=seat-here]").count() == 0

    # Caio sits out: his menu offers to come back (sit_in) and nothing else of the kind.
    open_menu(t, "seat-open-Caio")
    t.tap("sit-out-Caio")
    open_menu(t, "seat-open-Caio")
    menu = t.text("seat-menu-Caio")
    assert t.has("sit-in-Caio") and t.text("sit-in-Caio") == "Sit in (come back)"
    assert not t.has("sit-out-Caio") and "Sit out" not in menu
    assert t.has("sit-out-Bia") and not t.has("sit-in-Bia")
    t.shot("open-sitting-out", phone=False, locator="[data-testid=open-game]")

    # Ana leaves: a seat is free, so every place after a seated player offers it again (Ana's is gone).
    open_menu(t, "seat-open-Ana")
    t.tap("leave-Ana")
    t.tap("confirm-yes")
    assert not t.has("seat-open-Ana") and not t.has("seat-here-open-Ana")
    assert all(t.has(f"seat-here-open-{name}") for name in names[1:])
