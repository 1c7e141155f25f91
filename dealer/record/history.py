"""The log as the screens show it, read from the record: the steps are the only history.

Each effective step gives its sentences as lines; each undo's correction carries the step it took back, whose lines
stay in the log struck through with the time of the undo; the creation's line is read from the ``Create`` entry
(seq 0, hand 0). Nothing keeps a second list of lines: :class:`HandLines` only caches one hand's lines, rebuilt
from its steps whenever they are not the same objects any more.
"""

from __future__ import annotations

import time
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..messages import N_, Msg, msg
from ..rules.entries import Create
from ..rules.facts import Step
from .hand_record import Correction


class LogLine(NamedTuple):
    """One sentence of the log: the hand and the seq of the step that wrote it; ``undone`` says when an undo took
    that step back ("undone at 21:04:05"), else None."""

    hand: int
    seq: int
    text: Msg
    undone: Msg | None = None


def clock(at: float) -> str:
    """The laptop's time of day, as the people at the table read it (hours, minutes, seconds)."""
    return time.strftime("%H:%M:%S", time.localtime(at))


def undone_mark(at: float | None) -> Msg:
    if at is None:  # logs stored before undo carried its time
        return msg(N_("undone"))
    return msg(N_("undone at {time}"), time=clock(at))


def creation_line(create: Create) -> LogLine:
    """The log's first line, said by the creation itself: how the first button was chosen (R4)."""
    if create.drawn:
        note = msg(N_("First button drawn by lot: {player}"), rule="03", ruling="R4", player=create.button)
    else:
        note = msg(N_("First button named by the dealer: {player}"), rule="03", ruling="R4", player=create.button)
    return LogLine(0, 0, note)


_new = tuple.__new__  # a NamedTuple from a tuple of its fields, without its Python-level __new__


def step_lines(step: Step, undone: Msg | None = None) -> list[LogLine]:
    hand, seq = step.hand, step.seq
    return [_new(LogLine, (hand, seq, text, undone)) for text in step.lines]


def hand_span(steps: Sequence[Step], number: int) -> tuple[int, int]:
    """Where hand ``number``'s steps lie in ``steps`` (in hand order), by bisection: the cost is not the night's."""
    start = bisect_left(steps, number, key=_hand_of)
    return start, bisect_right(steps, number, lo=start, key=_hand_of)


def taken_back(corrections: Iterable[Correction], number: int | None = None) -> list[LogLine]:
    """The lines of every step an undo took back (of hand ``number`` only, when given), struck through."""
    found: list[LogLine] = []
    for correction in corrections:
        step = correction.step
        if step is not None and correction.kind == "undo" and (number is None or step.hand == number):
            found.extend(step_lines(step, undone_mark(correction.at)))
    return found


def with_undone(lines: Sequence[LogLine], undone: Sequence[LogLine]) -> list[LogLine]:
    """The effective lines and the undone ones, in the order they were first recorded (by seq)."""
    if not undone:
        return list(lines)
    merged = [*lines, *undone]
    merged.sort(key=_seq_of)  # stable: one step's lines keep their order
    return merged


def session_lines(create: Create, record: Sequence[Step], corrections: Iterable[Correction]) -> list[LogLine]:
    """The whole log, undone lines included (struck through), in the order first recorded."""
    lines = [creation_line(create)]
    for step in record:
        lines.extend(step_lines(step))
    return with_undone(lines, taken_back(corrections))


class HandLines:
    """One hand's lines, built from its steps once and extended as the hand goes on; rebuilt when its steps are no
    longer the same objects (an undo rewound them) or a new undo took one of its steps back."""

    def __init__(self, create: Create) -> None:
        self.creation = creation_line(create)
        self._key: tuple[int, Step | None, int] = (-1, None, 0)  # the hand, its first step and how many were read
        self._effective: list[LogLine] = []
        self._last: Step | None = None  # the last step read
        self._start = 0  # where the hand's steps start in the record
        self._undone_key: tuple[int, int] = (-1, -1)  # the hand, and how many corrections were read
        self._undone: list[LogLine] = []

    def effective(self, steps: Sequence[Step], number: int) -> list[LogLine]:
        """Hand ``number``'s lines from the steps in force (the cache's own list: read it, never keep it)."""
        hand, known, count = self._key
        start = self._start
        if (hand == number and count and start + count <= len(steps) and steps[start] is known
                and steps[start + count - 1] is self._last and steps[-1].hand == number):
            end = len(steps)  # the record only grew since, by steps of this hand (it is in hand order)
        else:
            start, end = hand_span(steps, number)
        first = steps[start] if start < end else None
        if hand != number or known is not first or count > end - start or (
                count and steps[start + count - 1] is not self._last):
            self._effective = [self.creation] if number == 0 else []
            count = 0
        for step in steps[start + count:end]:
            self._effective.extend(step_lines(step))
        self._key, self._start = (number, first, end - start), start
        self._last = steps[end - 1] if end > start else None
        return self._effective

    def undone(self, corrections: Sequence[Correction], number: int) -> list[LogLine]:
        """Hand ``number``'s lines taken back by an undo (corrections only grow: re-read when one is added)."""
        key = (number, len(corrections))
        if key != self._undone_key:
            self._undone_key, self._undone = key, taken_back(corrections, number)
        return self._undone

    def hand(self, steps: Sequence[Step], corrections: Sequence[Correction], number: int) -> tuple[LogLine, ...]:
        """Hand ``number``'s lines, undone ones included, in the order first recorded."""
        effective, undone = self.effective(steps, number), self.undone(corrections, number)
        return tuple(with_undone(effective, undone)) if undone else tuple(effective)


def _hand_of(step: Step) -> int:
    return step.hand


def _seq_of(line: LogLine) -> int:
    return line.seq
