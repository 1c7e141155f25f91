"""The open game (R26) and settling up (R27) through the JSON API on a real server, and the session's refusals."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import Api
from dealer.reference.rulings import ruling
from dealer.rules.settlement import settle
from test_console import act as console_act
from test_console import create as console_create
from test_console import ids_of, text


def open_table(api: Api, players: list[Any] | None = None, **settings: Any) -> tuple[str, str]:
    players = players or ["Ana", "Bia", "Caio"]
    first = players[0]["name"] if isinstance(players[0], dict) else players[0]
    table, token, state = api.create(players, button=first, format="open", **settings)
    assert state["format"] == "open"
    return table, token


def fold_round(api: Api, table: str, token: str) -> dict[str, Any]:
    """Deal a hand and fold everyone to the big blind."""
    state = api.ok(table, token, "deal")
    while state["phase"] != "deal":
        state = api.ok(table, token, "fold", player=state["to_act"])
    return state


def player(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(item for item in state["players"] if item["name"] == name)


def test_a_session_is_the_default_and_shows_its_ledger(api: Api) -> None:
    _, _, state = api.create(["Ana", "Bia"], button="Ana")
    assert state["format"] == "session" and state["hands"] == 10
    assert [row["bought_in"] for row in state["ledger"]] == [100, 100]
    assert state["settlement"] == [] and "money_result" not in state["ledger"][0]


@pytest.mark.parametrize("request_", [
    {"action": "join", "player": "Duda", "stack": 50, "after": "Ana"},
    {"action": "leave", "player": "Bia"},
    {"action": "sit_out", "player": "Bia"},
    {"action": "sit_in", "player": "Bia"},
    {"action": "add_chips", "player": "Bia", "amount": 20},
    {"action": "end"},
])
def test_r26_every_open_game_input_is_refused_in_a_session_citing_r1(api: Api, request_: dict[str, Any]) -> None:
    table, token, before = api.create(["Ana", "Bia", "Caio"], button="Ana")
    status, body = api.request("POST", f"/api/tables/{table}/actions", request_, token=token)
    assert status == 409 and body["ruling"] == "R1" and len(body["error"]) > 20, body
    after = api.state(table)
    assert after["seq"] == before["seq"] and after["players"] == before["players"]


def test_r26_chips_enter_or_leave_only_between_hands(api: Api) -> None:
    table, token = open_table(api)
    api.ok(table, token, "deal")
    for request_ in ({"action": "add_chips", "player": "Ana", "amount": 10}, {"action": "leave", "player": "Bia"},
                     {"action": "join", "player": "Duda", "stack": 10, "after": "Ana"}, {"action": "end"}):
        status, body = api.request("POST", f"/api/tables/{table}/actions", request_, token=token)
        assert status == 409 and "between hands" in body["error"], body


def test_r26_a_late_arrival_is_seated_after_a_named_player_and_dealt_in_next_hand(api: Api) -> None:
    table, token = open_table(api)
    state = api.ok(table, token, "join", player="Duda", stack=80, after="Ana")
    assert [item["name"] for item in state["players"]] == ["Ana", "Duda", "Bia", "Caio"]
    assert player(state, "Duda")["bought_in"] == 80 and player(state, "Duda")["stack"] == 80
    state = api.ok(table, token, "deal")
    # Button Ana; Duda, now left of the button, posts the small blind: no extra blind, no dead button.
    assert state["button"] == "Ana" and state["small_blind"] == "Duda" and state["big_blind"] == "Bia"
    assert player(state, "Duda")["status"] == "active"


def test_r26_seven_players_never_sit_at_once(api: Api) -> None:
    table, token = open_table(api, ["A1", "A2", "A3", "A4", "A5", "A6"])
    status, body = api.act(table, token, "join", player="Zed", stack=50, after="A1")
    assert status == 409 and "at most 6" in body["error"]
    api.ok(table, token, "leave", player="A3")
    state = api.ok(table, token, "join", player="Zed", stack=50, after="A1")
    assert len(state["players"]) == 7 and player(state, "A3")["status"] == "left"


def test_r26_sitting_out_skips_the_deal_button_and_blinds_and_coming_back_needs_no_blind(api: Api) -> None:
    table, token = open_table(api, ["Ana", "Bia", "Caio", "Duda"])
    api.ok(table, token, "sit_out", player="Bia")
    state = api.ok(table, token, "deal")
    assert player(state, "Bia")["status"] == "sitting_out" and player(state, "Bia")["committed"] == 0
    assert (state["button"], state["small_blind"], state["big_blind"]) == ("Ana", "Caio", "Duda")
    while state["phase"] != "deal":
        state = api.ok(table, token, "fold", player=state["to_act"])
    api.ok(table, token, "sit_in", player="Bia")
    state = api.ok(table, token, "sit_out", player="Caio")
    state = api.ok(table, token, "deal")
    # The button moves from Ana to the next player sitting in: Bia (back without owing a blind); Caio is skipped.
    assert (state["button"], state["small_blind"], state["big_blind"]) == ("Bia", "Duda", "Ana")


def test_r26_a_rebuy_after_a_bust_and_the_maximum_buy_in(api: Api) -> None:
    table, token = open_table(api, [{"name": "Ana", "stack": 2}, {"name": "Bia", "stack": 100}], max_buy_in=150)
    state = api.ok(table, token, "deal")  # heads-up: Ana (button) posts 1, Bia 2; Ana calls her last chip
    while state["phase"] not in ("deal",):
        to_act = state["to_act"]
        legal = [option["action"] for option in state["legal"]]
        if "check" in legal:
            state = api.ok(table, token, "check", player=to_act)
        elif "call" in legal:
            state = api.ok(table, token, "call", player=to_act)
        elif "draw" in legal:
            state = api.ok(table, token, "draw", player=to_act, count=0)
        elif to_act == "Ana":
            state = api.ok(table, token, "show", player="Ana", cards="Kh Qd Jc 9s 8h")
        else:
            state = api.ok(table, token, "show", player="Bia", cards="7h 5c 4d 3s 2c")
    assert player(state, "Ana")["stack"] == 0 and state["phase"] == "deal"  # an open game goes on
    status, body = api.act(table, token, "add_chips", player="Ana", amount=151)
    assert status == 409 and "150" in body["error"]
    state = api.ok(table, token, "add_chips", player="Ana", amount=100)
    assert player(state, "Ana")["bought_in"] == 102 and player(state, "Ana")["stack"] == 100
    assert state["total"] == 202


def test_r26_leaving_takes_the_chips_away_and_the_table_total_follows(api: Api) -> None:
    table, token = open_table(api)
    fold_round(api, table, token)
    state = api.ok(table, token, "leave", player="Caio")
    caio = player(state, "Caio")
    assert caio["status"] == "left" and caio["stack"] == 0
    row = next(item for item in state["ledger"] if item["name"] == "Caio")
    assert state["total"] == 300 - row["holds"] == sum(item["stack"] for item in state["players"])
    standing = next(item for item in state["standings"] if item["name"] == "Caio")
    assert standing["stack"] == row["holds"]  # ranked by what they took away, not by an empty seat
    state = api.ok(table, token, "deal")
    assert player(state, "Caio")["status"] == "left"


def test_r26_the_dealer_ends_the_night_and_undo_takes_it_back(api: Api) -> None:
    table, token = open_table(api)
    fold_round(api, table, token)
    state = api.ok(table, token, "end")
    assert state["phase"] == "over"
    status, body = api.undo(table, token)
    assert status == 200 and body["phase"] == "deal"


def test_r26_an_open_game_with_fewer_than_two_sitting_in_cannot_deal(api: Api) -> None:
    table, token = open_table(api, ["Ana", "Bia"])
    state = api.ok(table, token, "sit_out", player="Bia")
    assert [option["action"] for option in state["legal"]] == ["join", "leave", "sit_out", "sit_in", "add_chips", "end",
                                                                "stakes"]
    status, body = api.act(table, token, "deal")
    assert status == 409 and "two players" in body["error"]


def test_r27_the_ledger_and_settlement_in_money(api: Api) -> None:
    table, token = open_table(api, ["Ana", "Bia", "Caio"], chip_value="0.10", currency="EUR")
    state = fold_round(api, table, token)  # Caio wins the blinds: Ana +0? button folds first, Bia posts 1
    state = api.ok(table, token, "end")
    results = {row["name"]: row["result"] for row in state["ledger"]}
    assert sum(results.values()) == 0 and results["Caio"] == 1 and results["Bia"] == -1
    bia = next(row for row in state["ledger"] if row["name"] == "Bia")
    assert bia["money_result"] == "-0.10"
    assert state["settlement"] == [{"from": "Bia", "to": "Caio", "amount": "0.10"}]
    assert state["currency"] == "EUR" and state["chip_value"] == "0.10"


def test_r27_settlement_is_the_fewest_transfers_not_a_greedy_match() -> None:
    # Matching the biggest debtor with the biggest creditor takes 5 transfers here; F pays B, and the other four
    # settle among themselves in 3.
    results = [("A", -9), ("B", 7), ("C", -2), ("D", 5), ("E", 6), ("F", -7)]
    transfers = settle(results)
    assert len(transfers) == 4
    assert [(item.payer, item.payee, item.chips) for item in transfers if "F" in (item.payer, item.payee)] == [
        ("F", "B", 7)]
    assert settle(results) == transfers  # the same results, the same transfers


def test_r26_and_r27_are_shown_in_the_rule_reference(server: Any) -> None:
    import urllib.request
    for language, words in (("en", ("Open game", "Settling up")), ("pt", ("Jogo aberto", "Acertar contas")),
                            ("es", ("Partida abierta", "Saldar cuentas"))):
        request = urllib.request.Request(server.base + "/rules", headers={"Accept-Language": language})
        with urllib.request.urlopen(request, timeout=10) as answer:
            page = answer.read().decode()
        assert 'id="r26"' in page and 'id="r27"' in page
        for word in words:
            assert word in page
    assert ruling("R26").sections == ("01", "03") and ruling("R27").sections == ("08",)


@pytest.mark.parametrize("payload", [
    {"players": ["Ana", "Bia"], "format": "tournament"},
    {"players": ["Ana", "Bia"], "format": "open", "chip_value": "ten"},
    {"players": ["Ana", "Bia"], "format": "open", "chip_value": "-1"},
    {"players": ["Ana", "Bia"], "format": "open", "max_buy_in": 50},
    {"players": ["Ana", "Bia"], "chip_value": "0.10"},
])
def test_r26_bad_open_game_settings_are_refused_with_a_sentence(api: Api, payload: Any) -> None:
    status, body = api.request("POST", "/api/tables", payload)
    assert status == 400 and len(body["error"]) > 10


def open_night() -> Any:
    """An open night played on the engine: a join, a sit-out, chips added, a leave, an undo and a redo."""
    from dealer import Game
    from dealer.rules.entries import parse_create, parse_input

    game = Game(parse_create({"players": ["Ana", "Bia", "Caio"], "button": "Ana", "format": "open",
                              "chip_value": "0.25", "currency": "EUR", "max_buy_in": 300}))
    def fold_around() -> None:
        while game.to_act:
            game.push(parse_input({"action": "fold", "player": game.to_act}))

    for request_ in ({"action": "join", "player": "Duda", "stack": 60, "after": "Bia"}, {"action": "deal"}, None,
                     {"action": "sit_out", "player": "Bia"}, {"action": "add_chips", "player": "Ana", "amount": 40},
                     {"action": "deal"}, None):
        if request_ is None:
            fold_around()
        else:
            game.push(parse_input(request_))
    game.push(parse_input({"action": "leave", "player": "Caio"}))
    game.undo()
    game.redo()
    game.push(parse_input({"action": "end"}))
    return game


def test_r26_an_open_night_exports_and_imports_as_a_session_file() -> None:
    import json

    from dealer.formats.session_file import export_document, import_document
    from dealer.view.snapshot_json import state_json

    game = open_night()
    times = [1_750_000_000.0 + seq for seq in range(game.seq + 1)]
    document = json.loads(json.dumps(export_document(game, times, "tbl")))
    assert document["settings"]["format"] == "open" and document["settings"]["chip_value"] == "0.25"
    imported = import_document(document)
    assert state_json(imported.game, "tbl") == state_json(game, "tbl")
    assert state_json(game, "tbl")["phase"] == "over"


def test_r26_the_histories_and_the_report_know_the_comings_and_goings() -> None:
    from dealer.formats.phh import hand_phh
    from dealer.formats.pokerstars import hand_text as hand_history

    game = open_night()
    record = game.session_record()
    assert [step.entry.action for step in record.before] == ["join"]
    first, second = record.hands
    assert [step.entry.action for step in first.between] == ["sit_out", "add_chips"]
    text = hand_history(record, first, "tbl")
    assert "*** BETWEEN HANDS ***" in text and "Ana adds 40 chips (now" in text
    assert "Caio leaves the table and takes" in hand_history(record, second, "tbl")
    assert "Duda" in [name for _, name, _ in first.seats]
    assert hand_phh(record, second, "tbl").user_defined_fields["_between_hands"][0].startswith("Caio leaves")


def test_r27_an_old_log_without_a_format_is_a_session() -> None:
    from dealer.rules.entries import Create, entry_from_json

    old = {"kind": "create", "players": [{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 100}],
           "stakes": {"blinds": [1, 2], "limits": [2, 4], "raises": 3, "hands": 10, "stack": 100},
           "button": "Ana", "drawn": False}
    create = entry_from_json(old)
    assert isinstance(create, Create) and not create.open.is_open and create.to_json() == old


@pytest.mark.parametrize("language", ["en", "pt", "es"])
def test_r27_the_ledger_is_on_the_phone_the_tv_and_the_report_between_hands(app: Any, language: str) -> None:
    viewer = app.test_client()
    answer = viewer.post("/api/tables", json={"players": ["Ana", "Bia"], "button": "Ana", "format": "open",
                                              "chip_value": "0.5"})
    table, token = answer.get_json()["table"], answer.get_json()["dealer_token"]
    auth = {"Authorization": f"Bearer {token}"}
    for request_ in ({"action": "deal"}, {"action": "fold", "player": "Ana"},
                     {"action": "add_chips", "player": "Ana", "amount": 5}):
        assert viewer.post(f"/api/tables/{table}/actions", json=request_, headers=auth).status_code == 200
    for path in (f"/t/{table}", f"/t/{table}/tv", f"/t/{table}/report"):
        page = viewer.get(path, headers={"Accept-Language": language}).get_data(as_text=True)
        assert 'data-testid="ledger"' in page and "0.50" in page, path
    assert viewer.post(f"/api/tables/{table}/actions", json={"action": "deal"}, headers=auth).status_code == 200
    for path in (f"/t/{table}", f"/t/{table}/tv"):  # during a hand the phones and the TV show the hand
        page = viewer.get(path, headers={"Accept-Language": language}).get_data(as_text=True)
        assert 'data-testid="ledger"' not in page, path


def offered(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {option["action"]: option for option in state["legal"]}


def test_r26_legal_lists_who_may_come_and_go_and_how_many_chips_between_hands(api: Api) -> None:
    table, token = open_table(api, [{"name": "Ana", "stack": 150}, "Bia", "Caio"], max_buy_in=150)
    state = api.state(table)
    legal = offered(state)
    assert state["legal"][0] == {"action": "deal"} and legal["end"] == {"action": "end"}
    assert legal["join"] == {"action": "join", "after": ["Ana", "Bia", "Caio"], "min": 1, "max": 150}
    assert legal["leave"]["players"] == legal["sit_out"]["players"] == ["Ana", "Bia", "Caio"]
    assert "sit_in" not in legal  # nobody sits out
    # Ana holds the maximum buy-in already: only Bia and Caio may add chips, 50 each.
    assert legal["add_chips"] == {"action": "add_chips", "players": ["Bia", "Caio"], "min": 1,
                                  "max": {"Bia": 50, "Caio": 50}}
    assert api.act(table, token, "add_chips", player="Ana", amount=1)[0] == 409

    legal = offered(api.ok(table, token, "sit_out", player="Bia"))
    assert legal["sit_in"]["players"] == ["Bia"] and legal["sit_out"]["players"] == ["Ana", "Caio"]
    assert "Bia" in legal["leave"]["players"]
    legal = offered(api.ok(table, token, "leave", player="Caio"))
    assert legal["join"]["after"] == legal["leave"]["players"] == ["Ana", "Bia"]
    assert legal["add_chips"]["max"] == {"Bia": 50}


def test_r26_a_full_table_offers_no_join_and_without_a_maximum_any_amount_is_listed(api: Api) -> None:
    table, token = open_table(api, ["A1", "A2", "A3", "A4", "A5", "A6"])
    legal = offered(api.state(table))
    assert "join" not in legal and {"leave", "sit_out", "add_chips", "end"} <= set(legal)
    assert set(legal["add_chips"]["max"].values()) == {10**12}  # no max_buy_in: what one input can carry
    legal = offered(api.ok(table, token, "leave", player="A3"))
    assert legal["join"]["after"] == ["A1", "A2", "A4", "A5", "A6"] and legal["join"]["max"] == 10**12


def test_r26_no_open_game_entry_during_a_hand_nor_in_a_session(api: Api) -> None:
    table_actions = {"join", "leave", "sit_out", "sit_in", "add_chips", "end"}
    table, token = open_table(api)
    state = api.ok(table, token, "deal")
    while state["phase"] != "deal":
        assert not table_actions & set(offered(state))
        state = api.ok(table, token, "fold", player=state["to_act"])
    assert table_actions - {"sit_in"} <= set(offered(state))
    assert api.ok(table, token, "end")["legal"] == []

    table, token, state = api.create(["Ana", "Bia", "Caio"], button="Ana")
    assert state["legal"] == [{"action": "deal"}]
    state = fold_round(api, table, token)
    assert state["phase"] == "deal" and state["legal"] == [{"action": "deal"}]


def test_r26_the_console_offers_each_chips_field_up_to_what_legal_allows(client: Any) -> None:
    table = console_create(client, ["Ana", "Bia", "Caio"], stacks={0: 130}, format="open", chip_value="",
                           currency="", max_buy_in="150")
    page = client.get(f"/t/{table}/dealer")
    seen = text(page)
    assert "Chips (at most 20)" in seen and "Chips (at most 50)" in seen  # Ana holds 130, the others 100
    assert 'value="20" data-testid="add-amount-Ana"' in page.get_data(as_text=True)
    assert "Chips (at most 150)" in seen  # a newcomer's stack
    console_act(client, table, "add_chips", player="Ana", amount="20")
    ids = ids_of(client.get(f"/t/{table}/dealer"))
    assert "add-chips-Ana" not in ids and "add-chips-Bia" in ids  # Ana is at the maximum buy-in


def test_r26_when_everyone_has_left_the_console_seats_a_newcomer_without_naming_a_place(client: Any) -> None:
    table = console_create(client, ["Ana", "Bia"], format="open", chip_value="", currency="", max_buy_in="")
    for name in ("Ana", "Bia"):
        console_act(client, table, "leave", player=name, confirm="yes")  # leaving asks once
    ids = ids_of(client.get(f"/t/{table}/dealer"))
    assert "join-first" in ids and not [testid for testid in ids if testid.startswith(("seat-open-", "join-after-"))]
    console_act(client, table, "join", player="Caio", stack="80")
    ids = ids_of(client.get(f"/t/{table}/dealer"))
    assert "seat-open-Caio" in ids and "join-after-Caio" in ids and "join-first" not in ids

