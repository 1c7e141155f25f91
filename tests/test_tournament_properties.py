"""Property tests over random tournaments played through the engine (hypothesis): chips are the stacks bought
(starting stacks, rebuys, add-ons), places are handed out from the bottom without a gap, payouts add up to the prize
pool, and a rebuild of the log (undos and redos included) reads the clock exactly as it was played."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer import Game
from dealer.errors import DealerError
from dealer.rules.entries import parse_create, parse_input
from dealer.view.snapshot_json import state_json
from test_properties import random_input

NAMES = ["Ana", "Bia", "Caio", "Dani", "Edu", "Fabi"]
START = 1_000_000.0


@st.composite
def tournaments(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(2, 5))
    stacks = draw(st.lists(st.integers(3, 30), min_size=count, max_size=count))
    by_hands = draw(st.booleans())
    levels = [{"blinds": [1, 2], **({"hands": 2} if by_hands else {"minutes": 0.5})},
              {"blinds": [2, 4], **({"hands": 2} if by_hands else {"minutes": 0.5})},
              {"blinds": [5, 10], **({"hands": 2} if by_hands else {"minutes": 0.5})}]
    request: dict[str, Any] = {
        "players": [{"name": NAMES[index], "stack": stack} for index, stack in enumerate(stacks)],
        "format": "tournament", "button": "Ana", "levels": levels, "level_by": "hands" if by_hands else "minutes",
        "buy_in": draw(st.sampled_from(["0", "3.33", "10"])),
        "rebuy": {"chips": 10, "price": "2.5", "through_level": draw(st.integers(1, 3))},
        "games": [draw(st.sampled_from(["nl-2-7-single-draw", "2-7-single-draw"]))]}
    if not by_hands:
        request["breaks"] = [{"after_level": 1, "minutes": 0.2}]
        request["add_on"] = {"chips": 15, "price": "1", "at_break": 1}
    return request


def tournament_input(data: st.DataObject, game: Game) -> dict[str, Any]:
    """A random legal input; a tournament's own ones name one of the players they list."""
    options = {option.action: option for option in game.legal}
    extra = [name for name in ("rebuy", "out", "add_on", "pause", "resume") if name in options]
    if extra and data.draw(st.integers(0, 3)) == 0:
        action = data.draw(st.sampled_from(extra))
        option = options[action]  # type: ignore[index]
        return {"action": action, **({"player": data.draw(st.sampled_from(option.players))} if option.players
                                     else {})}
    request = random_input(data, game)
    if request["action"] in ("raise", "bet"):
        option = options[request["action"]]
        request["to"] = option.max_to if option.max_to is not None else option.to
    return request


def check(game: Game) -> None:
    table = game.state
    tour = table.tournament
    assert tour is not None
    held = sum(seat.stack + seat.committed for seat in table.seats)
    assert held == table.total == sum(seat.bought_in for seat in table.seats)
    places = sorted(place.place for place in tour.places)
    assert all(1 <= place <= tour.entrants for place in places)
    state = state_json(game, "t", now=START)
    pool = Decimal(state["prize_pool"])
    assert sum(Decimal(row["amount"]) for row in state["payouts"]) == pool
    if state["chop"] is not None:
        for kind in ("icm", "chip_chop"):
            assert sum(Decimal(amount) for amount in state["chop"][kind].values()) == Decimal(state["chop"]["unpaid"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.data())
def test_r35_r37_random_tournaments_keep_their_chips_places_and_money_and_replay_exactly(
        request: dict[str, Any], data: st.DataObject) -> None:
    game = Game(parse_create(request))
    now = START
    game.clock = lambda: now  # the reads (legal actions, snapshot) at the time of the test's inputs
    for _ in range(data.draw(st.integers(10, 120))):
        if game.over or not game.legal:
            break
        now += data.draw(st.sampled_from([0.5, 3.0, 13.0]))
        choice = data.draw(st.integers(0, 15))
        try:
            if choice == 0 and game.inputs:
                game.undo(at=now)
            elif choice == 1 and game.redoable:
                game.redo(at=now)
            else:
                game.push(parse_input(tournament_input(data, game)), now=now)
        except DealerError:
            continue
        check(game)
    again = Game.rebuild(game.entries)
    again.clock = game.clock
    assert state_json(again, "t", now=now + 1) == state_json(game, "t", now=now + 1)
