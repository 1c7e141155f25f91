"""The console at the speed of a finger (issue 21), in a real browser against the real server: at every size the
page never scrolls sideways, no D / SB / BB badge is clipped by a 20-character name and every control sits inside the
screen; the console says the laptop is gone without a tap and clears it by itself; the deal plan's ticks survive the
taps in between; the keys act (and never inside a text field); a tap's answer leaves out the unchanged QR codes."""

from __future__ import annotations

import signal
from typing import Any

import pytest

from browser_driver import WAIT, Console
from conftest import Api, ServerProcess

pytestmark = pytest.mark.browser

SIZES = {"landscape 1280x800": {"width": 1280, "height": 800}, "landscape 1024x768": {"width": 1024, "height": 768},
         "portrait 800x1280": {"width": 800, "height": 1280}, "phone 390x844": {"width": 390, "height": 844}}
LONG = ["Alexandrina Pereiras", "Bartholomew Santanas", "Constantina Oliveira", "Dagoberto Fernandess",
        "Esmeralda Vasconcelo", "Florisbela Rodrigues"]  # 20 characters each, the longest name allowed

LAYOUT = """() => {
  const width = document.documentElement.clientWidth;
  const sideways = document.documentElement.scrollWidth > width;
  const clipped = [];
  for (const marker of document.querySelectorAll('#console .seat .marker')) {
    const box = marker.getBoundingClientRect();
    const seat = marker.closest('.seat').getBoundingClientRect();
    const name = marker.closest('.seat-name').getBoundingClientRect();
    if (box.width === 0 || box.left < seat.left || box.right > seat.right + 0.5 || box.right > name.right + 0.5)
      clipped.push(marker.textContent + ' of ' + marker.closest('.seat').dataset.testid);
  }
  const outside = [];
  for (const button of document.querySelectorAll('#console .player-actions .btn, #console .undo-zone .btn')) {
    const box = button.getBoundingClientRect();
    if (box.left < 0 || box.right > width + 0.5) outside.push(button.dataset.testid || button.textContent.trim());
  }
  const actions = document.querySelector('#console .player-actions');
  return { sideways, clipped, outside, actionsWidth: actions ? actions.getBoundingClientRect().width : 0, width };
}"""


def _check_layout(device: Console, where: str) -> None:
    found = device.page.evaluate(LAYOUT)
    assert not found["sideways"], f"{where}: the page scrolls sideways"
    assert not found["clipped"], f"{where}: clipped badges {found['clipped']}"
    assert not found["outside"], f"{where}: controls outside the screen {found['outside']}"
    assert found["actionsWidth"] >= 0.8 * min(found["width"], 700) or found["width"] > 900, \
        f"{where}: the actions use {found['actionsWidth']} px of {found['width']}"


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_every_size_keeps_badges_controls_and_width(browser: Any, server: ServerProcess, size: str) -> None:
    device = Console(browser, server.base, SIZES[size])
    try:
        device.create(LONG)
        device.tap("act-deal")
        _check_layout(device, f"{size}, first betting round")
        for _ in range(5):
            device.tap("act-call")
        device.tap("act-check")
        for _ in LONG:
            device.tap("draw-5")  # a long plan with a reshuffle box
        _check_layout(device, f"{size}, long deal plan")
        check = device.page.get_by_test_id("act-check").bounding_box()
        viewport = SIZES[size]
        assert check is not None and check["y"] + check["height"] <= viewport["height"] * 1.6, \
            f"{size}: Check is far below the fold behind the deal plan"
    finally:
        device.close()


def test_the_offline_notice_comes_without_a_tap_and_clears_by_itself(dealer_alone: Console,
                                                                     own_server: ServerProcess) -> None:
    banner = dealer_alone.page.get_by_test_id("offline-banner")
    assert not banner.is_visible()
    assert own_server.process is not None
    own_server.process.send_signal(signal.SIGSTOP)  # the laptop stops answering; nobody taps
    try:
        banner.wait_for(state="visible", timeout=WAIT)
        assert "Reconnecting" in banner.inner_text()
    finally:
        own_server.process.send_signal(signal.SIGCONT)
    banner.wait_for(state="hidden", timeout=WAIT)  # back: cleared without a tap


def test_the_plan_ticks_survive_the_taps_until_served(dealer: Console) -> None:
    dealer.create(["Ana", "Bia", "Caio"])
    dealer.tap("act-deal")
    dealer.tap("act-call")
    dealer.tap("act-call")
    dealer.tap("act-check")
    for count in ("draw-1", "draw-2", "draw-0"):
        dealer.tap(count)
    page = dealer.page
    boxes = page.locator("[data-testid=deal-plan] input[type=checkbox]")
    boxes.nth(0).check()
    boxes.nth(1).check()
    dealer.tap("act-check")  # the next tap re-renders the console
    page.locator(".plan-again summary").click()
    boxes = page.locator("[data-testid=deal-plan] input[type=checkbox]")
    assert [boxes.nth(i).is_checked() for i in range(3)] == [True, True, False]
    page.reload()
    page.locator(".plan-again summary").click()
    boxes = page.locator("[data-testid=deal-plan] input[type=checkbox]")
    assert [boxes.nth(i).is_checked() for i in range(3)] == [True, True, False]


def test_keys_act_and_never_inside_a_field(dealer: Console, api: Api) -> None:
    table = dealer.create(["Ana", "Bia", "Caio"])
    dealer.tap("act-deal")
    page = dealer.page
    page.wait_for_selector("[data-testid=act-call]:not([disabled])", timeout=WAIT)
    seq = dealer.seq()
    page.evaluate("""() => { const field = document.createElement('input'); field.type = 'text';
      field.dataset.testid = 'a-field'; document.querySelector('#console').prepend(field); }""")
    page.get_by_test_id("a-field").focus()
    page.keyboard.type("cfr")
    page.wait_for_timeout(800)
    assert api.state(table)["seq"] == seq  # typing never acted
    assert page.get_by_test_id("a-field").input_value() == "cfr"
    page.evaluate("document.activeElement.blur()")
    page.evaluate("window.__before = document.querySelector('#console-state')")
    page.keyboard.press("c")  # Ana calls
    page.wait_for_function("() => document.querySelector('#console-state') !== window.__before", timeout=WAIT)
    assert api.state(table)["seq"] == seq + 1
    assert "Bia" in dealer.text("turn")
    page.wait_for_selector("[data-testid=act-raise]:not([disabled])", timeout=WAIT)
    page.keyboard.press("?")
    help_box = page.get_by_test_id("keys-help")
    help_box.wait_for(state="visible", timeout=WAIT)
    assert "Check or call" in help_box.inner_text()
    page.keyboard.press("r")  # nothing acts while the list is open
    page.wait_for_timeout(500)
    assert api.state(table)["seq"] == seq + 1
    page.get_by_test_id("keys-close").click()
    page.evaluate("window.__before = document.querySelector('#console-state')")
    page.keyboard.press("u")  # undo Ana's call
    page.wait_for_function("() => document.querySelector('#console-state') !== window.__before", timeout=WAIT)
    assert "Ana" in dealer.text("turn")


def test_a_tap_answer_leaves_out_the_unchanged_qr_codes(dealer: Console) -> None:
    dealer.create(LONG)
    dealer.tap("act-deal")
    page = dealer.page
    page.wait_for_selector("[data-testid=act-call]:not([disabled])", timeout=WAIT)
    page.evaluate("""() => { window.__qr = document.querySelector('[data-testid=share-players] svg');
      window.__seats = document.querySelector('[data-testid=seats]'); }""")
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        dealer.tap("act-call")
    # Only what changed was replaced: the seats are new, the QR code is the very element that was there.
    assert page.evaluate("() => document.querySelector('[data-testid=share-players] svg') === window.__qr")
    assert page.evaluate("() => document.querySelector('[data-testid=seats]') !== window.__seats")
    body = answer.value.body()
    on_the_wire = answer.value.request.sizes()["responseBodySize"]
    assert 0 < on_the_wire <= 10_000, on_the_wire
    assert b"<svg" not in body  # no QR code came back: the console kept its own
    assert page.locator("[data-testid=share-players] svg").count() == 1
    assert page.locator("[data-testid=share-tv] svg").count() == 1


def test_spoken_announcements_are_off_by_default_and_say_the_engine_sentences(dealer: Console) -> None:
    dealer.create(["Ana", "Bia", "Caio"])
    page = dealer.page
    toggle = page.get_by_test_id("speak-toggle")
    assert toggle.get_attribute("aria-pressed") == "false" and "off" in toggle.inner_text()
    dealer.tap("act-deal")
    assert page.evaluate("document.documentElement.dataset.spoken") is None  # off: nothing said
    toggle = page.get_by_test_id("speak-toggle")
    toggle.click()
    assert page.get_by_test_id("speak-toggle").get_attribute("aria-pressed") == "true"
    page.wait_for_selector("[data-testid=act-call]:not([disabled])", timeout=WAIT)
    dealer.tap("act-call")  # Ana calls 2; Bia to act, 1 to call
    page.wait_for_function("() => (document.documentElement.dataset.spoken || '').includes('Bia to act, 1 to call')",
                           timeout=WAIT)
    assert page.evaluate("document.documentElement.dataset.spoken").startswith("Ana calls 2")


def test_the_tv_has_the_spoken_announcements_switch_off_by_default(browser: Any, server: ServerProcess,
                                                                    dealer: Console, api: Api) -> None:
    table = dealer.create(["Ana", "Bia", "Caio"])
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-US")
    try:
        tv = context.new_page()
        tv.goto(f"{server.base}/t/{table}/tv")
        switch = tv.get_by_test_id("speak-toggle")
        assert switch.get_attribute("aria-pressed") == "false"
        switch.click()
        assert tv.get_by_test_id("speak-toggle").get_attribute("aria-pressed") == "true"
        dealer.tap("act-deal")
        tv.wait_for_function("() => (document.documentElement.dataset.spoken || '').includes('Ana to act, 2 to call')",
                             timeout=WAIT)
    finally:
        context.close()
