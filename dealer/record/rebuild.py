"""Rebuilding a table from its log in time proportional to its entries, whatever its undos and redos.

A log is a walk through a tree of table states: an input goes down to a new child, an undo goes back up to the
parent, a redo goes down again to a new child with the same input. :func:`plan` reads the log once into that tree
(nothing applied); ``Game.rebuild`` then applies every input once — the path to where the table stands last, and
each branch left by an undo (its lines are kept, struck through) on a copy of the state it branched from.

:class:`Checkpoint` is also what makes an undo cost the hand, not the night: the state before every deal is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import TypeVar

from ..rules.entries import Create, Entry, Input, Redo, Undo
from ..rules.facts import Step
from ..rules.table_state import Hand, TableState

Effective = list[tuple[int, Input]]  # inputs in force, each with the seq that recorded it


@dataclass(frozen=True)
class Checkpoint:
    """The table as it stood before the effective input number ``index`` (a deal, or the creation at 0).

    ``state`` is a private copy never played on; the record and the stacks history only grow during a session, so a
    checkpoint keeps their lengths, not copies of them."""

    index: int
    state: TableState
    history_length: int
    record_length: int


T = TypeVar("T")
_FIELDS: dict[type, tuple[str, ...]] = {}  # each copied class's fields, by name


def shallow_copy(value: T) -> T:
    """``copy.copy`` of a dataclass, field by field. ``copy.copy`` reads the original's ``__dict__`` and fills the
    copy's: in CPython 3.11 that turns both objects' attributes into plain dicts, and every later read of them
    (the seats and the table are read hundreds of times a hand) costs two to three times as much."""
    cls = type(value)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(found.name for found in fields(cls))  # type: ignore[arg-type]
    copied = object.__new__(cls)
    for name in names:
        setattr(copied, name, getattr(value, name))
    return copied


def copy_state(state: TableState, history: list[dict[str, int]], record: list[Step]) -> TableState:
    """A copy that can be played on without touching ``state``: its own seats and scalars; the hand (finished, or
    copied by :func:`branch_copy` mid-hand), the last result and the stakes are shared."""
    copied = shallow_copy(state)
    copied.seats = [shallow_copy(seat) for seat in state.seats]
    for seat in copied.seats:
        seat.draws = list(seat.draws)
    copied.history = history
    copied.record = record
    return copied


def branch_copy(state: TableState) -> TableState:
    """A copy to play a branch an undo left on, without touching ``state``: the hand in play copied whole, a record
    of its own (only the branch's steps are read back) and the stacks before hand 1 (the chip check reads them)."""
    copied = copy_state(state, state.history[:1], [])
    if state.hand is not None and not state.hand.ended:
        copied.hand = copy_hand(state.hand)
    return copied


def copy_hand(hand: Hand) -> Hand:
    """The hand in play, copied so that playing on the copy leaves it as it is (several times faster than
    ``copy.deepcopy``): every part that play changes is copied, the frozen records (pots, awards, ranked hands,
    plan steps) are shared. A new mutable field of ``Hand`` must be copied here too (the rebuild tests would
    show it)."""
    copied = shallow_copy(hand)
    deck = copied.deck = shallow_copy(hand.deck)
    deck.current, deck.served = dict(hand.deck.current), set(hand.deck.served)
    if hand.betting is not None:
        copied.betting = shallow_copy(hand.betting)
    if hand.draw is not None:
        draw = copied.draw = shallow_copy(hand.draw)
        draw.order, draw.announced = list(hand.draw.order), dict(hand.draw.announced)
    copied.plan = list(hand.plan)
    copied.returned = dict(hand.returned)
    if hand.showdown is not None:
        showdown = copied.showdown = shallow_copy(hand.showdown)
        showdown.order, showdown.pots = list(hand.showdown.order), list(hand.showdown.pots)
        showdown.shown, showdown.mucked = dict(hand.showdown.shown), list(hand.showdown.mucked)
        showdown.awards, showdown.halves = dict(hand.showdown.awards), dict(hand.showdown.halves)
    return copied


@dataclass
class Node:
    """One state of the tree: reached from ``parent`` by the input recorded at ``seq``."""

    parent: int
    seq: int
    entry: Input | None
    children: list[int] = field(default_factory=list)
    undone_at: float | None = None  # when an undo left it (every node off the final path was left by one)
    undone_by: int | None = None  # the seq of that undo
    redone: bool = False  # reached by a redo (its seq is the redo's)
    redo_at: float | None = None


@dataclass
class Plan:
    nodes: list[Node]
    path: list[int]  # from the root's first child to where the table stands
    redoable: list[int]  # nodes undo left since the last new input, the latest last


def plan(entries: Sequence[Entry]) -> Plan:
    """The tree of a log in one pass: where each entry leads, nothing applied yet."""
    if not entries or not isinstance(entries[0], Create):
        raise ValueError("a table log starts with its creation")
    nodes = [Node(-1, 0, None)]
    current = 0
    redoable: list[int] = []
    for seq, entry in enumerate(entries):
        if seq == 0:
            continue
        if isinstance(entry, Undo):
            if current == 0:
                raise ValueError(f"entry {seq}: an undo with nothing to undo")
            nodes[current].undone_at = entry.at
            nodes[current].undone_by = seq
            redoable.append(current)
            current = nodes[current].parent
            continue
        if isinstance(entry, Redo):
            if not redoable:
                raise ValueError(f"entry {seq}: a redo with nothing to redo")
            again = nodes[redoable.pop()].entry
        elif isinstance(entry, Input):
            again = entry
            redoable.clear()
        else:
            raise ValueError("a table is created only once")
        nodes.append(Node(current, seq, again, redone=isinstance(entry, Redo),
                          redo_at=entry.at if isinstance(entry, Redo) else None))
        nodes[current].children.append(len(nodes) - 1)
        current = len(nodes) - 1
    path = []
    while current != 0:
        path.append(current)
        current = nodes[current].parent
    path.reverse()
    return Plan(nodes, path, redoable)


def effective_inputs(entries: Sequence[Entry]) -> tuple[Effective, Effective]:
    """The inputs in force after a log and those redo could bring back (the latest last), in one pass."""
    found = plan(entries)
    inputs = [(found.nodes[node].seq, found.nodes[node].entry) for node in found.path]
    undone = [(found.nodes[node].seq, found.nodes[node].entry) for node in found.redoable]
    return [(seq, entry) for seq, entry in inputs if entry], [(seq, entry) for seq, entry in undone if entry]
