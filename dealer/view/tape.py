"""Going to the tape: one hand played again entry by entry, with the table as it stood after each entry.

A hand's entries are its deal first, then every input, undo and redo that belongs to it: an input or a redo belongs
to the hand the table is in after it, an undo to the hand of the input it takes back (the hand the table was in
before it). Their seqs lie between the hand's first deal and its latest entry; entries of other hands in between (a
next hand dealt and undone) are applied too but are not steps of this hand.

The cost is the hand's, not the night's: the tape starts from the state kept before the hand's deal (the game's
:class:`Checkpoint`, copied, never played on) and applies the hand's entries with the game's own push, undo and redo,
so nothing here decides a rule a second time. When the kept state is an earlier one (an open game's input between
hands entered after the deal was undone, or a join before hand 1), the inputs in force from it to the first deal are
applied first: at most the hand before's. Only a log whose dealer undid back past the hand's start and played the
hand before differently (then dealt this hand again) is rebuilt from its creation to the hand's first deal.

:func:`tape_start` runs under the table's lock (it reads the game: the hand's part of the log, a checkpoint);
:func:`play_tape` runs outside it (it reads only what the start copied, and the log's entries, which only grow).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..messages import N_, Msg, Translate, msg
from ..record.history import LogLine, hand_span, undone_mark
from ..record.rebuild import Checkpoint, copy_state
from ..rules.entries import Create, Entry, Input, Redo, Undo
from ..rules.table_state import TableState
from .button_labels import label_of
from .game import Game
from .snapshot import Snapshot
from .snapshot_json import RenderedLines, line_json, state_json

__all__ = ["HandTape", "TapeStart", "TapeStep", "play_tape", "steps_json", "tape_start"]


@dataclass(frozen=True)
class TapeStep:
    """One entry of the hand and the table right after it (``table``, the snapshot the API answered then)."""

    seq: int
    kind: str  # "input", "undo" or "redo"
    line: Msg  # the entry in one sentence: its first log line, or the correction in words
    lines: tuple[Msg, ...]  # every log line the entry wrote (an undo writes none)
    undone: Msg | None  # an input (or redo) taken back later: "undone at 21:04:05"; else None
    table: Snapshot  # the snapshot without its log: the tape's log is read from the steps' lines (see steps_json)
    taken: int | None = None  # an undo: the seq of the input it took back (whose lines it struck through)


@dataclass(frozen=True)
class HandTape:
    hand: int
    steps: tuple[TapeStep, ...]

    def index_of(self, seq: int) -> int | None:
        """The step recorded at ``seq`` (a log line's seq), by its place on the tape."""
        for index, step in enumerate(self.steps):
            if step.seq == seq:
                return index
        return None


@dataclass(frozen=True)
class TapeStart:
    """What the tape of one hand needs, copied from the game under its lock."""

    hand: int
    created: Create
    first: int  # the seq of the hand's first deal
    entries: tuple[Entry, ...]  # entries[first .. the hand's latest entry]
    log: Sequence[Entry]  # the game's whole log (it only grows): read only when the slow way is needed
    state: TableState | None  # a kept state before the first deal (a checkpoint's, never played on)
    inputs: tuple[tuple[int, Input], ...]  # the inputs in force from ``state`` to the first deal, with their seqs
    history: tuple[dict[str, int], ...]  # stacks before hand 1 and after each hand, as they stood then

    @property
    def last(self) -> int:
        return self.first + len(self.entries) - 1


def tape_start(game: Game, number: int) -> TapeStart | None:
    """The start of hand ``number``'s tape (None for a hand not dealt yet); the cost is the hand's."""
    seqs = _hand_seqs(game, number)
    if not seqs:
        return None
    first, last = min(seqs), max(seqs)
    entries = tuple(game.entries[first:last + 1])
    if not _stays_above(entries):
        return TapeStart(number, game.created, first, entries, game.entries, None, (), ())
    # The table before the first deal is on the path to where it stands: after the inputs in force recorded before.
    before = bisect_left(game.inputs, first, key=_seq_of)
    point = _checkpoint(game.checkpoints, before)
    return TapeStart(number, game.created, first, entries, game.entries, point.state,
                     tuple(game.inputs[point.index:before]), tuple(game.state.history[:point.history_length]))


def play_tape(start: TapeStart) -> HandTape:
    """Every entry of the hand with the table after it: from the kept state before the hand's deal, or (when the
    dealer undid back past it meanwhile, so that state may be another) from the log's start."""
    if start.state is not None:
        game: Game = _Tape(start)
    else:
        game = _Unlogged.rebuild(start.log[:start.first])
    return HandTape(start.hand, _walk(start, game))


class _Unlogged(Game):
    """A game whose snapshots leave the hand's log out: a step's log would repeat every line before it (a hand
    of thousands of corrections made the steps quadratic); the tape's log is read once from its steps' lines."""

    def hand_lines(self, number: int) -> tuple[LogLine, ...]:
        return ()


class _Tape(_Unlogged):
    """A game started from a checkpoint instead of the creation (and the inputs from it to the hand's first deal):
    seqs go on from the one before that deal."""

    def __init__(self, start: TapeStart) -> None:
        super().__init__(start.created)
        self._before = start.first - 1
        assert start.state is not None
        self.state = copy_state(start.state, list(start.history), [])
        self.checkpoints = [Checkpoint(0, start.state, len(start.history), 0)]
        for seq, entry in start.inputs:  # in force already: applied as the game applied them
            self._apply(seq, entry)

    @property
    def seq(self) -> int:
        return self._before + len(self.entries) - 1


@dataclass
class _Draft:
    seq: int
    kind: str
    line: Msg
    lines: tuple[Msg, ...]
    table: Snapshot
    taken: int | None


def _walk(start: TapeStart, game: Game) -> tuple[TapeStep, ...]:
    """Apply the hand's entries to ``game`` (standing just before the first), each with the game's own push, undo
    or redo, and keep the steps of this hand."""
    drafts: list[_Draft] = []
    undone: dict[int, Msg] = {}
    for offset, entry in enumerate(start.entries):
        seq = start.first + offset
        taken: int | None = None
        if isinstance(entry, Undo):
            taken_step = game.latest_step()
            assert taken_step is not None
            taken, hand = taken_step.seq, game.hand_number
            label = label_of(taken_step.lines, taken_step.entry)
            game.undo(at=entry.at)
            undone[taken] = undone_mark(entry.at)
            kind, line = "undo", msg(N_("Undo: takes back “{input}”"), input=label)
            lines: tuple[Msg, ...] = ()
        else:
            if isinstance(entry, Redo):
                redone = game.redo(at=entry.at)
                kind = "redo"
            else:
                assert isinstance(entry, Input)
                game.push(entry)
                redone = entry
                kind = "input"
            hand = game.hand_number
            written = game.state.record[-1]
            assert written.seq == seq
            label = label_of(written.lines, redone)
            line = msg(N_("Redo: “{input}” again"), input=label) if kind == "redo" else label
            lines = written.lines
        assert game.seq == seq, "the tape keeps the log's seqs"
        if hand == start.hand:
            drafts.append(_Draft(seq, kind, line, lines, game.snapshot(), taken))
    return tuple(TapeStep(draft.seq, draft.kind, draft.line, draft.lines, undone.get(draft.seq), draft.table,
                          draft.taken) for draft in drafts)


def steps_json(tape: HandTape, table_id: str, translate: Translate | None = None,
               language: str | None = None) -> dict[str, Any]:
    """The API's answer: ``{"hand": N, "log": [...], "steps": [{"seq", "line", "undone", "state", "added",
    "struck"}, ...]}``. Each ``state`` is the STATE the API answered right after that entry but its ``log``; each
    step carries what it changed in the hand's log instead: ``added``, the lines it wrote, and ``struck``, the lines
    an undo struck through (with their mark). ``log`` is the hand's log as the tape ends, once. So the answer grows
    with the hand's entries, not with their square: a step's log is its ``added`` lines and those of the steps
    before it, less what their ``struck`` lines took back. Extras of a step: ``kind``, the ``rule`` and ``ruling``
    of its sentence, and ``undone_at`` (the mark of an input taken back later, "undone at 21:04:05")."""
    render = translate or _same
    lines = RenderedLines()
    written = {step.seq: step for step in tape.steps if step.kind != "undo"}
    steps = []
    for step in tape.steps:
        frozen = _Frozen(step.table, lines)
        state = state_json(frozen, table_id, translate, language) if translate else state_json(frozen, table_id)
        del state["log"]  # the tape's snapshots have none: see ``added`` and ``struck``
        taken = written.get(step.taken) if step.taken is not None else None  # its ``undone`` is this undo's mark
        steps.append({"seq": step.seq, "line": step.line.render(render), "undone": step.undone is not None,
                      "state": state, "kind": step.kind, "rule": step.line.rule, "ruling": step.line.ruling,
                      "undone_at": step.undone.render(render) if step.undone else None,
                      "added": _lines_json(tape.hand, step.seq, step.lines, None, render),
                      "struck": _lines_json(tape.hand, taken.seq, taken.lines, taken.undone, render)
                      if taken is not None else []})
    log = [line for step in written.values()
           for line in _lines_json(tape.hand, step.seq, step.lines, step.undone, render)]
    return {"hand": tape.hand, "log": log, "steps": steps}


def _lines_json(hand: int, seq: int, texts: Sequence[Msg], undone: Msg | None,
                render: Translate) -> list[dict[str, Any]]:
    return [line_json(LogLine(hand, seq, text, undone), render) for text in texts]


def _same(text: str) -> str:
    return text


class _Frozen:
    """One step's snapshot, as the STATE's serialiser reads a game."""

    def __init__(self, table: Snapshot, lines: RenderedLines) -> None:
        self.table = table
        self.rendered_lines = lines

    def snapshot(self) -> Snapshot:
        return self.table


def _hand_seqs(game: Game, number: int) -> list[int]:
    """The seqs of the entries of hand ``number``: its effective inputs' lines, the lines of its inputs taken back,
    and its corrections (found by bisection and among the corrections: the cost does not follow the night)."""
    if number < 1:
        return []
    record = game.state.record
    begin, end = hand_span(record, number)
    seqs = {step.seq for step in record[begin:end] if step.lines}
    seqs.update(correction.step.seq for correction in game.corrections
                if correction.step is not None and correction.step.hand == number and correction.step.lines)
    seqs.update(correction.seq for correction in game.corrections if correction.hand == number)
    seqs.discard(0)
    return sorted(seqs)


def _stays_above(entries: Sequence[Entry]) -> bool:
    """Whether these entries never take the table back past where they start (an input or a redo goes one state
    down, an undo one back up): then the state before the first is the one kept before the hand's deal."""
    depth = 0
    for entry in entries:
        depth += -1 if isinstance(entry, Undo) else 1
        if depth < 0:
            return False
    return True


def _checkpoint(points: Sequence[Checkpoint], index: int) -> Checkpoint:
    """The latest kept state at or before the effective input number ``index`` (the creation's is always kept)."""
    return points[bisect_right(points, index, key=_index_of) - 1]


def _index_of(point: Checkpoint) -> int:
    return point.index


def _seq_of(applied: tuple[int, Input]) -> int:
    return applied[0]
