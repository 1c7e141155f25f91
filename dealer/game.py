"""The game: a table replayed from its log of accepted inputs. The log is the state; undo replays without the last.

Like python-chess's board: ``game.legal`` is a value, ``push``/``undo`` move through the log, refusals are
exceptions that leave the game untouched, and ``snapshot()`` is the one reading every display serialises.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import BadInput, DealerError, NothingToUndo, StaleSeq
from .inputs import apply_input
from .legal import Legal
from .messages import N_, msg
from .read_model import ReadCache, take_snapshot
from .records import Create, Entry, Input, Undo
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
                game.undo()
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

    def push(self, entry: Input, seq: int | None = None) -> None:
        self.check_seq(seq)
        new_seq = self.seq + 1
        try:
            apply_input(self.state, entry, new_seq, self.legal)
        except DealerError:
            self.state.seq = self.seq  # refusals are raised before anything else changes
            raise
        except Exception:
            self._rebuild()
            raise
        self.entries.append(entry)
        self.inputs.append((new_seq, entry))
        self._legal = None

    def undo(self, seq: int | None = None) -> Input:
        self.check_seq(seq)
        if not self.inputs:
            raise NothingToUndo(N_("Nothing to undo: the table has just been created."))
        undone = self.inputs.pop()[1]
        self.entries.append(Undo())
        self._rebuild()
        return undone

    def _rebuild(self) -> None:
        """Replay the effective inputs from the creation: undo is rare, and a whole session replays in ms."""
        self.state = initial_state(self.created)
        for seq, entry in self.inputs:
            apply_input(self.state, entry, seq)
        self._legal = None
        self._snapshot = None
        self._read_cache = ReadCache()
