"""The tournament clock's arithmetic (R36), pure: a schedule of levels and breaks, the clock's events (the first
deal, each pause and resume, with their times) and what the clock reads at a moment.

Running time is the time since the first deal minus the paused spans. Level 1 runs for its seconds of running time,
then the break after level 1 if there is one, then level 2, and so on; the last level counts down its own minutes like
the others, then stays in force at 0:00 (nothing comes after it). Times are seconds
since the epoch (floats), as stamped on the inputs: the engine builds the events from its log, so a replay reads the
clock exactly as it was, and never reads the wall clock itself.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

Minutes = Decimal | float | int


@dataclass(frozen=True, slots=True)
class Period:
    """A stretch of the schedule: a level, or a break between two levels."""

    level: int  # the level a deal uses during it: on a break, the level play resumes with
    seconds: float  # its length in running time (the last level stays in force once it has run out)
    on_break: bool = False


@dataclass(frozen=True, slots=True)
class Schedule:
    """The periods in order, and the running time each begins at."""

    periods: tuple[Period, ...]
    starts: tuple[float, ...]

    @property
    def levels(self) -> int:
        return max(period.level for period in self.periods)


def build_schedule(level_minutes: Sequence[Minutes], breaks: Mapping[int, Minutes] | None = None) -> Schedule:
    """The schedule of levels lasting ``level_minutes`` (the last one stays in force once its time has run) with a
    break of ``breaks[k]`` minutes after level k (1 ≤ k < number of levels; others are ignored)."""
    count = len(level_minutes)
    periods: list[Period] = []
    for number, minutes in enumerate(level_minutes, start=1):
        periods.append(Period(number, _seconds(minutes)))
        if breaks and number < count and number in breaks:
            periods.append(Period(number + 1, _seconds(breaks[number]), on_break=True))
    starts: list[float] = []
    elapsed = 0.0
    for period in periods:
        starts.append(elapsed)
        elapsed = _microseconds(elapsed + period.seconds)
    return Schedule(tuple(periods), tuple(starts))


@dataclass(frozen=True, slots=True)
class ClockEvents:
    """What happened to the clock: when it started (the first deal) and each pause with its resume (None: still
    paused). Built by folding the log with :meth:`start`, :meth:`pause` and :meth:`resume`."""

    started: float | None = None
    pauses: tuple[tuple[float, float | None], ...] = ()

    @property
    def paused(self) -> bool:
        return bool(self.pauses) and self.pauses[-1][1] is None

    def start(self, at: float) -> ClockEvents:
        """The first deal at ``at``; later deals change nothing."""
        return self if self.started is not None else ClockEvents(at, self.pauses)

    def pause(self, at: float) -> ClockEvents:
        """Paused at ``at``; a clock already paused stays paused from the first time (spans never overlap)."""
        return self if self.paused else ClockEvents(self.started, (*self.pauses, (at, None)))

    def resume(self, at: float) -> ClockEvents:
        if not self.paused:
            return self
        return ClockEvents(self.started, (*self.pauses[:-1], (self.pauses[-1][0], at)))

    def running(self, now: float) -> float:
        """Seconds of running time at ``now``: since the start, less the paused spans; never negative."""
        if self.started is None or now <= self.started:
            return 0.0
        stopped = 0.0
        for paused_at, resumed_at in self.pauses:
            begin = max(paused_at, self.started)
            end = min(now, resumed_at if resumed_at is not None else now)
            stopped += max(0.0, end - begin)
        return _microseconds(max(0.0, now - self.started - stopped))


@dataclass(frozen=True, slots=True)
class ClockReading:
    """What the clock says at a moment."""

    period: int  # index in the schedule's periods
    level: int  # the level a deal uses now; on a break, the level play resumes with
    on_break: bool
    after_level: int | None  # on a break, the level it follows
    seconds_left: float  # running time left in the period; 0 once the last level has run out (it stays in force)
    seconds_to_break: float | None  # running time until the next break begins; None: no break ahead
    paused: bool
    started: bool
    running: float  # running time since the start

    @property
    def period_key(self) -> int:
        """Changes exactly when a level or a break begins: readers' caches of a tournament are keyed on it."""
        return self.period


def read_clock(schedule: Schedule, events: ClockEvents, now: float) -> ClockReading:
    """The clock at ``now`` (a time at or after the events; later events are the caller's to leave out)."""
    running = events.running(now)
    index = period_index(schedule, running)
    period = schedule.periods[index]
    end = _end(schedule, index)
    return ClockReading(
        period=index,
        level=period.level,
        on_break=period.on_break,
        after_level=period.level - 1 if period.on_break else None,
        seconds_left=_microseconds(max(0.0, end - running)),
        seconds_to_break=_to_break(schedule, index, running),
        paused=events.paused,
        started=events.started is not None,
        running=running,
    )


def period_index(schedule: Schedule, running: float) -> int:
    """The period in force after ``running`` seconds of running time: a period begins the moment the one before
    it ends."""
    return max(0, bisect_right(schedule.starts, running) - 1)


def level_at(schedule: Schedule, events: ClockEvents, at: float) -> int:
    """The level a deal at ``at`` uses (TDA 23: the level in force when the hand is dealt)."""
    return read_clock(schedule, events, at).level


def on_break_at(schedule: Schedule, events: ClockEvents, at: float) -> bool:
    """Whether a break is on at ``at``: no hand is dealt then."""
    return read_clock(schedule, events, at).on_break


def level_for_hand(hand_number: int, hands_per_level: int | Sequence[int], levels: int) -> int:
    """The level of the ``hand_number``-th deal (from 1) when levels last a number of hands: level k covers the
    next ``hands_per_level`` hands (one number for every level, or one per level); the last level never ends."""
    return _hand_level(hand_number, hands_per_level, levels)[0]


def level_hands_left(hand_number: int, hands_per_level: int | Sequence[int], levels: int) -> int | None:
    """How many deals of its level remain from the ``hand_number``-th deal on, that one included; None in the last
    level, which never ends."""
    level, last_hand = _hand_level(hand_number, hands_per_level, levels)
    return None if level >= levels else last_hand - max(hand_number, 1) + 1


def clock_text(seconds: float | None) -> str:
    """A countdown as the room reads it, whole seconds rounded up: ``"7:41"``, ``"1:05:00"``, ``"0:00"`` only once
    the time is up; ``""`` without a clock (levels by hands)."""
    if seconds is None:
        return ""
    whole = max(0, math.ceil(seconds - 1e-9))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _hand_level(hand_number: int, hands_per_level: int | Sequence[int], levels: int) -> tuple[int, int]:
    """The level of a deal and the number of the last deal of that level."""
    lengths = [hands_per_level] * levels if isinstance(hands_per_level, int) else list(hands_per_level)
    last_hand = 0
    for level in range(1, levels):
        last_hand += lengths[level - 1]
        if hand_number <= last_hand:
            return level, last_hand
    return max(levels, 1), last_hand


def _seconds(minutes: Minutes) -> float:
    return float(Decimal(str(minutes)) * 60)


def _microseconds(seconds: float) -> float:
    """Times are kept to the microsecond: epoch floats carry noise below it (1.2 s after a start may read
    1.1999999999999886), and a level must end where its minutes say."""
    return round(seconds, 6)


def _end(schedule: Schedule, index: int) -> float:
    return schedule.starts[index] + schedule.periods[index].seconds


def _to_break(schedule: Schedule, index: int, running: float) -> float | None:
    for later in range(index + 1, len(schedule.periods)):
        if schedule.periods[later].on_break:
            return _microseconds(max(0.0, schedule.starts[later] - running))
    return None
