"""Long work never blocks reads: an uploaded session is checked and replayed in the import process
(web/import_worker.py), and the phones' reads and the laptop's health check are answered meanwhile. The real server
on 127.0.0.1."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from typing import Any

from conftest import Api, ServerProcess
from dealer import Game, export_document, parse_create, parse_input

SHOWN = ("7h 5c 4d 3s 2c", "8h 6c 4c 3d 2d", "9h 7c 5d 4s 3h")


def long_night(hands: int) -> dict[str, Any]:
    """An exported session of ``hands`` hands, each played to a showdown after three draws (25 entries a hand)."""
    game = Game(parse_create({"players": ["Ana", "Bia", "Caio"], "button": "Ana", "hands": hands,
                              "stack": 1_000_000}))
    for _ in range(hands):
        game.push(parse_input({"action": "deal"}))
        shown = iter(SHOWN)
        while (snap := game.snapshot()).to_act is not None:
            phase, player = str(snap.phase), snap.to_act
            if phase == "draw":
                game.push(parse_input({"action": "draw", "player": player, "count": 1}))
            elif phase == "showdown":
                game.push(parse_input({"action": "show", "player": player, "cards": next(shown)}))
            else:
                legal = {option.legal.action.value for option in snap.options}
                game.push(parse_input({"action": "check" if "check" in legal else "call", "player": player}))
    start = time.time() - 3600
    return export_document(game, [start + seq for seq in range(game.seq + 1)], "nght27")


def read(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            answer.read()
            return int(answer.status)
    except urllib.error.HTTPError as failure:
        return int(failure.code)


def test_the_phones_and_the_health_check_are_answered_while_a_long_session_is_imported(
        api: Api, server: ServerProcess) -> None:
    table, token, _ = api.create(["Ana", "Bia"], button="Ana")
    api.ok(table, token, "deal")
    document = long_night(500)
    assert len(document["log"]) > 12_000
    answer: dict[str, Any] = {}

    def post() -> None:
        request = urllib.request.Request(server.base + "/api/tables/import", data=json.dumps(document).encode(),
                                         method="POST", headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=300) as response:
                answer.update(status=response.status, body=json.loads(response.read()))
        except urllib.error.HTTPError as failure:
            answer.update(status=failure.code, body=json.loads(failure.read()))

    importing = threading.Thread(target=post)
    importing.start()
    answered_meanwhile = 0
    while importing.is_alive():
        assert read(server.base + "/api/health") == 200
        assert read(f"{server.base}/t/{table}") == 200
        assert read(f"{server.base}/api/tables/{table}") == 200
        answered_meanwhile += importing.is_alive()
    importing.join(timeout=300)
    assert answer["status"] == 201, answer
    assert answered_meanwhile >= 1  # the reads went on while the file was being checked
    state = answer["body"]["state"]
    assert state["phase"] == "over" and state["seq"] == document["seq"] and state["table"] == "nght27"
    assert api.state("nght27") == state  # the table opens at once, as the import answered it
    status, again = api.request("POST", "/api/tables/import", document)
    assert status == 409 and again["error"] == ("This session is already on this server, as table nght27: nothing "
                                                "was imported.")
