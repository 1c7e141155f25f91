"""The snapshot's parts that only some readers read, built on first read: the button words, the speech, the chip
check, the chips-now standings and the draw's announcements.

The JSON STATE, built after every input, reads none of them; the console, the TV and the phones read them once per
seq. Each part is built from the snapshot's own frozen fields and from the few values captured with them when the
snapshot was taken (under the table's lock), never from the live table, which may have moved on by the time a page
reads the snapshot. Two readers building the same part at once get equal frozen values, so no lock is needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..messages import Msg
from ..rules.games import GameRules
from ..rules.table_state import Status
from .button_labels import option_for
from .snapshot import Announcement, Option, StandingRow
from .speech import speech
from .table_words import chip_check, ranked

if TYPE_CHECKING:
    from .snapshot import Snapshot

_LEFT = Status.LEFT  # enum members read through their class are slow in CPython 3.11


class OnFirstRead:
    """What the lazy parts need beyond the snapshot's fields (captured when it was taken), and the parts once built.

    A snapshot holds one; each reader asks through the snapshot's properties (``snap.options``, ``snap.speech``…)."""

    __slots__ = ("_announcements", "_chip_check", "_chips_now", "_options", "_speech", "announced", "game", "games",
                 "last_lines", "taken")

    def __init__(self, last_lines: tuple[Msg, ...], game: GameRules | None, games: tuple[str, ...], taken: int,
                 announced: tuple[tuple[str, int | None], ...]) -> None:
        self.last_lines = last_lines  # the latest input's sentences (the speech says them again)
        self.game = game  # the game of this hand, or the next one's (the Deal button names it)
        self.games = games  # the table's games, by code
        self.taken = taken  # an open game: chips taken away by the leavers (the chip check, R26)
        self.announced = announced  # the draw being announced: who, in order, and the cards announced so far
        self._options: tuple[Option, ...] | None = None
        self._speech: tuple[Msg, ...] | None = None
        self._chip_check: Msg | None = None
        self._chips_now: tuple[StandingRow, ...] | None = None
        self._announcements: tuple[Announcement, ...] | None = None

    def options(self, snap: Snapshot) -> tuple[Option, ...]:
        """The legal actions with the words on their buttons."""
        if self._options is None:
            self._options = tuple(option_for(option, snap.hand + 1, self.games, self.game) for option in snap.legal)
        return self._options

    def speech(self, snap: Snapshot) -> tuple[Msg, ...]:
        if self._speech is None:
            self._speech = speech(self.last_lines, snap.phase, snap.to_act, snap.to_call)
        return self._speech

    def chip_check(self, snap: Snapshot) -> Msg:
        if self._chip_check is None:
            self._chip_check = chip_check(snap.open_game, snap.total, snap.stacks_sum, snap.pot_total,
                                          sum(seat.bought_in for seat in snap.seats), self.taken)
        return self._chip_check

    def chips_now(self, snap: Snapshot) -> tuple[StandingRow, ...]:
        """The stacks at this moment, ranked (during a hand: behind, the pots not counted); between hands, the
        standings."""
        if self._chips_now is None:
            if not snap.in_hand:
                self._chips_now = snap.standings
            else:
                start = snap.history[0]
                open_game = snap.open_game
                self._chips_now = ranked((seat.name, seat.stack, seat.bought_in if open_game else start[seat.name])
                                         for seat in snap.seats if seat.status is not _LEFT)
        return self._chips_now

    def announcements(self, snap: Snapshot) -> tuple[Announcement, ...]:
        if self._announcements is None:
            acting = snap.to_act
            self._announcements = tuple(Announcement(name, count, acting is not None and name == acting)
                                        for name, count in self.announced)
        return self._announcements
