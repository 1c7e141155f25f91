"""What the lists show of one table (the start screen, the archived list, the phones' list of tables), small enough
that every table keeps one while only the games of tables in progress, and a few finished ones opened lately, stay
in memory (web/service.py). A summary is of one seq: a table that changes gets a new one."""

from __future__ import annotations

from dataclasses import dataclass

from dealer import CheckedSession, Game, Msg, RenderedLines, Snapshot


@dataclass(frozen=True)
class TableSummary:
    id: str
    seq: int  # the table's latest entry when this was written
    players: tuple[str, ...]
    hand_number: int
    hands_to_play: int
    over: bool
    archivable: bool
    stage: Msg  # "Betting round 2 of 4", "Session over", …
    label: Msg  # "Hand 3 of 10"; an open game's "Hand 3" (R26)
    started: float | None  # when the session started (its creation)
    ended: float | None  # when it ended (its last entry), once it is over


def summarise(table_id: str, game: Game, started: float | None, ended: float | None) -> TableSummary:
    snapshot = game.snapshot()
    return TableSummary(table_id, game.seq, game.players, game.hand_number, game.hands_to_play, game.over,
                        game.archivable, snapshot.stage, snapshot.hand_label, started, ended)


def summary_of_import(table_id: str, checked: CheckedSession) -> TableSummary:
    """An imported table's summary, from what the import process found (its game is not replayed here to list it)."""
    snapshot = checked.snapshot
    return TableSummary(table_id, snapshot.seq, checked.players, snapshot.hand, snapshot.hands, checked.over,
                        checked.archivable, snapshot.stage, snapshot.hand_label, checked.times[0],
                        checked.times[-1] if checked.over else None)


class ImportedTable:
    """A table just imported, as its STATE is written (``dealer.state_json``) to answer the import at once, from
    the snapshot the import process sent: the game itself is replayed when the table is first opened."""

    def __init__(self, snapshot: Snapshot) -> None:
        self._snapshot = snapshot
        self.rendered_lines = RenderedLines()

    def snapshot(self) -> Snapshot:
        return self._snapshot
