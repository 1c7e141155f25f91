"""Legal actions: one value computed by the engine, read by the JSON API and the dealer's buttons alike."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any



@dataclass(frozen=True)
class LegalAction:
    action: str  # fold, check, call, bet, raise, draw, show, muck, deal, misdeal, exposed
    amount: int | None = None  # chips this action moves from the stack
    to: int | None = None  # the player's total bet this round after it (bet, raise)
    all_in: bool | None = None
    completes: bool = False  # a raise that completes a short all-in to the full level (R7)
    players: tuple[str, ...] = ()  # exposed: players served in the latest draw

    def to_json(self) -> dict[str, Any]:
        """The pinned JSON shape of one legal action."""
        if self.action == "call":
            return {"action": "call", "amount": self.amount, "all_in": self.all_in}
        if self.action in ("bet", "raise"):
            return {"action": self.action, "to": self.to, "amount": self.amount, "all_in": self.all_in}
        if self.action == "draw":
            return {"action": "draw", "min": 0, "max": 5}
        if self.action == "exposed":
            return {"action": "exposed", "players": list(self.players)}
        return {"action": self.action}


Legal = tuple[LegalAction, ...]


@lru_cache(maxsize=4096)
def wager(action: str, amount: int, to: int | None = None, all_in: bool = False, completes: bool = False) -> LegalAction:
    """A call, bet or raise option: immutable values, so equal ones are built once and shared (a frozen
    dataclass is slow to build, and the engine offers one or two of these after every input)."""
    return LegalAction(action, amount=amount, to=to, all_in=all_in, completes=completes)


# The options without amounts are values: built once, shared by every table.
FOLD, CHECK, DRAW, SHOW, MUCK, DEAL, MISDEAL = (LegalAction(action) for action in
                                                ("fold", "check", "draw", "show", "muck", "deal", "misdeal"))


def find(legal: Legal, action: str) -> LegalAction | None:
    for option in legal:
        if option.action == action:
            return option
    return None
