"""Legal actions: one value computed by the engine, read by the JSON API and the dealer's buttons alike."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from .stakes import MAX_DISCARD


class Action(StrEnum):
    """Every input the dealer can record: the players' actions, then the dealer's own."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    DRAW = "draw"
    SHOW = "show"
    MUCK = "muck"
    DEAL = "deal"
    MISDEAL = "misdeal"
    EXPOSED = "exposed"
    # An open game's inputs between hands (R26): players come and go, chips are added, the dealer ends the night.
    JOIN = "join"
    LEAVE = "leave"
    SIT_OUT = "sit_out"
    SIT_IN = "sit_in"
    ADD_CHIPS = "add_chips"
    END = "end"
    STAKES = "stakes"  # new blinds, limits, raises or ante from the next hand (R34)
    # A tournament's inputs (R35-R37): the clock, a busted player's rebuy or exit, the add-on, an agreed chop.
    PAUSE = "pause"
    RESUME = "resume"
    REBUY = "rebuy"
    OUT = "out"
    ADD_ON = "add_on"
    CHOP = "chop"


PLAYER_ACTIONS = (Action.FOLD, Action.CHECK, Action.CALL, Action.BET, Action.RAISE, Action.DRAW, Action.SHOW,
                  Action.MUCK)
DEALER_ACTIONS = (Action.DEAL, Action.MISDEAL, Action.EXPOSED)
WAGERS = (Action.BET, Action.RAISE)
TABLE_ACTIONS = (Action.JOIN, Action.LEAVE, Action.SIT_OUT, Action.SIT_IN, Action.ADD_CHIPS, Action.END,
                 Action.STAKES)
TOURNAMENT_ACTIONS = (Action.PAUSE, Action.RESUME, Action.REBUY, Action.OUT, Action.ADD_ON, Action.CHOP)
BETWEEN_ACTIONS = TABLE_ACTIONS + TOURNAMENT_ACTIONS  # kept apart from a hand's play in its record
_PRICED = (Action.REBUY, Action.ADD_ON)  # offered with the chips and the price (R37)
_LISTING = (Action.OUT, Action.CHOP)  # offered for the players they list
SEAT_ACTIONS = (Action.JOIN, Action.LEAVE, Action.SIT_OUT, Action.SIT_IN, Action.ADD_CHIPS)  # name a player
NAMING = (Action.EXPOSED, Action.LEAVE, Action.SIT_OUT, Action.SIT_IN)  # offered for the players they list
# Enum members read through their class cost about 100 ns each in CPython 3.11, and to_json runs for every legal
# action of every STATE: read once here.
_CALL, _DRAW, _ADD_CHIPS, _JOIN, _DEAL = Action.CALL, Action.DRAW, Action.ADD_CHIPS, Action.JOIN, Action.DEAL
FEWEST_CHIPS = 1  # a join brings, and an addition adds, at least one chip (R26)


@dataclass(frozen=True)
class LegalAction:
    action: Action
    amount: int | None = None  # chips this action moves from the stack
    to: int | None = None  # the player's total bet this round after it (bet, raise)
    all_in: bool | None = None
    completes: bool = False  # a raise that completes a short all-in to the full level (R7)
    players: tuple[str, ...] = ()  # exposed: players served in the latest draw (from the latest exposure on);
    # leave, sit_out, sit_in, add_chips: the players it may name, in seat order (R26)
    counts: tuple[int, ...] = ()  # draw: the numbers of cards a player may discard, fewest first (0: stands pat)
    games: tuple[str, ...] = ()  # deal under dealer's choice: the games the dealer may name (R25)
    after: tuple[str, ...] = ()  # join: the seated players a newcomer may sit after, clockwise (none: nobody sits)
    most: tuple[int, ...] = ()  # join: the largest stack a newcomer brings; add_chips: the most each of ``players``
    # may add (both under the settings' max_buy_in, R26)
    min_to: int | None = None  # big-bet bet/raise: the smallest total for the round (R29); ``to`` is the same
    max_to: int | None = None  # big-bet bet/raise: the largest total (the stack, or the pot in pot-limit: R31)
    price: str | None = None  # a tournament's rebuy or add-on: its price, money as a decimal string (R37); its
    # chips are ``amount``

    def to_json(self) -> dict[str, Any]:
        """The pinned JSON shape of one legal action."""
        name = str(self.action)  # a StrEnum's text, without the slower .value descriptor
        if self.action is _CALL:
            return {"action": name, "amount": self.amount, "all_in": self.all_in}
        if self.action in WAGERS:
            if self.min_to is not None:
                return {"action": name, "min": self.min_to, "max": self.max_to}
            return {"action": name, "to": self.to, "amount": self.amount, "all_in": self.all_in}
        if self.action is _DRAW:
            return {"action": name, "min": self.counts[0], "max": self.counts[-1]}
        if self.action in NAMING:
            return {"action": name, "players": list(self.players)}
        if self.action is _ADD_CHIPS:
            return {"action": name, "players": list(self.players), "min": FEWEST_CHIPS,
                    "max": dict(zip(self.players, self.most, strict=True))}
        if self.action is _JOIN:
            return {"action": name, "after": list(self.after), "min": FEWEST_CHIPS, "max": self.most[0]}
        if self.action is _DEAL and self.games:
            return {"action": name, "games": list(self.games)}
        if self.action in _PRICED:
            return {"action": name, "players": list(self.players), "chips": self.amount, "price": self.price}
        if self.action in _LISTING:
            return {"action": name, "players": list(self.players)}
        return {"action": name}


Legal = tuple[LegalAction, ...]


@lru_cache(maxsize=4096)
def wager(action: Action, amount: int, to: int | None = None, all_in: bool = False,
          completes: bool = False) -> LegalAction:
    """A call, bet or raise option: immutable values, so equal ones are built once and shared (a frozen
    dataclass is slow to build, and the engine offers one or two of these after every input)."""
    return LegalAction(action, amount=amount, to=to, all_in=all_in, completes=completes)


@lru_cache(maxsize=1024)
def exposed_option(players: tuple[str, ...]) -> LegalAction:
    """Recording an exposed replacement card of one of ``players``: a value too, built once per list of names (it
    is offered after every draw, and a LegalAction sets fourteen frozen fields)."""
    return LegalAction(Action.EXPOSED, players=players)


# The options without amounts are values: built once, shared by every table.
FOLD, CHECK, SHOW, MUCK, DEAL, MISDEAL = (LegalAction(action) for action in
                                          (Action.FOLD, Action.CHECK, Action.SHOW, Action.MUCK, Action.DEAL,
                                           Action.MISDEAL))
DRAW = LegalAction(Action.DRAW, counts=tuple(range(MAX_DISCARD + 1)))  # pat, or 1 to 5 cards (§05)
DRAW_FOUR = LegalAction(Action.DRAW, counts=tuple(range(4 + 1)))  # Badugi: pat, or 1 to 4 cards (R21)


def draw_option(hand_size: int) -> LegalAction:
    """A draw of 0 to the hand's size (R21)."""
    return DRAW if hand_size == MAX_DISCARD else DRAW_FOUR if hand_size == 4 else LegalAction(
        Action.DRAW, counts=tuple(range(hand_size + 1)))


def find(legal: Legal, action: Action) -> LegalAction | None:
    for option in legal:
        if option.action == action:
            return option
    return None
