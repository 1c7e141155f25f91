"""The game as its log: a table rebuilt from its log of accepted entries. The log is the state; undo applies the
inputs again without the last, redo re-applies what was undone last (both are recorded: the log only grows).

Like python-chess's board: ``game.legal`` is a value, ``push``/``undo`` move through the log, and refusals are
exceptions that leave the game untouched. The reading part (the snapshot, the log by hand) is the view floor's
``Game`` (``view/game.py``), a subclass: ``dealer.Game``.

Costs follow the hand, not the night: the state before every deal is kept (a ``Checkpoint``), so an undo applies
again only the inputs of the hand in play; a stored log is read once into the tree of states it walks
(``rebuild.plan``), then every input is applied once, whatever its undos and redos.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from itertools import takewhile
from typing import Self

from ..errors import BadInput, DealerError, NotAllowed, NothingToRedo, NothingToUndo, StaleSeq
from ..messages import N_
from ..rules.entries import Create, Entry, Input, Redo, Undo
from ..rules.facts import Step
from ..rules.inputs import apply_input
from ..rules.legal import Action, Legal
from ..rules.table_state import DEALING, OVER, Phase, Seat, TableState
from ..rules.tournament import Tour, read_clock
from ..rules.turn import legal_actions, to_act
from .hand_record import Correction, HandBook, HandRecord, SessionRecord
from .history import HandLines, LogLine, hand_span, session_lines, step_lines, taken_back, with_undone
from .rebuild import Checkpoint, Effective, Plan, branch_copy, copy_state, effective_inputs, plan

# Enum members read through their class cost about 100 ns each in CPython 3.11, and this runs for every input:
# read once here.
_DEAL = Action.DEAL

__all__ = ["Checkpoint", "GameLog", "effective_inputs", "initial_state"]


def initial_state(create: Create) -> TableState:
    seats = [Seat(spec.name, spec.stack, bought_in=spec.stack) for spec in create.players]
    table = TableState(create.stakes, seats, create.button, create.drawn, settings=create.open)
    table.games, table.choice = create.games, create.choice
    table.hands_per_game = create.hands_per_game or len(create.players)
    table.history.append({seat.name: seat.stack for seat in seats})
    if create.tournament is not None:
        table.tournament = Tour(create.tournament, len(seats))
    return table


class GameLog:
    """A table rebuilt from its log. ``push`` applies an input, ``undo`` takes the last one back."""

    def __init__(self, create: Create) -> None:
        self.created = create
        self.entries: list[Entry] = [create]
        self.inputs: Effective = []  # effective inputs with the seq that recorded them
        self.redoable: list[Step] = []  # the steps undone since the last new input; redo re-applies the last
        self.corrections: list[Correction] = []  # every undo and redo, by seq, with what it took back or re-applied
        self._hand_lines: HandLines | None = None  # a cache of the hand in play's lines, read from its steps
        self._hand_book = HandBook()
        self.state = initial_state(create)
        # The table before any input is ``initial_state(create)`` again: built when an undo or a tape first needs it,
        # not copied at every creation (most games never read it; a one-hand game paid about a tenth of its time).
        self._checkpoints: list[Checkpoint] | None = None
        self._legal: tuple[int, Legal] | None = None
        self._period = 0  # a tournament's clock period the legal actions were computed in
        self.clock: Callable[[], float] = time.time  # what a read of a tournament's clock takes as now

    @classmethod
    def rebuild(cls, entries: Iterable[Entry]) -> Self:
        """Rebuild a table from its stored log: every input applied once (linear in the log, whatever its undos)."""
        log = list(entries)
        tree = plan(log)
        first = log[0]
        assert isinstance(first, Create)
        game = cls(first)
        game._rebuild(tree)
        game.entries = log
        return game

    @property
    def checkpoints(self) -> list[Checkpoint]:
        """The state before every deal (a private copy never played on), the creation's first."""
        if self._checkpoints is None:
            self._checkpoints = [Checkpoint(0, initial_state(self.created), 1, 0)]
        return self._checkpoints

    @checkpoints.setter
    def checkpoints(self, kept: list[Checkpoint]) -> None:
        self._checkpoints = kept

    @property
    def _lines(self) -> HandLines:
        if self._hand_lines is None:
            self._hand_lines = HandLines(self.created)
        return self._hand_lines

    @property
    def seq(self) -> int:
        """Accepted requests so far (undo included): exactly +1 per accepted request."""
        return len(self.entries) - 1

    @property
    def legal(self) -> Legal:
        if self.state.tournament is not None:
            return self.legal_at(self.clock())
        return self._legal_at_seq(self.seq)

    def _legal_at_seq(self, seq: int) -> Legal:
        """A session's or an open game's legal actions at ``seq``, kept until the table moves on."""
        cached = self._legal
        if cached is None or cached[0] != seq:
            cached = self._legal = (seq, legal_actions(self.state))
        return cached[1]

    def legal_at(self, now: float) -> Legal:
        """A tournament's legal actions at ``now``: they change with the clock's period too (a break, the end of
        the rebuy period: R36, R37), so they are kept per (seq, period)."""
        period = self.clock_period(now)
        if self._legal is None or self._legal[0] != self.seq or self._period != period:
            self.state.now = now
            self._legal, self._period = (self.seq, legal_actions(self.state)), period
        return self._legal[1]

    def clock_period(self, now: float | None = None) -> int:
        """A tournament's clock period at ``now`` (a level or a break: readers' caches are keyed on it); 0 for a
        session or an open game."""
        tour = self.state.tournament
        if tour is None:
            return 0
        return read_clock(tour, self.state.hand_number, self.clock() if now is None else now).period

    @property
    def to_act(self) -> str | None:
        seat = to_act(self.state)
        return seat.name if seat else None

    # -- what the service and the lists read without a snapshot (cheap: no read model is built) ------------------

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def over(self) -> bool:
        """The session has ended: its last hand is played (or too few players have chips)."""
        return self.state.phase is OVER

    @property
    def between_hands(self) -> bool:
        """No hand in play: a hand (or the session) has just ended, or none was dealt yet."""
        return self.state.phase in (DEALING, OVER)

    @property
    def hand_number(self) -> int:
        """The latest hand dealt (0 before the first)."""
        return self.state.hand_number

    @property
    def hands_to_play(self) -> int:
        """The hands the session is set to last."""
        return self.state.stakes.hands

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        return tuple(seat.name for seat in self.state.seats)

    @property
    def archivable(self) -> bool:
        """Only a finished session may be put away (off the lists)."""
        return self.over

    def check_archivable(self) -> None:
        if not self.archivable:
            raise NotAllowed(N_("Only a finished session can be archived."))

    def session_lines(self) -> list[LogLine]:
        """The whole log's lines, undone ones included (struck through), in the order first recorded."""
        return session_lines(self.created, self.state.record, self.corrections)

    def dealt_lines(self, number: int) -> list[LogLine] | None:
        """Hand ``number``'s lines, undone ones included (None for a hand with no step in force: not dealt yet, or
        its deal undone). Read by bisection: the cost is that hand's, not the session's."""
        record = self.state.record
        start, end = hand_span(record, number)
        if start == end and number != 0:
            return None
        lines = [self._lines.creation] if number == 0 else []
        for step in record[start:end]:
            lines.extend(step_lines(step))
        return with_undone(lines, taken_back(self.corrections, number))

    def hand_lines(self, number: int) -> tuple[LogLine, ...]:
        """Hand ``number``'s lines, undone ones included, read from its steps (cached for the hand in play)."""
        return self._lines.hand(self.state.record, self.corrections, number)

    def latest_step(self) -> Step | None:
        """The step of the latest effective input (None before the first)."""
        record = self.state.record
        return record[-1] if record and self.inputs and record[-1].seq == self.inputs[-1][0] else None

    def hands(self) -> tuple[HandRecord, ...]:
        """Every hand dealt so far, as recorded when its inputs were applied (a finished hand's record is reused
        until an undo reaches back into it). Frozen: readers may keep it outside the table's lock."""
        return self._hand_book.hands(self.state.record, self.corrections)

    def games_played(self) -> dict[int, str]:
        """Each dealt hand's game (its code), by hand number, from the record."""
        return {hand.number: hand.game for hand in self.hands()}

    def session_record(self, times: Mapping[int, float] | None = None) -> SessionRecord:
        """The whole session's record, with when each entry was recorded where ``times`` knows it."""
        before = tuple(takewhile(lambda step: step.hand == 0, self.state.record))
        return SessionRecord(self.created, self.hands(), tuple(sorted((times or {}).items())), self.seq, before,
                             tuple(self.corrections))

    def check_seq(self, seq: int | None) -> None:
        if seq is None:
            return
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise BadInput(N_("“seq” must be a whole number."))
        if seq != self.seq:
            raise StaleSeq(N_("This screen was out of date (seq {given}, now {current}): nothing was applied."),
                           given=seq, current=self.seq)

    def push(self, entry: Input, seq: int | None = None, now: float | None = None) -> None:
        """Apply a new input; it clears what redo could re-apply, as in every editor. A tournament's input is
        stamped with ``now`` (the wall clock when None) unless it carries its time already (a replayed log)."""
        if seq is not None:
            self.check_seq(seq)
        if self.state.tournament is not None and entry.at is None:
            entry = replace(entry, at=self.clock() if now is None else now)
        self._checked(entry)
        self.entries.append(entry)
        self.redoable.clear()

    def undo(self, seq: int | None = None, at: float | None = None) -> Input:
        """Take the last effective input back; its lines stay in the log, struck through with the time ``at``."""
        self.check_seq(seq)
        if not self.inputs:
            raise NothingToUndo(N_("Nothing to undo: the table has just been created."))
        step = self.latest_step()
        assert step is not None, "every effective input has its step"
        undone = step.entry
        self.redoable.append(step)
        self.corrections.append(_correction(self.seq + 1, "undo", step, at))
        self.entries.append(Undo(at))
        self._rewind(len(self.inputs) - 1)
        return undone

    def redo(self, seq: int | None = None, at: float | None = None) -> Input:
        """Re-apply the input undone last: the same input on the same state, so accepted as it was the first time."""
        self.check_seq(seq)
        if not self.redoable:
            raise NothingToRedo(N_("Nothing to redo: redo re-applies what was undone, until a new input is entered."))
        entry = self.redoable[-1].entry
        self._checked(entry)
        self.redoable.pop()
        self.entries.append(Redo(at))
        self.corrections.append(_correction(self.seq, "redo", self.state.record[-1], at))
        return entry

    def forget_last(self) -> None:
        """Take the latest entry out of the log as if it had never been accepted (the disk refused to record it).

        Rare, so done the plain way: the log without it, rebuilt (linear in the log)."""
        if len(self.entries) < 2:
            raise ValueError("the creation cannot be forgotten")
        vars(self).update(vars(type(self).rebuild(self.entries[:-1])))

    # -- inside -----------------------------------------------------------------------------------------------

    def _checkpoint(self, index: int) -> Checkpoint:
        state = self.state
        return Checkpoint(index, copy_state(state, state.history, state.record), len(state.history),
                          len(state.record))

    def _checked(self, entry: Input) -> None:
        """Apply a new input under the next seq; a refusal raises and changes nothing."""
        seq = self.seq  # a property (a subclass counts its own), read once for every input
        try:
            self._apply(seq + 1, entry, self.legal if self.state.tournament is not None else self._legal_at_seq(seq))
        except DealerError:
            self.state.seq = seq  # refusals are raised before anything else changes
            raise
        except Exception:
            self._rewind(len(self.inputs))
            raise

    def _apply(self, seq: int, entry: Input, legal: Legal | None = None) -> None:
        """Apply one effective input (checked against the rules); a deal first keeps the state it starts from."""
        index = len(self.inputs)
        # At index 0 the creation's checkpoint is the state already: nothing to keep (nor to build).
        if entry.action is _DEAL and self.state.phase is DEALING and index and self.checkpoints[-1].index != index:
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
        history, record = self.state.history, self.state.record
        del history[start.history_length:]
        del record[start.record_length:]
        self.state = copy_state(start.state, history, record)
        for seq, entry in self.inputs[start.index:keep]:
            apply_input(self.state, entry, seq)
        self._legal = None
        self._rewound()

    def _rewound(self) -> None:
        """Called when the state was rebuilt from a checkpoint (the view's subclass drops its snapshot)."""

    def _rebuild(self, tree: Plan) -> None:
        """Apply the path to where the table stands, and play each branch an undo left on a copy of the state it
        left from, for the steps it took back (their lines stay in the log, struck through)."""
        nodes, on_path = tree.nodes, set(tree.path)
        steps_of: dict[int, Step] = {}  # each node's step, as applied on its path or branch
        current = 0
        for node in [*tree.path, None]:
            children = nodes[current].children
            branches = [] if len(children) < 2 and node is not None else [
                (branch_copy(self.state), kid) for kid in children if kid not in on_path]
            while branches:
                state, kid = branches.pop()
                entry = nodes[kid].entry
                assert entry is not None
                apply_input(state, entry, nodes[kid].seq)
                steps_of[kid] = state.record[-1]
                grandchildren = nodes[kid].children
                for place, grandchild in enumerate(grandchildren):
                    last = place == len(grandchildren) - 1
                    branches.append((state if last else branch_copy(state), grandchild))
            if node is None:
                break
            entry = nodes[node].entry
            assert entry is not None
            self._apply(nodes[node].seq, entry)
            if nodes[node].redone:
                steps_of[node] = self.state.record[-1]
            current = node
        self.corrections = _corrections(tree, steps_of)
        self.redoable = [steps_of[kid] for kid in tree.redoable]


def _correction(seq: int, kind: str, step: Step, at: float | None) -> Correction:
    """An undo or redo in words: the first line of the input it took back or re-applied, placed in that hand; an
    undo keeps the undone input's own step (its lines stay in the log, struck through, and a history prints it
    exactly as the engine recorded it)."""
    said = step.lines[:1]
    hand = max(1, step.hand) if said else 1
    if kind == "undo":
        return Correction(seq, kind, hand, said, (), at, step)
    return Correction(seq, kind, hand, (), said, at)


def _corrections(tree: Plan, steps_of: dict[int, Step]) -> list[Correction]:
    """Every undo and redo of a rebuilt log, by seq."""
    found = []
    for index, node in enumerate(tree.nodes):
        if node.undone_by is not None:
            found.append(_correction(node.undone_by, "undo", steps_of[index], node.undone_at))
        if node.redone:
            found.append(_correction(node.seq, "redo", steps_of[index], node.redo_at))
    found.sort(key=lambda correction: correction.seq)
    return found
