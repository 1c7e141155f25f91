"""The parts of the snapshot that may change at every input (the seat rows, the betting round, the notes), kept
while they are unchanged.

A snapshot is built after every input, and an input changes one or two seats, not six: each part is looked up by
the plain values it is built from and the same frozen object is given again when they are the same. Besides
sparing the building, that lets the JSON STATE reuse what it rendered for the part by identity
(``RenderedLines.reuse`` in ``snapshot_json.py``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from operator import is_

from ..messages import N_, Msg, msg
from ..rules import betting
from ..rules.entries import Input
from ..rules.facts import Step
from ..rules.hand_flow import next_button
from ..rules.legal import PLAYER_ACTIONS, Action
from ..rules.ranking import RankedHand
from ..rules.table_state import Hand, Phase, Seat, Status, TableState
from .snapshot import Betting, SeatView

# Enum members read through their class cost about 150 ns each in CPython 3.11: read once here.
DEAL, BET = Phase.DEAL, Phase.BET

# Sentences without arguments are values: built once, shared by every snapshot (a Msg is never changed).
_MUCKED = msg(N_("Mucked"))  # the hand given up at the showdown: the seat says so (its pots no longer count it)
_STATUS_LABELS = {Status.ALL_IN: msg(N_("All-in")), Status.FOLDED: msg(N_("Folded")), Status.OUT: msg(N_("Out")),
                  Status.SITTING_OUT: msg(N_("Sitting out"), ruling="R26"), Status.LEFT: msg(N_("Left"), ruling="R26"),
                  Status.BUSTED: msg(N_("Busted: rebuy or out"), ruling="R35")}

# Kept rows and rounds: a table of six sees a few hundred a night; past this many, the oldest night's go.
_MOST_KEPT = 512
_new = tuple.__new__  # a NamedTuple from a tuple of its fields, without its Python-level __new__


class LiveParts:
    """The seat rows and the betting round of the latest snapshots, by what each is built from."""

    def __init__(self) -> None:
        self.rows: dict[tuple[object, ...], SeatView] = {}
        self.seats: tuple[SeatView, ...] = ()
        self.rounds: dict[tuple[int, ...], Betting] = {}
        self.notes: tuple[Msg, ...] = ()
        # What the latest seat rows were read from: the table, its hand, phase, seating and round; the seq; who was
        # to act.
        self.mark: tuple[object, ...] = (None,) * 6
        self.seq = -1
        self.acting: str | None = None  # who was to act at the latest snapshot, and at the one before
        self.before: str | None = None
        self.just: Input | None = None  # see ``moved``

    def moved(self, table: TableState, acting: str | None, in_hand: bool, seq: int,
              latest: Step | None) -> Action | None:
        """The player's action that is the only input since the last snapshot, when it kept the hand in the same
        phase and round (None otherwise): then only the player's own chips and the turn have moved (whatever else
        moves when a round, a draw or a hand ends changes the phase or the round), and the parts built from the
        rest are kept. Called once per snapshot, before the parts that use it."""
        hand = table.hand
        mark = (table, hand, table.phase, table.seats, *_round_of(hand))
        fast = (in_hand and latest is not None and latest.seq == seq == self.seq + 1
                and latest.entry.action in PLAYER_ACTIONS and all(map(is_, mark, self.mark)))
        self.mark, self.seq, self.before, self.acting = mark, seq, self.acting, acting
        self.just = latest.entry if fast and latest is not None else None
        return self.just.action if self.just is not None else None

    def seat_rows(self, table: TableState, acting: str | None, in_hand: bool) -> tuple[SeatView, ...]:
        """Every seat clockwise. Bets are 0 between hands (the end of a hand clears them), so they are read as they
        are. The same tuple as the last snapshot's when no row changed.

        After a player's action that kept the phase and the round (``moved``), only the rows it can change are read
        again: the player's own, the one who was to act and the one now to act."""
        hand = table.hand
        button = small = big = None
        shown = {}
        mucked: Collection[str] = ()
        if hand is not None and in_hand:
            button, small, big = hand.button, hand.small_blind, hand.big_blind
            if hand.showdown is not None:
                shown, mucked = hand.showdown.shown, hand.showdown.mucked
        elif table.phase is DEAL:
            button = next_button(table)
        if len(self.rows) > _MOST_KEPT:
            self.rows.clear()
        kept, seats = self.seats, table.seats
        marks = (button, small, big, acting, shown, mucked)
        if self.just is not None:
            found = list(kept)
            for name in {self.just.player, self.before, acting}:
                if name is not None:
                    place = table.index(name)
                    found[place] = self._row(seats[place], place + 1, marks)
        else:
            found = [self._row(seat, position, marks) for position, seat in enumerate(seats, start=1)]
        if len(found) != len(kept) or not all(map(is_, found, kept)):
            self.seats = tuple(found)
        return self.seats

    def _row(self, seat: Seat, position: int,
             marks: tuple[str | None, str | None, str | None, str | None, Mapping[str, RankedHand],
                          Collection[str]]) -> SeatView:
        """One seat's row, the same object as before while its fields are the same."""
        button, small, big, acting, shown, mucked = marks
        name = seat.name
        # The row's fields, the mucked flag standing for its label (a Msg is not hashable).
        key = (name, position, seat.stack, seat.bet, seat.committed, seat.status, name in mucked,
               name == button, name == small, name == big, name == acting, tuple(seat.draws),
               shown[name].cards if name in shown else None, seat.bought_in)
        row = self.rows.get(key)
        if row is None:
            label = _MUCKED if key[6] else _STATUS_LABELS.get(seat.status)
            row = self.rows[key] = _new(SeatView, (*key[:6], label, *key[7:]))
        return row

    def betting(self, table: TableState) -> Betting | None:
        """The betting round in play, with its unit and its cap in words."""
        hand = table.hand
        if table.phase is not BET or hand is None or hand.betting is None:
            return None
        round_ = hand.betting
        level = betting.current_bet(table, round_)
        # Everything the round's view and its cap sentence (betting.cap_state) are built from.
        key = (round_.number, round_.unit, level, round_.raises, round_.capped, round_.uncapped, round_.has_bet,
               table.stakes.raises, round_.big_bet, hand.game.draws)
        found = self.rounds.get(key)
        if found is None:
            if len(self.rounds) > _MOST_KEPT:
                self.rounds.clear()
            if round_.big_bet:  # no unit: the big blind is the smallest bet (R29)
                unit_label = msg(N_("smallest bet: {unit}"), rule="04", ruling="R29", unit=round_.unit)
            elif round_.number <= (hand.game.draws + 1) // 2:
                unit_label = msg(N_("small bet: {unit}"), rule="04", unit=round_.unit)
            else:
                unit_label = msg(N_("big bet: {unit}"), rule="04", unit=round_.unit)
            found = self.rounds[key] = Betting(round_.number, round_.unit, unit_label, level, round_.raises,
                                               round_.capped, round_.uncapped, betting.cap_state(table, round_))
        return found

    def same_notes(self, notes: tuple[Msg, ...]) -> tuple[Msg, ...]:
        """The last snapshot's notes when these are equal to them (the same sentences, read by identity)."""
        if notes != self.notes:
            self.notes = notes
        return self.notes


def _round_of(hand: Hand | None) -> tuple[object, object]:
    """The betting round and the draw in play (compared by identity: another round or draw is another object)."""
    return (hand.betting, hand.draw) if hand is not None else (None, None)
