"""The record of each hand, read from the steps the engine wrote as it applied each input: who was dealt in with how
many chips, the blinds posted, every input with what it did, the dealer's corrections placed in their hand, and the
result. The hand histories, the PHH export and the night's report serialise these records.

A hand that is over never changes unless an undo reaches back into it, so its record is built once and reused
(:class:`HandBook`); every record is frozen, so readers may use it outside the table's lock.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from ..messages import Msg
from ..rules.entries import Create
from ..rules.facts import BlindPosted, HandDealt, HandEnded, Mucked, ShowdownBegan, StakesChanged, Step
from ..rules.legal import BETWEEN_ACTIONS, Action
from ..rules.outcomes import HandResult
from ..rules.stakes import Stakes


@dataclass(frozen=True, slots=True)
class Correction:
    """A recorded undo or redo: what it took back or re-applied, in the words of the input's first log line."""

    seq: int
    kind: str  # "undo" | "redo"
    hand: int  # the hand of the input it took back or re-applied
    taken_back: tuple[Msg, ...]
    reapplied: tuple[Msg, ...]
    at: float | None = None  # when it was recorded, where known
    step: Step | None = None  # an undo: the step the engine recorded for the input it took back, as applied then


@dataclass(frozen=True)
class HandRecord:
    number: int
    deal_seq: int
    button: str
    small_blind: str
    big_blind: str
    seats: tuple[tuple[int, str, int], ...]  # seat number (1 = first seat), name, chips at the deal; dealt in only
    blinds: tuple[BlindPosted, ...]  # as posted at the deal (R6: a short player posts what they have)
    steps: tuple[Step, ...]
    corrections: tuple[Correction, ...] = ()
    result: HandResult | None = None  # None while the hand is in progress
    showdown_order: tuple[str, ...] = ()
    mucked: tuple[str, ...] = ()
    final_stacks: tuple[tuple[str, int], ...] | None = None  # every seat's chips after the hand
    game: str = "2-7-triple-draw"  # the game the hand played (R25)
    between: tuple[Step, ...] = ()  # open game: the inputs after the hand, before the next deal (joins, leaves…: R26)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for _, name, _ in self.seats)

    @property
    def starting(self) -> dict[str, int]:
        return {name: stack for _, name, stack in self.seats}

    @property
    def posted(self) -> dict[str, int]:
        """The blinds posted at the deal, by player."""
        return {blind.player: blind.amount for blind in self.blinds}

    @property
    def final(self) -> dict[str, int] | None:
        return dict(self.final_stacks) if self.final_stacks is not None else None

    def final_in(self, order: Sequence[str]) -> list[int]:
        """The chips after the hand of the players in ``order``."""
        final = self.final or {}
        return [final.get(name, 0) for name in order]


@dataclass(frozen=True)
class SessionRecord:
    create: Create
    hands: tuple[HandRecord, ...]
    times: tuple[tuple[int, float], ...]  # (seq, when it was recorded: seconds since the epoch) where known, by seq
    seq: int
    before: tuple[Step, ...] = ()  # open game: the inputs before hand 1 (joins, sit-outs…: R26)
    corrections: tuple[Correction, ...] = ()  # every undo and redo, by seq (a hand's own are in its record too)

    def hand(self, number: int) -> HandRecord | None:
        return next((hand for hand in self.hands if hand.number == number), None)

    def stakes_at(self, number: int) -> Stakes:
        """The stakes hand ``number`` was dealt at: the creation's, as changed between the hands before it (R34)."""
        return self._stakes.get(number, self.create.stakes)

    @cached_property
    def _stakes(self) -> dict[int, Stakes]:
        """Each hand's stakes, read once from the changes recorded between hands (a session has none)."""
        found: dict[int, Stakes] = {}
        stakes = self.create.stakes
        for step in self.before:
            stakes = _changed(step, stakes)
        for hand in self.hands:
            stakes = _changed(hand.steps[0], stakes)  # a tournament's deal that starts a new level (R36)
            found[hand.number] = stakes
            for step in hand.between:
                stakes = _changed(step, stakes)
        return found

    def time(self, seq: int, default: float | None = None) -> float | None:
        """When the entry at ``seq`` was recorded, where known (by bisection: the times are in seq order)."""
        place = bisect_left(self.times, seq, key=_seq_of)
        return self.times[place][1] if place < len(self.times) and self.times[place][0] == seq else default


def build_hand(steps: Sequence[Step], corrections: Sequence[Correction]) -> HandRecord:
    """One hand's record from its steps (the deal first) and its corrections; an open game's inputs after the hand
    (R26) are kept apart, so the hand's steps are its play only."""
    between = tuple(step for step in steps if step.entry.action in BETWEEN_ACTIONS)
    if between:
        steps = [step for step in steps if step.entry.action not in BETWEEN_ACTIONS]
    deal = steps[0]
    dealt = next(fact for fact in deal.facts if isinstance(fact, HandDealt))
    blinds = tuple(fact for fact in deal.facts if isinstance(fact, BlindPosted))
    result: HandResult | None = None
    final: tuple[tuple[str, int], ...] | None = None
    order: tuple[str, ...] = ()
    mucked: list[str] = []
    for step in steps:
        for fact in step.facts:
            if isinstance(fact, ShowdownBegan):
                order = fact.order
            elif isinstance(fact, Mucked):
                mucked.append(fact.player)
            elif isinstance(fact, HandEnded):
                result, final = fact.result, fact.stacks
    return HandRecord(dealt.number, deal.seq, dealt.button, dealt.small_blind, dealt.big_blind, dealt.seats, blinds,
                      tuple(steps), tuple(corrections), result, order, tuple(mucked), final, dealt.game, between)


class HandBook:
    """Every hand's record, built per hand and reused while its steps and corrections stay the same objects."""

    def __init__(self) -> None:
        self._built: dict[int, HandRecord] = {}

    def hands(self, record: Sequence[Step], corrections: Sequence[Correction]) -> tuple[HandRecord, ...]:
        by_hand: dict[int, list[Correction]] = {}
        for correction in corrections:
            by_hand.setdefault(correction.hand, []).append(correction)
        found: list[HandRecord] = []
        # A deal opens every hand: steps before the record's first deal belong to no hand built here (an open game's
        # inputs before hand 1, or, on a tape started from a kept state, inputs between hands after a deal that
        # tape does not hold: a deal undone, chips added, the hand dealt again).
        start = next((index for index, step in enumerate(record) if step.entry.action is Action.DEAL), len(record))
        while start < len(record):
            number = record[start].hand
            end = bisect_left(record, number + 1, lo=start, key=_hand_of)
            found.append(self._hand(record, start, end, by_hand.pop(number, [])))
            start = end
        if by_hand and found:  # corrections of a hand no longer dealt (its deal undone) go with the latest hand
            extra = sorted((item for items in by_hand.values() for item in items), key=lambda item: item.seq)
            last = found[-1]
            fixes = sorted([*last.corrections, *extra], key=lambda item: item.seq)
            found[-1] = build_hand((*last.steps, *last.between), fixes)
        self._built = {hand.number: hand for hand in found}
        return tuple(found)

    def _hand(self, record: Sequence[Step], start: int, end: int, corrections: list[Correction]) -> HandRecord:
        number = record[start].hand
        built = self._built.get(number)
        if (built is not None and len(built.steps) + len(built.between) == end - start
                and built.steps[0] is record[start] and (built.between or built.steps)[-1] is record[end - 1]
                and len(built.corrections) == len(corrections)
                and all(old is new for old, new in zip(built.corrections, corrections, strict=True))):
            return built
        return build_hand(record[start:end], corrections)


def _changed(step: Step, stakes: Stakes) -> Stakes:
    """The stakes after ``step``: new ones where it changed them (R34)."""
    for fact in step.facts:
        if isinstance(fact, StakesChanged):
            return fact.stakes
    return stakes


def _hand_of(step: Step) -> int:
    return step.hand


def _seq_of(time: tuple[int, float]) -> int:
    return time[0]
