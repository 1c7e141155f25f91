"""Every refusal and explanation links to an anchor of the rule reference that exists in all three languages,
and the comparator page, POST /api/compare and a showdown always agree."""

from __future__ import annotations

import ast
import html
import importlib
import inspect
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from dealer.reference.rulings import RULINGS
from dealer.rules.cards import parse_hand
from dealer.rules.game_compare import compare_hands
from dealer.rules.ranking import rank_hand
from engine_driver import Table

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "pt", "es")
PACKAGES = ("dealer", "web")
SOURCES = sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
CITING = ("rule", "ruling")

# A citation typed in text: "§04", "§05 · R12", an anchor "/rules#s04" or "#r07", rule_url(rule='02', ruling='R3').
TEXT_CITATIONS = [
    (re.compile(r"§\s*(\d{1,2})\b"), "rule"),
    (re.compile(r"§\s*\d{1,2}\s*·\s*R(\d{1,2})\b"), "ruling"),
    (re.compile(r"#s(\d{2})\b"), "rule"),
    (re.compile(r"#r(\d{2})\b"), "ruling"),
    (re.compile(r"""\brule\s*=\s*['"](\d{1,2})['"]"""), "rule"),
    (re.compile(r"""\bruling\s*=\s*['"][Rr](\d{1,2})['"]"""), "ruling"),
]


@dataclass(frozen=True)
class Citation:
    kind: str  # "rule" (a house-card section) or "ruling"
    number: int
    where: str

    @property
    def anchor(self) -> str:
        return f"{'s' if self.kind == 'rule' else 'r'}{self.number:02d}"


def citing_positions(callable_: Any) -> dict[int, str] | None:
    """Which positional arguments of a function or class carry a citation: {index: "rule" | "ruling"}, or None
    when it has no ``rule``/``ruling`` parameter (dataclass fields and DealerError subclasses included)."""
    try:
        parameters = list(inspect.signature(callable_).parameters.values())
    except (TypeError, ValueError):
        return None
    if not any(parameter.name in CITING for parameter in parameters):
        return None
    positional = [parameter for parameter in parameters
                  if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)]
    return {index: parameter.name for index, parameter in enumerate(positional) if parameter.name in CITING}


def citation_carriers() -> dict[str, list[dict[int, str]]]:
    """name -> the citing positions of every function, class and method of that name in dealer/ and web/: every
    call that can cite a rule (msg, Msg, BadInput, NotAllowed, StaleSeq and every DealerError subclass, Line, …),
    found by what the callables take rather than by a list that goes stale."""
    carriers: dict[str, list[dict[int, str]]] = {}
    for path in SOURCES:
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        module = importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        for name, value in vars(module).items():
            if getattr(value, "__module__", None) != module.__name__:
                continue
            positions = citing_positions(value)
            if positions is not None:
                carriers.setdefault(name, []).append(positions)
            if inspect.isclass(value):
                for attribute, function in vars(value).items():
                    method = citing_positions(function) if inspect.isfunction(function) else None
                    if method is not None and attribute != "__init__":
                        first = next(iter(inspect.signature(function).parameters))
                        bound = first in ("self", "cls")  # called on an instance or the class: one argument less
                        carriers.setdefault(attribute, []).append(
                            {index - bound: kind for index, kind in method.items() if index >= bound})
    return carriers


def text_of(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def number_of(kind: str, text: str) -> int | None:
    found = re.fullmatch(r"§?\s*(\d{1,2})" if kind == "rule" else r"[Rr]0?(\d{1,2})", text.strip())
    return int(found.group(1)) if found else None


def citations_in_python(code: str, where: str, carriers: dict[str, list[dict[int, str]]]) -> list[Citation]:
    """Every citation a module makes: arguments of citing calls, positional or by keyword; {"rule": "04"};
    and citations typed in its strings ("§04 · R8", "/rules#s04")."""
    found: list[Citation] = []

    def add(kind: str, text: str | None, line: int) -> None:
        number = number_of(kind, text) if text is not None else None
        if number is not None:
            found.append(Citation(kind, number, f"{where}:{line}"))

    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call):
            called = node.func
            name = called.attr if isinstance(called, ast.Attribute) else called.id if isinstance(called, ast.Name) \
                else ""
            for positions in carriers.get(name, []):
                for index, kind in positions.items():
                    if index < len(node.args) and not any(isinstance(arg, ast.Starred) for arg in node.args[:index]):
                        add(kind, text_of(node.args[index]), node.lineno)
            for keyword in node.keywords:
                if keyword.arg in CITING:
                    add(keyword.arg, text_of(keyword.value), node.lineno)
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                field_name = text_of(key)
                if field_name in CITING:
                    add(field_name, text_of(value), node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found += citations_in_text(node.value, f"{where}:{node.lineno}")
    return found


def citations_in_text(text: str, where: str) -> list[Citation]:
    return [Citation(kind, int(match.group(1)), where) for pattern, kind in TEXT_CITATIONS
            for match in pattern.finditer(text)]


def cited_everywhere() -> list[Citation]:
    """Every section and ruling the engine, the web layer and the templates cite, in any form, and the sections
    each house ruling belongs to."""
    carriers = citation_carriers()
    found = [citation for path in SOURCES
             for citation in citations_in_python(path.read_text(), str(path.relative_to(ROOT)), carriers)]
    for path in TEMPLATES:
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            found += citations_in_text(line, f"{path.relative_to(ROOT)}:{number}")
    for item in RULINGS:
        found.append(Citation("ruling", int(item.id.lstrip("Rr")), "dealer/rulings.py RULINGS"))
        found += [Citation("rule", int(section), f"dealer/rulings.py {item.id}") for section in item.sections]
    return found


def test_the_citation_finder_sees_every_form() -> None:
    """What the test below relies on: positional and keyword citations, in any citing call, and typed ones."""
    carriers = citation_carriers()
    assert {"msg", "Msg", "BadInput", "NotAllowed", "StaleSeq", "DealerError"} <= set(carriers), sorted(carriers)
    code = """
Msg(text, args, "04", "R7")
NotAllowed(N_("x"), rule="05", ruling="R12")
BadInput(N_("x"), "06")
msg(N_("x"), "09", "R19", player="Ana")
error = StaleSeq(N_("x"), None, "R3")
note = {"rule": "10", "ruling": "R20"}
label = "§02 · R1 and /rules#s03, /rules#r14"
"""
    found = {(citation.kind, citation.number, int(citation.where.split(":")[1]))
             for citation in citations_in_python(code, "probe", carriers)}
    assert found >= {("rule", 4, 2), ("ruling", 7, 2), ("rule", 5, 3), ("ruling", 12, 3), ("rule", 6, 4),
                     ("rule", 9, 5), ("ruling", 19, 5), ("ruling", 3, 6), ("rule", 10, 7), ("ruling", 20, 7),
                     ("rule", 2, 8), ("ruling", 1, 8), ("rule", 3, 8), ("ruling", 14, 8)}, found
    template = citations_in_text("""<a href="{{ rule_url(rule='02', ruling='R3') }}">§02</a>""", "probe")
    assert {(citation.kind, citation.number) for citation in template} == {("rule", 2), ("ruling", 3)}


def test_every_section_and_ruling_cited_anywhere_has_its_anchor_in_every_language(client: Any) -> None:
    cited = cited_everywhere()
    assert {citation.kind for citation in cited} == {"rule", "ruling"}
    for lang in LANGS:
        anchors = anchors_on_rules_page(client, lang)
        missing = sorted({f"#{citation.anchor} ({citation.where})" for citation in cited
                          if citation.anchor not in anchors})
        assert not missing, f"/rules in {lang} has no anchor for:\n" + "\n".join(missing)


def anchors_on_rules_page(client: Any, lang: str) -> set[str]:
    client.set_cookie("lang", lang)
    page = client.get("/rules").get_data(as_text=True)
    return set(re.findall(r'\bid="([^"]+)"', page))


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
