"""Citing the house rules: the one place that turns a section or ruling into a link to the rule reference.

Templates cite with the ``cite`` macro of ``templates/partials/macros.html``, which calls ``citation`` here;
engine sentences (:class:`dealer.messages.Msg`) carry their section and ruling, so no page types a number.
"""

from __future__ import annotations

import re

from flask import Flask
from flask_babel import get_translations
from markupsafe import Markup, escape

from dealer import SECTION_NUMBERS, Msg
from dealer import ruling as find_ruling


def rule_url(rule: str | None = None, ruling: str | None = None) -> str:
    """``/rules#r07`` for ruling "R7" (or "R07"), ``/rules#s04`` for section "04" (or "4", "§04"), else ``/rules``.

    A ruling wins over a section when both are given: it is the more precise citation. An id that does not
    exist raises ``ValueError``: a broken citation is a programming error the tests should catch.
    """
    if ruling:
        return f"/rules#{_ruling_anchor(ruling)}"
    if rule:
        return f"/rules#{_section_anchor(rule)}"
    return "/rules"


def _ruling_anchor(ruling_id: str) -> str:
    try:
        return find_ruling(ruling_id).anchor
    except KeyError:
        raise ValueError(f"unknown house ruling {ruling_id!r}") from None


def _section_anchor(section: str) -> str:
    digits = section.strip().lstrip("§").strip()
    if not digits.isdigit() or f"{int(digits):02d}" not in SECTION_NUMBERS:
        raise ValueError(f"unknown house-card section {section!r}")
    return f"s{int(digits):02d}"


def citation_text(rule: str | None, ruling: str | None) -> str:
    """How a citation reads: "§04 · R8", "§05", "R8" or ""."""
    parts = [f"§{rule}" if rule else "", ruling or ""]
    return " · ".join(part for part in parts if part)


def citation(message: Msg | None) -> tuple[str, str] | None:
    """A sentence's citation as (link, text), or None when it cites nothing."""
    if message is None or not (message.rule or message.ruling):
        return None
    return rule_url(message.rule, message.ruling), citation_text(message.rule, message.ruling)


def section_link(section: str) -> tuple[str, str]:
    """A bare section's citation as (link, text), for content that names a section as data."""
    return rule_url(rule=section), citation_text(section, None)


def say(message: Msg | None) -> str:
    """An engine sentence in the request's language."""
    if message is None:
        return ""
    return message.render(get_translations().gettext)


_CITATION = re.compile(r"§\s?(0[1-9]|10)\b|\bR(1[0-9]|20|[1-9])\b")


def link_citations(text: str) -> Markup:
    """Escape a (translated) text and turn the citations in it ("§04", "R7") into links to their anchors."""

    def link(match: re.Match[str]) -> str:
        if match.group(1):
            return f'<a href="{rule_url(rule=match.group(1))}">{match.group(0)}</a>'
        return f'<a href="{rule_url(ruling="R" + match.group(2))}">{match.group(0)}</a>'

    return Markup(_CITATION.sub(link, str(escape(text))))


def init_app(app: Flask) -> None:
    app.add_template_global(rule_url, "rule_url")
    app.add_template_global(citation, "citation")
    app.add_template_global(section_link, "section_link")
    app.add_template_filter(say, "say")
