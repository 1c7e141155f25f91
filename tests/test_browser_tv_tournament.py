"""The room display as a tournament's clock in a real browser, at 1920x1080 and at 1280x720: the time left counts
down by itself, stands still once the dealer pauses the clock (through the API) and runs again on resume, the next
level is named, and a new level reaches the screen when its time comes, with no input and no reload; a TV whose own
clock is wrong still counts the laptop's time. At every
check both screens fit (test_browser_tv.py's geometry: no scrolling, no text cut off or over another) and the clock
and the level lie inside the viewport. The waits are generous; nothing here measures a duration."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_driver import pages_at
from conftest import Api, ServerProcess
from test_browser_tv import GEOMETRY, SCREENS

pytestmark = pytest.mark.browser

CATCH_UP = 30_000  # ms a change may take to reach the screen before the test gives up (not a speed goal)
PLAYERS = ["Ana", "Bia", "Caio", "Duda", "Enzo", "Fabiana"]
SETTINGS: dict[str, Any] = {"format": "tournament", "stack": 1500, "button": "Ana", "buy_in": "20",
                            "currency": "EUR", "payouts": [50, 30, 20], "breaks": [{"after_level": 2, "minutes": 10}],
                            "rebuy": {"chips": 1500, "price": "20", "through_level": 2}}

# The boxes of the clock's time and of its level, and whether each lies inside the viewport.
IN_VIEW = """(ids) => ids.map((id) => {
  const box = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.left >= 0 && box.top >= 0
    && box.right <= innerWidth && box.bottom <= innerHeight;
})"""


@pytest.fixture
def screens(browser: Any) -> Iterator[dict[str, Any]]:
    with pages_at(browser, SCREENS, CATCH_UP) as pages:
        yield pages


def seconds(clock: str) -> int:
    """ "12:34" or "1:02:03" in seconds."""
    total = 0
    for part in clock.strip().split(":"):
        total = total * 60 + int(part)
    return total


def clock(page: Any) -> str:
    return str(page.get_by_test_id("tv-clock-time").inner_text()).strip()


def fits(page: Any, name: str, artifacts: Path, moment: str) -> None:
    page.screenshot(path=str(artifacts / f"tv-tournament-{name}-{moment}.png"))
    assert page.evaluate(GEOMETRY) == [], f"{moment} at {name}"
    assert page.evaluate(IN_VIEW, ["tv-clock-time", "tv-level"]) == [True, True], f"{moment} at {name}"


def open_tv(screens: dict[str, Any], base: str, table: str) -> None:
    for page in screens.values():
        page.goto(f"{base}/t/{table}/tv")
        page.evaluate("window.__sameDocument = true")  # gone if the page ever reloads


def test_tv_clock_counts_down_pauses_and_names_the_next_level(server: ServerProcess, screens: dict[str, Any],
                                                               artifacts: Path) -> None:
    api = Api(server.base)
    levels = [{"blinds": [10, 20], "minutes": 20}, {"blinds": [15, 30], "ante": 5, "minutes": 20},
              {"blinds": [25, 50], "ante": 5, "minutes": 20}]
    table, token, _ = api.create(PLAYERS, levels=levels, **SETTINGS)
    open_tv(screens, server.base, table)
    for name, page in screens.items():
        assert page.get_by_test_id("tv-level").inner_text().strip().lower() == "level 1"
        assert clock(page) == "20:00"  # the clock starts with the first deal
        assert "blinds 15/30 · limits 30/60 · ante 5" in page.get_by_test_id("tv-next-level").inner_text()
        assert "120.00 EUR" in page.get_by_test_id("tv-prize-pool").inner_text()
        fits(page, name, artifacts, "before")

    api.ok(table, token, "deal")
    for name, page in screens.items():
        page.wait_for_function("() => /^19:5\\d$/.test(document.querySelector('[data-testid=tv-clock-time]')"
                               ".textContent.trim())")  # counting down by itself, between polls
        first = seconds(clock(page))
        page.wait_for_function(f"() => document.querySelector('[data-testid=tv-clock-time]').textContent.trim()"
                               f" !== '{clock(page)}'")
        assert seconds(clock(page)) < first
        fits(page, name, artifacts, "running")

    api.ok(table, token, "pause")
    for name, page in screens.items():
        page.get_by_test_id("tv-paused").wait_for()
        stopped = clock(page)
        page.wait_for_timeout(2500)  # long enough for a running clock to show another second
        assert clock(page) == stopped
        fits(page, name, artifacts, "paused")

    api.ok(table, token, "resume")
    for page in screens.values():
        page.get_by_test_id("tv-paused").wait_for(state="detached")
        stopped = clock(page)
        page.wait_for_function(f"() => document.querySelector('[data-testid=tv-clock-time]').textContent.trim()"
                               f" !== '{stopped}'")
        assert seconds(clock(page)) < seconds(stopped)
        assert page.evaluate("window.__sameDocument") is True  # every change arrived without a reload


def test_tv_shows_the_next_level_when_its_time_comes_without_any_input(server: ServerProcess,
                                                                       screens: dict[str, Any],
                                                                       artifacts: Path) -> None:
    api = Api(server.base)
    levels = [{"blinds": [10, 20], "minutes": 0.1}, {"blinds": [15, 30], "minutes": 0.1},
              {"blinds": [25, 50], "minutes": 30}]
    table, token, _ = api.create(PLAYERS, levels=levels, **SETTINGS)
    open_tv(screens, server.base, table)
    api.ok(table, token, "deal")
    for name, page in screens.items():
        page.get_by_test_id("tv-level").filter(has_text="Level 2").wait_for()
        # The hand dealt at level 1 is played to its end at its stakes: the clock says what the next hand posts.
        assert "Next hand: blinds 15/30" in page.get_by_test_id("tv-level-stakes").inner_text()
        fits(page, name, artifacts, "level-2")
    for name, page in screens.items():
        page.get_by_test_id("tv-level").filter(has_text="Break").wait_for()  # the break after level 2: its own clock
        assert seconds(clock(page)) > 9 * 60
        fits(page, name, artifacts, "break")
        assert page.evaluate("window.__sameDocument") is True


def test_tv_counts_on_the_laptops_clock_when_its_own_is_wrong(server: ServerProcess, browser: Any) -> None:
    api = Api(server.base)
    levels = [{"blinds": [10, 20], "minutes": 20}, {"blinds": [15, 30], "minutes": 20}]
    table, token, _ = api.create(PLAYERS, levels=levels, **{key: value for key, value in SETTINGS.items()
                                                            if key != "breaks"})
    api.ok(table, token, "deal")
    context = browser.new_context(viewport=SCREENS["1280"])
    context.add_init_script("const realNow = Date.now; Date.now = () => realNow() + 10 * 60 * 1000;")  # 10 min fast
    page = context.new_page()
    page.set_default_timeout(CATCH_UP)
    page.goto(f"{server.base}/t/{table}/tv")
    page.wait_for_timeout(2000)  # several polls, each saying the laptop's time
    assert 19 * 60 - 60 < seconds(clock(page)) <= 20 * 60  # not 10 minutes less
    context.close()
