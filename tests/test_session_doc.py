"""The session as a document: export → import gives the same table (same seq, log and standings), for random
sessions with corrections; a document that was edited, cut short or written by another version is refused with the
reason, and nothing is created."""

from __future__ import annotations

import copy
import json
import random
import sqlite3
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import Api, ServerProcess
from dealer import Game
from dealer.errors import BadInput, DealerError
from dealer.formats.session_file import digest, export_document, import_document
from dealer.rules.entries import parse_create
from dealer.view.snapshot_json import state_json
from session_driver import pick, random_create


def corrected_session(rng: random.Random) -> Game:
    """A random session with undos and redos."""
    game = Game(parse_create(random_create(rng)))
    for _ in range(300):
        if not game.legal:
            break
        roll = rng.random()
        try:
            if roll < 0.1 and game.inputs:
                game.undo()
            elif roll < 0.15:
                game.redo()
            else:
                game.push(pick(game, rng))
        except DealerError:
            continue
    return game


def document_of(game: Game) -> dict[str, Any]:
    times = [1_750_000_000.0 + 7 * seq for seq in range(game.seq + 1)]
    return json.loads(json.dumps(export_document(game, times, "tbl")))  # as a file would carry it


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_export_then_import_gives_the_same_table(seed: int) -> None:
    game = corrected_session(random.Random(seed))
    imported = import_document(document_of(game))
    assert imported.game.seq == game.seq
    assert [entry.to_json() for entry in imported.game.entries] == [entry.to_json() for entry in game.entries]
    assert state_json(imported.game, "tbl") == state_json(game, "tbl")
    assert imported.times == tuple(1_750_000_000.0 + 7 * seq for seq in range(game.seq + 1))


def played() -> Game:
    return corrected_session(random.Random(7))


def refused(document: Any) -> str:
    with pytest.raises(BadInput) as refusal:
        import_document(document)
    return refusal.value.message.render()


def resealed(document: dict[str, Any]) -> dict[str, Any]:
    """Someone edited the log and recomputed the check: the replay itself must catch it."""
    document["digest"] = digest(document["log"], document["times"], document["seq"])
    return document


def test_an_edited_log_is_refused_by_its_check() -> None:
    document = document_of(played())
    document["log"][0]["players"][0]["stack"] += 50
    assert "changed or cut short" in refused(document)


def test_a_truncated_log_is_refused() -> None:
    document = document_of(played())
    document["log"].pop()
    document["times"].pop()
    assert "changed or cut short" in refused(document)
    assert "missing or incomplete" in refused(resealed(document))


def test_an_impossible_input_is_refused_with_the_engines_reason() -> None:
    document = document_of(played())
    first_input = next(index for index, entry in enumerate(document["log"]) if entry["kind"] == "input")
    document["log"].insert(first_input, {"kind": "input", "action": "check", "player": "Nobody"})
    document["times"].insert(first_input, 0.0)
    document["seq"] += 1
    assert "cannot be replayed" in refused(resealed(document))


def test_another_version_or_another_file_is_refused() -> None:
    document = document_of(played())
    assert "another version" in refused(dict(document, version=2))
    assert "not a session exported" in refused({"players": ["Ana", "Bia"]})
    assert "not a session exported" in refused([1, 2, 3])


def test_settings_the_app_would_refuse_are_refused() -> None:
    document = document_of(played())
    document["log"][0]["players"][1]["name"] = document["log"][0]["players"][0]["name"].lower()
    document["settings"] = document["log"][0]
    assert "names must be unique" in refused(resealed(document))  # the same sentence as a new table gets


# Through the server: the routes pinned by the API ------------------------------------------------------------------

def table_count(server: ServerProcess) -> int:
    with sqlite3.connect(f"file:{server.db}?mode=ro", uri=True) as db:
        return int(db.execute("SELECT COUNT(*) FROM tables").fetchone()[0])


def play_some(api: Api) -> tuple[str, str]:
    table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana", hands=2)
    for action, fields in (("deal", {}), ("raise", {"player": "Ana"}), ("call", {"player": "Bia"}),
                           ("fold", {"player": "Caio"}), ("draw", {"player": "Bia", "count": 2})):
        api.ok(table, token, action, **fields)
    assert api.undo(table, token)[0] == 200
    api.ok(table, token, "draw", player="Bia", count=1)
    return table, token


def test_export_needs_the_token_and_import_continues_exactly_where_it_stopped(api: Api, server: ServerProcess) -> None:
    table, token = play_some(api)
    assert api.request("GET", f"/api/tables/{table}/export")[0] == 401
    status, document = api.request("GET", f"/api/tables/{table}/export", token=token)
    assert status == 200 and document["version"] == 1 and document["seq"] == 7
    assert [entry["kind"] for entry in document["log"]].count("undo") == 1
    status, refused = api.request("POST", "/api/tables/import", document)  # the same session is already here
    assert status == 409 and refused["error"] == (f"This session is already on this server, as table {table}: "
                                                  "nothing was imported."), refused
    assert api.request("POST", "/api/tables/import", dict(document, table="zzzzzz"))[0] == 409  # the log decides
    original = api.state(table)
    assert api.ok(table, token, "draw", player="Ana", count=0)["seq"] == 8  # the table here goes on: another moment
    status, created = api.request("POST", "/api/tables/import", document)
    assert status == 201 and set(created) == {"table", "dealer_token", "state"}
    copy_id, copy_token = created["table"], created["dealer_token"]
    assert copy_id != table  # its code is taken here: a new one
    for key in ("seq", "phase", "hand", "to_act", "legal", "players", "pots", "standings", "log", "history"):
        assert created["state"][key] == original[key], key
    # both go on independently, from the same place
    assert api.ok(copy_id, copy_token, "draw", player="Ana", count=0)["seq"] == 8
    assert api.state(table)["seq"] == 8 and api.state(copy_id)["seq"] == 8
    assert api.request("GET", f"/api/tables/{copy_id}/export", token=token)[0] == 401


def test_an_import_keeps_the_tables_code_when_it_is_free(api: Api, server: ServerProcess) -> None:
    table, token = play_some(api)
    document = api.request("GET", f"/api/tables/{table}/export", token=token)[1]
    api.ok(table, token, "draw", player="Ana", count=0)  # the table here goes on: the file is another moment
    status, created = api.request("POST", "/api/tables/import", dict(document, table="kept23"))
    assert status == 201 and created["table"] == "kept23"  # a code from another laptop, free here: kept
    assert api.state("kept23")["seq"] == document["seq"]


def test_a_tampered_document_is_refused_with_400_and_creates_nothing(api: Api, server: ServerProcess) -> None:
    table, token = play_some(api)
    document = api.request("GET", f"/api/tables/{table}/export", token=token)[1]
    before = table_count(server)
    edited = copy.deepcopy(document)
    edited["log"][-1]["count"] = 5
    truncated = dict(document, log=document["log"][:-1], times=document["times"][:-1])
    for bad in (edited, truncated, dict(document, version=99)):
        status, body = api.request("POST", "/api/tables/import", bad)
        assert status == 400 and body["error"], body
    status, body = api.request("POST", "/api/tables/import", raw=json.dumps(document).encode()[:-40])
    assert status == 400 and "JSON" in body["error"]
    assert table_count(server) == before
