"""Property tests of the open game (R26) and the settlement (R27), with hypothesis."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer import Game
from dealer.errors import DealerError
from dealer.rules.entries import parse_create, parse_input
from dealer.rules.settlement import settle
from dealer.view.snapshot_json import state_json
from test_properties import random_input

NAMES = ["Ana", "Bia", "Caio", "Dani", "Edu", "Fabi", "Gil", "Hugo"]


def chips_check(game: Game) -> None:
    """R26: the chips on the table are always the chips bought in minus the chips taken away."""
    seats = game.state.seats
    on_table = sum(seat.stack + seat.committed for seat in seats)
    assert on_table == sum(seat.bought_in for seat in seats) - sum(seat.taken for seat in seats)
    state = state_json(game, "t")
    assert sum(row["result"] for row in state["ledger"]) == 0  # money in equals money out (R27)
    # R27: an open game's standings follow the results, and list as left exactly the players who left (broke too).
    assert [row["result"] for row in state["standings"]] == sorted((row["result"] for row in state["ledger"]),
                                                                   reverse=True)
    assert {row["name"] for row in state["standings"] if row["left"]} == {seat.name for seat in seats if seat.left}
    paid = {row["name"]: 0 for row in state["ledger"]}
    for transfer in state["settled"] + state["settlement"]:  # the leavers' transfers, then the rest (R27)
        paid[transfer["from"]] -= transfer["amount"]
        paid[transfer["to"]] += transfer["amount"]
    assert paid == {row["name"]: row["result"] for row in state["ledger"]}


def between_hands(data: st.DataObject, game: Game) -> dict[str, Any]:
    seats = game.state.seats
    here = [seat.name for seat in seats if not seat.left]
    kind = data.draw(st.sampled_from(["deal", "deal", "join", "leave", "sit_out", "sit_in", "add_chips"]))
    if kind == "deal":
        return {"action": "deal"}
    if kind == "join":
        name = data.draw(st.sampled_from(NAMES))
        return {"action": "join", "player": name, "stack": data.draw(st.integers(1, 60)),
                "after": data.draw(st.sampled_from(here)) if here else None}
    if kind == "add_chips":
        return {"action": kind, "player": data.draw(st.sampled_from(NAMES)), "amount": data.draw(st.integers(1, 40))}
    return {"action": kind, "player": data.draw(st.sampled_from(NAMES))}


def offered(legal: list[dict[str, Any]], request: dict[str, Any], game: Game) -> bool:
    """Whether the STATE's `legal` allows ``request`` between hands: its players, places and chips (R26)."""
    option = next((item for item in legal if item["action"] == request["action"]), None)
    if option is None:
        return False
    name = request.get("player")
    if request["action"] == "join":  # a name already seated is the one refusal no list can say
        seated = [seat.name for seat in game.state.seats if not seat.left]
        place = request["after"] in option["after"] if option["after"] else request["after"] is None
        return name not in seated and place and option["min"] <= request["stack"] <= option["max"]
    if request["action"] == "add_chips":
        return name in option["players"] and option["min"] <= request["amount"] <= option["max"][name]
    return request["action"] == "deal" or name in option["players"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_r26_chips_on_the_table_are_bought_in_minus_taken_away(data: st.DataObject) -> None:
    count = data.draw(st.integers(2, 4))
    stacks = data.draw(st.lists(st.integers(1, 40), min_size=count, max_size=count))
    create = parse_create({"players": [{"name": NAMES[index], "stack": stack} for index, stack in enumerate(stacks)],
                           "button": NAMES[0], "format": "open", "max_buy_in": 120})
    game = Game(create)
    for _ in range(data.draw(st.integers(5, 60))):
        choice = data.draw(st.integers(0, 9))
        try:
            if choice == 0:
                game.undo()
            elif choice == 1:
                game.redo()
            elif game.state.phase.value == "deal":
                request = between_hands(data, game)
                listed = offered(state_json(game, "t")["legal"], request, game)
                try:
                    game.push(parse_input(request))
                except DealerError:
                    assert not listed, request  # R26: what `legal` offers is accepted
                    raise
                assert listed, request  # ... and nothing it does not offer
            elif game.legal:
                game.push(parse_input(random_input(data, game)))
        except DealerError:
            pass  # a refusal changes nothing
        chips_check(game)
    replayed = Game.rebuild(game.entries)
    assert [(s.name, s.stack, s.bought_in, s.taken, s.sitting_out, s.left) for s in replayed.state.seats] == \
        [(s.name, s.stack, s.bought_in, s.taken, s.sitting_out, s.left) for s in game.state.seats]
    assert state_json(replayed, "t")["ledger"] == state_json(game, "t")["ledger"]


def fewest_by_brute_force(results: list[int]) -> int:
    """The fewest transfers paying ``results``, by trying every way: settle the first open result against each
    other result of the opposite sign, recursively (exponential; fine for 8 players)."""
    debts = [result for result in results if result]

    def search(start: int) -> int:
        while start < len(debts) and debts[start] == 0:
            start += 1
        if start == len(debts):
            return 0
        best = len(debts)
        for other in range(start + 1, len(debts)):
            if debts[other] * debts[start] < 0:
                debts[other] += debts[start]
                best = min(best, 1 + search(start + 1))
                debts[other] -= debts[start]
        return best

    return search(0)


@st.composite
def results(draw: st.DrawFn) -> list[tuple[str, int]]:
    count = draw(st.integers(2, 8))
    values = draw(st.lists(st.integers(-30, 30), min_size=count - 1, max_size=count - 1))
    values.append(-sum(values))
    return list(zip(NAMES[:count], values, strict=True))


@settings(max_examples=300, deadline=None)
@given(results())
def test_r27_settlement_pays_every_result_with_the_fewest_transfers(found: list[tuple[str, int]]) -> None:
    transfers = settle(found)
    paid = {name: 0 for name, _ in found}
    for transfer in transfers:
        assert transfer.chips > 0 and transfer.payer != transfer.payee
        paid[transfer.payer] -= transfer.chips
        paid[transfer.payee] += transfer.chips
    assert paid == dict(found)
    assert len(transfers) == fewest_by_brute_force([value for _, value in found])
    assert settle(list(found)) == transfers  # deterministic


@settings(max_examples=100, deadline=None)
@given(results(), st.sampled_from(["0.10", "0.25", "1", "0.05", "2.5"]))
def test_r27_money_in_equals_money_out(found: list[tuple[str, int]], value: str) -> None:
    transfers = settle(found, Decimal(value))
    paid = {name: Decimal(0) for name, _ in found}
    for transfer in transfers:
        assert transfer.money is not None
        paid[transfer.payer] -= Decimal(transfer.money)
        paid[transfer.payee] += Decimal(transfer.money)
    assert paid == {name: Decimal(value) * chips for name, chips in found}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_r27_a_leave_settles_that_players_result_at_once_and_for_good(data: st.DataObject) -> None:
    """Random open nights (40 of up to 80 inputs: hands, joins, leaves, additions, undos) reach leaves with every
    kind of result: each leave's new transfers pay exactly the leaver's result, only to or from players still
    seated, and no later input but an undo of that leave changes them."""
    count = data.draw(st.integers(2, 5))
    stacks = data.draw(st.lists(st.integers(1, 40), min_size=count, max_size=count))
    game = Game(parse_create({"players": [{"name": NAMES[index], "stack": stack}
                                          for index, stack in enumerate(stacks)], "button": NAMES[0],
                              "format": "open"}))
    kept: list[tuple[int, list[Any]]] = []  # (the number of effective inputs after a leave, its settled)
    for _ in range(data.draw(st.integers(10, 80))):
        try:
            if data.draw(st.integers(0, 12)) == 0:
                game.undo()
            elif game.state.phase.value == "deal":
                request = between_hands(data, game)
                before = state_json(game, "t")
                game.push(parse_input(request))
                if request["action"] == "leave":
                    settled = state_json(game, "t")["settled"]
                    new = settled[len(before["settled"]):]
                    assert settled[:len(before["settled"])] == before["settled"]
                    owed = next(row["result"] for row in before["ledger"] if row["name"] == request["player"])
                    owed -= sum(item["amount"] * (1 if item["to"] == request["player"] else -1)
                                for item in before["settled"] if request["player"] in (item["from"], item["to"]))
                    assert sum(item["amount"] * (1 if item["to"] == request["player"] else -1)
                               for item in new) == owed
                    seated = {seat.name for seat in game.state.seats if not seat.left}
                    assert all({item["from"], item["to"]} - {request["player"]} <= seated for item in new)
                    kept.append((len(game.inputs), settled))
            elif game.legal:
                game.push(parse_input(random_input(data, game)))
        except DealerError:
            pass
        kept = [(length, settled) for length, settled in kept if length <= len(game.inputs)]
        settled_now = state_json(game, "t")["settled"]
        for _, settled in kept:
            assert settled_now[:len(settled)] == settled  # final: later hands never change them
        chips_check(game)
