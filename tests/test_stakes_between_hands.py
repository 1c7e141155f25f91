"""Stakes that change between hands of an open game (R34), through the JSON API on a real server, the histories,
the report and the dealer's console."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import Api
from dealer.reference.rulings import ruling
from test_console import act as console_act
from test_console import create as console_create
from test_console import ids_of, text
from test_open_game import fold_round, open_table


def test_r34_new_stakes_between_hands_play_from_the_next_hand(api: Api) -> None:
    table, token = open_table(api)
    fold_round(api, table, token)
    state = api.state(table)
    assert state["legal"][-1] == {"action": "stakes"}  # offered between hands of an open game
    state = api.ok(table, token, "stakes", blinds=[2, 4], limits=[4, 8], raises=4)
    assert state["stakes"]["blinds"] == [2, 4] and state["stakes"]["limits"] == [4, 8]
    assert state["stakes"]["raises"] == 4
    line = state["log"][-1]
    assert line["text"] == "New stakes from hand 2: blinds 2/4 · limits 4/8 · a bet and 4 raises"
    assert line["ruling"] == "R34"
    state = api.ok(table, token, "deal")  # button Bia: Caio posts 2, Ana posts 4
    assert (state["small_blind"], state["big_blind"]) == ("Caio", "Ana")
    assert {item["name"]: item["committed"] for item in state["players"]} == {"Ana": 4, "Bia": 0, "Caio": 2}
    assert state["current_bet"] == 4 and state["bet_unit"] == 4
    raise_ = next(option for option in state["legal"] if option["action"] == "raise")
    assert raise_["to"] == 8


def test_r34_any_subset_and_the_ante(api: Api) -> None:
    table, token = open_table(api)
    state = api.ok(table, token, "stakes", ante=1)
    assert state["stakes"]["ante"] == 1 and state["stakes"]["blinds"] == [1, 2]
    assert "ante 1" in state["log"][-1]["text"]
    state = api.ok(table, token, "deal")
    assert sum(pot["amount"] for pot in state["pots"]) == 1 + 2 + 3  # the blinds and an ante from each


def test_r34_stakes_are_refused_during_a_hand(api: Api) -> None:
    table, token = open_table(api)
    before = api.ok(table, token, "deal")
    assert "stakes" not in [option["action"] for option in before["legal"]]
    status, body = api.act(table, token, "stakes", blinds=[5, 10])
    assert status == 409 and body["ruling"] == "R34" and "between hands" in body["error"]
    assert api.state(table)["seq"] == before["seq"] and api.state(table)["stakes"] == before["stakes"]


def test_r34_stakes_are_refused_in_a_session_citing_r1(api: Api) -> None:
    table, token, before = api.create(["Ana", "Bia"], button="Ana")
    assert "stakes" not in [option["action"] for option in before["legal"]]
    status, body = api.act(table, token, "stakes", blinds=[5, 10])
    assert status == 409 and body["ruling"] == "R1", body
    assert api.state(table)["seq"] == before["seq"]


@pytest.mark.parametrize("fields", [{}, {"blinds": [4, 2]}, {"limits": [8]}, {"raises": 0}, {"ante": -1},
                                    {"blinds": "2/4"}, {"raises": 2.5}])
def test_r34_malformed_stakes_are_400_with_a_sentence(api: Api, fields: dict[str, Any]) -> None:
    table, token = open_table(api)
    status, body = api.act(table, token, "stakes", **fields)
    assert status == 400 and len(body["error"]) > 10, body
    assert api.state(table)["seq"] == 0


def test_r34_the_same_stakes_again_change_nothing(api: Api) -> None:
    table, token = open_table(api)
    status, body = api.act(table, token, "stakes", blinds=[1, 2])
    assert status == 409 and body["ruling"] == "R34"


def test_r34_undo_takes_the_new_stakes_back_and_redo_brings_them(api: Api) -> None:
    table, token = open_table(api)
    api.ok(table, token, "stakes", blinds=[5, 10], limits=[10, 20])
    status, state = api.undo(table, token)
    assert status == 200 and state["stakes"]["blinds"] == [1, 2] and state["stakes"]["limits"] == [2, 4]
    status, state = api.request("POST", f"/api/tables/{table}/redo", {}, token=token)
    assert status == 200 and state["stakes"]["blinds"] == [5, 10]
    assert api.ok(table, token, "deal")["current_bet"] == 10


def test_r34_histories_headers_and_the_report_give_each_hand_its_stakes(api: Api) -> None:
    table, token = open_table(api)
    fold_round(api, table, token)
    api.ok(table, token, "stakes", blinds=[2, 4], limits=[4, 8])
    fold_round(api, table, token)
    status, first = api.request("GET", f"/api/tables/{table}/hands/1.txt")
    assert status == 200 and first.splitlines()[0].count("(2/4)") == 1 and "New stakes from hand 2" in first
    status, second = api.request("GET", f"/api/tables/{table}/hands/2.txt")
    assert status == 200 and "(4/8)" in second.splitlines()[0] and "posts big blind 4" in second
    status, phh = api.request("GET", f"/api/tables/{table}/hands/2.phh")
    assert status == 200 and "small_bet = 4" in phh and "big_bet = 8" in phh
    status, report = api.request("GET", f"/t/{table}/report")
    assert status == 200 and 'data-testid="stakes-changes"' in report and "New stakes from hand 2" in report


def test_r34_an_open_night_with_new_stakes_exports_and_imports() -> None:
    import json

    from dealer import Game
    from dealer.formats.session_file import export_document, import_document
    from dealer.rules.entries import parse_create, parse_input
    from dealer.view.snapshot_json import state_json

    game = Game(parse_create({"players": ["Ana", "Bia", "Caio"], "button": "Ana", "format": "open"}))
    for request_ in ({"action": "stakes", "blinds": [3, 6], "limits": [6, 12], "ante": 1}, {"action": "deal"}):
        game.push(parse_input(request_))
    document = json.loads(json.dumps(export_document(game, [1_750_000_000.0 + seq for seq in range(game.seq + 1)],
                                                     "tbl")))
    assert state_json(import_document(document).game, "tbl") == state_json(game, "tbl")
    assert state_json(game, "tbl")["current_bet"] == 6


def test_r34_the_console_offers_the_stakes_form_between_hands_of_an_open_game(client: Any) -> None:
    table = console_create(client, ["Ana", "Bia", "Caio"], format="open", chip_value="", currency="", max_buy_in="")
    page = client.get(f"/t/{table}/dealer")
    assert "stakes-menu" in ids_of(page) and 'value="1" data-testid="stakes-small-blind"' in page.get_data(
        as_text=True)
    answer = console_act(client, table, "stakes", small_blind="2", big_blind="4", small_bet="4", big_bet="8",
                         raises="3", ante="0")
    assert answer.status_code == 303, answer.get_data(as_text=True)[:2000]
    assert "Blinds 2/4 · limits 4/8" in text(client.get(f"/t/{table}/dealer"))
    console_act(client, table, "deal")
    assert "stakes-menu" not in ids_of(client.get(f"/t/{table}/dealer"))  # never during a hand


def test_r34_no_stakes_form_in_a_session(client: Any) -> None:
    table = console_create(client, ["Ana", "Bia"])
    assert "stakes-menu" not in ids_of(client.get(f"/t/{table}/dealer"))


def test_r34_is_in_the_rule_reference_in_three_languages(server: Any) -> None:
    import urllib.request

    for language, words in (("en", "Stakes that change between hands"), ("pt", "Apostas que mudam entre mãos"),
                            ("es", "Apuestas que cambian entre manos")):
        request = urllib.request.Request(server.base + "/rules", headers={"Accept-Language": language})
        with urllib.request.urlopen(request, timeout=10) as answer:
            page = answer.read().decode()
        assert 'id="r34"' in page and words in page
    assert ruling("R34").sections == ("01", "03") and "between hands" in ruling("R34").text
    assert "paid at once" in ruling("R27").text
