"""The game: a table replayed from its log of accepted inputs. The log is the state; undo replays without the last.

Like python-chess's board: ``game.legal`` is a value, ``push``/``undo`` move through the log, refusals are
exceptions that leave the game untouched, and ``snapshot()`` is the one reading every display serialises.

Costs follow the hand, not the night: the state at the start of every hand is kept (a :class:`Checkpoint`), so an
undo replays only the inputs of the hand in play, and a stored log is replayed once, its effective inputs worked
out first in one pass (:func:`effective_inputs`) whatever its undos.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import BadInput, DealerError, NothingToUndo, StaleSeq
from .inputs import apply_input
from .legal import Action, Legal
from .messages import N_, msg
from .read_model import ReadCache, take_snapshot
from .records import Create, Entry, Input, Undo
from .snapshot import Snapshot
from .state import LogLine, Phase, Seat, TableState
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


Effective = list[tuple[int, Input]]  # the inputs in force, each with the seq that recorded it


def effective_inputs(entries: Sequence[Entry]) -> tuple[Effective, Effective]:
    """The inputs in force after a log (creation first), in one pass: an undo pops the latest onto the undone
    stack, a new input clears that stack. Returns (in force, undone: the latest undone last)."""
    if not entries or not isinstance(entries[0], Create):
        raise ValueError("a table log starts with its creation")
    inputs: Effective = []
    undone: Effective = []
    for seq, entry in enumerate(entries):
        if seq == 0:
            continue
        if isinstance(entry, Undo):
            if not inputs:
                raise ValueError(f"entry {seq}: an undo with nothing to undo")
            undone.append(inputs.pop())
        elif isinstance(entry, Input):
            inputs.append((seq, entry))
            undone.clear()
        else:
            raise ValueError("a table is created only once")
    return inputs, undone


@dataclass(frozen=True)
class Checkpoint:
    """The table as it stood before the effective input number ``index`` (a deal, or the creation at 0).

    ``state`` is a private copy never played on; the log and the stacks history only grow during a session, so a
    checkpoint keeps their lengths, not copies of them."""

    index: int
    state: TableState
    log_length: int
    history_length: int


def _copy_state(state: TableState, log: list[LogLine], history: list[dict[str, int]]) -> TableState:
    """A copy that can be played on without touching ``state``: its own seats and scalars; the finished hand, the
    last result and the stakes are never changed once a hand is over, so they are shared."""
    copied = copy.copy(state)
    copied.seats = [copy.copy(seat) for seat in state.seats]
    for seat in copied.seats:
        seat.draws = list(seat.draws)
    copied.log = log
    copied.history = history
    return copied


class Game:
    """A table replayed from its log. ``push`` applies an input, ``undo`` takes the last one back."""

    def __init__(self, create: Create) -> None:
        self.created = create
        self.entries: list[Entry] = [create]
        self.inputs: Effective = []  # effective inputs with the seq that recorded them
        self.undone: Effective = []  # taken back by undo, the latest last (cleared by a new input)
        self.state = initial_state(create)
        self.checkpoints: list[Checkpoint] = [self._checkpoint(0)]
        self._legal: tuple[int, Legal] | None = None
        self._snapshot: Snapshot | None = None
        self._read_cache = ReadCache()
        self.rendered_lines = RenderedLines()  # used by state_json: this hand's log lines, rendered once

    @classmethod
    def replay(cls, entries: Iterable[Entry]) -> Game:
        """Rebuild a table from its stored log: effective inputs first, then each applied once (linear)."""
        log = list(entries)
        inputs, undone = effective_inputs(log)
        first = log[0]
        assert isinstance(first, Create)
        game = cls(first)
        for seq, entry in inputs:
            game._apply(seq, entry)
        game.entries = log
        game.undone = undone
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
            self._apply(new_seq, entry, self.legal)
        except DealerError:
            self.state.seq = self.seq  # refusals are raised before anything else changes
            raise
        except Exception:
            self._rewind(len(self.inputs))
            raise
        self.entries.append(entry)
        self.undone.clear()

    def undo(self, seq: int | None = None) -> Input:
        self.check_seq(seq)
        if not self.inputs:
            raise NothingToUndo(N_("Nothing to undo: the table has just been created."))
        self.entries.append(Undo())
        taken = self.inputs[-1]
        self._rewind(len(self.inputs) - 1)
        self.undone.append(taken)
        return taken[1]

    def forget_last(self) -> None:
        """Take the latest entry out of the log as if it had never been accepted (the disk refused to record it)."""
        if len(self.entries) < 2:
            raise ValueError("the creation cannot be forgotten")
        entries = self.entries[:-1]
        inputs, undone = effective_inputs(entries)
        shared = 0
        for mine, theirs in zip(self.inputs, inputs, strict=False):
            if mine[0] != theirs[0]:
                break
            shared += 1
        self._rewind(shared)
        for seq, entry in inputs[shared:]:
            self._apply(seq, entry)
        self.entries = entries
        self.undone = undone
        self.rendered_lines = RenderedLines()  # the next input takes the forgotten one's seq

    # -- inside -----------------------------------------------------------------------------------------------

    def _checkpoint(self, index: int) -> Checkpoint:
        state = self.state
        return Checkpoint(index, _copy_state(state, state.log, state.history), len(state.log), len(state.history))

    def _apply(self, seq: int, entry: Input, legal: Legal | None = None) -> None:
        """Apply one effective input (checked against the rules); a deal first keeps the state it starts from."""
        index = len(self.inputs)
        if entry.action is Action.DEAL and self.state.phase is Phase.DEAL and self.checkpoints[-1].index != index:
            self.checkpoints.append(self._checkpoint(index))
        apply_input(self.state, entry, seq, legal)
        self.inputs.append((seq, entry))
        self._legal = None

    def _rewind(self, keep: int) -> None:
        """The state after the first ``keep`` effective inputs, from the latest hand start at or before them: the
        cost is the hand's inputs, never the session's."""
        del self.inputs[keep:]
        while self.checkpoints[-1].index > keep:
            self.checkpoints.pop()
        start = self.checkpoints[-1]
        log, history = self.state.log, self.state.history
        del log[start.log_length:]
        del history[start.history_length:]
        self.state = _copy_state(start.state, log, history)
        for seq, entry in self.inputs[start.index:keep]:
            apply_input(self.state, entry, seq)
        self._legal = None
        self._snapshot = None  # the read cache stays: each of its parts knows when the table has moved on
