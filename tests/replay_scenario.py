"""One hand for the replayer's tests, played through the JSON API: six players, two short stacks all-in (side pots),
a raise undone and replaced by a call (a correction), everyone drawing five (a reshuffle), then a showdown."""

from __future__ import annotations

from typing import Any

from conftest import Api

PLAYERS = [{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 100}, {"name": "Caio", "stack": 100},
           {"name": "Dani", "stack": 100}, {"name": "Edu", "stack": 3}, {"name": "Fabi", "stack": 7}]
SHOWN = {"Ana": "7h5c4d3s2c", "Bia": "8c6d4s3h2h", "Caio": "9c7d5s4h3c", "Dani": "Tc8d6s5h2d", "Edu": "Jc9d7s6h3d",
         "Fabi": "QcTd8s7c4c"}


def play_hand(api: Api) -> tuple[str, str, dict[int, dict[str, Any]]]:
    """The table, its token and the STATE the API answered after each entry, by seq."""
    table, token, state = api.create(PLAYERS, button="Ana")
    answered: dict[int, dict[str, Any]] = {}

    def ok(action: str, **fields: Any) -> dict[str, Any]:
        state = api.ok(table, token, action, **fields)
        answered[state["seq"]] = state
        return state

    ok("deal")
    for action, player in (("call", "Dani"), ("raise", "Edu"), ("raise", "Fabi"), ("call", "Ana"), ("call", "Bia"),
                           ("raise", "Caio")):
        ok(action, player=player)
    status, state = api.undo(table, token)
    assert status == 200
    answered[state["seq"]] = state
    ok("call", player="Caio")
    state = ok("call", player="Dani")
    draws = iter([5] * 6 + [0] * 12)
    while state["phase"] != "deal":
        player = state["to_act"]
        actions = {option["action"] for option in state["legal"]}
        if state["phase"] == "draw":
            state = ok("draw", player=player, count=next(draws))
        elif state["phase"] == "showdown":
            state = ok("show", player=player, cards=SHOWN[player])
        else:
            state = ok("check" if "check" in actions else "call", player=player)
    return table, token, answered
