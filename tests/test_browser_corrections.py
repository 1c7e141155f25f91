"""The dealer's mistakes never rewrite the night, in a real browser (Debian's Chromium), by taps only: a double
tap acts once, undo and redo are corrections everyone sees, a lost laptop is said, a second tablet follows, the
rules open over the console, rare inputs ask once, and no control covers another at tablet or phone size."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from browser_driver import PHONE, TABLET, WAIT, Console
from conftest import Api, ServerProcess

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


def test_two_taps_300_ms_apart_on_a_raise_apply_one_action(dealer: Console, api: Api) -> None:
    table = dealer.create(["Ana", "Bruno", "Carla"])
    dealer.tap("act-deal")
    seq = dealer.seq()
    page = dealer.page
    page.wait_for_selector("[data-testid=act-raise]:not([disabled])", timeout=30000)  # past the deal's quiet moment
    box = page.get_by_test_id("act-raise").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(300)
    page.touchscreen.tap(x, y)  # where the next player's raise button appears
    deadline = time.monotonic() + 30  # the first tap lands, however loaded the machine is
    while api.state(table)["seq"] == seq and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    page.wait_for_timeout(1500)  # time enough for a second action to arrive, if the second tap had acted
    state = api.state(table)
    assert state["seq"] == seq + 1, [line["text"] for line in state["log"]]
    assert [line["text"] for line in state["log"]][-1] == "Ana raises to 4" and state["to_act"] == "Bruno"


def test_undoing_the_end_of_a_hand_asks_and_every_log_shows_the_undone_input(dealer: Console, browser: Any,
                                                                             server: ServerProcess,
                                                                             api: Api) -> None:
    table = dealer.create(["Ana", "Bia"])
    dealer.tap("act-deal")
    dealer.tap("act-fold")  # Ana folds: Bia wins the blinds, the hand ends
    assert dealer.has("act-deal")
    dealer.tap("undo")
    assert dealer.text("confirm").startswith("Undo the end of hand 1: the 2 chips Bia won go back to the pot.")
    assert api.state(table)["phase"] == "deal"  # the first tap only asked
    dealer.tap("confirm-yes")
    assert api.state(table)["phase"] == "bet"
    struck = dealer.page.locator("[data-testid=log-current] li.undone")
    assert struck.count() >= 1 and struck.first.locator("s").inner_text().startswith("Ana folds")
    assert all(re.search(r"undone at \d\d:\d\d:\d\d", line) for line in struck.all_inner_texts())
    phone = browser.new_context(viewport=PHONE, locale="en-US", extra_http_headers={"Accept-Language": "en"})
    try:
        page = phone.new_page()
        page.goto(f"{server.base}/t/{table}")
        line = page.locator("[data-testid=hand-log] li.undone")
        assert line.count() >= 1 and "undone at" in line.first.inner_text()
        assert any("Ana folds" in text for text in line.all_inner_texts())
        page.screenshot(path=str(ARTIFACTS / "corrections-undone-phone.png"), full_page=True)
    finally:
        phone.close()


def test_undo_twice_then_redo_twice_gives_back_the_table_and_a_new_input_clears_redo(dealer: Console,
                                                                                     api: Api) -> None:
    table = dealer.create(["Ana", "Bia", "Caio"])
    dealer.tap("act-deal")
    dealer.tap("act-raise")
    dealer.tap("act-call")
    before = api.state(table)
    dealer.tap("undo")
    dealer.tap("undo")
    assert dealer.text("redo") == "↷ Redo: Ana raises to 4"
    dealer.tap("redo")
    dealer.tap("redo")
    after = api.state(table)
    assert {key: after[key] for key in ("to_act", "players", "pots", "legal", "phase")} == \
        {key: before[key] for key in ("to_act", "players", "pots", "legal", "phase")}
    assert not dealer.has("redo") and after["redo"] is None
    dealer.tap("undo")
    assert dealer.has("redo")
    dealer.tap("act-fold")  # a new input after an undo
    assert not dealer.has("redo") and api.state(table)["redo"] is None


def test_with_the_laptop_gone_a_tap_says_so_and_the_banner_clears_when_it_is_back(
        dealer_alone: Console, own_server: ServerProcess) -> None:
    device = dealer_alone
    seq = device.seq()
    own_server.stop()
    device.page.get_by_test_id("act-call").tap()
    banner = device.page.get_by_test_id("offline-banner")
    banner.wait_for(state="visible", timeout=WAIT)
    assert " ".join(banner.inner_text().split()) == ("Not recorded: no connection to the laptop. Tap again when "
                                                    "it is back.")
    device.page.screenshot(path=str(ARTIFACTS / "corrections-offline-tablet.png"))
    own_server.start()  # the same port and database: the laptop is back
    banner.wait_for(state="hidden", timeout=WAIT)
    assert Api(own_server.base).state(device.table)["seq"] == seq  # nothing was applied, nothing was sent again


def test_a_second_tablet_follows_the_first_and_the_rules_open_over_the_console(dealer: Console) -> None:
    table = dealer.create(["Ana", "Bia", "Caio"])
    dealer.tap("act-deal")
    second = dealer.context.new_page()  # the same dealer cookie: a second tablet on the same console
    second.goto(f"{dealer.base}/t/{table}/dealer")
    dealer.tap("act-call")
    second.wait_for_function("() => document.querySelector('[data-testid=turn]').innerText.includes('Bia')",
                             timeout=WAIT)
    assert "Ana calls 2" in " ".join(second.get_by_test_id("log-current").inner_text().split())
    second.close()
    page = dealer.page
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the dealer has scrolled down the page
    top = page.evaluate("window.scrollY")
    # A ruling cited on screen, tapped where it is (no scrolling to it).
    spot = page.evaluate("""() => { for (const a of document.querySelectorAll('#console a.cite')) {
        const r = a.getBoundingClientRect();
        if (r.top > 0 && r.bottom < window.innerHeight) return [r.x + r.width / 2, r.y + r.height / 2]; }
      return null; }""")
    assert top > 0 and spot is not None
    page.touchscreen.tap(*spot)
    panel = page.get_by_test_id("reference-panel")
    panel.wait_for(state="visible", timeout=WAIT)
    page.frame_locator("[data-testid=reference-panel] iframe").locator("h1").first.wait_for(timeout=WAIT)
    page.get_by_test_id("panel-close").tap()
    panel.wait_for(state="hidden", timeout=WAIT)
    assert page.url.endswith(f"/t/{table}/dealer") and page.evaluate("window.scrollY") == top
    assert dealer.text("turn").startswith("▶ Bia")


def test_misdeal_needs_a_confirm_and_the_console_says_it_was_recorded(dealer: Console, api: Api) -> None:
    table = dealer.create(["Ana", "Bia", "Caio"])
    dealer.tap("act-deal")
    dealer.tap("act-misdeal")
    assert api.state(table)["misdeals"] == 0 and dealer.has("confirm")
    dealer.tap("confirm-yes")
    assert api.state(table)["misdeals"] == 1
    assert dealer.text("recorded").startswith("Misdeal recorded: shuffle all 52 and deal again.")


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
def test_no_control_covers_the_plan_the_reshuffle_box_or_undo(browser: Any, server: ServerProcess, api: Api,
                                                              size: dict[str, int]) -> None:
    device = Console(browser, server.base, size)
    try:
        device.create(["Ana", "Bia", "Caio", "Dani", "Edu", "Fabi"])
        device.tap("act-deal")
        for _ in range(5):
            device.tap("act-call")
        device.tap("act-check")
        for _ in range(6):
            device.tap("draw-5")  # six players drawing five: the stub runs out, the reshuffle box shows
        page = device.page
        # Checking is free: Fold is still offered, but neither first nor largest.
        fold, check = (page.get_by_test_id(name).bounding_box() for name in ("act-fold", "act-check"))
        bet = page.get_by_test_id("act-bet").bounding_box()
        assert fold["width"] * fold["height"] < min(box["width"] * box["height"] for box in (check, bet))
        assert (fold["y"], fold["x"]) > max((box["y"], box["x"]) for box in (check, bet))
        bar = page.locator(".player-actions").first.bounding_box()
        for testid in ("deal-plan", "undo"):
            other = page.get_by_test_id(testid).first.bounding_box()
            assert other is not None and not overlaps(bar, other), testid
        reshuffle = page.locator(".reshuffle").first
        if reshuffle.count():
            assert not overlaps(bar, reshuffle.bounding_box())
        page.wait_for_timeout(600)  # after the quiet moment: the controls as the dealer sees them
        label = "tablet" if size is TABLET else "phone"
        page.screenshot(path=str(ARTIFACTS / f"corrections-plan-{label}.png"), full_page=True)
    finally:
        device.close()


def test_the_back_button_shows_the_start_page_as_it_is_now(dealer: Console) -> None:
    table = dealer.create(["Ana", "Bia"])
    dealer.tap("act-deal")
    dealer.page.go_back()  # the start page the table was created from
    dealer.page.get_by_test_id(f"table-{table}").wait_for(timeout=WAIT)  # listed: never the stale, empty page
    dealer.page.go_forward()
    dealer.page.get_by_test_id("act-call").wait_for(timeout=WAIT)  # the console as it is now: hand 1 dealt
    assert dealer.text("hand-label") == "Hand 1 of 10"


def test_eliminated_players_rows_collapse_and_chart_labels_fit(dealer: Console) -> None:
    dealer.create(["Ana", "Bia", "Caio", "Dani Longname"], stacks={2: 0})  # Caio is out from the start
    dealer.tap("act-deal")
    dealer.tap("act-fold")
    dealer.tap("act-fold")  # Ana and Dani fold: Bia wins, hand 1 ends
    page = dealer.page
    out, playing = (page.get_by_test_id(f"seat-{name}").bounding_box() for name in ("Caio", "Bia"))
    assert out["height"] < playing["height"] * 0.8
    page.locator(".session-panel summary").tap()
    chart = page.get_by_test_id("stacks-chart").locator("svg")
    chart.wait_for(timeout=WAIT)
    outside = chart.evaluate("""svg => { const box = svg.viewBox.baseVal;
        return [...svg.querySelectorAll('text')].map(t => [t.textContent, t.getBBox()])
          .filter(([, b]) => b.x < box.x || b.y < box.y || b.x + b.width > box.x + box.width
                             || b.y + b.height > box.y + box.height).map(([text]) => text); }""")
    assert outside == []
