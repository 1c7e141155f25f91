"""A table of millions on the dealer's tablet (§01, §03, §04): the start screen takes them, the console plays a hand."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import ServerProcess
from test_browser_console import PHONE, TABLET, Tablet

pytestmark = pytest.mark.browser


@pytest.fixture
def tablet(browser: Any, server: ServerProcess, artifacts: Path) -> Iterator[Tablet]:
    device = Tablet(browser, server, [], artifacts)
    yield device
    device.close()


def fits(t: Tablet) -> None:
    """Nothing on the console reaches past the screen's edge, at tablet and at phone size."""
    for size in (TABLET, PHONE):
        t.page.set_viewport_size(size)
        wide = t.page.evaluate("""() => [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
            .map((element) => `${element.tagName}.${element.className}`)""")
        overflow = t.page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert not wide and overflow <= 1, (size, wide, overflow)  # 1: the browser rounds fractional widths up
    t.page.set_viewport_size(TABLET)


def test_s01_a_table_of_millions_plays_a_whole_hand_on_the_console(tablet: Tablet) -> None:
    t = tablet
    page = t.page
    page.goto(t.base + "/")
    for index, name in enumerate(["Ana", "Bia", "Caio"]):
        t.testid(f"name-{index}").fill(name)
    t.testid("button-0").check()
    t.testid("stack-2").fill("5,000,000")  # a seat's own stack fits its field on a phone too
    page.set_viewport_size(PHONE)
    assert t.testid("stack-2").evaluate("field => field.scrollWidth <= field.clientWidth")
    page.set_viewport_size(TABLET)
    t.testid("stakes-stack").fill("5,000,000")
    page.locator("[data-testid=other-stakes] summary").click()
    for field, value in (("sb", "250000"), ("bb", "500000"), ("small", "500000"), ("big", "1000000")):
        page.locator(f"input[name={field}]").fill(value)
    for field in ("big", "stack"):
        assert page.locator(f"input[name={field}]").evaluate("field => field.scrollWidth <= field.clientWidth")
    t.shot("big-stakes-start")
    t.testid("create-table").click()
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+/dealer$"))

    t.tap("act-deal")
    assert t.text("act-raise") == "Raise to 1000000" and t.text("act-call") == "Call 500000"
    t.taps_in_a_row("act-raise", "act-call", "act-call")  # Ana raises, Bia and Caio call
    assert t.text("pot-0").startswith("Pot 3000000")
    fits(t)
    t.taps_in_a_row("draw-1", "draw-1", "draw-1")
    t.taps_in_a_row("act-check", "act-check", "act-check")
    t.taps_in_a_row("draw-0", "draw-0", "draw-0")
    assert t.text("bet-unit") == "big bet: 1000000"
    t.taps_in_a_row("act-bet", "act-call", "act-call")  # Bia bets, Caio and Ana call
    t.taps_in_a_row("draw-0", "draw-0", "draw-0")
    t.taps_in_a_row("act-check", "act-check", "act-check")
    assert t.text("stage") == "Showdown"
    t.shot("big-stakes-showdown")
    t.show("7h", "5c", "4d", "3s", "2c")  # Bia bet last: she shows first (R18)
    while t.has("act-muck"):
        t.tap("act-muck")
    result = t.text("last-hand")
    assert "Pot 6000000 → Bia" in result
    assert "Bia showed, and every other player claiming this pot mucked" in result
    assert "paid without showing" not in result
    check = " ".join((t.testid("total-check").text_content() or "").split())
    assert "Chip check: stacks add up to 15000000; table total 15000000" in check
    assert "9000000" in t.seat("Bia") and "3000000" in t.seat("Ana")
    page.locator("[data-testid=stacks-chart]").evaluate("chart => chart.closest('details')?.setAttribute('open', '')")
    labels = page.locator("[data-testid=stacks-chart] svg text").all_text_contents()
    assert "9000000" in labels or "10000000" in labels, labels  # gridlines in round millions
    fits(t)
    t.shot("big-stakes-result", locator="[data-testid=stacks-chart]")
    # The players' phones show the same millions without running off the screen.
    table_id = page.url.split("/t/")[1].split("/")[0]
    page.goto(f"{t.base}/t/{table_id}")
    assert "9000000" in t.text("standing-Bia")
    fits(t)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(t.artifacts / "player-big-stakes-phone.png"), full_page=True)
