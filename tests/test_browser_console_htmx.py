"""The console's htmx answers in a real browser (Debian's Chromium) against the real server: a confirmation's
Cancel closes it without recording anything; a console whose device lost the dealer's key shows the locked page on
its next tap; a server error page never lands inside the console (its banner says so)."""

from __future__ import annotations

import pytest

from browser_driver import WAIT, Console
from conftest import Api

pytestmark = pytest.mark.browser


def test_cancel_closes_a_confirmation_and_records_nothing(dealer: Console, api: Api) -> None:
    table = dealer.create(["Ana", "Bia", "Caio"])
    dealer.tap("act-deal")
    seq = dealer.seq()
    dealer.page.wait_for_selector("[data-testid=act-misdeal]:not([disabled])", timeout=WAIT)
    dealer.tap("act-misdeal")  # a rare input: asked first
    assert dealer.has("confirm") and "misdeal" in dealer.text("confirm").lower()
    dealer.page.wait_for_selector("[data-testid=confirm-cancel]", timeout=WAIT)
    dealer.tap("confirm-cancel")
    assert not dealer.has("confirm")
    assert api.state(table)["seq"] == seq and dealer.seq() == seq
    assert "Bia" in dealer.text("turn") or "Ana" in dealer.text("turn")


def test_a_console_that_lost_the_key_shows_the_locked_page_on_its_next_tap(dealer: Console, api: Api) -> None:
    table = dealer.create(["Ana", "Bia"])
    dealer.tap("act-deal")
    seq = dealer.seq()
    dealer.context.clear_cookies()  # the dealer's key is gone from this device
    dealer.page.wait_for_selector("[data-testid=act-call]:not([disabled])", timeout=WAIT)
    dealer.page.get_by_test_id("act-call").tap()
    dealer.page.get_by_test_id("console-locked").wait_for(state="visible", timeout=WAIT)
    assert dealer.page.get_by_test_id("act-call").count() == 0
    assert api.state(table)["seq"] == seq  # nothing applied


def test_a_server_error_page_never_lands_in_the_console(dealer: Console, api: Api) -> None:
    table = dealer.create(["Ana", "Bia"])
    dealer.tap("act-deal")
    seq = dealer.seq()
    page = dealer.page
    page.route("**/dealer/act", lambda route: route.fulfill(status=502, content_type="text/html",
                                                            body="<html><body><h1>Bad gateway</h1></body></html>"))
    page.wait_for_selector("[data-testid=act-call]:not([disabled])", timeout=WAIT)
    page.get_by_test_id("act-call").tap()
    banner = page.get_by_test_id("offline-banner")
    banner.wait_for(state="visible", timeout=WAIT)
    assert "(502)" in banner.inner_text()
    assert page.get_by_text("Bad gateway").count() == 0
    assert page.get_by_test_id("act-call").is_visible()
    assert api.state(table)["seq"] == seq
    page.unroute("**/dealer/act")
    page.wait_for_selector("[data-testid=act-call]:not([disabled])", timeout=WAIT)
    dealer.tap("act-call")  # the next tap works and clears the banner
    banner.wait_for(state="hidden", timeout=WAIT)
    assert api.state(table)["seq"] == seq + 1
