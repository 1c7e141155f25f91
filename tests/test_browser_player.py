"""Players follow the table on their phones, in a real browser against a real server.

A tablet (the dealer, 1280x800) taps the console; a phone (390x844) follows the player view it reached by scanning
the QR code the tablet shows. Every tap must reach the phone by itself, without reloading it, through a capped
round, the draws, a side pot, a showdown and the next hand; a phone that lost the Wi-Fi or slept catches up.

The waits are generous (a loaded machine is slow, not wrong): how fast a tap reaches the phones is measured by
benchmarks/phone_delay.py, never here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_driver import console_device, ready_for_a_tap, until
from conftest import Api, ServerProcess

pytestmark = pytest.mark.browser

EVIL = "<script>alert(1)"
TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
CATCH_UP = 15_000  # ms a change may take to reach the phone before the test gives up (not a speed goal)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Our own server, told to give phones a host name different from the address the tablet uses: the QR code
    must carry the public URL (--public-url), not the address of the request."""
    process = ServerProcess(tmp_path_factory.mktemp("player") / "dealer.sqlite3",
                            extra=["--public-url", "http://localhost:{port}"])  # the port it listens on
    process.start()
    yield process
    process.stop()


@pytest.fixture
def devices(browser: Any) -> Iterator[tuple[Any, Any, list[str]]]:
    """A tablet page and a phone page, each in its own browser context; dialogs (an injected alert) are recorded."""
    dialogs: list[str] = []
    tablet_context = console_device(browser, viewport=TABLET)
    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    pages = []

    def record(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    for context in (tablet_context, phone_context):
        page = context.new_page()
        page.on("dialog", record)
        page.set_default_timeout(CATCH_UP)
        pages.append(page)
    yield pages[0], pages[1], dialogs
    tablet_context.close()
    phone_context.close()


def decode_qr(png: bytes) -> list[str]:
    import io

    import zxingcpp
    from PIL import Image

    return [found.text for found in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


class Dealer:
    """Taps on the console, each followed by the phone: the tap's new seq must reach the phone by itself."""

    def __init__(self, tablet: Any, phone: Any) -> None:
        self.tablet, self.phone = tablet, phone

    def seq(self) -> int:
        return int(self.tablet.get_by_test_id("console").get_attribute("data-seq"))

    def tap(self, testid: str, cards: str | None = None) -> None:
        before = self.seq()
        if cards is not None:
            self.tablet.get_by_test_id("typed-cards").fill(cards)
        ready_for_a_tap(self.tablet)
        self.tablet.get_by_test_id(testid).click()
        until(self.tablet, f'#console[data-seq="{before + 1}"]', CATCH_UP)
        until(self.phone, f'#live[data-seq="{before + 1}"]', CATCH_UP)


def phone_text(phone: Any, testid: str) -> str:
    """The text of a part of the live view, as written (not as CSS cases it)."""
    return " ".join(phone.get_by_test_id("player-live").get_by_test_id(testid).first.text_content().split())


def test_phone_follows_every_dealer_tap(served: ServerProcess, devices: tuple[Any, Any, list[str]],
                                        artifacts: Path) -> None:
    tablet, phone, dialogs = devices

    # The dealer creates the table on the start screen: seat 1 has a name that would be a script if not escaped.
    tablet.goto(served.base + "/")
    for seat, (name, stack) in enumerate(((EVIL, "10"), ("Bia", "30"), ("Caio", "100"))):
        tablet.get_by_test_id(f"name-{seat}").fill(name)
        tablet.get_by_test_id(f"stack-{seat}").fill(stack)
    tablet.get_by_test_id("button-2").check()
    tablet.get_by_test_id("create-table").click()
    tablet.wait_for_url("**/t/*/dealer")
    table_id = tablet.get_by_test_id("console").get_attribute("data-table")

    # The phone scans the player QR code as the tablet shows it.
    share = tablet.get_by_test_id("share-players")
    if share.evaluate("element => element.tagName") == "DETAILS":
        share.locator("summary").click()
    qr_box = share.locator("svg").first
    qr_box.scroll_into_view_if_needed()
    tablet.screenshot(path=str(artifacts / "player-qr-on-console-1280.png"))
    found = decode_qr(qr_box.screenshot())
    assert found == [f"http://localhost:{served.port}/t/{table_id}"]
    phone.goto(found[0])
    phone.evaluate("window.__sameDocument = true")  # gone if the phone ever reloads
    assert phone.locator("#live").get_attribute("data-seq") == "0"
    assert phone.get_by_text(EVIL).count() >= 1

    dealer = Dealer(tablet, phone)
    dealer.tap("act-deal")
    assert "Hand 1 of 10" in phone_text(phone, "table-status")
    assert "Caio to act" in phone_text(phone, "turn") and "to call: 2" in phone_text(phone, "turn")

    # A capped first round: the big blind's 2, then three raises.
    for _ in range(3):
        dealer.tap("act-raise")
    assert "capped" in phone_text(phone, "cap-state")
    assert "to call: 4" in phone_text(phone, "turn")
    phone.screenshot(path=str(artifacts / "player-capped-390.png"), full_page=True)
    dealer.tap("act-call")
    dealer.tap("act-call")

    # The first draw: the phone shows each player's count.
    for count in (1, 2, 0):
        dealer.tap(f"draw-{count}")
    seats = phone.get_by_test_id("player-live").get_by_test_id("seats").inner_text()
    assert "drew 1" in seats and "drew 2" in seats and "drew pat" in seats

    # Round 2: seat 1 is all-in for 2; Bia and Caio build a side pot.
    dealer.tap("act-bet")
    dealer.tap("act-raise")
    dealer.tap("act-raise")
    dealer.tap("act-call")
    assert "side pot" in phone_text(phone, "pot-1") and "Bia, Caio" in phone_text(phone, "pot-1")
    assert EVIL in phone_text(phone, "pot-0")

    for count in (0, 1, 1):
        dealer.tap(f"draw-{count}")
    dealer.tap("act-check")
    dealer.tap("act-check")
    for _ in range(3):
        dealer.tap("draw-0")
    dealer.tap("act-check")
    dealer.tap("act-check")
    assert "shows first" in phone_text(phone, "showdown")
    phone.screenshot(path=str(artifacts / "player-showdown-390.png"), full_page=True)

    # The showdown: seat 1 wins the main pot, Bia and Caio split the side pot.
    dealer.tap("act-show", cards="7h 5c 4d 3s 2c")
    dealer.tap("act-show", cards="8c 6d 4s 3h 2h")
    dealer.tap("act-show", cards="8h 6c 4c 3d 2d")
    result = phone_text(phone, "last-hand")
    assert "main pot 30" in result and EVIL in result
    assert "side pot 8" in result and "Bia 4" in result and "Caio 4" in result
    phone.screenshot(path=str(artifacts / "player-result-390.png"), full_page=True)

    # The next hand.
    dealer.tap("act-deal")
    assert "Hand 2 of 10" in phone_text(phone, "table-status")
    assert "Hand 1 result" in phone_text(phone, "last-hand")

    assert phone.evaluate("window.__sameDocument") is True  # every change arrived without a reload
    assert dialogs == []


def test_phone_catches_up_after_losing_wifi(served: ServerProcess, devices: tuple[Any, Any, list[str]]) -> None:
    _, phone, _ = devices
    api = Api(served.base)
    table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana")
    phone.goto(f"{served.base}/t/{table}")
    api.ok(table, token, "deal")
    until(phone, '#live[data-seq="1"]', CATCH_UP)

    phone.context.set_offline(True)
    api.ok(table, token, "call", player="Ana")
    api.ok(table, token, "call", player="Bia")
    phone.wait_for_selector("[data-connection]", state="visible", timeout=CATCH_UP)  # "Reconnecting…"
    assert phone.locator("#live").get_attribute("data-seq") == "1"

    phone.context.set_offline(False)
    until(phone, '#live[data-seq="3"]', CATCH_UP)
    phone.wait_for_selector("[data-connection]", state="hidden", timeout=CATCH_UP)
    assert "Caio to act" in phone_text(phone, "turn")


def test_phone_catches_up_when_it_wakes(served: ServerProcess, devices: tuple[Any, Any, list[str]]) -> None:
    """A sleeping phone runs no timers, so its once-a-second poll stops; waking it (the page becomes visible
    again) fetches the table at once, without waiting for a timer."""
    _, phone, _ = devices
    api = Api(served.base)
    table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana")
    phone.clock.install()  # the page's timers are ours to stop, as the phone's sleep stops them
    phone.goto(f"{served.base}/t/{table}")
    api.ok(table, token, "deal")
    until(phone, '#live[data-seq="1"]', CATCH_UP)

    phone.clock.pause_at(phone.evaluate("Date.now()") + 1)  # asleep: no timer fires from now on
    phone.wait_for_timeout(500)  # a poll sent just before falling asleep has its answer by now
    api.ok(table, token, "call", player="Ana")
    api.ok(table, token, "call", player="Bia")
    phone.wait_for_timeout(1500)  # real time passes; the sleeping phone's poll does not run
    assert phone.locator("#live").get_attribute("data-seq") == "1"

    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # woken up, the page is visible
    until(phone, '#live[data-seq="3"]', CATCH_UP)
    assert "Caio to act" in phone_text(phone, "turn")


def test_tables_list_and_the_phones_own_qr_code(served: ServerProcess, devices: tuple[Any, Any, list[str]],
                                               artifacts: Path) -> None:
    _, phone, dialogs = devices
    api = Api(served.base)
    table, token, _ = api.create([EVIL, "Bia"], button="Bia")

    phone.goto(f"{served.base}/t/")  # what the QR code printed in the terminal opens
    phone.locator(f'[data-table="{table}"]').click()
    phone.wait_for_url(f"**/t/{table}")
    api.ok(table, token, "deal")
    until(phone, '#live[data-seq="1"]', CATCH_UP)

    # "Share this table": the phone's own QR code, small, then enlarged with a tap.
    share = phone.locator("[data-player-qr]")
    share.scroll_into_view_if_needed()
    url = f"http://localhost:{served.port}/t/{table}"
    assert decode_qr(share.locator("button svg").screenshot()) == [url]
    share.locator("button").first.click()
    big = phone.locator("[data-qr-big]")
    big.wait_for(state="visible")
    box = big.locator("svg").bounding_box()
    assert box is not None and box["width"] >= 0.8 * PHONE["width"]
    phone.screenshot(path=str(artifacts / "player-share-qr-390.png"))
    assert decode_qr(big.locator("svg").screenshot()) == [url]
    phone.get_by_role("button", name="Close").click()
    big.wait_for(state="hidden")
    assert dialogs == []
