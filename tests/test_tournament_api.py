"""A home tournament through the JSON API on a real server (R35-R37): creation, levels by hands and by the clock,
breaks, pause and resume, eliminations and places, rebuys, payouts, the chop, undo and export/import."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from decimal import Decimal
from typing import Any

import pytest

from conftest import Api
from dealer.formats.session_file import digest
from tournament_play import NL, actions, fold_hand, player, showdown_hand, tournament, wait_for

TOURNAMENT_KEYS = ("level", "next_level", "tournament", "places", "prize_pool", "payouts", "chop")


def test_a_session_and_an_open_game_have_the_tournament_keys_empty(api: Api) -> None:
    table, token, state = api.create(["Ana", "Bia"], button="Ana")
    assert state["format"] == "session"
    api.ok(table, token, "deal")
    document = api.request("GET", f"/api/tables/{table}/export", token=token)[1]
    assert "at" not in document["log"][1] and "format" not in document["log"][0]  # its log reads as before
    assert {key: state[key] for key in TOURNAMENT_KEYS} == {
        "level": None, "next_level": None, "tournament": None, "places": [], "prize_pool": None, "payouts": [],
        "chop": None}
    _table, _token, state = api.create(["Ana", "Bia"], button="Ana", format="open")
    assert state["level"] is None and state["payouts"] == []


def test_creation_stores_the_settings_and_the_state_names_the_tournament(api: Api) -> None:
    table, token, state = api.create(
        [{"name": "Ana", "stack": 1500}, "Bia", "Caio"], stack=1000, format="tournament", button="Ana",
        levels=[{"blinds": [10, 20], "minutes": 15}, {"blinds": [15, 30], "limits": [30, 60], "minutes": "12.5"}],
        breaks=[{"after_level": 1, "minutes": 10}], buy_in="20", currency="EUR",
        rebuy={"chips": 1000, "price": "20", "through_level": 1}, payouts=[60, 40])
    assert state["format"] == "tournament" and state["currency"] == "EUR"
    assert state["stakes"]["blinds"] == [10, 20] and state["stakes"]["limits"] == [20, 40]
    level = state["level"]
    assert level["number"] == 1 and level["started"] is False and level["seconds_left"] == 900
    assert level["seconds_to_break"] == 900 and level["paused"] is False and level["on_break"] is False
    assert state["next_level"] == {"number": 2, "blinds": [15, 30], "limits": [30, 60], "ante": 0,
                                   "ante_by": "each", "minutes": 12.5}
    assert state["tournament"]["entrants"] == 3 and state["tournament"]["rebuy_open"] is True
    assert state["prize_pool"] == "60.00"
    assert state["payouts"] == [{"place": 1, "amount": "36.00"}, {"place": 2, "amount": "24.00"}]
    assert list(actions(state)) == ["deal", "chop"]  # no clock to pause before the first deal
    document = api.request("GET", f"/api/tables/{table}/export", token=token)[1]
    created = document["log"][0]
    assert created["format"] == "tournament" and created["levels"][1]["minutes"] == "12.5"
    assert created["breaks"] == [{"after_level": 1, "minutes": "10"}] and created["buy_in"] == "20.00"
    assert created["payouts"] == ["60", "40"] and "hands" not in created["levels"][0]


@pytest.mark.parametrize(("fields", "words"), [
    ({"format": "bogus"}, "“format” is “session”, “open” or “tournament”."),
    ({"blinds": [1, 2]}, "takes its stakes from its levels"),
    ({"hands": 10}, "takes its stakes from its levels"),
    ({"levels": []}, "levels"),
    ({"levels": [{"blinds": [2, 1], "minutes": 5}]}, "small blind"),
    ({"levels": [{"blinds": [1, 2], "minutes": 0}]}, "minutes"),
    ({"level_by": "hands", "levels": [{"blinds": [1, 2], "hands": 5}, {"blinds": [2, 4], "hands": 5}],
      "breaks": [{"after_level": 1, "minutes": 5}]}, "Breaks need levels on the clock"),
    ({"payouts": [50, 40]}, "payouts"),
    ({"buy_in": "-3"}, "buy_in"),
])
def test_creation_refusals_are_400_with_a_sentence(api: Api, fields: dict[str, Any], words: str) -> None:
    request = {"players": ["Ana", "Bia", "Caio"], "format": "tournament",
               "levels": [{"blinds": [1, 2], "minutes": 5}]} | fields
    status, body = api.request("POST", "/api/tables", request)
    assert status == 400 and words.casefold() in body["error"].casefold(), body


def test_r36_levels_by_hands_change_the_blinds_at_the_right_deal(api: Api) -> None:
    table, token, _ = tournament(api, ["Ana", "Bia", "Caio"], stack=200, levels=[
        {"blinds": [1, 2], "hands": 2}, {"blinds": [5, 10], "ante": 1, "hands": 2}])
    state = fold_hand(api, table, token)
    assert state["level"]["number"] == 1 and state["level"]["hands_left"] == 1
    assert state["level"]["seconds_left"] is None and "pause" not in actions(state)
    fold_hand(api, table, token)
    state = api.state(table)
    assert state["level"]["number"] == 2 and state["level"]["hands_left"] is None  # the last level never ends
    state = api.ok(table, token, "deal")
    assert state["hand"] == 3 and state["stakes"]["blinds"] == [5, 10] and state["stakes"]["ante"] == 1
    assert sorted(item["committed"] for item in state["players"]) == [1, 6, 11]  # blinds and an ante each
    assert state["log"][0]["text"] == "Level 2: blinds 5/10, limits 10/20, ante 1"
    assert state["log"][0]["ruling"] == "R36"
    history = api.request("GET", f"/api/tables/{table}/hands/3.txt")[1]
    assert "10/20" in history or "5/10" in history  # the history names the level's stakes


def test_r36_levels_by_time_change_at_the_next_deal_never_in_a_hand(api: Api) -> None:
    table, token, _ = tournament(api, ["Ana", "Bia", "Caio"], stack=200, level_by="minutes", levels=[
        {"blinds": [1, 2], "minutes": 0.02}, {"blinds": [2, 4], "minutes": 30}])
    state = api.ok(table, token, "deal")  # the clock starts
    assert state["level"]["started"] is True and state["level"]["in_play"] == 1
    state = wait_for(api, table, lambda state: state["level"]["number"] == 2)
    assert state["phase"] == "bet" and state["level"]["in_play"] == 1  # the hand goes on at level 1's stakes
    assert state["level"]["note"] == "Next hand: blinds 2/4, limits 4/8"
    assert state["stakes"]["blinds"] == [1, 2] and state["bet_unit"] == 2
    while state["phase"] == "bet":
        state = api.ok(table, token, "fold", player=state["to_act"])
    assert state["level"]["note"] is None and state["level"]["in_play"] is None
    state = api.ok(table, token, "deal")
    assert state["stakes"]["blinds"] == [2, 4] and sorted(item["committed"] for item in state["players"]) == [0, 2, 4]


def test_r36_the_clock_stands_still_while_paused(api: Api) -> None:
    table, token, _ = tournament(api, ["Ana", "Bia"], stack=200, level_by="minutes", levels=[
        {"blinds": [1, 2], "minutes": 0.1}, {"blinds": [2, 4], "minutes": 30}])
    api.ok(table, token, "deal")
    state = api.ok(table, token, "pause")  # mid-hand
    assert state["level"]["paused"] is True and actions(state).keys() >= {"resume"}
    assert state["log"][-1]["text"].startswith("Clock paused: level 1, 0:0")
    left = state["level"]["seconds_left"]
    time.sleep(7)  # longer than the level: paused, it does not run out
    state = api.state(table)
    assert state["level"]["number"] == 1 and state["level"]["seconds_left"] == left
    state = api.ok(table, token, "resume")
    assert state["level"]["paused"] is False and state["log"][-1]["text"].startswith("Clock running again: level 1")
    wait_for(api, table, lambda state: state["level"]["number"] == 2)


def test_r36_undo_takes_a_pause_back_and_redo_brings_it(api: Api) -> None:
    table, token, _ = tournament(api, ["Ana", "Bia"], level_by="minutes", levels=[{"blinds": [1, 2], "minutes": 30}])
    api.ok(table, token, "deal")
    api.ok(table, token, "pause")
    status, state = api.undo(table, token)
    assert status == 200 and state["level"]["paused"] is False and "pause" in actions(state)
    status, state = api.request("POST", f"/api/tables/{table}/redo", {}, token=token)
    assert status == 200 and state["level"]["paused"] is True and "resume" in actions(state)
    state = api.ok(table, token, "resume")
    status, state = api.undo(table, token)
    assert state["level"]["paused"] is True


def test_r36_no_hand_is_dealt_on_a_break(api: Api) -> None:
    table, token, _ = tournament(api, ["Ana", "Bia"], stack=200, level_by="minutes", levels=[
        {"blinds": [1, 2], "minutes": 0.02}, {"blinds": [2, 4], "minutes": 30}],
        breaks=[{"after_level": 1, "minutes": 0.15}])
    fold_hand(api, table, token)
    state = wait_for(api, table, lambda state: state["level"]["on_break"])
    assert "deal" not in actions(state) and state["level"]["number"] == 2
    status, body = api.act(table, token, "deal")
    if status == 409:  # the break may have ended meanwhile on a very busy machine
        assert body["error"].startswith("Break: play resumes in") and body["ruling"] == "R36"
    state = wait_for(api, table, lambda state: not state["level"]["on_break"])
    state = api.ok(table, token, "deal") if state["phase"] == "deal" else state
    assert state["stakes"]["blinds"] == [2, 4]


def test_r36_get_changes_its_etag_when_a_level_begins(api: Api) -> None:
    table, token, _ = tournament(api, ["Ana", "Bia"], level_by="minutes", levels=[
        {"blinds": [1, 2], "minutes": 0.02}, {"blinds": [2, 4], "minutes": 30}])
    api.ok(table, token, "deal")
    first = _etag(api, table)
    wait_for(api, table, lambda state: state["level"]["number"] == 2)
    assert _etag(api, table) != first


def _etag(api: Api, table: str) -> str:
    with urllib.request.urlopen(f"{api.base}/api/tables/{table}", timeout=10) as answer:
        return str(answer.headers["ETag"])


def test_r35_two_players_out_in_one_hand_are_placed_by_their_starting_stacks(api: Api) -> None:
    table, token, _ = tournament(api, [{"name": "Ana", "stack": 300}, {"name": "Bia", "stack": 40},
                                       {"name": "Caio", "stack": 30}, {"name": "Dora", "stack": 400}],
                                 games=[NL], buy_in="10", payouts=[50, 30, 20])
    state = showdown_hand(api, table, token, ["Ana", "Dora", "Bia", "Caio"], shover="Ana")
    assert player(state, "Bia")["status"] == "out" and player(state, "Caio")["status"] == "out"
    assert [(item["place"], item["name"]) for item in state["places"]] == [(3, "Bia"), (4, "Caio")]
    assert state["places"][0]["hand"] == 1 and state["tournament"]["left"] == 2
    assert state["payouts"][2] == {"place": 3, "name": "Bia", "amount": "8.00"}
    assert "Caio is out in place 4" in [line["text"] for line in state["log"]]


def test_r35_equal_starting_stacks_share_the_better_place_and_its_payouts(api: Api) -> None:
    table, token, _ = tournament(api, [{"name": "Ana", "stack": 300}, {"name": "Bia", "stack": 30},
                                       {"name": "Caio", "stack": 30}, {"name": "Dora", "stack": 400}],
                                 games=[NL], buy_in="10", payouts=[50, 30, 20])
    state = showdown_hand(api, table, token, ["Ana", "Dora", "Bia", "Caio"], shover="Ana")
    assert sorted((item["place"], item["name"]) for item in state["places"]) == [(3, "Bia"), (3, "Caio")]
    shared = [row for row in state["payouts"] if row["place"] >= 3]
    assert shared == [{"place": 3, "name": "Bia", "amount": "4.00"}, {"place": 4, "name": "Caio", "amount": "4.00"}]
    assert sum(Decimal(row["amount"]) for row in state["payouts"]) == Decimal(state["prize_pool"])


def test_r35_the_last_player_with_chips_wins_and_the_tournament_is_over(api: Api) -> None:
    table, token, _ = tournament(api, [{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 50}], games=[NL],
                                 buy_in="5")
    state = showdown_hand(api, table, token, ["Ana", "Bia"])
    assert state["phase"] == "over" and state["legal"] == [] and state["tournament"]["over"] is True
    assert [(item["place"], item["name"]) for item in state["places"]] == [(1, "Ana"), (2, "Bia")]
    assert state["log"][-1]["text"] == "The tournament is over: Ana wins."
    assert state["payouts"] == [{"place": 1, "name": "Ana", "amount": "10.00"}]
    status, body = api.act(table, token, "deal")
    assert status == 409 and body["error"] == "The tournament is over: Ana wins." and body["ruling"] == "R35"


def test_r37_a_rebuy_is_offered_and_counted_through_its_level_and_refused_after(api: Api) -> None:
    table, token, _ = tournament(api, [{"name": "Ana", "stack": 300}, {"name": "Bia", "stack": 50},
                                       {"name": "Caio", "stack": 40}], games=[NL], buy_in="20",
                                 rebuy={"chips": 100, "price": "15", "through_level": 1},
                                 levels=[{"blinds": [1, 2], "hands": 2}, {"blinds": [2, 4], "hands": 5}])
    state = showdown_hand(api, table, token, ["Ana", "Bia", "Caio"], shover="Ana")
    assert player(state, "Bia")["status"] == "busted" and player(state, "Caio")["status"] == "busted"
    assert actions(state)["rebuy"] == {"action": "rebuy", "players": ["Bia", "Caio"], "chips": 100, "price": "15.00"}
    assert actions(state)["out"] == {"action": "out", "players": ["Bia", "Caio"]}
    assert state["places"] == [] and state["tournament"]["left"] == 3 and state["chop"] is None
    state = api.ok(table, token, "rebuy", player="Caio")
    assert player(state, "Caio")["stack"] == 100 and player(state, "Caio")["status"] == "active"
    assert state["tournament"]["rebuys"] == 1 and state["prize_pool"] == "75.00"
    assert state["log"][-1]["text"] == "Caio rebuys: 100 chips for 15.00" and state["log"][-1]["ruling"] == "R37"
    state = fold_hand(api, table, token)  # Bia, busted, is not dealt in
    assert player(state, "Bia")["status"] == "busted" and state["level"]["number"] == 2
    assert "rebuy" not in actions(state) and "out" in actions(state)  # level 2: the rebuy period is over
    status, body = api.act(table, token, "rebuy", player="Bia")
    assert status == 409 and body["ruling"] == "R37" and "level 1" in body["error"]
    state = api.ok(table, token, "deal")  # Bia goes out at the first deal after the rebuy period
    assert [(item["place"], item["name"]) for item in state["places"]] == [(3, "Bia")]
    assert player(state, "Bia")["status"] == "out"


def test_r37_out_ends_a_busted_players_tournament_at_once(api: Api) -> None:
    table, token, _ = tournament(api, [{"name": "Ana", "stack": 300}, {"name": "Bia", "stack": 50},
                                       {"name": "Caio", "stack": 300}], games=[NL],
                                 rebuy={"chips": 100, "price": "5", "through_level": 1})
    state = showdown_hand(api, table, token, ["Ana", "Caio", "Bia"], shover="Bia")
    assert player(state, "Bia")["status"] == "busted"
    status, body = api.act(table, token, "out", player="Ana")
    assert status == 409 and body["ruling"] == "R35"
    state = api.ok(table, token, "out", player="Bia")
    assert state["places"] == [{"place": 3, "name": "Bia", "hand": 1}]
    assert state["log"][-1]["text"] == "Bia is out in place 3"


@pytest.mark.parametrize(("buy_in", "entrants", "payouts"), [
    ("3.33", 6, [45.5, 30.25, 24.25]), ("10", 3, None), ("0.07", 5, [50, 30, 20]), ("7", 4, None)])
def test_r37_payouts_add_up_to_the_prize_pool_to_the_cent(api: Api, buy_in: str, entrants: int,
                                                          payouts: list[float] | None) -> None:
    names = ["Ana", "Bia", "Caio", "Dora", "Eva", "Fred"][:entrants]
    settings: dict[str, Any] = {"buy_in": buy_in} | ({"payouts": payouts} if payouts else {})
    _table, _token, state = tournament(api, names, **settings)
    pool = Decimal(state["prize_pool"])
    assert pool == Decimal(buy_in) * entrants
    amounts = [Decimal(row["amount"]) for row in state["payouts"]]
    assert sum(amounts) == pool and all(amount == amount.quantize(Decimal("0.01")) for amount in amounts)
    assert amounts == sorted(amounts, reverse=True)


def test_r37_the_chop_state_and_an_agreed_chop_ends_the_tournament(api: Api) -> None:
    table, token, state = tournament(api, [{"name": "Ana", "stack": 500}, {"name": "Bia", "stack": 300},
                                           {"name": "Caio", "stack": 200}], buy_in="10", payouts=[50, 30, 20])
    chop = state["chop"]
    assert chop["unpaid"] == "30.00" and chop["chip_chop"] == {"Ana": "15.00", "Bia": "9.00", "Caio": "6.00"}
    assert _icm_by_hand([500, 300, 200], [15, 9, 6]) == pytest.approx(
        [float(chop["icm"][name]) for name in ("Ana", "Bia", "Caio")], abs=0.011)
    assert sum(Decimal(amount) for amount in chop["icm"].values()) == Decimal("30.00")
    assert actions(state)["chop"] == {"action": "chop", "players": ["Ana", "Bia", "Caio"]}
    status, body = api.act(table, token, "chop", amounts={"Ana": "15", "Bia": "9", "Caio": "5"})
    assert status == 409 and body["ruling"] == "R37"
    status, body = api.act(table, token, "chop", amounts="all")
    assert status == 400
    state = api.ok(table, token, "chop", amounts={"Ana": "14.50", "Bia": "9", "Caio": "6.50"})
    assert state["phase"] == "over" and state["legal"] == [] and state["chop"] is None
    assert state["log"][-1]["text"] == "Chop agreed: Ana 14.50, Bia 9.00, Caio 6.50. The tournament is over."
    assert state["payouts"] == [{"place": 1, "name": "Ana", "amount": "14.50"},
                                {"place": 2, "name": "Bia", "amount": "9.00"},
                                {"place": 3, "name": "Caio", "amount": "6.50"}]


def _icm_by_hand(stacks: list[int], prizes: list[int]) -> list[float]:
    """Malmuth-Harville for three players, written out: first by chip share, second by the others' firsts."""
    total = sum(stacks)
    found = []
    for index, stack in enumerate(stacks):
        first = stack / total
        second = sum(other / total * stack / (total - other) for place, other in enumerate(stacks) if place != index)
        found.append(prizes[0] * first + prizes[1] * second + prizes[2] * (1 - first - second))
    return found


def test_r36_export_and_import_keep_the_clock_exactly(api: Api) -> None:
    table, token, _ = tournament(api, ["Ana", "Bia"], level_by="minutes", levels=[
        {"blinds": [1, 2], "minutes": 20}, {"blinds": [2, 4], "minutes": 20}])
    fold_hand(api, table, token)
    api.ok(table, token, "pause")
    api.ok(table, token, "resume")
    before = api.ok(table, token, "pause")
    status, document = api.request("GET", f"/api/tables/{table}/export", token=token)
    assert status == 200
    inputs = [entry for entry in document["log"] if entry["kind"] == "input"]
    assert inputs and all(isinstance(entry["at"], float) for entry in inputs)
    api.ok(table, token, "resume")  # the table goes on: the file becomes a table of its own
    status, body = _post_long(api, "/api/tables/import", document)
    assert status == 201, body
    imported = api.state(body["table"])
    assert imported["level"] == before["level"] and imported["log"] == before["log"]
    log = [*document["log"][:3], {k: v for k, v in document["log"][3].items() if k != "at"}, *document["log"][4:]]
    forged = dict(document, log=log, digest=digest(log, document["times"], document["seq"]))
    status, body = _post_long(api, "/api/tables/import", forged)
    assert status == 400 and "Entry 3" in body["error"], body


def _post_long(api: Api, path: str, document: dict[str, Any]) -> tuple[int, Any]:
    """An import is checked in a process of its own: on a busy machine it may take longer than a tap."""
    request = urllib.request.Request(api.base + path, data=json.dumps(document).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=300) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as failure:
        return failure.code, json.loads(failure.read())


def test_r37_the_add_on_is_offered_on_its_break_once_to_each_player_still_in(api: Api) -> None:
    table, token, _ = tournament(api, ["Ana", "Bia"], stack=200, level_by="minutes", buy_in="10", levels=[
        {"blinds": [1, 2], "minutes": 0.02}, {"blinds": [2, 4], "minutes": 30}],
        breaks=[{"after_level": 1, "minutes": 0.5}], add_on={"chips": 300, "price": "5", "at_break": 1})
    state = fold_hand(api, table, token)
    assert "add_on" not in actions(state) and state["tournament"]["add_on_open"] is False
    state = wait_for(api, table, lambda state: state["level"]["on_break"])
    assert actions(state)["add_on"] == {"action": "add_on", "players": ["Ana", "Bia"], "chips": 300, "price": "5.00"}
    before = player(state, "Bia")["stack"]
    state = api.ok(table, token, "add_on", player="Bia")
    assert player(state, "Bia")["stack"] == before + 300 and state["tournament"]["add_ons"] == 1
    assert state["prize_pool"] == "25.00" and state["log"][-1]["text"] == "Bia takes the add-on: 300 chips for 5.00"
    assert actions(state)["add_on"]["players"] == ["Ana"]
    status, body = api.act(table, token, "add_on", player="Bia")
    assert status == 409 and body["ruling"] == "R37"


def test_r35_busted_players_going_out_at_one_deal_are_placed_by_the_hand_each_busted_in(api: Api) -> None:
    table, token, _ = tournament(api, [{"name": "Ana", "stack": 300}, {"name": "Bia", "stack": 50},
                                       {"name": "Caio", "stack": 40}, {"name": "Dora", "stack": 400}], games=[NL],
                                 rebuy={"chips": 100, "price": "5", "through_level": 1},
                                 levels=[{"blinds": [1, 2], "hands": 3}, {"blinds": [2, 4], "hands": 5}])
    state = showdown_hand(api, table, token, ["Ana", "Dora", "Bia"], shover="Ana", folders=("Caio",))
    assert player(state, "Bia")["status"] == "busted" and player(state, "Caio")["stack"] == 38
    state = showdown_hand(api, table, token, ["Ana", "Caio"], shover="Ana", folders=("Dora",))
    assert player(state, "Caio")["status"] == "busted" and state["tournament"]["busted"] == ["Bia", "Caio"]
    fold_hand(api, table, token)
    state = api.ok(table, token, "deal")  # level 2: the rebuy period is over, both go out now
    assert [(item["place"], item["name"]) for item in state["places"]] == [(3, "Bia"), (4, "Caio")]
