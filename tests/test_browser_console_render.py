"""A tap renders only what changed, in a real browser (Debian's Chromium) against the real server: the log the
console builds by appending each tap's new lines, and its earlier hands kept from hand to hand, read exactly as a
freshly loaded console does, through calls, a hand's end and an undo that strikes a line."""

from __future__ import annotations

from typing import Any

import pytest

from browser_driver import Console
from conftest import Api

pytestmark = pytest.mark.browser


def _log(page: Any) -> tuple[str, str]:
    """This hand's log and the earlier hands, as the dealer reads them."""
    def read(testid: str) -> str:
        found = page.get_by_test_id(testid)
        return " ".join(found.inner_text().split()) if found.count() else ""
    return read("log-current"), read("earlier-hands")


def test_the_appended_log_reads_as_a_fresh_console(dealer: Console, api: Api) -> None:
    table = dealer.create(["Ana", "Bia", "Caio"])
    answers: list[Any] = []
    dealer.page.on("response", lambda response: answers.append(response)
                   if response.request.method == "POST" and response.status == 200 else None)
    fresh = dealer.context.new_page()
    dealer.page.bring_to_front()  # a page behind another has its timers slowed to one a second

    def same_as_fresh() -> None:
        fresh.goto(f"{dealer.base}/t/{table}/dealer")
        assert _log(dealer.page) == _log(fresh)

    def tap(testid: str) -> str:
        answers.clear()
        dealer.tap(testid)
        dealer.page.wait_for_timeout(50)
        return str(answers[-1].text()) if answers else ""

    tap("act-deal")
    for _ in range(2):  # hand 1: Ana folds, Bia folds; hand 2 dealt
        tap("act-fold")
    tap("act-deal")
    same_as_fresh()
    answer = tap("act-call")
    assert 'hx-swap-oob="beforeend:#log-current"' in answer and 'id="zone-log"' not in answer
    assert 'data-testid="earlier-hands"' not in answer  # hand 1's summary stayed on the console
    assert dealer.page.get_by_test_id("log-current").locator("li").last.inner_text().startswith("Bia calls 2")
    same_as_fresh()
    answer = tap("act-call")
    same_as_fresh()
    tap("undo")  # Caio's call is struck through: the log comes whole
    assert dealer.page.locator("[data-testid=log-current] li.undone").count() == 1
    same_as_fresh()
    answer = tap("act-raise")
    assert 'hx-swap-oob="beforeend:#log-current"' in answer
    same_as_fresh()
    assert "Hand 1" in _log(dealer.page)[1]
    assert api.state(table)["hand"] == 2
