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
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, current_app

from dealer.errors import NotAllowed
from dealer.game import Game
from dealer.messages import N_, Translate
from dealer.read_model import session_log
from dealer.records import Create, Entry, Input, parse_create, parse_input
from dealer.snapshot import HandLog, Snapshot
from dealer.state import Phase
from dealer.state_json import state_json

from .store import Store

EXTENSION = "tables"
MAX_TABLES_IN_PLAY = 100  # tables in progress per server: a house game has one or two; 1,000 junk ones made the
# start screen 448 KB
ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no look-alikes: read aloud or typed from a phone


class TableNotFound(LookupError):
    """No table of that id on this server (HTTP 404)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.table_id = table_id


class Unauthorized(PermissionError):
    """The change needs the table's dealer token (HTTP 401 on the API, 403 on a page)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.table_id = table_id


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class _Slot:
    game: Game
    token_hash: str
    lock: threading.Lock = field(default_factory=threading.Lock)
    cache: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)

    def holds(self, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(self.token_hash, token_hash(token))


class TableAccess:
    """One table as one request sees it: looked up once, its token checked once, changed through this handle."""

    __slots__ = ("_slot", "_store", "authorised", "table_id")

    def __init__(self, store: Store, table_id: str, slot: _Slot, authorised: bool) -> None:
        self._store = store
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
            return session_log(self._slot.game.state, self._slot.game.undone_lines)

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
        except Exception:
            # The disk refused: forget the in-memory change so memory never runs ahead of the log.
            slot.game = Game.replay(self._store.entries(self.table_id))
            slot.cache.clear()
            raise


class TableService:
    """Keeps every table's game in memory (replayed from SQLite on first use) and writes each input through."""

    def __init__(self, store: Store, max_in_play: int = MAX_TABLES_IN_PLAY) -> None:
        self.store = store
        self.max_in_play = max_in_play
        self._slots: dict[str, _Slot] = {}
        self._lock = threading.Lock()
        self._creating = threading.Lock()  # one creation at a time, so the limit is never overshot

    # -- one table, one lookup --------------------------------------------------------------------------------

    def access(self, table_id: str, token: str | None = None) -> TableAccess:
        """The table (TableNotFound when there is none) and whether ``token`` is its dealer token."""
        slot = self._slot(table_id)
        return TableAccess(self.store, table_id, slot, slot.holds(token))

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

    def tables(self) -> list[tuple[str, Game]]:
        found = []
        for stored in self.store.tables():
            try:
                found.append((stored.id, self.game(stored.id)))
            except TableNotFound:
                continue
        return found

    def in_play(self) -> int:
        """How many tables are still in progress (their session not over)."""
        return sum(1 for _, game in self.tables() if game.state.phase is not Phase.OVER)

    def authorised(self, table_id: str, token: str | None) -> bool:
        return self.access(table_id, token).authorised

    # -- changing ---------------------------------------------------------------------------------------------

    def create(self, payload: object, rng: random.Random | None = None) -> tuple[str, str, Game]:
        create = parse_create(payload, rng)
        game = Game(create)
        with self._creating:
            in_play = self.in_play()
            if in_play >= self.max_in_play:
                raise NotAllowed(N_("This server already has {count} tables in progress, its limit: finish a "
                                    "session before starting another."), count=in_play)
            return self._add(create, game)

    def _add(self, create: Create, game: Game) -> tuple[str, str, Game]:
        token = secrets.token_urlsafe(24)
        hashed = token_hash(token)
        with self._lock:
            table_id = self._new_id()
            self.store.create_table(table_id, hashed, create)
            self._slots[table_id] = _Slot(game, hashed)
        return table_id, token, game

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
        with self._lock:
            slot = self._slots.get(table_id)
            if slot is None:
                stored = self.store.table(table_id) if _plausible_id(table_id) else None
                if stored is None:
                    raise TableNotFound(table_id)
                game = Game.replay(self.store.entries(table_id))
                slot = _Slot(game, stored.token_hash)
                self._slots[table_id] = slot
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
