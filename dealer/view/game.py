"""The game as the screens read it: the record floor's game (push, undo, redo, rebuild, the hands' records) with the
snapshot every display serialises, the log grouped by hand, and the JSON STATE's cache. ``dealer.Game`` is this
class: the web layer and the tests use it, never ``GameLog`` itself.
"""

from __future__ import annotations

from typing import Any

from ..messages import Msg, Translate
from ..record.corrections import recorded_since
from ..record.game import GameLog
from ..rules.entries import Create
from .button_labels import label_of
from .read_model import ReadCache, hand_log, session_log, take_snapshot
from .snapshot import HandLog, Snapshot
from .snapshot_json import RenderedLines
from .tournament_view import level_json

__all__ = ["Game"]


class Game(GameLog):
    """A table rebuilt from its log, read by the screens: ``snapshot()`` is the one reading every display serialises."""

    def __init__(self, create: Create) -> None:
        super().__init__(create)
        self._snapshot: Snapshot | None = None
        self._snapshot_period = 0
        self._read_cache = ReadCache()
        self.rendered_lines = RenderedLines()  # used by state_json: this hand's log lines, rendered once

    def snapshot(self) -> Snapshot:
        """Everything a display needs at this seq, built once and shared (it is frozen)."""
        period = self.clock_period() if self.state.tournament is not None else 0
        if self._snapshot is None or self._snapshot.seq != self.seq or period != self._snapshot_period:
            self._snapshot = take_snapshot(self, self._read_cache)
            self._snapshot_period = period  # a tournament's: a new level or break is a new snapshot (R36)
        return self._snapshot

    @property
    def is_tournament(self) -> bool:
        return self.state.tournament is not None

    def level_json(self, translate: Translate, now: float | None = None) -> dict[str, Any] | None:
        """A tournament's STATE ``level`` with its time left read at ``now`` (the wall clock when None): a STATE kept
        for its seq and clock period is served with this fresh part (R36)."""
        view = self.snapshot().tournament
        if view is None:
            return None
        return level_json(view, self.clock() if now is None else now, translate)

    def session_log(self) -> tuple[HandLog, ...]:
        """Every hand's log lines, undone ones included (struck through), for the pages that show the session."""
        return session_log(self.session_lines())

    def hand_log(self, number: int) -> HandLog | None:
        """One hand's log lines (None for a hand not dealt yet): the cost is that hand's, not the session's."""
        lines = self.dealt_lines(number)
        return hand_log(number, lines) if lines is not None else None

    def recorded_since(self, seq: int) -> Msg | None:
        """What was recorded after the screen at ``seq``, in words (for a tap made on that older screen)."""
        latest = self.latest_step()
        label = label_of(latest.lines, latest.entry) if latest is not None and latest.seq == self.seq else None
        return recorded_since(self.entries, seq, label)

    def _rewound(self) -> None:
        self._snapshot = None  # the read cache stays: each of its parts knows when the table has moved on
