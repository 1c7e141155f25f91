"""The language switch in a real browser (Playwright + Debian's Chromium): the EN/PT/ES links of the top bar change
the console and the rule reference, and the choice is remembered on this device only (a cookie).

Screens of the console and of /rules in Portuguese, Spanish and English are saved into artifacts/ at tablet
(1280x800) and phone (390x844) size. Expected words come from the compiled catalogs the server uses.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.support import NullTranslations, Translations

from conftest import ServerProcess
from dealer.reference.rulebook import SECTIONS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def catalog(lang: str, domain: str = "messages") -> NullTranslations:
    if lang == "en":
        return NullTranslations()
    return Translations.load(str(ROOT / "translations"), [lang], domain)


def say(lang: str, text: str, domain: str = "messages", **values: Any) -> str:
    translated = catalog(lang, domain).gettext(text)
    return translated % values if values else translated


def words(locator: Any) -> str:
    return " ".join(locator.inner_text().split())


def switch(page: Any, lang: str) -> None:
    """Tap the language in the top bar; the server remembers it and sends the same page back."""
    with page.expect_navigation():
        page.locator(f'nav.langs a[hreflang="{lang}"]').click()
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator(f'nav.langs a[hreflang="{lang}"]').get_attribute("aria-current") == "true"


def shots(page: Any, artifacts: Path, name: str) -> None:
    for label, size in (("tablet", TABLET), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(artifacts / f"{name}-{label}.png"))
    page.set_viewport_size(TABLET)


def overflowing_buttons(page: Any) -> list[str]:
    """Console buttons whose label does not fit their box (a translation too long for a button)."""
    return page.evaluate("""() => [...document.querySelectorAll('#console button, #console .button')]
        .filter(el => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
        .map(el => el.innerText.trim())""")


def test_language_switch_changes_the_console_and_the_rules_and_is_remembered(
        browser: Any, server: ServerProcess, artifacts: Path) -> None:
    context = browser.new_context(viewport=TABLET, locale="en-US", extra_http_headers={"Accept-Language": "en"})
    page = context.new_page()
    try:
        page.goto(server.base + "/")
        for index, name in enumerate(("Ana", "Bia", "Caio")):
            page.get_by_test_id(f"name-{index}").fill(name)
        page.get_by_test_id("button-0").check()
        page.get_by_test_id("create-table").click()
        page.wait_for_url(re.compile(r"/t/[a-z0-9]+/dealer$"))
        console = page.url
        with page.expect_response(lambda answer: answer.request.method == "POST"):
            page.get_by_test_id("act-deal").click()
        page.get_by_test_id("act-fold").wait_for()

        seen: dict[str, tuple[str, str, str]] = {}
        for lang in ("pt", "es", "en"):
            page.goto(console)
            switch(page, lang)
            fold = words(page.get_by_test_id("act-fold"))
            assert fold == say(lang, "Fold")
            assert words(page.get_by_test_id("stage")) == say(lang, "Betting round {number} of 4").format(number=1)
            assert words(page.get_by_test_id("act-call")) == say(lang, "Call {amount}").format(amount=2)
            assert words(page.locator("nav.topnav")).startswith(say(lang, "Player view"))
            for size in (TABLET, PHONE):
                page.set_viewport_size(size)
                assert overflowing_buttons(page) == [], (lang, size)
            shots(page, artifacts, f"languages-console-{lang}")

            # From the console the Rules link opens over it; /rules by itself is the same page in the same language.
            page.locator("nav.topnav a", has_text=say(lang, "Rules")).click()
            page.get_by_test_id("reference-panel").wait_for(state="visible")
            assert page.url == console
            page.get_by_test_id("panel-close").click()
            page.goto(server.base + "/rules")
            title = words(page.locator("h1"))
            assert title == say(lang, "Rule reference", "reference")
            for section in SECTIONS:
                heading = words(page.locator(f"#{section.anchor} h2"))
                assert heading == f"§{section.number} {say(lang, section.title, 'reference')}"
            shots(page, artifacts, f"languages-rules-{lang}")
            seen[lang] = (fold, title, words(page.locator(f"#{SECTIONS[0].anchor} h2")))
        assert len({fold for fold, _, _ in seen.values()}) == 3
        assert len({title for _, title, _ in seen.values()}) == 3
        assert len({heading for _, _, heading in seen.values()}) == 3

        # Remembered on this device: a new tab opens in Spanish even though the browser asks for English.
        switch(page, "es")
        other_tab = context.new_page()
        other_tab.goto(console)
        assert words(other_tab.get_by_test_id("act-fold")) == say("es", "Fold")
        other_tab.close()
    finally:
        context.close()

    # Another device (its own cookies) still follows its browser's language.
    phone = browser.new_context(viewport=PHONE, locale="pt-PT", extra_http_headers={"Accept-Language": "pt-PT,pt"})
    try:
        tab = phone.new_page()
        tab.goto(server.base + "/rules")
        assert words(tab.locator("h1")) == say("pt", "Rule reference", "reference")
    finally:
        phone.close()
