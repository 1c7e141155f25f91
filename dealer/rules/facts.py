"""What each input did, written by the rule that did it, at the moment it did it.

The rule modules decide (the blinds, a wager's kind under R7, the cap, a reshuffle's piles, each pot's award) and
record the decision here as a frozen fact; ``apply_input`` gathers one input's facts into a :class:`Step`. Readers
(hand histories, PHH, the night's report) serialise these steps and never apply an input or decide a rule again.

Facts and steps are NamedTuples: immutable like frozen dataclasses, and four to five times faster to build (a frozen
dataclass sets each field through ``object.__setattr__``), which matters because every input builds a step and most
build a wager (``Announced`` stays a dataclass: a NamedTuple may not name a field ``count``). Readers tell facts
apart with ``isinstance``, never by comparing two facts of different kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..messages import Msg
from .entries import Input
from .legal import Action, LegalAction
from .outcomes import Award, HandResult, PlanStep
from .ranking import RankedHand
from .stakes import Stakes

# A wager's kind (R7): the full bet or raise, an all-in of at least half a bet (reopens), or less (does not).
COMPLETE, QUALIFIES, INCOMPLETE = "complete", "qualifies", "incomplete"


class HandDealt(NamedTuple):
    number: int
    button: str
    small_blind: str
    big_blind: str
    seats: tuple[tuple[int, str, int], ...]  # seat number (1 = first seat), name, chips before the blinds; dealt in
    game: str = "2-7-triple-draw"  # the game the hand plays (R25)


class BlindPosted(NamedTuple):
    player: str
    blind: str  # "small" | "big"
    amount: int  # chips posted
    full: int  # the blind the stakes ask for; ``amount`` is less when the player is short (R6)
    all_in: bool


class AntePosted(NamedTuple):
    """An ante: dead money in the pot, posted at the deal (R32)."""

    player: str
    amount: int  # chips posted
    full: int  # the ante the stakes ask for; ``amount`` is less when the player is short
    all_in: bool


class Wagered(NamedTuple):
    """A betting action: fold, check, call, bet or raise, with what it cost and what it did to the round."""

    player: str
    action: Action
    amount: int  # chips put in by it
    to: int  # the player's total this round after it
    round: int
    unit: int  # the round's fixed bet
    current_bet: int  # the level to call before it
    kind: str | None  # bet or raise: COMPLETE, QUALIFIES or INCOMPLETE (R7)
    capped: bool  # this wager reached the cap (R8)
    raises: int  # complete raises this round after it
    uncapped: bool  # heads-up: raises unlimited this round (R9)
    all_in: bool
    completes: bool  # completes a short all-in to the full bet (R7)


class RoundSkipped(NamedTuple):
    """A betting round nobody had to act in (R11)."""

    round: int


class NotAsked(NamedTuple):
    """A player with chips who had not acted when the round ended: nobody left could answer a bet (R11)."""

    player: str
    round: int


@dataclass(frozen=True, slots=True)  # a NamedTuple's field may not be called ``count`` (tuple.count)
class Announced:
    player: str
    draw: int
    count: int  # cards discarded (0: stands pat)


class FoldedInDraw(NamedTuple):
    player: str
    draw: int


class Served(NamedTuple):
    """The serving of a draw after its last announcement: the burn, each player's cards, the reshuffles (R12, R13)."""

    draw: int
    steps: tuple[PlanStep, ...]


class CardExposed(NamedTuple):
    """A replacement card exposed while serving ``player``: the serving planned again from there (R14)."""

    player: str
    steps: tuple[PlanStep, ...]  # the steps still to do, from the exposure on


class Returned(NamedTuple):
    """Uncalled chips given back (R15)."""

    player: str
    chips: int


class ShowdownBegan(NamedTuple):
    order: tuple[str, ...]  # who shows first, then clockwise (R18)


class Shown(NamedTuple):
    player: str
    hand: RankedHand


class Mucked(NamedTuple):
    player: str


class Awarded(NamedTuple):
    award: Award
    pots: int  # pots in the hand (for the pot's name)


class Misdealt(NamedTuple):
    hand: int


class HandEnded(NamedTuple):
    result: HandResult
    stacks: tuple[tuple[str, int], ...]  # every seat's chips after the hand, in seat order


class SessionEnded(NamedTuple):
    hand: int


class Joined(NamedTuple):
    """Open game: a player sat down between hands with the chips they bought, after ``after`` (R26)."""

    player: str
    after: str | None
    chips: int


class Left(NamedTuple):
    """Open game: a player left between hands, taking their chips away (cashed out, R26)."""

    player: str
    chips: int
    paid: tuple[tuple[str, str, int], ...] = ()  # the transfers that settled the leaver at once: payer, payee, chips


class SatOut(NamedTuple):
    player: str


class SatIn(NamedTuple):
    player: str


class ChipsAdded(NamedTuple):
    """Open game: chips a player bought between hands (a top-up, or a rebuy after going broke: R26)."""

    player: str
    chips: int


class NightEnded(NamedTuple):
    """Open game: the dealer ended the night after hand ``hand`` (R26); the settlement follows (R27)."""

    hand: int


class StakesChanged(NamedTuple):
    """Open game: new stakes between hands, played from the next hand on (R34)."""

    stakes: Stakes  # the stakes from now on
    before: Stakes


class LevelStarted(NamedTuple):
    """Tournament: the deal that starts a new level (R36); its stakes are the StakesChanged beside it."""

    number: int


class ClockStopped(NamedTuple):
    """Tournament: the clock paused (``paused``) or running again, at ``seconds_left`` in level ``level`` (R36)."""

    paused: bool
    level: int
    seconds_left: float | None


class Busted(NamedTuple):
    """Tournament: no chips after the hand while a rebuy is open; waits for Rebuy or Out (R35)."""

    player: str


class WentOut(NamedTuple):
    """Tournament: out in ``place`` after hand ``hand``; ``shared`` when tied with another going out (R35)."""

    player: str
    place: int
    hand: int
    shared: bool = False


class Bought(NamedTuple):
    """Tournament: a rebuy or the add-on (``kind``), its chips and price (R37)."""

    player: str
    kind: str  # "rebuy" | "add_on"
    chips: int
    price: str


class TournamentEnded(NamedTuple):
    """Tournament: over, won by ``winner`` (None after a chop), or the amounts agreed in a chop (R35, R37)."""

    winner: str | None
    chop: tuple[tuple[str, str], ...] = ()


Fact = (HandDealt | BlindPosted | AntePosted | Wagered | RoundSkipped | NotAsked | Announced | FoldedInDraw | Served
        | CardExposed | Returned | ShowdownBegan | Shown | Mucked | Awarded | Misdealt | HandEnded | SessionEnded
        | Joined | Left | SatOut | SatIn | ChipsAdded | NightEnded | StakesChanged | LevelStarted | ClockStopped
        | Busted | WentOut | Bought | TournamentEnded)


class Step(NamedTuple):
    """One effective input and what it did, recorded when it was applied."""

    hand: int  # the hand it belongs to (its deal's number for a deal)
    seq: int
    entry: Input
    phase: str  # the phase it was entered in ("deal" for a deal)
    round: int | None  # the betting round (bet) or the draw (draw) it was entered in
    option: LegalAction | None  # the legal action it matched, with its amounts
    lines: tuple[Msg, ...]  # its log sentences
    facts: tuple[Fact, ...]

    def wager(self) -> Wagered | None:
        return next((fact for fact in self.facts if isinstance(fact, Wagered)), None)

    @property
    def kind(self) -> str | None:
        wager = self.wager()
        return wager.kind if wager else None

    @property
    def capped(self) -> bool:
        wager = self.wager()
        return bool(wager and wager.capped)

    @property
    def current_bet(self) -> int:
        wager = self.wager()
        return wager.current_bet if wager else 0

    @property
    def returned(self) -> dict[str, int]:
        """Uncalled chips this input gave back (R15), by player."""
        found: dict[str, int] = {}
        for fact in self.facts:
            if isinstance(fact, Returned):
                found[fact.player] = found.get(fact.player, 0) + fact.chips
        return found

    @property
    def plan(self) -> tuple[PlanStep, ...]:
        """The serving this input planned: the draw its last announcement completed, or an exposure's re-plan."""
        for fact in self.facts:
            if isinstance(fact, Served | CardExposed):
                return fact.steps
        return ()
