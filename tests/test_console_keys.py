"""Each console zone's key is worked out from the snapshot before the zone is rendered (web/console_zones.py), so a
zone that reads a part of the snapshot its key leaves out would stay stale on the tablet. Over random sessions
played through the console (bets, draws, showdowns, misdeals, undos and redos), every time two screens give a zone
the same key they render it the same: this hand's log by its mark, the panel around the chips and the chart
without them."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from test_console import create, state

CARDS = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
ZONE_OPEN = re.compile(r'<div id="zone-([a-z_]+)" class="zone" data-keep="([^"]+)">')
DIV = re.compile(r"<div\b|</div>")
LINES = re.compile(r'(<ol class="log-lines" id="log-current" data-testid="log-current">)(.*?)(</ol>)', re.S)
MARK = re.compile(r'<span id="log-mark" data-keep="([^"]+)" hidden></span>')


def zones(page: str) -> dict[str, tuple[str, str]]:
    """Each zone of a page: its key and its HTML, a zone inside another standing in it as its key alone."""
    found: dict[str, tuple[str, str]] = {}
    for match in ZONE_OPEN.finditer(page):
        depth, at = 1, match.end()
        while depth:
            tag = DIV.search(page, at)
            assert tag is not None
            depth += -1 if tag.group() == "</div>" else 1
            at = tag.end()
        found[match.group(1)] = (match.group(2), page[match.end():at - len("</div>")])
    for name, (key, html) in found.items():
        for inner in ZONE_OPEN.finditer(html):
            html = html.replace(found[inner.group(1)][1], "", 1)
        found[name] = (key, re.sub(r'(<div id="zone-[a-z_]+" class="zone") data-keep="[^"]+"', r"\1", html))
    log_key, log = found["log"]
    lines = LINES.search(log)
    mark = MARK.search(log)
    assert mark is not None
    found["log"] = (log_key, MARK.sub("", LINES.sub(r"\1\3", log)))
    found["log lines"] = (mark.group(1), lines.group(2) if lines else "")
    return found


def next_input(body: dict[str, Any], rng: random.Random, shown: set[str]) -> tuple[str, dict[str, str]]:
    """A legal input at random (through the console's forms), or an undo or a redo now and then."""
    roll = rng.random()
    if body["seq"] > 1 and roll < 0.06:
        return "undo", {"confirm": "yes"}
    if roll < 0.09:
        return "redo", {}
    legal = {option["action"]: option for option in body["legal"]}
    fields = {"player": body["to_act"]} if body["to_act"] else {}
    if "misdeal" in legal and rng.random() < 0.03:
        return "act", {"action": "misdeal", "confirm": "yes"}
    if "deal" in legal:
        shown.clear()
        return "act", {"action": "deal", "confirm": "yes"}
    if "draw" in legal:
        return "act", {**fields, "action": "draw", "count": str(rng.choice((0, 1, 2, 3)))}
    if "show" in legal:
        if "muck" in legal and rng.random() < 0.3:
            return "act", {**fields, "action": "muck"}
        cards = rng.sample([card for card in CARDS if card not in shown], 5)
        shown.update(cards)
        return "act", {**fields, "action": "show", "typed": " ".join(cards)}
    choices = [action for action in ("check", "call") if action in legal] * 4
    choices += [action for action in ("bet", "raise") if action in legal] * 2
    choices += ["fold"] if "check" not in legal else []
    return "act", {**fields, "action": rng.choice(choices)}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_equal_keys_render_equal_zones(client: Any, seed: int) -> None:
    rng = random.Random(seed)
    names = ["Ana", "Bia", "Caio", "Duda", "Enzo"][:rng.randint(2, 5)]
    table = create(client, names, stack=str(rng.choice((20, 60, 200))), hands="4")
    seen: dict[tuple[str, str], str] = {}
    shown: set[str] = set()
    for _ in range(160):
        body = state(client, table)
        if not body["legal"]:
            break
        route, data = next_input(body, rng, shown)
        client.post(f"/t/{table}/dealer/{route}", data={"seq": str(body["seq"]), **data})
        for name, (key, html) in zones(client.get(f"/t/{table}/dealer").get_data(as_text=True)).items():
            assert seen.setdefault((name, key), html) == html, (name, key)
    assert len({key for name, key in seen if name == "log"}) > 1  # the session did move on: hands were dealt
