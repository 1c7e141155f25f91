"""The game: a table replayed from its log of accepted inputs. The log is the state; undo replays without the last,
redo re-applies what was undone last (both are recorded: the log only grows).

Like python-chess's board: ``game.legal`` is a value, ``push``/``undo`` move through the log, refusals are
exceptions that leave the game untouched, and ``snapshot()`` is the one reading every display serialises.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable

from .corrections import input_lines, label_of, recorded_since, struck
from .errors import BadInput, DealerError, NothingToRedo, NothingToUndo, StaleSeq
from .inputs import apply_input
from .legal import Legal
from .messages import N_, Msg, msg
from .read_model import ReadCache, take_snapshot
from .records import Create, Entry, Input, Redo, Undo
from .snapshot import Snapshot
from .state import LogLine, Seat, TableState
from .state_json import RenderedLines
from .turn import legal_actions, to_act


def initial_state(create: Create) -> TableState:
    seats = [Seat(spec.name, spec.stack) for spec in create.players]
    table = TableState(create.stakes, seats, create.button, create.drawn)
    table.history.append({seat.name: seat.stack for seat in seats})
    if create.drawn:
        note = msg(N_("First button drawn by lot: {player}"), rule="03", ruling="R4", player=create.button)
    else:
        note = msg(N_("First button named by the dealer: {player}"), rule="03", ruling="R4", player=create.button)
    table.log.append(LogLine(0, 0, note))
    return table


class Game:
    """A table replayed from its log. ``push`` applies an input, ``undo`` takes the last one back."""

    def __init__(self, create: Create) -> None:
        self.created = create
        self.entries: list[Entry] = [create]
        self.inputs: list[tuple[int, Input]] = []  # effective inputs with the seq that recorded them
        self.redoable: list[tuple[Input, Msg]] = []  # undone since the last new input, in words; redo takes the last
        self.undone_lines: list[LogLine] = []  # the lines of every input taken back, struck through, by seq
        self.state = initial_state(create)
        self._legal: tuple[int, Legal] | None = None
        self._snapshot: Snapshot | None = None
        self._read_cache = ReadCache()
        self.rendered_lines = RenderedLines()  # used by state_json: this hand's log lines, rendered once

    @classmethod
    def replay(cls, entries: Iterable[Entry]) -> Game:
        iterator = iter(entries)
        first = next(iterator)
        if not isinstance(first, Create):
            raise ValueError("a table log starts with its creation")
        game = cls(first)
        for entry in iterator:
            if isinstance(entry, Undo):
                game.undo(at=entry.at)
            elif isinstance(entry, Redo):
                game.redo(at=entry.at)
            elif isinstance(entry, Input):
                game.push(entry)
            else:
                raise ValueError("a table is created only once")
        return game

    @property
    def seq(self) -> int:
        """Accepted requests so far (undo included): exactly +1 per accepted request."""
        return len(self.entries) - 1

    @property
    def legal(self) -> Legal:
        if self._legal is None or self._legal[0] != self.seq:
            self._legal = (self.seq, legal_actions(self.state))
        return self._legal[1]

    @property
    def to_act(self) -> str | None:
        seat = to_act(self.state)
        return seat.name if seat else None

    def snapshot(self) -> Snapshot:
        """Everything a display needs at this seq, built once and shared (it is frozen)."""
        if self._snapshot is None or self._snapshot.seq != self.seq:
            self._snapshot = take_snapshot(self, self._read_cache)
        return self._snapshot

    def check_seq(self, seq: int | None) -> None:
        if seq is None:
            return
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise BadInput(N_("“seq” must be a whole number."))
        if seq != self.seq:
            raise StaleSeq(N_("This screen was out of date (seq {given}, now {current}): nothing was applied."),
                           given=seq, current=self.seq)

    def recorded_since(self, seq: int) -> Msg | None:
        """What was recorded after the screen at ``seq``, in words (for a tap made on that older screen)."""
        latest = self.inputs[-1] if self.inputs and self.inputs[-1][0] == self.seq else None
        label = label_of(input_lines(self.state.log, latest[0]), latest[1]) if latest else None
        return recorded_since(self.entries, seq, label)

    def push(self, entry: Input, seq: int | None = None) -> None:
        """Apply a new input; it clears what redo could re-apply, as in every editor."""
        self.check_seq(seq)
        self._apply(entry)
        self.entries.append(entry)
        self.redoable.clear()

    def _apply(self, entry: Input) -> None:
        new_seq = self.seq + 1
        try:
            apply_input(self.state, entry, new_seq, self.legal)
        except DealerError:
            self.state.seq = self.seq  # refusals are raised before anything else changes
            raise
        except Exception:
            self._rebuild()
            raise
        self.inputs.append((new_seq, entry))
        self._legal = None

    def undo(self, seq: int | None = None, at: float | None = None) -> Input:
        """Take the last effective input back; its lines stay in the log, struck through with the time ``at``."""
        self.check_seq(seq)
        if not self.inputs:
            raise NothingToUndo(N_("Nothing to undo: the table has just been created."))
        number, undone = self.inputs.pop()
        lines = input_lines(self.state.log, number)
        self.redoable.append((undone, label_of(lines, undone)))
        for line in struck(lines, at):
            insort(self.undone_lines, line, key=_by_seq)
        self.entries.append(Undo(at))
        self._rebuild()
        return undone

    def redo(self, seq: int | None = None, at: float | None = None) -> Input:
        """Re-apply the input undone last: the same input on the same state, so accepted as it was the first time."""
        self.check_seq(seq)
        if not self.redoable:
            raise NothingToRedo(N_("Nothing to redo: redo re-applies what was undone, until a new input is entered."))
        entry = self.redoable[-1][0]
        self._apply(entry)
        self.redoable.pop()
        self.entries.append(Redo(at))
        return entry

    def _rebuild(self) -> None:
        """Replay the effective inputs from the creation: undo is rare, and a whole session replays in ms."""
        self.state = initial_state(self.created)
        for seq, entry in self.inputs:
            apply_input(self.state, entry, seq)
        self._legal = None
        self._snapshot = None
        self._read_cache = ReadCache()


def _by_seq(line: LogLine) -> int:
    return line.seq
