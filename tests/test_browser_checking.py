"""A tap the laptop is slow to answer is never called lost: the console says it is checking, asks the laptop, and
shows the tap as recorded once it is. A real browser (Debian's Chromium) and the real server, paused for a few
seconds (SIGSTOP) while the tap is on its way."""

from __future__ import annotations

import signal
import time

import pytest

from browser_driver import WAIT, Console
from conftest import Api, ServerProcess

pytestmark = pytest.mark.browser

WATCH_BANNER = """() => { window.__banners = [];
  const banner = document.querySelector('[data-offline-banner]');
  new MutationObserver(() => { if (!banner.hidden) window.__banners.push(banner.innerText.trim()); })
    .observe(banner, { attributes: true, childList: true, subtree: true, characterData: true }); }"""


def test_a_slow_answer_says_checking_then_shows_the_tap_recorded(dealer_alone: Console,
                                                                  own_server: ServerProcess) -> None:
    device = dealer_alone
    seq = device.seq()
    device.page.evaluate(WATCH_BANNER)
    assert own_server.process is not None
    own_server.process.send_signal(signal.SIGSTOP)  # the laptop stalls: the tap waits in its socket
    try:
        device.page.get_by_test_id("act-call").tap()
        banner = device.page.get_by_test_id("offline-banner")
        banner.wait_for(state="visible", timeout=WAIT)
        assert " ".join(banner.inner_text().split()) == ("No answer yet: checking whether the laptop recorded this "
                                                        "tap…")
        time.sleep(1)
    finally:
        own_server.process.send_signal(signal.SIGCONT)
    banner.wait_for(state="hidden", timeout=WAIT)
    device.page.wait_for_function(f"() => Number(document.querySelector('#console').dataset.seq) === {seq + 1}",
                                  timeout=WAIT)
    assert Api(own_server.base).state(device.table)["seq"] == seq + 1  # applied once
    said = device.page.evaluate("window.__banners")
    assert not any("Not recorded" in text for text in said), said
