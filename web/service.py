"""Tables in play: the one place the JSON API and the HTML views go through to read or change a table.

Wired flaskr style: :func:`init_app` opens the SQLite store named by ``app.config["DATABASE"]`` and keeps the
service in ``app.extensions``; views reach it with :func:`service`.

A request looks its table up and checks its token once: :meth:`TableService.access` answers a
:class:`TableAccess` (the table, and whether the token is its dealer token), and the change goes through that
handle. :meth:`TableService.act` and :meth:`TableService.undo` do the three steps in one call. Either way an
unknown table is refused (:class:`TableNotFound`, 404) before a wrong token is (:class:`Unauthorized`, 401).
"""

from __future__ import annotations

import hmac
import json
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import Flask, current_app, has_app_context

from dealer import (
    N_,
    CheckedSession,
    Create,
    Game,
    NotAllowed,
    Translate,
    parse_create,
)

from .import_worker import check_elsewhere
from .store import Store, StoredTable
from .table_access import TableAccess, _Slot, token_hash
from .table_errors import TableNotFound
from .table_summary import ImportedTable, TableSummary, summarise, summary_of_import

__all__ = ["KEEP_FINISHED", "MAX_TABLES_IN_PLAY", "WRITING", "TableAccess", "TableService", "TableSummary", "init_app",
           "service", "token_hash"]

EXTENSION = "tables"
# Hand histories and the night's report are written one at a time: written side by side they would share the
# interpreter with the dealer's tap (which waits for none of them); the phones asking wait for each other instead.
WRITING = threading.Semaphore(1)
MAX_TABLES_IN_PLAY = 100  # tables in progress per server: a house game has one or two; 1,000 junk ones made the
# start screen 448 KB
MAX_TABLES_LISTED = 200  # tables on the lists (in progress and finished, not archived): each is listed from a
# small summary, written once per seq (a finished table not in memory is replayed for it once, and not kept)
KEEP_FINISHED = 8  # finished tables whose game stays in memory after use (their report, histories, console)
# Imports are replayed one at a time, in the import process (web/import_worker.py), never in the dealer's lane; a
# second one meanwhile is refused at once rather than holding a thread.
IMPORTING = threading.Semaphore(1)
ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no look-alikes: read aloud or typed from a phone


class TableService:
    """Keeps the games of the tables in progress in memory (replayed from SQLite on first use), and of the finished
    ones only the ``keep_finished`` opened last (a finished table opened again is replayed again); every table
    listed keeps a small :class:`TableSummary`. Each input is written through to SQLite."""

    def __init__(self, store: Store, max_in_play: int = MAX_TABLES_IN_PLAY,
                 max_listed: int = MAX_TABLES_LISTED, keep_finished: int = KEEP_FINISHED) -> None:
        self.store = store
        self.max_in_play = max_in_play
        self.max_listed = max_listed
        self.keep_finished = keep_finished
        self._slots: dict[str, _Slot] = {}
        self._finished: OrderedDict[str, None] = OrderedDict()  # finished tables in memory, least recent first
        self._summaries: dict[str, TableSummary] = {}  # what the lists show, by table (of its latest seq)
        self._tokens: dict[str, str] = {}  # dealer token hashes of the tables read so far (the network loop asks)
        self._loading: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()
        self._creating = threading.Lock()  # one creation at a time, so the limit is never overshot
        self.replays = 0  # games replayed from the disk since the server started (GET /api/health says it)
        # Called after every write, with whether a hand (or the session) has just ended: the backups follow it.
        self.after_write: Callable[[bool], None] | None = None

    # -- one table, one lookup --------------------------------------------------------------------------------

    def access(self, table_id: str, token: str | None = None) -> TableAccess:
        """The table (TableNotFound when there is none) and whether ``token`` is its dealer token."""
        slot = self._slot(table_id)
        return TableAccess(self.store, table_id, slot, slot.holds(token), self.after_write, self._reload(table_id))

    def host_access(self, table_id: str) -> TableAccess:
        """The table for the host at the laptop itself (archive, delete): no dealer token needed there."""
        return TableAccess(self.store, table_id, self._slot(table_id), True, self.after_write, self._reload(table_id))

    def dealer_access(self, table_id: str, token: str | None) -> TableAccess:
        """The table for its dealer: TableNotFound first, then Unauthorized for a missing or wrong token."""
        return self.access(table_id, token).require_dealer()

    # -- reading ----------------------------------------------------------------------------------------------

    def game(self, table_id: str) -> Game:
        return self._slot(table_id).game

    def seq(self, table_id: str) -> int:
        return self._slot(table_id).game.seq

    def json_state(self, table_id: str, translate: Translate, language: str = "en") -> dict[str, Any]:
        """STATE as JSON data, cached per seq and language: polls cost a dictionary lookup."""
        return self.access(table_id).json_state(translate, language)

    def tables(self, archived: bool = False) -> list[tuple[str, TableSummary]]:
        """The tables on this server, newest first, as the lists show them: those on the lists, or (``archived``)
        those put away. A finished table not in memory is replayed once for its summary, and not kept."""
        found = []
        for stored in self.store.tables():
            if stored.archived == archived:
                found.append((stored.id, self.summary(stored)))
        return found

    def summary(self, stored: StoredTable) -> TableSummary:
        """What the lists show of one table, written once per seq."""
        kept = self._summaries.get(stored.id)
        if kept is not None and kept.seq == stored.seq:
            return kept
        slot = self._slots.get(stored.id)
        if slot is None:  # replayed here: a finished game is summed up and not kept, one in progress is kept
            self.replays += 1
            game = Game.rebuild(self.store.entries(stored.id))
            if game.over:
                return self._summarise(stored, game)
            slot = self._load(stored.id, game)
        self._touch(stored.id, slot)
        with slot.lock:
            return self._summarise(stored, slot.game)

    def _summarise(self, stored: StoredTable, game: Game) -> TableSummary:
        ended = self.store.times(stored.id, game.seq)[-1:] if game.over else []
        kept = self._summaries[stored.id] = summarise(stored.id, game, stored.created_at, ended[0] if ended else None)
        return kept

    def in_play(self) -> int:
        """How many tables are still in progress (their session not over)."""
        return sum(1 for _, summary in self.tables() if not summary.over)

    def games_in_memory(self) -> dict[str, bool]:
        """The tables whose game the server holds in memory now, each with whether its session is over: every
        table in progress, and at most ``keep_finished`` finished ones (for the tests and the curious)."""
        return {table_id: slot.game.over for table_id, slot in list(self._slots.items())}

    def warm_up(self, limit: int | None = None, stop: threading.Event | None = None) -> list[str]:
        """Replay the latest tables in progress into memory and write the lists' summaries of the latest tables
        (run in the background once the server listens, so the first request finds them ready); returns the ids
        of those in progress, newest first."""
        ready = []
        for stored in self.store.tables()[:limit]:
            if stop is not None and stop.is_set():
                break
            if not self.summary(stored).over:
                ready.append(stored.id)
        return ready

    def holds_dealer_token(self, table_id: str, token: str) -> bool:
        """Whether ``token`` is the dealer token of a table read so far (no disk read: the network loop asks)."""
        hashed = self._tokens.get(table_id)
        return hashed is not None and hmac.compare_digest(hashed, token_hash(token))

    def holds_stored_token(self, table_id: str, token: str) -> bool:
        """Whether ``token`` is the table's dealer token, checked against the token stored with it: the lists ask
        for every table they show, and must not replay a finished one to know."""
        hashed = self._tokens.get(table_id)
        if hashed is None:
            stored = self.store.table(table_id) if _plausible_id(table_id) else None
            if stored is None:
                return False
            hashed = stored.token_hash
        return hmac.compare_digest(hashed, token_hash(token))

    def authorised(self, table_id: str, token: str | None) -> bool:
        return self.access(table_id, token).authorised

    # -- changing ---------------------------------------------------------------------------------------------

    def create(self, payload: object, rng: random.Random | None = None) -> tuple[str, str, Game]:
        create = parse_create(payload, rng)
        game = Game(create)
        with self._creating:
            self._check_room()
            return self._add(create, game)

    def _check_listed(self) -> None:
        """Refuse a new table (created or imported, finished or not) when the lists hold their limit."""
        listed = sum(1 for stored in self.store.tables() if not stored.archived)
        if listed >= self.max_listed:
            raise NotAllowed(N_("This server already lists {count} tables, its limit: archive or delete finished "
                                "sessions before adding another."), count=listed)

    def _check_room(self) -> None:
        """Refuse a new table (created or imported) when the server has its limit of tables in progress."""
        self._check_listed()
        in_play = self.in_play()
        if in_play >= self.max_in_play:
            raise NotAllowed(N_("This server already has {count} tables in progress, its limit: finish a "
                                "session before starting another."), count=in_play)

    def _add(self, create: Create, game: Game) -> tuple[str, str, Game]:
        token = secrets.token_urlsafe(24)
        hashed = token_hash(token)
        with self._lock:
            table_id = self._new_id()
            self.store.create_table(table_id, hashed, create)
            self._slots[table_id] = _Slot(game, hashed)
            self._tokens[table_id] = hashed
        if self.after_write is not None:
            self.after_write(False)
        return table_id, token, game

    def import_session(self, document: object) -> tuple[str, str, ImportedTable]:
        """A new table continuing an exported session exactly (same seq, log and standings); refused, with the
        reason and nothing created, when the document cannot be replayed. The replay runs in the import process
        (web/import_worker.py); the new table's game is replayed here when it is first opened."""
        if not IMPORTING.acquire(blocking=False):
            raise NotAllowed(N_("Another session is being imported; try again in a moment."))
        try:
            self._check_listed()  # before the replay: a refused import costs nothing
            checked = check_elsewhere(document)
        finally:
            IMPORTING.release()
        token = secrets.token_urlsafe(24)
        hashed = token_hash(token)
        with self._creating:
            self._check_same(checked)
            self._check_listed()
            if not checked.over:
                self._check_room()
            with self._lock:
                table_id = self._kept_id(checked.table)
                self.store.import_table(table_id, hashed, checked.log, checked.times)
                self._tokens[table_id] = hashed
                self._summaries[table_id] = summary_of_import(table_id, checked)
        if self.after_write is not None:
            self.after_write(False)
        return table_id, token, ImportedTable(checked.snapshot)

    def delete(self, table_id: str, token: str | None) -> None:
        """Remove a table and its log from this server (the dealer's, after a confirm on the page)."""
        self.dealer_access(table_id, token)
        self.remove(table_id)

    def remove(self, table_id: str) -> None:
        """Remove a table and its log (its dealer's or the host's right checked by the caller)."""
        with self._lock:
            self.store.delete_table(table_id)
            self._slots.pop(table_id, None)
            self._finished.pop(table_id, None)
            self._summaries.pop(table_id, None)
            self._tokens.pop(table_id, None)
        forget_everywhere(table_id)
        if self.after_write is not None:
            self.after_write(True)

    def act(self, table_id: str, token: str | None, payload: object) -> Game:
        """Look up (404), check the token (401), apply one dealer input (400/409 when refused)."""
        return self.dealer_access(table_id, token).act(payload)

    def undo(self, table_id: str, token: str | None, seq: int | None = None) -> Game:
        return self.dealer_access(table_id, token).undo(seq)

    def redo(self, table_id: str, token: str | None, seq: int | None = None) -> Game:
        return self.dealer_access(table_id, token).redo(seq)

    # -- inside -----------------------------------------------------------------------------------------------

    def _slot(self, table_id: str) -> _Slot:
        slot = self._slots.get(table_id)
        if slot is None:
            slot = self._load(table_id)
        self._touch(table_id, slot)
        return slot

    def _reload(self, table_id: str) -> Callable[[], _Slot]:
        """How a request holding a slot that left memory meanwhile finds the table's slot again (to change it)."""
        return lambda: self._slot(table_id)

    def _load(self, table_id: str, replayed: Game | None = None) -> _Slot:
        """The table's slot, replayed from SQLite (or ``replayed``, when it is of the latest entry) and kept."""
        if not _plausible_id(table_id):
            raise TableNotFound(table_id)
        with self._lock:  # one replay per table at a time; other tables are looked up meanwhile
            loading = self._loading.setdefault(table_id, threading.Lock())
        try:
            with loading:
                slot = self._slots.get(table_id)
                if slot is None:
                    stored = self.store.table(table_id)
                    if stored is None:
                        raise TableNotFound(table_id)
                    if replayed is None or replayed.seq != stored.seq:
                        self.replays += 1
                        replayed = Game.rebuild(self.store.entries(table_id))
                    slot = _Slot(replayed, stored.token_hash)
                    self._slots[table_id] = slot
                    self._tokens[table_id] = stored.token_hash
        finally:
            with self._lock:
                self._loading.pop(table_id, None)
        return slot

    def _touch(self, table_id: str, slot: _Slot) -> None:
        """Note that a table was used: a finished one becomes the most recent of those kept, and the least recent
        beyond ``keep_finished`` leave memory. A table in progress (the usual poll) costs one dictionary look-up."""
        over = slot.game.over
        if not over and table_id not in self._finished:
            return
        with self._lock:
            if not over:  # a finished table taken back by an undo is in progress again: kept
                self._finished.pop(table_id, None)
                return
            self._finished[table_id] = None
            self._finished.move_to_end(table_id)
            self._evict()

    def _evict(self) -> None:
        """Under the service's lock: the least recently used finished tables beyond the bound leave memory. A slot
        that a request is changing right now (its lock taken) stays until a later look; one that leaves is marked,
        so a request still holding it finds the table again before changing it (web/table_access.py)."""
        for table_id in list(self._finished):
            if len(self._finished) <= self.keep_finished:
                return
            slot = self._slots.get(table_id)
            if slot is not None:
                if not slot.lock.acquire(blocking=False):
                    continue
                try:
                    if not slot.game.over:
                        del self._finished[table_id]
                        continue
                    slot.evicted = True
                    del self._slots[table_id]
                finally:
                    slot.lock.release()
            del self._finished[table_id]

    def _check_same(self, checked: CheckedSession) -> None:
        """Refuse an import of a session this server already holds (the same creation at the same time, the same
        log to its last entry): importing a file twice never makes two tables. A table here that has gone on since
        the export is another moment of the night: the file becomes a new table."""
        for stored in self.store.tables():
            if round(stored.created_at, 3) != round(checked.times[0], 3) or stored.seq != len(checked.log) - 1:
                continue
            here = self.store.log(stored.id)
            if here == list(checked.log) or [entry.to_json() for entry in self.store.entries(stored.id)] == [
                    json.loads(text) for text in checked.log]:  # the same entries, stored in an older spelling
                raise NotAllowed(N_("This session is already on this server, as table {table}: nothing was "
                                    "imported."), table=stored.id)

    def _kept_id(self, wanted: str | None) -> str:
        """The table code the document had, when it is free here (so the phones' QR code stays), else a new one."""
        if wanted is not None and _plausible_id(wanted) and self.store.table(wanted) is None:
            return wanted
        return self._new_id()

    def _new_id(self) -> str:
        while True:
            table_id = "".join(secrets.choice(ID_ALPHABET) for _ in range(6))
            if self.store.table(table_id) is None:
                return table_id


def forget_everywhere(table_id: str) -> None:
    """A deleted table leaves no trace: every cache of the app that keeps something per table (the phones' and the
    TV's live fragments, the TV's replay setting…) has a ``forget_table`` and is told, so a table imported later
    under the same code (to keep the phones' QR code) starts clean instead of showing the deleted one's seqs."""
    if not has_app_context():
        return
    for kept in list(current_app.extensions.values()):
        forget = getattr(kept, "forget_table", None)
        if callable(forget):
            forget(table_id)


def _plausible_id(table_id: str) -> bool:
    return 1 <= len(table_id) <= 32 and all(char in ID_ALPHABET for char in table_id)


def init_app(app: Flask) -> None:
    """Open the table store named by ``app.config["DATABASE"]`` and keep the service for this app."""
    limit = int(app.config.get("MAX_TABLES_IN_PLAY", MAX_TABLES_IN_PLAY))
    listed = int(app.config.get("MAX_TABLES_LISTED", max(MAX_TABLES_LISTED, limit)))
    keep = int(app.config.get("KEEP_FINISHED_TABLES", KEEP_FINISHED))
    app.extensions[EXTENSION] = TableService(Store(app.config["DATABASE"]), limit, listed, keep)


def service() -> TableService:
    """The app's table service (inside an app or request context)."""
    found = current_app.extensions[EXTENSION]
    assert isinstance(found, TableService)
    return found
