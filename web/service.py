"""Tables in play: the one place the JSON API and the HTML views go through to read or change a table.

Wired flaskr style: :func:`init_app` opens the SQLite store named by ``app.config["DATABASE"]`` and keeps the
service in ``app.extensions``; views reach it with :func:`service`.

A request looks its table up and checks its token once: :meth:`TableService.access` answers a
:class:`TableAccess` (the table, and whether the token is its dealer token), and the change goes through that
handle. :meth:`TableService.act` and :meth:`TableService.undo` do the three steps in one call. Either way an
unknown table is refused (:class:`TableNotFound`, 404) before a wrong token is (:class:`Unauthorized`, 401).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, current_app

from dealer import (
    N_,
    Create,
    Entry,
    Game,
    HandLog,
    HandRecord,
    HandTape,
    Input,
    NotAllowed,
    SessionRecord,
    Snapshot,
    Translate,
    export_document,
    import_document,
    parse_create,
    parse_input,
    play_tape,
    state_json,
    tape_start,
)

from .store import Store
from .table_errors import HandNotFound, TableNotFound, Unauthorized

EXTENSION = "tables"
# Hand histories and the night's report are written one at a time: written side by side they would share the
# interpreter with the dealer's tap (which waits for none of them); the phones asking wait for each other instead.
WRITING = threading.Semaphore(1)
MAX_TABLES_IN_PLAY = 100  # tables in progress per server: a house game has one or two; 1,000 junk ones made the
# start screen 448 KB
ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no look-alikes: read aloud or typed from a phone


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class _Slot:
    game: Game
    token_hash: str
    lock: threading.Lock = field(default_factory=threading.Lock)
    cache: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)
    # Each hand's history as text, by format and hand number, with the hand's record it was written from: a hand
    # that is over keeps its record object, so its text is written once however often it is read.
    rendered: dict[tuple[str, int], tuple[HandRecord, str]] = field(default_factory=dict)
    tapes: dict[int, tuple[int, HandTape]] = field(default_factory=dict)  # hand -> (its latest seq, its steps)

    def holds(self, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(self.token_hash, token_hash(token))


class TableAccess:
    """One table as one request sees it: looked up once, its token checked once, changed through this handle."""

    __slots__ = ("_after_write", "_slot", "_store", "authorised", "table_id")

    def __init__(self, store: Store, table_id: str, slot: _Slot, authorised: bool,
                 after_write: Callable[[bool], None] | None = None) -> None:
        self._store = store
        self._after_write = after_write
        self._slot = slot
        self.table_id = table_id
        self.authorised = authorised  # the token given is this table's dealer token

    @property
    def game(self) -> Game:
        return self._slot.game

    @property
    def seq(self) -> int:
        return self._slot.game.seq

    def snapshot(self) -> Snapshot:
        """The table at one consistent moment (built under the table's lock, once per seq; frozen, so shared)."""
        with self._slot.lock:
            return self._slot.game.snapshot()

    def session_log(self) -> tuple[HandLog, ...]:
        """Every hand's log lines, for the pages that show the whole session."""
        with self._slot.lock:
            return self._slot.game.session_log()

    def hand_log(self, number: int) -> HandLog | None:
        """One hand's log lines (None for a hand not dealt yet): the cost is that hand's, not the session's."""
        with self._slot.lock:
            return self._slot.game.hand_log(number)

    def state(self, translate: Translate, language: str = "en") -> dict[str, Any]:
        """STATE as JSON data, cached per seq and language: polls cost a dictionary lookup."""
        slot = self._slot
        with slot.lock:
            key = (slot.game.seq, language)
            cached = slot.cache.get(key)
            if cached is None:
                cached = state_json(slot.game, self.table_id, translate, language)
                slot.cache.clear()  # older seqs are never asked again
                slot.cache[key] = cached
            return cached

    def record(self) -> SessionRecord:
        """Every hand as the engine recorded it, with the times of its entries: the disk is read before the lock is
        taken and the lock held only to pick up the hands' records (frozen, so written out outside the lock)."""
        times = dict(enumerate(self._store.times(self.table_id)))
        with self._slot.lock:
            return self._slot.game.session_record(times)

    def hand(self, number: str) -> tuple[SessionRecord, HandRecord]:
        """One hand of the record, by its number as the URL gives it (HandNotFound for a hand not dealt yet)."""
        session = self.record()
        for hand in session.hands:
            if str(hand.number) == number:
                return session, hand
        raise HandNotFound(self.table_id, number)

    def tape(self, number: str) -> HandTape:
        """Hand ``number``'s steps (HandNotFound if not dealt); built outside the lock, once per latest entry."""
        with self._slot.lock:
            start = tape_start(self._slot.game, int(number) if number.isdigit() and len(number) < 8 else 0)
        if start is None:
            raise HandNotFound(self.table_id, number)
        if (kept := self._slot.tapes.get(start.hand)) is None or kept[0] != start.last:
            kept = self._slot.tapes[start.hand] = (start.last, play_tape(start))
        return kept[1]

    def history(self, hand: HandRecord, kind: str, write: Callable[[HandRecord], str]) -> str:
        """One hand's history in the format ``kind``, written by ``write`` only when that hand's record changed (a
        hand that is over is written once). Runs outside the table's lock."""
        cached = self._slot.rendered.get((kind, hand.number))
        if cached is None or cached[0] is not hand:
            cached = self._slot.rendered[(kind, hand.number)] = (hand, write(hand))
        return cached[1]

    def export(self) -> dict[str, Any]:
        """The session as a document (the dealer's): settings, the whole log and its times, a digest."""
        self.require_dealer()
        with self._slot.lock:
            return export_document(self._slot.game, self._store.times(self.table_id), self.table_id)

    @property
    def archived(self) -> bool:
        stored = self._store.table(self.table_id)
        return bool(stored and stored.archived)

    def archive(self, archived: bool = True) -> None:
        """Put a finished table away (off the lists; its report and histories stay reachable by link)."""
        self.require_dealer()
        if archived:
            self._slot.game.check_archivable()
        self._store.set_archived(self.table_id, archived)

    def require_dealer(self) -> TableAccess:
        if not self.authorised:
            raise Unauthorized(self.table_id)
        return self

    def act(self, payload: object) -> Game:
        """Apply one dealer input: token, input and seq checked, applied, committed to disk, then answered."""
        self.require_dealer()
        entry: Input = parse_input(payload)
        seq = payload.get("seq") if isinstance(payload, dict) else None
        with self._slot.lock:
            self._slot.game.push(entry, seq)
            self._persist(entry)
        return self._slot.game

    def undo(self, seq: int | None = None) -> Game:
        """Take the last input back (recorded with its time: the log shows the undone line struck through)."""
        self.require_dealer()
        with self._slot.lock:
            self._slot.game.undo(seq, at=time.time())
            self._persist(self._slot.game.entries[-1])
        return self._slot.game

    def redo(self, seq: int | None = None) -> Game:
        """Re-apply the input undone last (409 when a new input came since, or nothing was undone)."""
        self.require_dealer()
        with self._slot.lock:
            self._slot.game.redo(seq, at=time.time())
            self._persist(self._slot.game.entries[-1])
        return self._slot.game

    def _persist(self, entry: Entry) -> None:
        slot = self._slot
        try:
            self._store.append(self.table_id, slot.game.seq, entry)
        except BaseException:
            # The disk refused (StorageError, 503): forget the change in memory too, so memory never runs ahead
            # of the log and the next tap, once the disk is back, is applied to the table as it was.
            slot.game.forget_last()
            slot.cache.clear()
            raise
        if self._after_write is not None:
            self._after_write(slot.game.between_hands)


class TableService:
    """Keeps every table's game in memory (replayed from SQLite on first use) and writes each input through."""

    def __init__(self, store: Store, max_in_play: int = MAX_TABLES_IN_PLAY) -> None:
        self.store = store
        self.max_in_play = max_in_play
        self._slots: dict[str, _Slot] = {}
        self._loading: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()
        self._creating = threading.Lock()  # one creation at a time, so the limit is never overshot
        # Called after every write, with whether a hand (or the session) has just ended: the backups follow it.
        self.after_write: Callable[[bool], None] | None = None

    # -- one table, one lookup --------------------------------------------------------------------------------

    def access(self, table_id: str, token: str | None = None) -> TableAccess:
        """The table (TableNotFound when there is none) and whether ``token`` is its dealer token."""
        slot = self._slot(table_id)
        return TableAccess(self.store, table_id, slot, slot.holds(token), self.after_write)

    def dealer_access(self, table_id: str, token: str | None) -> TableAccess:
        """The table for its dealer: TableNotFound first, then Unauthorized for a missing or wrong token."""
        return self.access(table_id, token).require_dealer()

    # -- reading ----------------------------------------------------------------------------------------------

    def game(self, table_id: str) -> Game:
        return self._slot(table_id).game

    def seq(self, table_id: str) -> int:
        return self._slot(table_id).game.seq

    def state(self, table_id: str, translate: Translate, language: str = "en") -> dict[str, Any]:
        """STATE as JSON data, cached per seq and language: polls cost a dictionary lookup."""
        return self.access(table_id).state(translate, language)

    def tables(self, archived: bool = False) -> list[tuple[str, Game]]:
        """The tables on this server, newest first: those on the lists, or (``archived``) those put away."""
        found = []
        for stored in self.store.tables():
            if stored.archived != archived:
                continue
            try:
                found.append((stored.id, self.game(stored.id)))
            except TableNotFound:
                continue
        return found

    def in_play(self) -> int:
        """How many tables are still in progress (their session not over)."""
        return sum(1 for _, game in self.tables() if not game.over)

    def warm_up(self, limit: int | None = None, stop: threading.Event | None = None) -> list[str]:
        """Replay the latest tables into memory (run in the background once the server listens, so the first
        request for a table finds it ready); returns their ids, newest first."""
        ready = []
        for stored in self.store.tables()[:limit]:
            if stop is not None and stop.is_set():
                break
            try:
                self._slot(stored.id)
            except TableNotFound:
                continue
            ready.append(stored.id)
        return ready

    def authorised(self, table_id: str, token: str | None) -> bool:
        return self.access(table_id, token).authorised

    # -- changing ---------------------------------------------------------------------------------------------

    def create(self, payload: object, rng: random.Random | None = None) -> tuple[str, str, Game]:
        create = parse_create(payload, rng)
        game = Game(create)
        with self._creating:
            self._check_room()
            return self._add(create, game)

    def _check_room(self) -> None:
        """Refuse a new table (created or imported) when the server has its limit of tables in progress."""
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
        if self.after_write is not None:
            self.after_write(False)
        return table_id, token, game

    def import_session(self, document: object) -> tuple[str, str, Game]:
        """A new table continuing an exported session exactly (same seq, log and standings); refused, with the
        reason and nothing created, when the document cannot be replayed."""
        imported = import_document(document)
        token = secrets.token_urlsafe(24)
        hashed = token_hash(token)
        with self._creating:
            if not imported.game.over:
                self._check_room()
            with self._lock:
                table_id = self._new_id()
                self.store.import_table(table_id, hashed, imported.game.entries, imported.times)
                self._slots[table_id] = _Slot(imported.game, hashed)
        if self.after_write is not None:
            self.after_write(False)
        return table_id, token, imported.game

    def delete(self, table_id: str, token: str | None) -> None:
        """Remove a table and its log from this server (the dealer's, after a confirm on the page)."""
        self.dealer_access(table_id, token)
        with self._lock:
            self.store.delete_table(table_id)
            self._slots.pop(table_id, None)
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
        if slot is not None:
            return slot
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
                    slot = _Slot(Game.replay(self.store.entries(table_id)), stored.token_hash)
                    self._slots[table_id] = slot
        finally:
            with self._lock:
                self._loading.pop(table_id, None)
        return slot

    def _new_id(self) -> str:
        while True:
            table_id = "".join(secrets.choice(ID_ALPHABET) for _ in range(6))
            if self.store.table(table_id) is None:
                return table_id


def _plausible_id(table_id: str) -> bool:
    return 1 <= len(table_id) <= 32 and all(char in ID_ALPHABET for char in table_id)


def init_app(app: Flask) -> None:
    """Open the table store named by ``app.config["DATABASE"]`` and keep the service for this app."""
    limit = int(app.config.get("MAX_TABLES_IN_PLAY", MAX_TABLES_IN_PLAY))
    app.extensions[EXTENSION] = TableService(Store(app.config["DATABASE"]), limit)


def service() -> TableService:
    """The app's table service (inside an app or request context)."""
    found = current_app.extensions[EXTENSION]
    assert isinstance(found, TableService)
    return found
