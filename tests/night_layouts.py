"""An open dealer's-choice night for the layout tests, driven through the JSON API: six players (two short
stacks, so one hand makes three pots), four games, a chip value, and a player who leaves between hands."""

from __future__ import annotations

from typing import Any

from conftest import Api

GAMES = ["2-7-triple-draw", "a-5-triple-draw", "badugi", "badeucey"]
PLAYERS = [{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 100}, {"name": "Caio", "stack": 6},
           {"name": "Duda", "stack": 14}, {"name": "Enzo", "stack": 100}, {"name": "Fabiana", "stack": 100}]
HANDS = {"Caio": "7h 5c 4d 3s 2c", "Duda": "7c 6d 4s 3h 2h", "Ana": "8c 6c 4h 3d 2d", "Bia": "8d 6h 5s 3c 2s",
         "Enzo": "9c 7d 5d 4c Th", "Fabiana": "9h 8s 6s 5h Qs"}


class ScriptedPlay:
    """Betting and drawing by the API's legal actions, for a driver whose ``tap`` records one input and keeps the
    latest STATE in ``state``."""

    state: dict[str, Any]

    def tap(self, action: str, **fields: Any) -> Any:
        raise NotImplementedError

    def betting(self, raises: bool) -> None:
        """Raise while a raise is open (to the cap), else call or check, until the round ends."""
        phase, hand_round = self.state["phase"], self.state["round"]
        while self.state["phase"] == phase and self.state["round"] == hand_round:
            legal = {option["action"] for option in self.state["legal"]}
            if raises and "raise" in legal:
                self.tap("raise")
            elif raises and "bet" in legal:
                self.tap("bet")
            else:
                self.tap("call" if "call" in legal else "check")

    def draw(self, count: int) -> None:
        while self.state["phase"] == "draw":
            self.tap("draw", count=count)


class Night(ScriptedPlay):
    """The dealer's inputs through the API; ``state`` is the last STATE."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.table, self.token, self.state = api.create(
            PLAYERS, button="Ana", format="open", games=GAMES, choice="dealer", chip_value="0.10", currency="EUR")

    def tap(self, action: str, **fields: Any) -> dict[str, Any]:
        if action not in {"deal", "leave", "join", "add_chips", "end", "sit_out", "sit_in"}:
            fields.setdefault("player", self.state["to_act"])
        self.state = self.api.ok(self.table, self.token, action, **fields)
        return self.state

    def three_pot_hand(self) -> None:
        """A 2-7 hand where Caio (6) and Duda (14) go all-in: a main pot and two side pots, shown down."""
        self.tap("deal", game="2-7-triple-draw")
        self.betting(raises=True)
        self.draw(3)
        self.betting(raises=True)
        self.draw(2)
        self.betting(raises=False)
        self.draw(0)
        self.betting(raises=False)
        while self.state["phase"] == "showdown":
            self.tap("show", cards=HANDS[self.state["to_act"]])
