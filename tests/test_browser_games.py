"""Dealer's choice in a real browser (issue 18): three games (Badugi, Badeucey, A-5 Triple Draw) played by tapping,
a four-card showdown and a split pot, followed on a phone and on the TV."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_driver import until_text
from conftest import ServerProcess
from test_browser_console import PHONE, Tablet, Tap, hand_to_showdown_checking

pytestmark = pytest.mark.browser

FOLLOW = 15_000  # the phone and the TV poll: generous waits


@pytest.fixture
def tablet(browser: Any, server: ServerProcess, artifacts: Path) -> Iterator[Tablet]:
    taps: list[Tap] = []
    device = Tablet(browser, server, taps, artifacts)
    yield device
    device.close()


def follows(page: Any, testid: str, words: str) -> None:
    """The follower's screen shows ``words`` in ``testid`` (it polls: wait for it)."""
    until_text(page, testid, words, FOLLOW)


def test_dealers_choice_of_three_games_by_taps_followed_by_a_phone_and_the_tv(
        tablet: Tablet, browser: Any, server: ServerProcess, artifacts: Path) -> None:
    t = tablet
    page = t.page
    page.goto(t.base + "/")
    for index, name in enumerate(("Ana", "Bia", "Caio")):
        t.testid(f"name-{index}").fill(name)
    t.testid("button-0").check()
    t.testid("game-2-7-triple-draw").uncheck()
    for code in ("badugi", "badeucey", "a-5-triple-draw"):
        t.testid(f"game-{code}").check()
    t.testid("choice-dealer").check()
    t.testid("create-table").click()
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+/dealer$"))
    table = page.url.split("/t/")[1].split("/")[0]
    assert [" ".join(t.testid(f"deal-{code}").inner_text().split()) for code in
            ("badugi", "badeucey", "a-5-triple-draw")] == [
        "Deal hand 1: Badugi", "Deal hand 1: Badeucey", "Deal hand 1: A-5 Triple Draw"]

    phone_context = browser.new_context(viewport=PHONE, locale="en-US", extra_http_headers={"Accept-Language": "en"})
    phone = phone_context.new_page()
    phone.goto(f"{server.base}/t/{table}")
    tv_context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-US",
                                     extra_http_headers={"Accept-Language": "en"})
    tv = tv_context.new_page()
    tv.goto(f"{server.base}/t/{table}/tv")
    follows(phone, "game-name", "Dealer's choice")
    follows(tv, "tv-game", "Dealer's choice")

    # Hand 1, Badugi: four cards each, a four-card showdown.
    t.tap("deal-badugi")
    assert "Badugi" in t.text("game-name")
    follows(phone, "game-name", "Badugi")
    follows(tv, "tv-game", "Badugi")
    t.taps_in_a_row("act-call", "act-call", "act-check")
    assert t.has("draw-4") and not t.has("draw-5")  # a Badugi player draws 0 to 4
    hand_to_showdown_checking(t, 3)
    assert "four cards" in t.text("card-picker")
    t.show("Ah", "2c", "3d", "4s")
    t.show("5h", "6c", "7d", "8s")
    t.tap("act-muck")
    assert "Bia" in t.text("last-hand") and "4-3-2-A badugi" in t.text("last-hand")
    follows(phone, "last-hand", "4-3-2-A badugi")
    t.shot("games-badugi")

    # Hand 2, Badeucey: the pot split between the best 2-7 hand and the best badugi.
    t.tap("deal-badeucey")
    follows(tv, "tv-game", "Badeucey")
    t.taps_in_a_row("act-call", "act-call", "act-check")
    hand_to_showdown_checking(t, 3)
    t.testid("typed-cards").fill("7h 5c 4d 3h 2h")
    t.tap("act-show")
    t.testid("typed-cards").fill("9c 8d 6h 5s Kh")
    t.tap("act-show")
    t.tap("act-muck")
    result = t.text("last-hand")
    assert "2-7 half" in result and "badugi half" in result
    assert "Caio" in t.text("award-0") and "Ana" in t.text("award-1")
    follows(phone, "last-hand", "badugi half")
    follows(tv, "tv-result", "badugi half")
    t.shot("games-badeucey")
    tv.screenshot(path=str(artifacts / "tv-games-badeucey.png"))

    # Hand 3, A-5 Triple Draw, named at the deal.
    t.tap("deal-a-5-triple-draw")
    follows(phone, "game-name", "A-5 Triple Draw")
    follows(tv, "tv-game", "A-5 Triple Draw")
    phone.screenshot(path=str(artifacts / "phone-games-a5.png"))
    phone_context.close()
    tv_context.close()
