"""Durable table logs in SQLite (stdlib sqlite3, WAL). Every accepted input is committed before we answer.

SQLite only: nothing here knows Flask or the rest of the web layer (web/service.py opens the store for the app).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass

from dealer.records import Entry, entry_from_json

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


# Added columns, for databases made before them: (table, column, its declaration).
MIGRATIONS = (("tables", "archived", "INTEGER NOT NULL DEFAULT 0"),)


@dataclass(frozen=True)
class StoredTable:
    id: str
    token_hash: str
    created_at: float
    archived: bool = False  # a finished table the dealer put away: off the lists, still reachable by link


class Store:
    """One connection shared by the server's threads behind a lock: writes are tiny and serialised anyway."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # committed means on disk, even if the laptop dies
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        for table, column, declaration in MIGRATIONS:
            columns = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            if column not in columns:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create_table(self, table_id: str, token_hash: str, first: Entry) -> None:
        now = time.time()
        with self._lock, self._transaction():
            self._db.execute("INSERT INTO tables (id, token_hash, created_at) VALUES (?, ?, ?)",
                             (table_id, token_hash, now))
            self._db.execute("INSERT INTO entries (table_id, seq, body, at) VALUES (?, 0, ?, ?)",
                             (table_id, json.dumps(first.to_json()), now))

    def import_table(self, table_id: str, token_hash: str, entries: list[Entry], times: tuple[float, ...]) -> None:
        """A whole log at once (a session moved from another laptop), with the times it was recorded."""
        with self._lock, self._transaction():
            self._db.execute("INSERT INTO tables (id, token_hash, created_at) VALUES (?, ?, ?)",
                             (table_id, token_hash, times[0]))
            self._db.executemany("INSERT INTO entries (table_id, seq, body, at) VALUES (?, ?, ?, ?)",
                                 [(table_id, seq, json.dumps(entry.to_json()), times[seq])
                                  for seq, entry in enumerate(entries)])

    def set_archived(self, table_id: str, archived: bool) -> None:
        with self._lock, self._transaction():
            self._db.execute("UPDATE tables SET archived = ? WHERE id = ?", (int(archived), table_id))

    def delete_table(self, table_id: str) -> None:
        with self._lock, self._transaction():
            self._db.execute("DELETE FROM entries WHERE table_id = ?", (table_id,))
            self._db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def times(self, table_id: str) -> list[float]:
        """When each entry was recorded, by seq."""
        with self._lock:
            rows = self._db.execute("SELECT at FROM entries WHERE table_id = ? ORDER BY seq", (table_id,)).fetchall()
        return [at for (at,) in rows]

    def append(self, table_id: str, seq: int, entry: Entry) -> None:
        with self._lock, self._transaction():
            self._db.execute("INSERT INTO entries (table_id, seq, body, at) VALUES (?, ?, ?, ?)",
                             (table_id, seq, json.dumps(entry.to_json()), time.time()))

    def table(self, table_id: str) -> StoredTable | None:
        with self._lock:
            row = self._db.execute("SELECT id, token_hash, created_at, archived FROM tables WHERE id = ?",
                                   (table_id,)).fetchone()
        return StoredTable(row[0], row[1], row[2], bool(row[3])) if row else None

    def entries(self, table_id: str) -> list[Entry]:
        with self._lock:
            rows = self._db.execute("SELECT body FROM entries WHERE table_id = ? ORDER BY seq",
                                    (table_id,)).fetchall()
        return [entry_from_json(json.loads(body)) for (body,) in rows]

    def tables(self) -> list[StoredTable]:
        with self._lock:
            rows = self._db.execute("SELECT id, token_hash, created_at, archived FROM tables "
                                    "ORDER BY created_at DESC").fetchall()
        return [StoredTable(row[0], row[1], row[2], bool(row[3])) for row in rows]

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")

