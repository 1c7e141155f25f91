"""An open night's money as the host lives it (R26, R27): each earlier hand's own figures, standings by result, and
a leaver paid at once, through the JSON API on a real server and the pages that show them."""

from __future__ import annotations

from typing import Any

from conftest import Api
from test_open_game import fold_round, open_table


def paid_by(transfers: list[dict[str, Any]]) -> dict[str, int]:
    """What the transfers pay each player (+) or take from them (−)."""
    paid: dict[str, int] = {}
    for transfer in transfers:
        paid[transfer["from"]] = paid.get(transfer["from"], 0) - transfer["amount"]
        paid[transfer["to"]] = paid.get(transfer["to"], 0) + transfer["amount"]
    return paid


def results(state: dict[str, Any]) -> dict[str, int]:
    return {row["name"]: row["result"] for row in state["ledger"] if row["result"]}


def comings_and_goings(api: Api) -> tuple[str, str, dict[str, Any]]:
    """Ana, Bia, Caio (button Ana); hand 1 folds to the big blind; Bia adds 50 and Dora joins after Caio with 80;
    hand 2 folds to Dora; Ana leaves; hand 3 folds; hand 4 is dealt."""
    table, token = open_table(api)
    fold_round(api, table, token)
    api.ok(table, token, "add_chips", player="Bia", amount=50)
    api.ok(table, token, "join", player="Dora", stack=80, after="Caio")
    fold_round(api, table, token)
    api.ok(table, token, "leave", player="Ana")
    fold_round(api, table, token)
    return table, token, api.ok(table, token, "deal")


def test_r26_earlier_hands_say_what_each_hand_won_or_lost_never_chips_bought_or_taken(api: Api) -> None:
    table, _, state = comings_and_goings(api)
    earlier = {item["hand"]: item for item in state["earlier"]}
    assert earlier[3]["text"] == "Hand 3: Bia +1, Dora −1" and earlier[3]["changes"] == {"Bia": 1, "Dora": -1}
    assert earlier[2]["text"] == "Hand 2: Caio −1, Dora +1" and earlier[2]["changes"] == {"Caio": -1, "Dora": 1}
    assert earlier[1]["text"] == "Hand 1: Bia −1, Caio +1"
    assert [item["hand"] for item in state["earlier"]] == [3, 2, 1]  # latest first, hand 4 in full
    for item in state["earlier"]:
        assert sum(item["changes"].values()) == 0
    for path in (f"/t/{table}", f"/t/{table}/log"):  # the phones and the log links say the same
        status, page = api.request("GET", path)
        assert status == 200
        if path == f"/t/{table}":
            assert "Hand 2: Caio −1, Dora +1" in page and "Hand 3: Bia +1, Dora −1" in page
            assert "Bia +50" not in page and "Ana −100" not in page


def test_r27_an_open_game_ranks_by_result_and_lists_who_left_as_left(api: Api) -> None:
    # Unequal buy-ins: Ana bought 100 and holds 72 (−28), Bia bought 30 and holds 21 (−9): Bia ranks above Ana.
    table, token = open_table(api, [{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 30}, "Caio"])
    state = fold_round(api, table, token)  # Bia −1, Caio +1
    for _ in range(2):
        api.ok(table, token, "sit_out", player="Caio")
        state = api.ok(table, token, "deal")
        while state["phase"] != "deal":
            state = api.ok(table, token, "fold", player=state["to_act"])
        state = api.ok(table, token, "sit_in", player="Caio")
    state = api.ok(table, token, "leave", player="Caio")
    ranked = [(row["name"], row["result"]) for row in state["standings"]]
    assert [result for _, result in ranked] == sorted((result for _, result in ranked), reverse=True)
    assert all(row["result"] == results(state).get(row["name"], 0) for row in state["standings"])
    caio = next(row for row in state["standings"] if row["name"] == "Caio")
    assert caio["left"] is True and caio["result"] == 1 and caio["stack"] == 101
    assert not any(row["left"] for row in state["standings"] if row["name"] != "Caio")
    status, page = api.request("GET", f"/t/{table}/tv")
    # Between hands the TV shows the open game's ledger (each player's result, the leaver's final transfers) in
    # place of the standings, and never "Chips now".
    assert status == 200 and 'data-testid="tv-ledger"' in page and "Chips now" not in page


def test_r27_unequal_buy_ins_rank_by_result_not_by_chips_held(api: Api) -> None:
    table, token = open_table(api, [{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 40}])
    state = api.ok(table, token, "deal")  # heads-up: Ana (button) posts 1, Bia 2; Ana folds: Ana −1, Bia +1
    state = api.ok(table, token, "fold", player="Ana")
    assert [(row["name"], row["result"], row["place"]) for row in state["standings"]] == [
        ("Bia", 1, 1), ("Ana", -1, 2)]
    assert state["standings"][0]["stack"] == 41  # Bia holds fewer chips than Ana (99) and ranks first


def test_r27_a_leaver_is_paid_at_once_and_for_good(api: Api) -> None:
    table, token = open_table(api, ["Ana", "Bia", "Caio", "Dora"], chip_value="0.10", currency="EUR")
    for _ in range(3):  # each hand's big blind wins the small blind
        fold_round(api, table, token)
    state = api.state(table)
    winner = max(results(state), key=lambda name: results(state)[name])
    due = results(state)[winner]
    state = api.ok(table, token, "leave", player=winner)
    settled = state["settled"]
    assert settled and all(item["to"] == winner for item in settled)
    assert sum(round(float(item["amount"]) * 10) for item in settled) == due  # exactly the leaver's result
    assert any("Settled now" in line["text"] and "EUR" in line["text"] for line in state["log"])
    status, page = api.request("GET", f"/t/{table}")
    assert status == 200 and 'data-testid="settled"' in page
    for _ in range(3):  # later hands never change what settled the leaver
        fold_round(api, table, token)
        assert api.state(table)["settled"] == settled
    state = api.ok(table, token, "end")
    assert state["settled"] == settled
    paid = paid_by([dict(item, amount=round(float(item["amount"]) * 10))
                    for item in state["settled"] + state["settlement"]])
    assert {name: chips for name, chips in paid.items() if chips} == results(state)
    assert all(winner not in (item["from"], item["to"]) for item in state["settlement"])


def test_r27_a_losing_leaver_pays_those_ahead_and_undoing_the_leave_undoes_it(api: Api) -> None:
    table, token = open_table(api)
    fold_round(api, table, token)  # Bia −1, Caio +1
    before = api.state(table)
    state = api.ok(table, token, "leave", player="Bia")
    assert state["settled"] == [{"from": "Bia", "to": "Caio", "amount": 1}]
    assert state["settlement"] == []  # nothing left to pay
    status, state = api.undo(table, token)
    assert status == 200 and state["settled"] == [] and state["settlement"] == before["settlement"]


def test_r27_a_leaver_with_nothing_won_or_lost_makes_no_transfer(api: Api) -> None:
    table, token = open_table(api)
    fold_round(api, table, token)  # Ana, on the button, folded first: ±0
    state = api.ok(table, token, "leave", player="Ana")
    assert state["settled"] == [] and paid_by(state["settlement"]) == results(state)
