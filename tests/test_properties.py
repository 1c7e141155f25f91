"""Property tests over random legal sessions of 2-6 players with random starting stacks (hypothesis)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer import Game
from dealer.errors import DealerError
from dealer.rules import betting
from dealer.rules.cards import FULL_DECK, format_cards
from dealer.rules.entries import parse_create, parse_input
from dealer.view.snapshot_json import state_json
from web.service import TableService
from web.store import Store

NAMES = ["Ana", "Bia", "Caio", "Dani", "Edu", "Fabi"]


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(2, 6))
    stacks = draw(st.lists(st.integers(0, 40), min_size=count, max_size=count))
    if sum(1 for stack in stacks if stack > 0) < 2:
        stacks[0], stacks[1] = max(stacks[0], 3), max(stacks[1], 5)
    hands = draw(st.integers(1, 4))
    players: list[dict[str, Any]] = [{"name": NAMES[index], "stack": stack} for index, stack in enumerate(stacks)]
    return {"players": players, "hands": hands, "button": draw(st.sampled_from(
        [p["name"] for p in players if p["stack"] > 0]))}


def random_input(data: st.DataObject, game: Game) -> dict[str, Any]:
    """One random input among the legal ones (draw counts and shown cards chosen at random too)."""
    # Folds, mucks and misdeals now and then only: most random sessions should reach the showdown.
    calm = [option for option in game.legal if option.action not in ("fold", "muck", "misdeal", "exposed")]
    rare = data.draw(st.integers(0, 11)) == 0
    option = data.draw(st.sampled_from(game.legal if rare or not calm else calm))
    request: dict[str, Any] = {"action": option.action}
    if game.to_act is not None and option.action not in ("deal", "misdeal", "exposed"):
        request["player"] = game.to_act
    if option.action == "draw":
        request["count"] = data.draw(st.integers(0, 5))
    if option.action == "exposed":
        request["player"] = data.draw(st.sampled_from(option.players))
    if option.action == "show":
        hand = game.state.hand
        assert hand is not None and hand.showdown is not None
        used = {card for shown in hand.showdown.shown.values() for card in shown.cards}
        free = [card for card in FULL_DECK if card not in used]
        request["cards"] = format_cards(data.draw(st.permutations(free))[:5])
    return request


def check_invariants(game: Game) -> None:
    table = game.state
    stacks = [seat.stack for seat in table.seats]
    assert min(stacks) >= 0
    assert sum(stacks) + sum(seat.committed for seat in table.seats) == table.total  # R1
    state = state_json(game, "t")
    assert sum(pot["amount"] for pot in state["pots"]) == sum(p["committed"] for p in state["players"])
    hand = table.hand
    if hand is not None and not hand.ended:
        live_cards = sum(seat.cards_held for seat in table.seats if seat.live)
        assert live_cards + sum(state["deck"].values()) == 52
    for option in game.legal:
        if option.amount is not None:
            assert 0 < option.amount <= table.seat(game.to_act or "").stack
    if table.phase.value == "bet" and game.to_act is not None and hand is not None and hand.betting is not None:
        # The one-pass legal actions and the sentence explaining a missing raise must always agree.
        aggressive = any(option.action in ("bet", "raise") for option in game.legal)
        blocker = betting.raise_blocker(table, hand.betting, table.seat(game.to_act))
        assert aggressive == (blocker is None), blocker
        due = betting.owed(table, hand.betting, table.seat(game.to_act))
        assert any(option.action == ("call" if due else "check") for option in game.legal)


BETTING = {"fold", "check", "call", "bet", "raise"}
DEALER_MID_HAND = {"misdeal", "exposed"}
PLAYER_INPUTS = BETTING | {"draw", "show", "muck"}


def offered(game: Game) -> set[str]:
    return {str(option.action) for option in game.legal}


def check_phase_agrees_with_the_turn(game: Game) -> None:
    """The phase, whose turn it is and the legal actions tell the same story (the screens show all three)."""
    phase, to_act, actions = game.state.phase.value, game.to_act, offered(game)
    assert (phase == "deal") == (actions == {"deal"}), (phase, actions)
    assert (phase == "over") == (not actions), (phase, actions)
    assert (to_act is None) == (phase in ("deal", "over")), (phase, to_act)
    if to_act is None:
        return
    seat = game.state.seat(to_act)
    assert seat.live, (phase, to_act)  # a folded or sitting-out player never has the turn
    players = actions - DEALER_MID_HAND
    if phase == "bet":
        assert seat.active, to_act  # all-in players do not bet
        assert "fold" in players and players <= BETTING, actions
        assert len(players & {"check", "call"}) == 1, actions  # exactly one of check and call
        assert len(players & {"bet", "raise"}) <= 1, actions
        assert not {"bet", "call"} <= players, actions  # a bet opens the round: there was nothing to call
    elif phase == "draw":
        assert players == {"draw", "fold"}, actions
    else:
        assert phase == "showdown", phase
        assert "show" in players and players <= {"show", "muck"}, actions


def check_refusal_changes_nothing(game: Game, data: st.DataObject) -> None:
    """An input the engine does not offer, or an offered one for a player whose turn it is not, is refused, and
    the table, its seq and its legal actions stay exactly as they were."""
    actions = offered(game)
    names = [seat.name for seat in game.state.seats]
    every = sorted(PLAYER_INPUTS | {"deal"} | DEALER_MID_HAND)
    choices: list[dict[str, Any]] = [{"action": action, "player": data.draw(st.sampled_from(names))}
                                     for action in every if action not in actions]
    bystanders = [name for name in names if name != game.to_act]
    theirs = sorted(actions & (PLAYER_INPUTS - {"show"}))  # a show is checked against the cards, not the turn
    if game.to_act is not None and theirs and bystanders:
        choices.append({"action": data.draw(st.sampled_from(theirs)), "player": data.draw(st.sampled_from(bystanders))})
    if not choices:
        return
    request = data.draw(st.sampled_from(choices))
    if request["action"] in ("deal", "misdeal"):
        del request["player"]
    if request["action"] == "draw":
        request["count"] = 1
    if request["action"] == "show":
        request["cards"] = "7h 5c 4d 3s 2c"
    before, legal, seq = state_json(game, "t"), game.legal, game.seq
    try:
        game.push(parse_input(request))
    except DealerError:
        pass
    else:
        raise AssertionError(f"accepted an input that was not offered: {request} (offered {sorted(actions)})")
    assert game.seq == seq and game.legal == legal and state_json(game, "t") == before, request


def without_seq(state: dict[str, Any]) -> dict[str, Any]:
    """The table itself: not the seq, nor what redo could re-apply, nor the struck-through lines of undone inputs
    (corrections stay in the record, but the table after an undo is the table before the input)."""
    kept = {key: value for key, value in state.items() if key not in ("seq", "redo")}
    kept["log"] = [line for line in state["log"] if not line["undone"]]
    return kept


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=tables(), data=st.data())
def test_random_sessions_keep_chips_cards_and_undo_exact(setup: dict[str, Any], data: st.DataObject) -> None:
    game = Game(parse_create(setup))
    for _ in range(400):
        if not game.legal:
            break
        before = state_json(game, "t")
        request = random_input(data, game)
        game.push(parse_input(request))
        assert game.seq == before["seq"] + 1, request  # one accepted input, one seq
        check_invariants(game)
        if data.draw(st.integers(0, 9)) == 0:  # now and then: undo must give back exactly the earlier state
            game.undo()
            assert game.seq == before["seq"] + 2  # the undo is an accepted request too: screens must refresh
            assert without_seq(state_json(game, "t")) == without_seq(before)
            game.push(parse_input(request))
        check_phase_agrees_with_the_turn(game)
        if data.draw(st.integers(0, 7)) == 0:  # now and then: an input the engine does not offer changes nothing
            check_refusal_changes_nothing(game, data)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(setup=tables(), data=st.data())
def test_a_table_reloaded_from_sqlite_equals_the_live_one(tmp_path: Path, setup: dict[str, Any],
                                                           data: st.DataObject) -> None:
    path = tmp_path / f"reload-{data.draw(st.integers(0, 10**9))}.sqlite3"
    live = TableService(Store(str(path)))
    table_id, token, game = live.create(setup)
    for _ in range(data.draw(st.integers(0, 150))):
        if not game.legal:
            break
        if game.inputs and data.draw(st.integers(0, 12)) == 0:
            live.undo(table_id, token)
        else:
            live.act(table_id, token, random_input(data, game))
    reloaded = TableService(Store(str(path)))
    assert state_json(reloaded.game(table_id), table_id) == state_json(live.game(table_id), table_id)
    live.store.close()
    reloaded.store.close()


def table_only(game: Game) -> dict[str, Any]:
    """The table a display shows, without the seq, the log's seqs or the record of corrections."""
    state = without_seq(state_json(game, "t"))
    state["log"] = [line["text"] for line in state["log"]]
    state.pop("undo_confirm", None)
    return state


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=tables(), data=st.data())
def test_inputs_undos_and_redos_equal_their_effective_inputs_replayed_and_the_log_only_grows(
        setup: dict[str, Any], data: st.DataObject) -> None:
    create = parse_create(setup)
    game = Game(create)
    stored: list[Any] = list(game.entries)
    for _ in range(data.draw(st.integers(1, 120))):
        move = data.draw(st.sampled_from(["input", "input", "input", "undo", "redo"]))
        before = list(game.entries)
        try:
            if move == "undo":
                game.undo(at=1_700_000_000.0)
            elif move == "redo":
                game.redo(at=1_700_000_000.0)
            elif game.legal:
                game.push(parse_input(random_input(data, game)))
        except DealerError:
            assert game.entries == before  # a refused undo or redo (nothing to undo/redo) records nothing
            continue
        # The stored log only grows: every earlier entry stays as it was, one entry per accepted request.
        assert game.entries[:len(stored)] == stored and len(game.entries) >= len(stored)
        stored = list(game.entries)
        assert game.seq == len(stored) - 1
    replayed = Game(create)
    for _, entry in game.inputs:
        replayed.push(entry)
    ours, theirs = table_only(game), table_only(replayed)
    assert {key: value for key, value in ours.items() if key not in ("log", "redo")} == \
        {key: value for key, value in theirs.items() if key not in ("log", "redo")}
    # The effective lines are the replayed lines; the undone ones are extra, struck through.
    effective = [line["text"] for line in state_json(game, "t")["log"] if not line["undone"]]
    assert effective == theirs["log"]
    # And the stored log replays to the same table, corrections included.
    again = Game.rebuild(game.entries)
    assert state_json(again, "t") == state_json(game, "t")
