"""What a phone or a file costs the server (issue: nothing a phone or a file can do costs the dealer): a hand's
steps grow with its entries, not their square; the start screen lists tables from their summaries, replaying none;
a deleted table leaves nothing in the caches for a table imported under its code. Through a real server."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from conftest import Api, ServerProcess
from dealer import Game, export_document
from dealer.rules.entries import parse_create, parse_input
from test_replayer import log_at

AT = 1764622800.0


def undo_pairs(pairs: int, players: tuple[str, ...] = ("Ana", "Bia", "Caio")) -> Game:
    """Hand 1 dealt, then Ana's raise entered and undone ``pairs`` times: the dealer's corrections of one hand."""
    game = Game(parse_create({"players": list(players), "button": players[0]}))
    game.push(parse_input({"action": "deal"}))
    for _ in range(pairs):
        game.push(parse_input({"action": "raise", "player": players[0]}))
        game.undo(at=AT)
    return game


def imported(api: Api, game: Game, table: str = "zzzzzz") -> tuple[str, str]:
    document = export_document(game, [AT] * len(game.entries), table)
    status, body = api.request("POST", "/api/tables/import", document)
    assert status == 201, body
    return body["table"], body["dealer_token"]


def raw_get(server: ServerProcess, path: str) -> bytes:
    request = urllib.request.Request(server.base + path, headers={"Accept-Language": "en"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return bytes(answer.read())


def test_the_steps_of_a_hand_grow_with_its_corrections_not_their_square(server: ServerProcess, api: Api) -> None:
    """A hand of 400 undo pairs answers its steps in at most about 4x the bytes of one of 100 pairs (each step
    carries the lines it wrote or struck, never the whole log again); the log rebuilt from those changes is the
    hand's log, which the answer also gives once."""
    sizes = {}
    for pairs in (100, 400):
        table, _ = imported(api, undo_pairs(pairs))
        text = raw_get(server, f"/api/tables/{table}/hands/1/steps")
        sizes[pairs] = len(text)
        answer: dict[str, Any] = json.loads(text)
        steps = answer["steps"]
        assert len(steps) == 1 + 2 * pairs and "log" not in steps[-1]["state"]
        assert log_at(steps, len(steps) - 1) == answer["log"]
        assert [line["text"] for line in steps[2]["struck"]] == ["Ana raises to 4"]
        assert steps[2]["struck"][0]["undone"].startswith("undone at")
        assert sum(1 for line in answer["log"] if line["undone"]) == pairs
        assert raw_get(server, f"/api/tables/{table}/hands/1/steps") == text  # the same answer, kept per seq
    assert sizes[400] <= 4.2 * sizes[100], sizes
