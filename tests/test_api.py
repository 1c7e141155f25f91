"""The JSON API through a real server on 127.0.0.1: contract, refusals and durability."""

from __future__ import annotations

import urllib.request
from pathlib import Path
from typing import Any

import pytest

from conftest import Api, ServerProcess


def new_table(api: Api, players: list[Any] | None = None, **settings: Any) -> tuple[str, str]:
    players = players or ["Ana", "Bia", "Caio"]
    table, token, _ = api.create(players, button=players[0], **settings)
    return table, token


def test_create_returns_201_with_token_and_state_in_deal_phase(api: Api) -> None:
    status, body = api.request("POST", "/api/tables", {"players": ["Ana", "Bia", "Caio"]})
    assert status == 201
    state = body["state"]
    assert body["table"] == state["table"] and isinstance(body["dealer_token"], str)
    assert state["phase"] == "deal" and state["hand"] == 0 and state["legal"] == [{"action": "deal"}]
    assert state["button"] is None and state["to_act"] is None
    assert state["hands"] == 10 and state["standings"][0]["stack"] == 100
    assert [p["status"] for p in state["players"]] == ["active"] * 3


@pytest.mark.parametrize("payload", [
    {"players": ["Ana"]},
    {"players": ["A", "B", "C", "D", "E", "F", "G"]},
    {"players": ["Ana", "ana"]},
    {"players": ["Ana", ""]},
    {"players": ["Ana", "x" * 21]},
    {"players": ["Ana", "Bia"], "stack": 0},
    {"players": ["Ana", "Bia"], "stack": -5},
    {"players": ["Ana", "Bia"], "stack": 1.5},
    {"players": ["Ana", "Bia"], "stack": True},
    {"players": ["Ana", "Bia"], "blinds": [2, 1]},
    {"players": ["Ana", "Bia"], "limits": [2]},
    {"players": ["Ana", "Bia"], "raises": 0},
    {"players": ["Ana", "Bia"], "hands": "ten"},
    {"players": ["Ana", "Bia"], "button": "Zed"},
    {"players": [{"name": "Ana", "stack": 0}, {"name": "Bia", "stack": 0}, "Caio"]},
    {"players": "Ana, Bia"},
    [],
])
def test_create_refuses_bad_settings_with_a_sentence(api: Api, payload: Any) -> None:
    status, body = api.request("POST", "/api/tables", payload)
    assert status == 400 and isinstance(body["error"], str) and len(body["error"]) > 10


def test_state_is_public_and_unknown_table_is_404(api: Api) -> None:
    table, _ = new_table(api)
    assert api.request("GET", f"/api/tables/{table}")[0] == 200
    status, body = api.request("GET", "/api/tables/nosuch")
    assert status == 404 and "error" in body


def test_actions_move_the_game_and_seq_counts_every_accepted_request(api: Api) -> None:
    table, token = new_table(api)
    state = api.ok(table, token, "deal")
    assert state["seq"] == 1 and state["phase"] == "bet" and state["to_act"] == "Ana"
    assert {"action": "raise", "to": 4, "amount": 4, "all_in": False} in state["legal"]
    state = api.ok(table, token, "raise", player="Ana", seq=1)
    assert state["seq"] == 2 and state["current_bet"] == 4 and state["raises"] == 1
    status, undone = api.undo(table, token, seq=2)
    assert status == 200 and undone["seq"] == 3 and undone["current_bet"] == 2 and undone["to_act"] == "Ana"


def refused(api: Api, table: str, token: str | None, body: Any, status: int, raw: bytes | None = None) -> dict:
    before = api.state(table)
    code, answer = api.request("POST", f"/api/tables/{table}/actions", body, token=token, raw=raw)
    assert code == status, answer
    assert isinstance(answer["error"], str) and answer["error"]
    assert api.state(table) == before  # a rejected request changes nothing
    return answer


def test_every_kind_of_bad_input_is_refused_and_changes_nothing(api: Api) -> None:
    table, token = new_table(api)
    api.ok(table, token, "deal")
    refused(api, table, token, None, 400, raw=b"{not json")
    refused(api, table, token, {"action": "dance", "player": "Ana"}, 400)
    refused(api, table, token, {"action": "call"}, 400)  # player missing
    refused(api, table, token, ["call"], 400)
    refused(api, table, token, {"action": "draw", "player": "Ana", "count": 7}, 400)
    refused(api, table, token, {"action": "show", "player": "Ana", "cards": "7h 7h 4d 3s 2c"}, 400)
    refused(api, table, token, {"action": "show", "player": "Ana", "cards": "7x 5c 4d 3s 2c"}, 400)
    refused(api, table, token, {"action": "call", "player": "Bia"}, 409)  # not Bia's turn
    refused(api, table, token, {"action": "check", "player": "Ana"}, 409)  # not in legal
    answer = refused(api, table, token, {"action": "call", "player": "Ana", "seq": 0}, 409)  # stale
    assert "nothing was applied" in answer["error"]
    refused(api, table, None, {"action": "call", "player": "Ana"}, 401)
    refused(api, table, "wrong-token", {"action": "call", "player": "Ana"}, 401)
    refused(api, table, token, None, 400, raw=b'{"action": "call", "player": "' + b"x" * 200_000 + b'"}')
    code, _ = api.request("POST", "/api/tables/nosuch/actions", {"action": "deal"}, token=token)
    assert code == 404


def test_refusals_carry_the_rule_section(api: Api) -> None:
    table, token = new_table(api)
    api.ok(table, token, "deal")
    for player in ("Ana", "Bia"):
        api.ok(table, token, "raise", player=player)
    api.ok(table, token, "raise", player="Caio")
    answer = refused(api, table, token, {"action": "raise", "player": "Ana"}, 409)
    assert answer["rule"] == "04" and "capped" in answer["error"]


def test_undo_with_nothing_to_undo_is_409_and_needs_the_token(api: Api) -> None:
    table, token = new_table(api)
    assert api.undo(table, token)[0] == 409
    assert api.undo(table, None)[0] == 401
    assert api.state(table)["seq"] == 0


def test_compare_ranks_hands_best_first_with_the_deciding_sentence(api: Api) -> None:
    status, body = api.request("POST", "/api/compare", {"hands": ["7c 6d 4s 3h 2h", "7h 5c 4d 3s 2c"]})
    assert status == 200 and body["ranking"] == [[1], [0]]
    assert body["hands"][1]["category"] == "no pair"
    assert body["explanation"] == "7-5-4-3-2 beats 7-6-4-3-2 at the second card: 5 against 6."
    status, body = api.request("POST", "/api/compare",
                               {"hands": ["As 5c 4d 3s 2c", "Kh Qc 9d 8s 7c", "5h 5d 9c 8c 2d"]})
    assert body["ranking"] == [[1], [0], [2]]  # A-5-4-3-2 is ace-high; any pair loses to any no-pair hand
    status, body = api.request("POST", "/api/compare", {"hands": ["7h5c4d3s2c", "7c5d4s3h2d"]})
    assert body["ranking"] == [[0, 1]]  # suits never break a tie
    for bad in ({"hands": ["7h 5c 4d 3s 2c"]}, {"hands": ["7h 5c 4d 3s 2c", "7h 6d 4s 3h 2h"]},
                {"hands": ["7h 5c 4d 3s", "7c 6d 4s 3h 2h"]}, {"hands": "7h5c4d3s2c"}, {}):
        assert api.request("POST", "/api/compare", bad)[0] == 400


def test_server_serves_within_two_seconds_and_sigkill_loses_nothing(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "t.sqlite3")
    ready_after = server.start()
    assert ready_after < 2.0
    api = Api(server.base)
    try:
        table, token = new_table(api)
        api.ok(table, token, "deal")
        api.ok(table, token, "raise", player="Ana")
        api.ok(table, token, "call", player="Bia")
        api.undo(table, token)
        api.ok(table, token, "raise", player="Bia")
        other, other_token = new_table(api, ["Xu", "Yan"])
        api.ok(other, other_token, "deal")
        before = {table: api.state(table), other: api.state(other)}
        server.kill()
        server.start()
        assert {table: api.state(table), other: api.state(other)} == before
        after = api.ok(table, token, "call", player="Caio", seq=before[table]["seq"])
        assert after["seq"] == before[table]["seq"] + 1
    finally:
        server.stop()


def test_repeated_polls_agree(api: Api) -> None:
    """Many polls in a row all answer 200 with the same seq (speed is measured by benchmarks/api.py)."""
    table, token = new_table(api)
    api.ok(table, token, "deal")
    seqs = {api.state(table)["seq"] for _ in range(20)}
    assert seqs == {1}


def test_state_polls_are_conditional(api: Api) -> None:
    table, token = new_table(api)
    with urllib.request.urlopen(f"{api.base}/api/tables/{table}") as answer:
        tag = answer.headers["ETag"]
    status, body = api.request("GET", f"/api/tables/{table}", headers={"If-None-Match": tag})
    assert status == 304 and not body
    api.ok(table, token, "deal")
    status, body = api.request("GET", f"/api/tables/{table}", headers={"If-None-Match": tag})
    assert status == 200 and body["seq"] == 1


def test_redo_reapplies_what_undo_took_back_until_a_new_input(api: Api) -> None:
    table, token = new_table(api, ["Ana", "Bia", "Caio"])
    api.ok(table, token, "deal")
    api.ok(table, token, "raise", player="Ana")
    raised = api.ok(table, token, "call", player="Bia")
    assert raised["redo"] is None
    status, redo = api.request("POST", f"/api/tables/{table}/redo", {}, token=token)
    assert status == 409 and "Nothing to redo" in redo["error"]
    api.undo(table, token)
    status, undone = api.undo(table, token)
    assert status == 200 and undone["redo"] == "Ana raises to 4" and undone["to_act"] == "Ana"
    assert [line["undone"] is not None for line in undone["log"]] == [False, True, True]
    assert api.request("POST", f"/api/tables/{table}/redo", {}, token=None)[0] == 401
    assert api.request("POST", f"/api/tables/{table}/redo", {"seq": 3}, token=token)[0] == 409  # stale seq
    status, again = api.request("POST", f"/api/tables/{table}/redo", {"seq": undone["seq"]}, token=token)
    assert status == 200 and again["seq"] == undone["seq"] + 1 and again["redo"] == "Bia calls 3"
    status, again = api.request("POST", f"/api/tables/{table}/redo", {}, token=token)
    assert status == 200 and again["redo"] is None
    assert {key: again[key] for key in ("to_act", "players", "pots", "legal")} == \
        {key: raised[key] for key in ("to_act", "players", "pots", "legal")}
    api.undo(table, token)
    api.ok(table, token, "fold", player="Bia")  # a new input clears what redo could re-apply
    assert api.state(table)["redo"] is None
    assert api.request("POST", f"/api/tables/{table}/redo", {}, token=token)[0] == 409


def test_an_undo_across_the_end_of_a_hand_says_what_it_reverts(api: Api) -> None:
    table, token = new_table(api, ["Ana", "Bia"])
    api.ok(table, token, "deal")
    ended = api.ok(table, token, "fold", player="Ana")
    won = ended["last_hand"]["awards"][0]
    assert ended["undo_confirm"] == (f"Undo the end of hand 1: the {won['amount']} chips Bia won go back to the "
                                     "pot.")
    status, undone = api.undo(table, token)  # the API needs no second tap: the console asks
    assert status == 200 and undone["phase"] == "bet" and undone["undo"].startswith("Deal hand 1")
    assert undone["undo_confirm"].startswith("Undo the deal of hand 1: the blinds go back to Ana and Bia")
    api.ok(table, token, "call", player="Ana")
    assert api.state(table)["undo_confirm"] is None  # inside a hand, undo stays one tap
