"""Helpers for the tournament's API tests: create one, play a hand by folds or by an all-in to a showdown whose
cards decide who busts, and wait for the clock (with generous timeouts: a test never asserts a duration)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from conftest import Api

NL = "nl-2-7-single-draw"  # one all-in, one draw, one showdown: players bust in a few inputs
# 2-7 lowball hands, best first: each player shows a different one, so the showdown's order is known
HANDS = ["7h 5c 4d 3s 2c", "8h 6c 4s 3d 2h", "9c 7d 5s 4h 3c", "Td 8s 6h 5d 3h", "Js 9h 7s 6d 4c",
         "Qh Tc 8c 7c 5h"]


def tournament(api: Api, players: list[Any], **settings: Any) -> tuple[str, str, dict[str, Any]]:
    """A tournament table (button: the first player), levels by hands unless the settings say otherwise."""
    fields: dict[str, Any] = {"format": "tournament", "button": _name(players[0]),
                              "levels": [{"blinds": [1, 2], "hands": 10}], "level_by": "hands"}
    fields.update(settings)
    return api.create(players, **fields)


def _name(player: Any) -> str:
    return str(player["name"] if isinstance(player, dict) else player)


def fold_hand(api: Api, table: str, token: str) -> dict[str, Any]:
    """Deal a hand and fold it to the big blind."""
    state = api.ok(table, token, "deal")
    while state["phase"] == "bet":
        state = api.ok(table, token, "fold", player=state["to_act"])
    return state


def showdown_hand(api: Api, table: str, token: str, ranking: list[str], shover: str | None = None,
                  folders: tuple[str, ...] = ()) -> dict[str, Any]:
    """Deal a hand where ``shover`` (else the first to act) goes all-in and everyone but ``folders`` calls; the pat
    draw; each shows the ``ranking``'s hands, best first: ``ranking[0]`` wins."""
    state = api.ok(table, token, "deal")
    shown = {name: HANDS[place] for place, name in enumerate(ranking)}
    while state["phase"] not in ("deal", "over"):
        player = state["to_act"]
        legal = {option["action"]: option for option in state["legal"]}
        if state["phase"] == "draw":
            state = api.ok(table, token, "draw", player=player, count=0)
        elif state["phase"] == "showdown":
            state = api.ok(table, token, "show", player=player, cards=shown[player])
        elif player in folders and "fold" in legal:
            state = api.ok(table, token, "fold", player=player)
        elif "raise" in legal and (shover is None or player == shover) and state["round"] == 1:
            shover = player
            state = api.ok(table, token, "raise", player=player, to=legal["raise"]["max"])
        elif "bet" in legal and (shover is None or player == shover):
            shover = player
            state = api.ok(table, token, "bet", player=player, to=legal["bet"]["max"])
        elif "call" in legal:
            state = api.ok(table, token, "call", player=player)
        else:
            state = api.ok(table, token, "check", player=player)
    return state


def wait_for(api: Api, table: str, check: Callable[[dict[str, Any]], bool], timeout: float = 60.0) -> dict[str, Any]:
    """Poll the STATE until ``check`` holds (generous: the machine may be busy)."""
    deadline = time.monotonic() + timeout
    while True:
        state = api.state(table)
        if check(state):
            return state
        assert time.monotonic() < deadline, f"still waiting: {state['level']}"
        time.sleep(0.1)


def player(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(item for item in state["players"] if item["name"] == name)


def actions(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {option["action"]: option for option in state["legal"]}
