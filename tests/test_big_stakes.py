"""Tournament-size stacks (§01, §03, §04): stacks, blinds and limits up to 10^12, through the API and the start form."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import Api
from dealer.errors import BadInput
from dealer.rules.stakes import MAX_CHIPS
from engine_driver import Table

NAMES = ["Ana", "Bia", "Caio"]
BIG = {"stack": 5_000_000, "blinds": [250_000, 500_000], "limits": [500_000, 1_000_000]}


def legal(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {option["action"]: option for option in state["legal"]}


def test_s01_stacks_blinds_and_limits_up_to_ten_to_the_twelfth_are_accepted() -> None:
    top = 10**12
    table = Table(["Ana", {"name": "Bia", "stack": top}], stack=top, blinds=[top // 2, top], limits=[top, top])
    state = table.do("deal").state
    assert [seat["stack"] for seat in state["players"]] == [top // 2, 0]
    assert state["stakes"]["blinds"] == [top // 2, top] and state["total"] == 2 * top
    assert top <= MAX_CHIPS


@pytest.mark.parametrize("field, value", [("stack", 10**12 + 1), ("blinds", [1, 10**13]),
                                          ("limits", [10**15, 10**15]), ("players", ["Ana", {"name": "Bia",
                                                                                             "stack": 10**18}])])
def test_s01_absurd_amounts_are_refused_with_a_sentence(field: str, value: Any) -> None:
    payload: dict[str, Any] = {"players": ["Ana", "Bia"], field: value}
    with pytest.raises(BadInput) as refused:
        Table(**payload)
    text = refused.value.message.render(lambda template: template)
    assert text.endswith("must be a positive whole number up to 1000000000000.") or \
        text.endswith("must be between 0 and 1000000000000."), text


def play_hand(api: Api, table: str, token: str, state: dict[str, Any]) -> dict[str, Any]:
    """A raise and calls, three draws, a bet and calls in round 3, then the showdown."""
    state = api.ok(table, token, "deal")
    assert legal(state)["raise"]["to"] == 1_000_000
    state = api.ok(table, token, "raise", player=state["to_act"])
    while state["phase"] == "bet":
        state = api.ok(table, token, "call", player=state["to_act"])
    assert sum(pot["amount"] for pot in state["pots"]) == 3_000_000
    while state["phase"] in ("draw", "bet"):
        options = legal(state)
        if state["phase"] == "draw":
            state = api.ok(table, token, "draw", player=state["to_act"], count=1)
        elif "bet" in options:
            assert state["round"] != 3 or options["bet"]["to"] == 1_000_000
            state = api.ok(table, token, "bet" if state["round"] == 3 else "check", player=state["to_act"])
        else:
            state = api.ok(table, token, "call" if "call" in options else "check", player=state["to_act"])
    hands = ["7h 5c 4d 3s 2c", "8h 6c 4s 3c 2d", "9h 7c 5s 4c 3d"]
    while state["phase"] == "showdown":
        state = api.ok(table, token, "show", player=state["to_act"], cards=hands.pop(0))
    return state


def test_s01_a_table_of_millions_plays_a_whole_hand_through_the_api(api: Api) -> None:
    table, token, state = api.create(NAMES, button="Ana", **BIG)
    assert state["stakes"]["blinds"] == [250_000, 500_000] and state["total"] == 15_000_000
    state = play_hand(api, table, token, state)
    assert state["phase"] == "deal"
    award = state["last_hand"]["awards"][0]
    # 1,000,000 each in round 1 and in round 3: Bia bet round 3, shows first (R18) and has the best hand.
    assert award["amount"] == 6_000_000 and award["winners"] == ["Bia"]
    stacks = {seat["name"]: seat["stack"] for seat in state["players"]}
    assert stacks == {"Ana": 3_000_000, "Bia": 9_000_000, "Caio": 3_000_000}
    assert sum(stacks.values()) == 15_000_000


def test_s01_the_start_form_takes_millions_written_with_thousands_separators(client: Any) -> None:
    answer = client.post("/new", data={"name": NAMES, "player_stack": ["", "", ""], "button": "0",
                                        "stack": "5,000,000", "sb": "250 000", "bb": "500.000", "small": "500000",
                                        "big": "1,000,000", "raises": "3", "hands": "10"})
    assert answer.status_code == 303, answer.get_data(as_text=True)
    table = answer.headers["Location"].split("/t/")[1].split("/")[0]
    state = client.get(f"/api/tables/{table}").get_json()
    assert state["stakes"] == {"blinds": [250_000, 500_000], "limits": [500_000, 1_000_000], "raises": 3,
                               "hands": 10, "stack": 5_000_000}


def test_s01_the_start_form_refuses_an_absurd_stack_with_a_sentence(client: Any) -> None:
    answer = client.post("/new", data={"name": NAMES, "player_stack": ["9" * 5000, "", ""], "button": "0",
                                        "stack": "100", "sb": "1", "bb": "2", "small": "2", "big": "4",
                                        "raises": "3", "hands": "10"})
    assert answer.status_code == 400
    assert "must be between 0 and 1000000000000" in answer.get_data(as_text=True)
