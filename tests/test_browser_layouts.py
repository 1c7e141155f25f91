"""Layouts of an open dealer's-choice night in a real browser, measured by the page's own geometry (element boxes,
the viewport, font sizes), never by the pixels of a screenshot: the TV's ledger from the sofa, seat cards of a
split game, phones at 390 px, Deal buttons, the reshuffle box, the phone's ledger, the start form, "Pat", the
name of the night's end and the page titles. The dealer's inputs go through the JSON API (tests/night_layouts.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from conftest import Api, ServerProcess
from night_layouts import Night
from test_browser_tv import GEOMETRY
from web.tablet import COOKIE_PREFIX

pytestmark = pytest.mark.browser

TV = {"width": 1920, "height": 1080}
SMALL_TV = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
LANDSCAPE_PHONE = {"width": 844, "height": 390}
TABLET = {"width": 1280, "height": 800}
WAIT = 15_000
SPLIT_HANDS = ["Ah 2c 3d 4s 6h", "Kh Qc Jd 9s 8h", "2h 3h 4h 5d 7c", "Tc 9d 8c 7s 5c", "Kc Qd Js Th 8d",
               "2s 3s 9c Jh Qh"]

BOX = """(selector) => { const e = document.querySelector(selector); if (!e) return null;
  const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }"""
FONT = "(selector) => parseFloat(getComputedStyle(document.querySelector(selector)).fontSize)"
SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"
# Every element of a card whose box runs out of that card (2 px of rounding allowed).
SPILLS = """(card) => { const out = [];
  for (const box of document.querySelectorAll(card)) { const c = box.getBoundingClientRect();
    for (const e of box.querySelectorAll('*')) { const r = e.getBoundingClientRect();
      if (r.width && (r.right > c.right + 2 || r.left < c.left - 2 || r.bottom > c.bottom + 2))
        out.push(`${e.className}: ${(e.textContent || '').trim().slice(0, 40)}`); } }
  return out; }"""


@pytest.fixture
def night(server: ServerProcess) -> Night:
    return Night(Api(server.base))


@pytest.fixture
def screen(browser: Any) -> Iterator[Any]:
    """A function opening a page at a size (with this night's dealer cookie when asked); all closed afterwards."""
    contexts: list[Any] = []

    def open_page(url: str, size: dict[str, int], dealer: Night | tuple[str, str] | None = None) -> Any:
        context = browser.new_context(viewport=size, locale="en-US", extra_http_headers={"Accept-Language": "en"})
        contexts.append(context)
        if dealer is not None:
            table, token = (dealer.table, dealer.token) if isinstance(dealer, Night) else dealer
            context.add_cookies([{"name": COOKIE_PREFIX + table, "value": token, "url": url}])
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.goto(url)
        return page

    yield open_page
    for context in contexts:
        context.close()


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1 and \
        min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1


def inside(box: dict[str, float], size: dict[str, int]) -> bool:
    return box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= size["height"] and box["right"] <= size["width"]


def check_tv_ledger(page: Any, size: dict[str, int]) -> None:
    assert page.evaluate(GEOMETRY) == []  # no scrolling, nothing cut off, outside the screen or over another text
    ledger, corner = page.evaluate(BOX, "[data-testid=tv-ledger]"), page.evaluate(BOX, ".tv-corner")
    assert inside(ledger, size), ledger
    assert not overlaps(ledger, corner), (ledger, corner)
    name = page.evaluate(FONT, ".tv-seat-name .name")
    for selector in (".tv-ledger .ledger-rows tbody th", ".tv-ledger .ledger-rows td", ".tv-ledger .settlement li"):
        assert page.evaluate(FONT, selector) >= name / 2, selector


def test_tv_shows_the_whole_ledger_of_an_open_night_clear_of_the_qr_block(night, server, screen):
    """Six players, three pots, a leaver: the ledger and who pays whom fit the TV, readable from the sofa."""
    night.three_pot_hand()
    assert len(night.state["last_hand"]["awards"]) == 3
    night.tap("leave", player="Fabiana")
    for size in (TV, SMALL_TV):
        page = screen(f"{server.base}/t/{night.table}/tv", size)
        assert "Fabiana" in page.get_by_test_id("tv-ledger").inner_text()
        assert page.locator(".tv-ledger .settlement li").count() >= 4
        check_tv_ledger(page, size)
        assert page.get_by_test_id("tv-standings").count() == 0  # the ledger says what it would repeat
    night.tap("end")
    page = screen(f"{server.base}/t/{night.table}/tv", TV)
    assert "settlement" in page.get_by_test_id("tv-ledger").inner_text().lower()
    check_tv_ledger(page, TV)


def split_showdown(night: Night) -> None:
    """A Badeucey hand checked down to the showdown, every hand shown: each seat names two hands."""
    night.tap("deal", game="badeucey")
    night.betting(raises=False)
    for _ in range(3):
        night.draw(0)
        night.betting(raises=False)
    for cards in SPLIT_HANDS:
        if night.state["phase"] == "showdown":
            night.tap("show", cards=cards)


def test_split_game_hand_labels_stay_inside_their_seat_cards(night, server, screen):
    split_showdown(night)
    for size in (TV, SMALL_TV):
        page = screen(f"{server.base}/t/{night.table}/tv", size)
        assert " and " in page.get_by_test_id("tv-seats").inner_text()  # "Q-J and J-9-2 (three-card hand)"
        assert page.evaluate(SPILLS, ".tv-seat") == []
        assert page.evaluate(GEOMETRY) == []
    for size in (PHONE, TABLET):
        console = screen(f"{server.base}/t/{night.table}/dealer", size, dealer=night)
        assert console.evaluate(SPILLS, ".seat") == [] and console.evaluate(SIDEWAYS)
        phone = screen(f"{server.base}/t/{night.table}", size)
        assert phone.evaluate(SPILLS, ".seat") == [] and phone.evaluate(SIDEWAYS)


def deal_buttons_fit(page: Any, one_line: bool) -> None:
    """Every Deal button inside the screen, "2-7" never split across lines, and (when asked) each on one line."""
    buttons = page.locator(".deal-actions .btn")
    assert buttons.count() == 4
    size = page.viewport_size
    for index in range(4):
        box = buttons.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
    lines = page.evaluate("""() => [...document.querySelectorAll('.deal-actions .btn')].map((button) => {
      const range = document.createRange(); range.selectNodeContents(button);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; })""")
    whole = page.evaluate("""() => [...document.querySelectorAll('.deal-actions .btn')].every((button) => {
      const text = button.firstChild; const at = text.textContent.indexOf('2-7'); if (at < 0) return true;
      const range = document.createRange(); range.setStart(text, at); range.setEnd(text, at + 3);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size === 1; })""")
    assert whole, "a game's name is split across lines"
    if one_line:
        assert lines == [1, 1, 1, 1], lines


def test_deal_buttons_one_line_each_where_the_screen_allows(night, server, screen):
    for size, one_line in ((TABLET, True), (LANDSCAPE_PHONE, True), (PHONE, True)):
        page = screen(f"{server.base}/t/{night.table}/dealer", size, dealer=night)
        deal_buttons_fit(page, one_line)
        assert page.evaluate(SIDEWAYS)


def test_no_sideways_scroll_at_390_through_an_open_dealers_choice_night(night, server, screen):
    # The dealer's phone and a player's, each loading its page afresh at every moment (one page each: a new device
    # per moment cost a browser context each, and the ones left open kept polling).
    pages = {f"{server.base}/t/{night.table}/dealer": night, f"{server.base}/t/{night.table}": None}
    opened: dict[str, Any] = {}

    def no_sideways_scroll(phase: str) -> None:
        for url, dealer in pages.items():
            if url in opened:
                opened[url].goto(url)
            else:
                opened[url] = screen(url, PHONE, dealer=dealer)
            width = opened[url].evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"{phase}: {url} is {width} px wide"

    no_sideways_scroll("before hand 1")
    night.tap("deal", game="2-7-triple-draw")
    no_sideways_scroll("betting")
    night.betting(raises=True)
    no_sideways_scroll("draw")
    night.draw(3)
    night.betting(raises=True)
    night.draw(2)
    no_sideways_scroll("reshuffle")
    night.betting(raises=False)
    night.draw(0)
    night.betting(raises=False)
    night.tap("show", cards="7h 5c 4d 3s 2c")
    no_sideways_scroll("showdown")
    while night.state["phase"] == "showdown":
        night.tap("muck")
    no_sideways_scroll("between hands")
    night.tap("leave", player="Fabiana")
    night.tap("add_chips", player="Ana", amount=50)
    no_sideways_scroll("after a leave")
    split_showdown(night)
    no_sideways_scroll("after a split game")
    night.tap("end")
    no_sideways_scroll("the night is over")


def test_reshuffle_box_above_the_fold_at_1280x800(night, server, screen):
    night.tap("deal", game="2-7-triple-draw")
    night.betting(raises=True)
    night.draw(3)
    night.betting(raises=True)
    night.draw(2)  # six players drawing 3 then 2: the stub runs short
    page = screen(f"{server.base}/t/{night.table}/dealer", TABLET, dealer=night)
    box = page.evaluate(BOX, "[data-testid=reshuffle-box]")
    assert box is not None and inside(box, TABLET), box


def test_players_phone_shows_the_ledger_near_the_top_between_hands_and_after_the_night(night, server, screen):
    night.three_pot_hand()
    night.tap("leave", player="Fabiana")
    for moment in ("between hands", "after the night"):
        if moment == "after the night":
            night.tap("end")
        page = screen(f"{server.base}/t/{night.table}", PHONE)
        ledger = page.evaluate(BOX, "[data-testid=ledger]")
        settlement = page.evaluate(BOX, "[data-testid=settlement]")
        assert ledger["top"] < PHONE["height"] / 2 and settlement["top"] < PHONE["height"] * 1.5, (ledger, settlement)
        assert page.evaluate(SIDEWAYS)


def test_start_form_game_and_format_controls_sized_like_the_rest(server, screen):
    for size in (TABLET, PHONE):
        page = screen(f"{server.base}/", size)
        seat_tick = page.get_by_test_id("button-0").bounding_box()
        for testid in ("game-badugi", "game-2-7-triple-draw", "choice-dealer", "format-open", "format-session"):
            tick = page.get_by_test_id(testid).bounding_box()
            assert abs(tick["width"] - seat_tick["width"]) <= 1 and abs(tick["height"] - seat_tick["height"]) <= 1
            row = page.get_by_test_id(testid).locator("xpath=..").bounding_box()
            assert row["height"] >= 44, testid
        # The open game's three fields line up: same height, same top on a wide screen.
        fields = [page.get_by_test_id(testid).bounding_box() for testid in ("chip-value", "currency", "max-buy-in")]
        assert len({round(field["height"]) for field in fields}) == 1
        if size is TABLET:
            assert len({round(field["y"]) for field in fields}) == 1
        assert page.evaluate(SIDEWAYS)


@pytest.mark.parametrize("size", [PHONE, {"width": 1024, "height": 768}, {"width": 920, "height": 700}, TABLET])
def test_pat_is_never_clipped(night, server, screen, size):
    night.tap("deal", game="2-7-triple-draw")
    night.betting(raises=False)
    page = screen(f"{server.base}/t/{night.table}/dealer", size, dealer=night)
    pat = page.get_by_role("button", name="Pat", exact=True)
    assert pat.evaluate("(button) => button.scrollWidth <= button.clientWidth + 1")


def test_one_name_for_the_end_of_the_night(night, server, screen):
    """The TV, the console and the phones name an open game's end with the engine's words, the same everywhere."""
    night.tap("end")
    stage = "The night is over"  # the engine's stage of an open game's end (dealer/view/table_words.py)
    for url, dealer, testid in ((f"{server.base}/t/{night.table}/tv", None, "tv-live"),
                                (f"{server.base}/t/{night.table}/dealer", night, "console"),
                                (f"{server.base}/t/{night.table}", None, "player-live")):
        text = " ".join(screen(url, TABLET, dealer=dealer).get_by_test_id(testid).inner_text().split())
        assert stage in text and "Session over" not in text, (url, text[:200])


@pytest.mark.parametrize(("games", "choice", "title"), [
    (["2-7-triple-draw", "a-5-triple-draw", "badugi", "badeucey"], "dealer", "Dealer's choice"),
    (["badugi", "badeucey"], "rotation", "Dealer's choice"),
    (["badugi"], None, "Badugi"),
    (None, None, "2-7 Triple Draw"),
])
def test_page_titles_name_the_tables_game(server, screen, games, choice, title):
    settings = {key: value for key, value in (("games", games), ("choice", choice)) if value is not None}
    table, token, _ = Api(server.base).create(["Ana", "Bia", "Caio"], **settings)
    for url, who in ((f"{server.base}/t/{table}", None), (f"{server.base}/t/{table}/tv", None),
                     (f"{server.base}/t/{table}/dealer", (table, token))):
        page = screen(url, TABLET, dealer=who)
        assert title in page.title(), (url, page.title())
        if title != "2-7 Triple Draw":
            assert "2-7 Triple Draw" not in page.title()
