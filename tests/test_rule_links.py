"""Every refusal and explanation links to an anchor of the rule reference that exists in all three languages,
and the comparator page, POST /api/compare and a showdown always agree (issue 5)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from dealer.cards import parse_hand
from dealer.ranking import compare_hands, rank_hand
from engine_driver import Table

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "pt", "es")
SOURCES = sorted((ROOT / "dealer").glob("*.py")) + sorted((ROOT / "web").glob("*.py"))


def anchors_on_rules_page(client: Any, lang: str) -> set[str]:
    client.set_cookie("lang", lang)
    page = client.get("/rules").get_data(as_text=True)
    return set(re.findall(r'\bid="([^"]+)"', page))


def cited_in_sources() -> tuple[set[str], set[str]]:
    """Every section and ruling the engine and the web layer cite in their sentences."""
    sections: set[str] = set()
    rulings: set[str] = set()
    for source in SOURCES:
        text = source.read_text()
        sections.update(re.findall(r'\brule="(\d+)"', text))
        rulings.update(re.findall(r'\bruling="(R\d+)"', text))
    return sections, rulings


def test_every_section_and_ruling_cited_in_code_has_its_anchor_in_every_language(client: Any) -> None:
    sections, rulings = cited_in_sources()
    assert sections and rulings
    for lang in LANGS:
        anchors = anchors_on_rules_page(client, lang)
        for section in sections:
            assert f"s{int(section):02d}" in anchors, (lang, section)
        for ruling in rulings:
            assert f"r{int(ruling[1:]):02d}" in anchors, (lang, ruling)


def visible_text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def links_to_rules(page: str) -> set[str]:
    return set(re.findall(r'href="/rules#([^"]+)"', page))


def test_every_rule_link_on_the_console_and_the_player_view_lands_on_an_anchor(client: Any) -> None:
    created = client.post("/api/tables", json={"players": ["Ana", {"name": "Bia", "stack": 7}, "Caio"],
                                               "button": "Ana"}).get_json()
    table, token = created["table"], created["dealer_token"]
    headers = {"Authorization": f"Bearer {token}"}
    client.get(f"/t/{table}/join?token={token}")  # the dealer's cookie for the console
    seen: set[str] = set()

    def visit() -> None:
        for url in (f"/t/{table}/dealer", f"/t/{table}", f"/t/{table}/log"):
            seen.update(links_to_rules(client.get(url).get_data(as_text=True)))

    for move in (["deal"], ["raise", "Ana"], ["raise", "Bia"], ["raise", "Caio"], ["call", "Ana"], ["call", "Bia"]):
        request = {"action": move[0]} | ({"player": move[1]} if len(move) > 1 else {})
        assert client.post(f"/api/tables/{table}/actions", json=request, headers=headers).status_code == 200
        visit()
    for name in ("Bia", "Caio", "Ana"):
        client.post(f"/api/tables/{table}/actions", json={"action": "draw", "player": name, "count": 1},
                    headers=headers)
    visit()
    assert len(seen) >= 5
    for lang in LANGS:
        anchors = anchors_on_rules_page(client, lang)
        assert seen <= anchors, (lang, seen - anchors)


EXAMPLES = [
    ["7h 5c 4d 3s 2c", "7c 6d 4s 3h 2h"],  # §02/§10: at the second card, 5 against 6
    ["As 5c 4d 3s 2c", "Kh Qc 9d 8s 7c"],  # FAQ: A-5-4-3-2 is ace-high
    ["Ah Kh Qh Jh Th", "Ac Kd Qs Jc Td"],  # R3: the suited ace-to-ten is the worst hand
    ["2c 2d 5h 6s 7c", "Kd Qs 9c 8h 7d"],  # any pair loses to any no-pair hand
    ["7h 5c 4d 3s 2c", "7c 5d 4s 3h 2d"],  # suits never break a tie
    ["8h 6h 4h 3h 2h", "9c 8d 7s 6c 5d"],  # a flush and a straight both count against you
]


@pytest.mark.parametrize("hands", EXAMPLES)
def test_comparator_page_api_and_a_showdown_agree_with_the_engine(client: Any, hands: list[str]) -> None:
    engine = compare_hands(hands)
    api = client.post("/api/compare", json={"hands": hands}).get_json()
    assert api["ranking"] == engine.groups and api["explanation"] == str(engine.explanation)
    page = client.post("/compare", data={"hand1": hands[0], "hand2": hands[1]}).get_data(as_text=True)
    assert str(engine.explanation) in visible_text(page)
    # The same two hands at a heads-up showdown: the pot goes exactly where the comparator says.
    table = Table(["Ana", "Bia"], button="Ana").do("deal", "Ana call", "Bia check")
    while table.state["phase"] in ("bet", "draw"):
        table.do(f"{table.to_act} {'draw 0' if table.state['phase'] == 'draw' else 'check'}")
    first, second = table.state["showdown"]["order"]
    table.do(f"{first} show {hands[0]}", f"{second} show {hands[1]}")
    winners = table.state["last_hand"]["awards"][0]["winners"]
    expected = sorted([first, second][index] for index in engine.groups[0])
    assert sorted(winners) == expected
    assert rank_hand(parse_hand(hands[0])).key == engine.hands[0].key
