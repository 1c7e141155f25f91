"""Property tests over random legal sessions of 2-6 players with random starting stacks (hypothesis)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer import betting
from dealer.cards import FULL_DECK, format_cards
from dealer.records import parse_create, parse_input
from dealer.session import Game
from dealer.view import state_json
from web.store import Store
from web.tables import TableService

NAMES = ["Ana", "Bia", "Caio", "Dani", "Edu", "Fabi"]


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(2, 6))
    stacks = draw(st.lists(st.integers(0, 40), min_size=count, max_size=count))
    if sum(1 for stack in stacks if stack > 0) < 2:
        stacks[0], stacks[1] = max(stacks[0], 3), max(stacks[1], 5)
    hands = draw(st.integers(1, 4))
    players = [{"name": NAMES[index], "stack": stack} for index, stack in enumerate(stacks)]
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


def without_seq(state: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key != "seq"}


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
        check_invariants(game)
        if data.draw(st.integers(0, 9)) == 0:  # now and then: undo must give back exactly the earlier state
            game.undo()
            assert without_seq(state_json(game, "t")) == without_seq(before)
            game.push(parse_input(request))
    assert game.state.phase.value in ("over", "deal", "bet", "draw", "showdown")


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
