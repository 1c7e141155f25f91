"""A thin way to play scripted hands through the engine: ``table.do("Ana raise", "Bia call")``."""

from __future__ import annotations

import random
from typing import Any

from dealer import Game
from dealer.errors import DealerError
from dealer.rules.entries import parse_create, parse_input
from dealer.view.snapshot_json import state_json


class Table:
    def __init__(self, players: list[Any], button: str | None = "Ana", seed: int | None = None, **settings: Any):
        payload: dict[str, Any] = dict(settings, players=players)
        if button is not None:
            payload["button"] = button
        self.game = Game(parse_create(payload, random.Random(seed) if seed is not None else None))

    def do(self, *moves: str) -> Table:
        """Each move: "deal", "misdeal", "exposed Ana", "Ana fold|check|call|bet|raise|muck", "Ana draw 3",
        "Ana show 7h5c4d3s2c", "Ana raise 10" (the total declared in big-bet play)."""
        for move in moves:
            self.game.push(parse_input(self.request(move)))
        return self

    @staticmethod
    def request(move: str) -> dict[str, Any]:
        words = move.split()
        if words[0] == "deal" and len(words) > 1:
            return {"action": "deal", "game": words[1]}
        if words[0] in ("deal", "misdeal"):
            return {"action": words[0]}
        if words[0] == "exposed":
            return {"action": "exposed", "player": words[1]}
        player, action, *rest = words
        request: dict[str, Any] = {"action": action, "player": player}
        if action == "draw":
            request["count"] = int(rest[0])
        if action == "show":
            request["cards"] = " ".join(rest)
        if action in ("bet", "raise") and rest:  # "Ana raise 10": the declared total (big-bet play)
            request["to"] = int(rest[0])
        return request

    def refuse(self, move: str) -> DealerError:
        """The move must be refused, and nothing may change."""
        before = self.state
        try:
            self.do(move)
        except DealerError as refusal:
            assert self.state == before
            return refusal
        raise AssertionError(f"{move!r} was accepted")

    @property
    def state(self) -> dict[str, Any]:
        return state_json(self.game, "t")

    @property
    def legal(self) -> dict[str, dict[str, Any]]:
        return {option["action"]: option for option in self.state["legal"]}

    def player(self, name: str) -> dict[str, Any]:
        return next(player for player in self.state["players"] if player["name"] == name)

    def stacks(self) -> dict[str, int]:
        return {player["name"]: player["stack"] for player in self.state["players"]}

    @property
    def to_act(self) -> str | None:
        return self.game.to_act

    def chips(self) -> int:
        state = self.state
        return sum(p["stack"] + p["committed"] for p in state["players"])

    def limps(self) -> Table:
        """Everyone to act calls or checks until the betting round ends."""
        number = self.state["round"]
        while self.state["phase"] == "bet" and self.state["round"] == number:
            self.do(f"{self.to_act} {'call' if 'call' in self.legal else 'check'}")
        return self

    def checks_round(self) -> None:
        """Everyone to act checks until the betting round ends."""
        number = self.state["round"]
        while self.state["phase"] == "bet" and self.state["round"] == number:
            self.do(f"{self.to_act} check")

    def pats(self) -> None:
        """Everyone stands pat in the current draw."""
        while self.state["phase"] == "draw":
            self.do(f"{self.to_act} draw 0")
