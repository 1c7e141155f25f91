"""The dealer's console in a real browser, where taps and keys are spared: keys pressed before the screen settles
are queued (never dropped), the spoken-announcements switch says when the device cannot speak."""

from __future__ import annotations

import pytest

from browser_driver import WAIT, Console

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
