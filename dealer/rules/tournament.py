"""A tournament's running state and its clock (R35, R36): when the clock started, its pauses, the level last dealt,
who is busted or out and in which place, the rebuys and add-ons, the chop.

The state is a frozen value replaced by each rule that changes it, so the copies of a table kept for undo (before
every deal) and for the branches of a rebuild share it safely. Every reading of the clock takes the time it reads at:
an input's ``at`` while the rules apply it, the time of the read for a display; the wall clock is never read here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import NamedTuple

from .tournament_clock import ClockEvents, Schedule, build_schedule, level_for_hand, level_hands_left
from .tournament_clock import read_clock as clock_at
from .tournament_settings import Level, TournamentSettings


class Place(NamedTuple):
    place: int
    name: str
    hand: int  # the hand after which the player went out (0: before the first deal)


@dataclass(frozen=True)
class Tour:
    """What a tournament has decided so far; the table's seats hold the chips."""

    settings: TournamentSettings
    entrants: int
    events: ClockEvents = field(default_factory=ClockEvents)  # the first deal's time, each pause and resume (R36)
    level: int = 0  # the level of the latest deal (0 before the first)
    hand_stacks: tuple[tuple[str, int], ...] = ()  # chips of each player dealt in, at the latest deal (TDA 21)
    busted_stacks: tuple[tuple[str, int], ...] = ()  # each busted player's chips at the deal of the hand they
    # busted in: they may go out hands later, placed by those chips (R35)
    places: tuple[Place, ...] = ()  # decided places, in the order given (worst first)
    rebuys: int = 0
    add_ons: frozenset[str] = field(default_factory=frozenset)
    over: bool = False
    chop: tuple[tuple[str, Decimal], ...] | None = None  # the agreed amounts, once a chop ends the tournament

    @property
    def started(self) -> bool:
        return self.events.started is not None

    @property
    def paused(self) -> bool:
        return self.events.paused

    @cached_property
    def schedule(self) -> Schedule:
        levels = self.settings.levels
        return build_schedule([level.minutes or 1 for level in levels],
                              {pause.after_level: pause.minutes for pause in self.settings.breaks})


class Clock(NamedTuple):
    """The clock read at one moment (R36)."""

    period: int  # index of the level or break in force: the snapshot and the legal actions change with it
    level: Level  # the level the next deal uses (on a break: the one play resumes with)
    on_break: bool
    seconds_left: float | None  # in the level or the break (None: levels by hands)
    hands_left: int | None  # levels by hands: deals left in the level, the next included (None on the clock)
    seconds_to_break: float | None  # running time until the next break begins (None: none ahead)
    rebuy_level: int  # the level counted for the rebuy period: a break after level k counts as level k (R37)


def read_clock(tour: Tour, hands_dealt: int, now: float) -> Clock:
    """The clock at ``now`` with ``hands_dealt`` hands dealt so far (a misdealt hand dealt again counts once)."""
    levels = tour.settings.levels
    if tour.settings.by_hands:
        per = [level.hands or 1 for level in levels]
        number = level_for_hand(hands_dealt + 1, per, len(levels))
        left = level_hands_left(hands_dealt + 1, per, len(levels))
        return Clock(number - 1, levels[number - 1], False, None, left, None, number)
    reading = clock_at(tour.schedule, tour.events, now)
    rebuy_level = reading.after_level if reading.after_level is not None else reading.level
    return Clock(reading.period, levels[reading.level - 1], reading.on_break, reading.seconds_left, None,
                 reading.seconds_to_break, rebuy_level)


def rebuy_open(tour: Tour, clock: Clock) -> bool:
    """A rebuy is allowed while the level in force is at most the rebuy's last level (R37)."""
    rebuy = tour.settings.rebuy
    return rebuy is not None and not tour.over and clock.rebuy_level <= rebuy.through_level


def add_on_open(tour: Tour, clock: Clock) -> bool:
    """The add-on is offered on its break (R37)."""
    add_on = tour.settings.add_on
    return add_on is not None and not tour.over and clock.on_break and clock.rebuy_level == add_on.at_break
