"""Session, button, misdeal, undo and replay (§01, §03, §08; R1, R2, R4, R5, R19, R20)."""

from __future__ import annotations

import json
import random

import pytest

from dealer import Game
from dealer.errors import BadInput, NothingToUndo, StaleSeq
from dealer.rules.entries import entry_from_json, parse_create, parse_input
from dealer.view.snapshot_json import state_json
from engine_driver import Table


def fold_around(table: Table) -> None:
    """Everyone to act folds until the hand ends."""
    number = table.state["hand"]
    while table.state["hand"] == number and table.state["phase"] in ("bet", "draw"):
        table.do(f"{table.to_act} fold")


def without_seq(state: dict) -> dict:
    """The table itself: not the seq, nor what redo could re-apply, nor the struck-through lines of undone inputs
    (corrections stay in the record, but the table after an undo is the table before the input)."""
    kept = {key: value for key, value in state.items() if key not in ("seq", "redo")}
    kept["log"] = [line for line in state["log"] if not line["undone"]]
    return kept


def test_r01_table_total_never_changes() -> None:
    table = Table(["Ana", {"name": "Bia", "stack": 37}, "Caio"], button="Ana")
    assert table.state["total"] == 237
    table.do("deal", "Ana raise", "Bia raise", "Caio call", "Ana call")
    assert table.chips() == 237
    table.pats()
    table.do("Bia bet", "Caio fold", "Ana call")
    assert table.chips() == 237
    assert sum(pot["amount"] for pot in table.state["pots"]) == sum(p["committed"] for p in table.state["players"])


def test_r02_player_without_chips_is_out_no_cards_no_blind_never_button() -> None:
    table = Table(["Ana", {"name": "Bia", "stack": 0}, "Caio", "Dani"], button="Ana").do("deal")
    state = table.state
    assert table.player("Bia")["status"] == "out"
    assert (state["small_blind"], state["big_blind"]) == ("Caio", "Dani")
    assert state["deck"]["stub"] == 52 - 15
    fold_around(table)
    table.do("deal")
    assert table.state["button"] == "Caio"  # Bia is skipped


def test_r02_a_named_button_without_chips_is_refused() -> None:
    with pytest.raises(BadInput):
        parse_create({"players": ["Ana", {"name": "Bia", "stack": 0}, "Caio"], "button": "Bia"})


def test_r04_first_button_drawn_by_lot_is_recorded_and_replays_exactly() -> None:
    create = parse_create({"players": ["Ana", "Bia", "Caio", "Dani"]}, random.Random(7))
    assert create.drawn is True and create.button in {"Ana", "Bia", "Caio", "Dani"}
    game = Game(create)
    game.push(parse_input({"action": "deal"}))
    again = Game.rebuild(entry_from_json(json.loads(json.dumps(entry.to_json()))) for entry in game.entries)
    assert again.state.hand.button == create.button == game.state.hand.button
    assert any("by lot" in str(line.text) for hand in game.session_log() for line in hand.lines)


def test_r04_draw_by_lot_only_among_players_with_chips() -> None:
    for seed in range(30):
        create = parse_create({"players": ["Ana", {"name": "Bia", "stack": 0}, "Caio"]}, random.Random(seed))
        assert create.button != "Bia"


def test_r05_button_moves_clockwise_and_blinds_follow() -> None:
    table = Table(["Ana", "Bia", "Caio", "Dani"], button="Ana").do("deal")
    seen = []
    for _ in range(5):
        state = table.state
        seen.append((state["button"], state["small_blind"], state["big_blind"]))
        fold_around(table)
        table.do("deal")
    assert seen == [("Ana", "Bia", "Caio"), ("Bia", "Caio", "Dani"), ("Caio", "Dani", "Ana"),
                    ("Dani", "Ana", "Bia"), ("Ana", "Bia", "Caio")]


def test_r05_heads_up_button_posts_small_blind_acts_first_then_big_blind_first_after_the_draw() -> None:
    table = Table(["Ana", "Bia"], button="Bia").do("deal")
    state = table.state
    assert (state["button"], state["small_blind"], state["big_blind"]) == ("Bia", "Bia", "Ana")
    assert state["to_act"] == "Bia"
    table.do("Bia call", "Ana check")
    assert table.to_act == "Ana"  # the big blind draws first
    table.pats()
    assert table.state["round"] == 2 and table.to_act == "Ana"


def test_r05_going_from_three_to_two_players_follows_the_rule_literally() -> None:
    table = Table(["Ana", "Bia", {"name": "Caio", "stack": 2}], button="Ana").do("deal")
    table.do("Ana raise", "Bia fold")  # Caio is all-in for the big blind
    while table.state["phase"] != "showdown":
        table.do(f"{table.to_act} draw 0")
    table.do("Caio show 8h 6c 4h 3d 2d", "Ana show 7h 5c 4d 3s 2c")
    assert table.player("Caio")["status"] == "out"
    table.do("deal")
    state = table.state
    # The button moves from Ana to the next seat with chips, Bia; heads-up Bia posts the small blind.
    assert (state["button"], state["small_blind"], state["big_blind"]) == ("Bia", "Bia", "Ana")


def test_r19_misdeal_keeps_button_blinds_and_hand_number() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana").do("deal")
    after_deal = table.state
    assert "misdeal" in table.legal
    table.do("misdeal")
    after_misdeal = table.state
    pinned = ["phase", "hand", "hands", "round", "button", "small_blind", "big_blind", "to_act", "legal", "bet_unit",
              "current_bet", "raises", "capped", "uncapped", "players", "pots", "deck", "deal_plan", "showdown",
              "last_hand", "standings"]
    assert {key: after_misdeal[key] for key in pinned} == {key: after_deal[key] for key in pinned}
    assert after_misdeal["seq"] == after_deal["seq"] + 1
    table.do("Ana call")
    assert "misdeal" not in table.legal
    assert table.refuse("misdeal").ruling == "R19"


def test_r20_session_ends_after_ten_hands_misdeals_excluded() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana")
    for number in range(1, 11):
        table.do("deal")
        if number == 3:
            table.do("misdeal")
        fold_around(table)
    state = table.state
    assert state["phase"] == "over" and state["hand"] == 10 and state["legal"] == []
    assert table.refuse("deal").ruling == "R20"


def test_r20_session_ends_when_one_player_has_all_the_chips() -> None:
    table = Table(["Ana", {"name": "Bia", "stack": 2}], button="Ana").do("deal", "Ana call")
    while table.state["phase"] == "draw":
        table.do(f"{table.to_act} draw 0")
    table.do("Bia show 8h 6c 4h 3d 2d", "Ana show 7h 5c 4d 3s 2c")
    state = table.state
    assert state["phase"] == "over"
    assert state["standings"] == [{"name": "Ana", "stack": 102, "place": 1}, {"name": "Bia", "stack": 0, "place": 2}]


def test_r20_standings_share_places_and_skip_the_next() -> None:
    table = Table([{"name": "Ana", "stack": 30}, {"name": "Bia", "stack": 50}, {"name": "Caio", "stack": 30},
                   {"name": "Dani", "stack": 10}], button="Ana")
    assert table.state["standings"] == [
        {"name": "Bia", "stack": 50, "place": 1}, {"name": "Ana", "stack": 30, "place": 2},
        {"name": "Caio", "stack": 30, "place": 2}, {"name": "Dani", "stack": 10, "place": 4}]


def test_r20_players_on_zero_share_the_last_place() -> None:
    table = Table([{"name": "Ana", "stack": 30}, {"name": "Bia", "stack": 0}, {"name": "Caio", "stack": 20},
                   {"name": "Dani", "stack": 0}], button="Ana")
    places = {row["name"]: row["place"] for row in table.state["standings"]}
    assert places == {"Ana": 1, "Caio": 2, "Bia": 3, "Dani": 3}


def test_undo_gives_back_exactly_the_earlier_state_for_every_kind_of_input() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana")
    moves = ["deal", "misdeal", "Ana raise", "Bia call", "Caio fold", "Bia draw 2", "Ana draw 0", "exposed Bia",
             "Bia check", "Ana bet", "Bia call", "Bia draw 0", "Ana draw 1", "Bia check", "Ana check",
             "Bia draw 0", "Ana draw 0", "Bia bet", "Ana call", "Bia show 7h 5c 4d 3s 2c", "Ana muck", "deal"]
    for move in moves:
        before = table.state
        table.do(move)
        seq = table.state["seq"]
        table.game.undo()
        assert table.state["seq"] == seq + 1
        assert without_seq(table.state) == without_seq(before), move
        table.do(move)


def test_undo_at_the_start_and_stale_seq_are_refused() -> None:
    table = Table(["Ana", "Bia"], button="Ana")
    with pytest.raises(NothingToUndo):
        table.game.undo()
    table.do("deal")
    with pytest.raises(StaleSeq):
        table.game.push(parse_input({"action": "call", "player": "Ana"}), seq=0)
    assert table.state["seq"] == 1


def test_replay_of_the_log_equals_the_live_game() -> None:
    table = Table(["Ana", "Bia", "Caio"], button="Ana")
    table.do("deal", "Ana raise", "Bia call", "Caio call", "Bia draw 1", "Caio draw 2", "Ana draw 0")
    table.game.undo()
    table.do("Ana draw 3")
    copy = Game.rebuild(entry_from_json(json.loads(json.dumps(entry.to_json()))) for entry in table.game.entries)
    assert state_json(copy, "t") == table.state
