"""The dealer's console in a real browser, where taps and keys are spared: keys pressed before the screen settles
are queued (never dropped), the spoken-announcements switch says when the device cannot speak."""

from __future__ import annotations

from typing import Any

import pytest

from browser_driver import PHONE, WAIT, Console, until
from conftest import Api, ServerProcess

pytestmark = pytest.mark.browser


def test_keys_pressed_in_the_quiet_moment_are_queued_not_dropped(dealer: Console) -> None:
    dealer.create(["Ana", "Bia", "Caio"], button=0)
    dealer.tap("act-deal")
    page = dealer.page
    seq = dealer.seq()
    page.locator("body").click(position={"x": 5, "y": 5})  # the focus on the page, in no text field
    for key in ("c", "c", "k"):  # Ana calls, Bia completes, Caio checks: pressed at once, faster than the screen
        page.keyboard.press(key)
    page.wait_for_function(f"() => Number(document.querySelector('#console').dataset.seq) >= {seq + 3}",
                           timeout=WAIT)
    log = dealer.text("hand-log")
    assert "Ana calls 2" in log and "Bia calls 1" in log and "Caio checks" in log, log
    assert dealer.text("stage").startswith("Draw 1")


def test_the_speech_switch_says_when_the_device_has_no_voice(dealer: Console) -> None:
    dealer.create(["Ana", "Bia"])
    page = dealer.page
    toggle = page.get_by_test_id("speak-toggle")
    assert " ".join(toggle.inner_text().split()) == "Spoken announcements: off"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    # What this browser can speak with, asked the way the page asks (the voices may arrive late, or never).
    voices = page.evaluate("""() => new Promise((done) => {
      if (!("speechSynthesis" in window)) { done(0); return; }
      speechSynthesis.addEventListener("voiceschanged", () => done(speechSynthesis.getVoices().length));
      setTimeout(() => done(speechSynthesis.getVoices().length), 2000);
    })""")
    expected = "Spoken announcements: on" if voices else "Spoken announcements: on, but this device has no voice"
    page.wait_for_function("(text) => document.querySelector('[data-testid=speak-toggle]').innerText"
                           ".replace(/\\s+/g, ' ').trim() === text", arg=expected, timeout=WAIT)
    toggle.click()
    assert " ".join(toggle.inner_text().split()) == "Spoken announcements: off"


HANDS = {"Ana": ("7h", "5c", "4d", "3s", "2c"), "Bia": ("8c", "6d", "4s", "3h", "2h"),
         "Caio": ("9c", "7d", "5s", "4h", "3c")}


def to_showdown(api: Api) -> tuple[str, str]:
    """A three-way hand through the API: Ana on the button, everyone checks or calls and stands pat to the showdown."""
    table, token, state = api.create(["Ana", "Bia", "Caio"], button="Ana")
    state = api.ok(table, token, "deal")
    while state["phase"] != "showdown":
        player, legal = state["to_act"], {option["action"] for option in state["legal"]}
        if state["phase"] == "draw":
            state = api.ok(table, token, "draw", player=player, count=0)
        else:
            state = api.ok(table, token, "check" if "check" in legal else "call", player=player)
    return table, token


def test_a_three_way_showdown_takes_at_most_16_taps_on_a_phone(browser: Any, server: ServerProcess, api: Api) -> None:
    table, token = to_showdown(api)
    phone = Console(browser, server.base, PHONE)
    try:
        page = phone.page
        page.goto(f"{server.base}/t/{table}/join?token={token}")
        page.goto(f"{server.base}/t/{table}/dealer")
        taps = 0
        order = [name for name in phone.text("show-order").split() if name in HANDS]
        assert len(order) == 3
        for player in order:
            page.wait_for_selector(f"[data-testid=card-picker] legend:has-text(\"{player}'s five cards\")",
                                   timeout=WAIT)
            # The whole picker, Muck and Show are on the phone's screen without scrolling.
            assert page.evaluate("() => window.scrollY") == 0
            for testid in ("card-picker", "act-show", "act-muck"):
                box = page.get_by_test_id(testid).bounding_box()
                assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (testid, box)
            # The game's likeliest ranks come first: 2-7's eight best (2-9), then 10 to the ace.
            first = page.get_by_test_id("picker-group-1").locator("input").evaluate_all(
                "(boxes) => boxes.map((box) => box.value)")
            assert first[:4] == ["2c", "2d", "2h", "2s"] and first[-1] == "9s" and len(first) == 32
            before = phone.seq()
            for card in HANDS[player]:  # the last card sends the hand: no Show tap
                page.get_by_test_id(f"pick-{card}").click()
                taps += 1
            page.wait_for_function(f"() => Number(document.querySelector('#console').dataset.seq) > {before}",
                                   timeout=WAIT)
        result = phone.text("last-hand")
        assert "Pot 6 → Ana" in result and "7-5-4-3-2" in result, result
        assert taps <= 16, taps
    finally:
        phone.close()



def plan_ticks(page: Any) -> list[tuple[str, bool]]:
    """Each step of the deal plan on the console, and whether its box is ticked."""
    return [(" ".join(text.split()), ticked) for text, ticked in page.evaluate("""() => Array.from(
        document.querySelectorAll("[data-testid=deal-plan] [data-testid=plan-step]"),
        (step) => [step.innerText, step.querySelector("input[type=checkbox]").checked])""")]


def test_an_exposed_cards_new_plan_starts_unticked(browser: Any, server: ServerProcess, api: Api) -> None:
    table, token, state = api.create(["Ana", "Bia", "Caio"], button="Ana")
    state = api.ok(table, token, "deal")
    while state["phase"] != "draw":
        legal = {option["action"] for option in state["legal"]}
        state = api.ok(table, token, "check" if "check" in legal else "call", player=state["to_act"])
    tablet = Console(browser, server.base)
    try:
        page = tablet.page
        page.goto(f"{server.base}/t/{table}/join?token={token}")
        page.goto(f"{server.base}/t/{table}/dealer")
        for count in ("draw-2", "draw-3", "draw-1"):
            tablet.tap(count)
        before = plan_ticks(page)
        assert before[0][0] == "Burn 1" and len(before) == 4 and not any(ticked for _, ticked in before)
        boxes = page.locator("[data-testid=deal-plan] [data-testid=plan-step] input[type=checkbox]")
        for index in range(3):  # the burn and the first two players served
            boxes.nth(index).check()
        served = before[2][0].split()[1]  # "Serve Caio 3 cards": a card shows while serving the second player
        tablet.tap(f"exposed-{served}")
        tablet.tap("confirm-yes")
        after = plan_ticks(page)
        assert after[0][0].startswith(f"Put the card exposed while serving {served}"), after
        assert not any(ticked for _, ticked in after), after  # the new plan's steps start unticked
        tablet.tap("undo")  # the exposed card taken back: the plan and its ticks as they were
        assert plan_ticks(page) == [(text, index < 3) for index, (text, _) in enumerate(before)]
    finally:
        tablet.close()


def test_back_to_the_table_returns_the_tv_to_the_table_and_the_dealer_to_the_console(
        browser: Any, server: ServerProcess, api: Api) -> None:
    table, token = to_showdown(api)
    for player in ("Bia", "Caio", "Ana"):
        api.ok(table, token, "show", player=player, cards=" ".join(HANDS[player]))
    api.ok(table, token, "deal")  # hand 2 in play: hand 1 is the one replayed
    tablet = Console(browser, server.base)
    room = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-US")
    try:
        dealer, tv = tablet.page, room.new_page()
        dealer.goto(f"{server.base}/t/{table}/join?token={token}")
        tv.goto(f"{server.base}/t/{table}/tv")
        for back in ("console-banner", "replayer-nav"):
            dealer.goto(f"{server.base}/t/{table}/hands/1?step=3")
            dealer.get_by_test_id("show-on-tv").click()
            until(tv, '[data-testid=tv-replay][data-step="3"]', WAIT)
            if back == "console-banner":
                # The console says at its top that the TV shows a replay, with the button that gives it back.
                dealer.goto(f"{server.base}/t/{table}/dealer")
                banner = dealer.get_by_test_id("tv-banner")
                assert " ".join(banner.inner_text().split()).startswith("The TV shows hand 1, step 3.")
                box = banner.bounding_box()
                assert box and box["y"] + box["height"] <= 400, box  # at the top, not 2,600 px down
                banner.get_by_test_id("tv-back").click()
            else:
                dealer.get_by_test_id("replay-back").click()  # the replayer's own "Back to the table"
            dealer.wait_for_url(f"**/t/{table}/dealer", timeout=WAIT)
            tv.wait_for_selector("[data-testid=tv-replay]", state="detached", timeout=WAIT)
            until(tv, "#tv-live", WAIT)
            assert tablet.has("act-call") and not tablet.has("tv-banner")
    finally:
        room.close()
        tablet.close()
