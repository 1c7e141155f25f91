"""Tables in play: the one place the JSON API and the HTML views go through to read or change a table."""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from flask import current_app

from dealer.messages import Translate
from dealer.records import Input, parse_create, parse_input
from dealer.session import Game
from dealer.view import state_json

from .store import Store

ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no look-alikes: read aloud or typed from a phone


class TableNotFound(LookupError):
    pass


class Unauthorized(PermissionError):
    pass


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class _Slot:
    game: Game
    token_hash: str
    lock: threading.Lock
    cache: dict[tuple[int, str], dict[str, Any]]


class TableService:
    """Keeps every table's game in memory (replayed from SQLite on first use) and writes each input through."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._slots: dict[str, _Slot] = {}
        self._lock = threading.Lock()

    # -- reading ----------------------------------------------------------------------------------------------

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
                slot = _Slot(game, stored.token_hash, threading.Lock(), {})
                self._slots[table_id] = slot
        return slot

    def game(self, table_id: str) -> Game:
        return self._slot(table_id).game

    @contextmanager
    def reading(self, table_id: str) -> Iterator[Game]:
        """The game at one consistent moment: writes wait until the page is rendered."""
        slot = self._slot(table_id)
        with slot.lock:
            yield slot.game

    def seq(self, table_id: str) -> int:
        return self._slot(table_id).game.seq

    def state(self, table_id: str, translate: Translate, language: str = "en") -> dict[str, Any]:
        """STATE as JSON data, cached per seq and language: polls cost a dictionary lookup."""
        slot = self._slot(table_id)
        with slot.lock:
            key = (slot.game.seq, language)
            cached = slot.cache.get(key)
            if cached is None:
                cached = state_json(slot.game, table_id, translate)
                slot.cache.clear()  # older seqs are never asked again
                slot.cache[key] = cached
            return cached

    def tables(self) -> list[tuple[str, Game]]:
        found = []
        for stored in self.store.tables():
            try:
                found.append((stored.id, self.game(stored.id)))
            except TableNotFound:
                continue
        return found

    def authorised(self, table_id: str, token: str | None) -> bool:
        slot = self._slot(table_id)
        return token is not None and hmac.compare_digest(slot.token_hash, token_hash(token))

    # -- changing ---------------------------------------------------------------------------------------------

    def create(self, payload: Any, rng: random.Random | None = None) -> tuple[str, str, Game]:
        create = parse_create(payload, rng)
        token = secrets.token_urlsafe(24)
        game = Game(create)
        with self._lock:
            table_id = self._new_id()
            self.store.create_table(table_id, token_hash(token), create)
            self._slots[table_id] = _Slot(game, token_hash(token), threading.Lock(), {})
        return table_id, token, game

    def act(self, table_id: str, token: str | None, payload: Any) -> Game:
        """Apply one dealer input: checked token, checked seq, applied, committed to disk, then answered."""
        slot = self._authorised_slot(table_id, token)
        entry: Input = parse_input(payload)
        seq = payload.get("seq") if isinstance(payload, dict) else None
        with slot.lock:
            slot.game.push(entry, seq)
            self._persist(table_id, slot, entry)
        return slot.game

    def undo(self, table_id: str, token: str | None, seq: Any = None) -> Game:
        slot = self._authorised_slot(table_id, token)
        with slot.lock:
            slot.game.undo(seq)
            self._persist(table_id, slot, slot.game.entries[-1])
        return slot.game

    def _persist(self, table_id: str, slot: _Slot, entry: Any) -> None:
        try:
            self.store.append(table_id, slot.game.seq, entry)
        except Exception:
            # The disk refused: forget the in-memory change so memory never runs ahead of the log.
            slot.game = Game.replay(self.store.entries(table_id))
            slot.cache.clear()
            raise

    def _authorised_slot(self, table_id: str, token: str | None) -> _Slot:
        slot = self._slot(table_id)
        if token is None or not hmac.compare_digest(slot.token_hash, token_hash(token)):
            raise Unauthorized(table_id)
        return slot

    def _new_id(self) -> str:
        while True:
            table_id = "".join(secrets.choice(ID_ALPHABET) for _ in range(6))
            if self.store.table(table_id) is None:
                return table_id


def _plausible_id(table_id: str) -> bool:
    return 1 <= len(table_id) <= 32 and all(char in ID_ALPHABET for char in table_id)


def service() -> TableService:
    return current_app.extensions["tables"]
