"""The night's report in a real browser: a 10-hand session at six players prints from Chromium to at most two A4
pages, and on a phone (390x844) the page never scrolls sideways."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from conftest import Api

pytestmark = pytest.mark.browser

PLAYERS = ["Ana", "Bia", "Caio", "Dani", "Edu", "Fabi"]


def ten_hands(api: Api) -> str:
    """Ten hands played through the API with seeded random choices among the legal actions."""
    rng = random.Random(11)
    table, token, state = api.create(PLAYERS, button="Ana", hands=10, stack=60)
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    shown: list[str] = []
    while state["phase"] != "over":
        legal = {option["action"]: option for option in state["legal"]}
        name = state["to_act"]
        if "deal" in legal:
            shown = []
            state = api.ok(table, token, "deal")
        elif "draw" in legal:
            state = api.ok(table, token, "draw", player=name, count=rng.choice((0, 1, 2, 3)))
        elif "show" in legal:
            cards = rng.sample([card for card in deck if card not in shown], 5)
            shown += cards
            state = api.ok(table, token, "show", player=name, cards=" ".join(cards))
        else:
            choices = [action for action in ("check", "call", "bet", "raise") if action in legal]
            choices += ["fold"] if "check" not in legal and rng.random() < 0.4 else []
            state = api.ok(table, token, rng.choice(choices), player=name)
    return table


def test_the_report_prints_on_two_pages_and_fits_a_phone(api: Api, browser: Any, artifacts: Path) -> None:
    table = ten_hands(api)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{api.base}/t/{table}/report")
    assert page.get_by_role("heading", name=re.compile("Night report")).is_visible()
    assert page.locator(".night-card").count() == 6 and page.locator("[data-testid^=history-]").count() == 10
    pdf = page.pdf(format="A4", print_background=True)
    (artifacts / "report.pdf").write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))
    assert 1 <= pages <= 2, f"the report prints on {pages} pages"
    context.close()

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                device_scale_factor=2)
    page = phone.new_page()
    page.goto(f"{api.base}/t/{table}/report")
    page.screenshot(path=str(artifacts / "report-phone.png"), full_page=True)
    widths = page.evaluate("[document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]")
    assert max(widths[:2]) <= widths[2], f"the page scrolls sideways: {widths}"
    phone.close()


def test_the_print_button_prints_and_the_printed_page_has_no_dark_frame(api: Api, browser: Any) -> None:
    """The report's Print button opens the browser's print (the CSP blocks inline handlers, so a script of ours
    does it), and printed with backgrounds the page is white to its edges (the screen's dark theme stays off)."""
    table, token, _ = api.create(PLAYERS[:3], button="Ana", hands=1)
    api.ok(table, token, "deal")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{api.base}/t/{table}/report")
    page.evaluate("() => { window.printed = 0; window.print = () => { window.printed += 1; }; }")
    page.get_by_role("button", name="Print").click()
    page.wait_for_function("() => window.printed === 1", timeout=10_000)
    page.emulate_media(media="print")
    colours = page.evaluate("[getComputedStyle(document.documentElement).backgroundColor, "
                            "getComputedStyle(document.body).backgroundColor]")
    assert colours == ["rgb(255, 255, 255)", "rgb(255, 255, 255)"], colours
    context.close()
