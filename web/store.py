"""Durable table logs in SQLite (stdlib sqlite3, WAL). Every accepted input is committed before we answer.

SQLite only: nothing here knows Flask or the rest of the web layer (web/service.py opens the store for the app).
Every SQLite failure leaves as a :class:`~web.storage_errors.StorageError` with a sentence saying what is wrong;
the latest one is kept as :attr:`Store.trouble` (``/api/health`` reports it) until a write succeeds again.

The file is watched too: before every write and every health check, the path must still name the file this store
opened (same device and inode: not deleted, moved or replaced) and, in WAL mode, its ``-wal`` must still exist. A
file that changed under the server is a :attr:`Store.fault`: every write is refused (503) with the reason, nothing
applied, and what the server had recorded is saved next to it (``<name>.rescued-<UTC time>``, SQLite's online
backup from the file the server still holds open). The health check also runs ``PRAGMA quick_check`` on a fresh
connection (every :data:`QUICK_CHECK_EVERY` seconds at most): damaged pages are told before a restart.

The schema is versioned (``PRAGMA user_version``) and changed only by adding a migration to :data:`MIGRATIONS`:
each runs once, in order, in one transaction; a file written by a newer version is refused, never downgraded.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from dealer import N_, Entry, Msg, entry_from_json

from .storage_errors import (
    DAMAGED,
    FILE_GONE,
    FILE_REPLACED,
    NOT_RESCUED,
    RESCUED,
    STOPPING,
    WAL_GONE,
    StorageError,
    storage_error,
)

APPLICATION_ID = 0x32374454  # "27DT" in the file header: this file is a dealer database
OUR_TABLES = {"tables", "entries", "meta"}

# Migration N (1-based) takes a database from user_version N-1 to N. Only ever append: a released file may be at
# any version. Version 1 is also what databases from before the versioning already hold (IF NOT EXISTS).
MIGRATIONS: tuple[str, ...] = (
    """
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
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # A finished table the dealer archived leaves the lists; its report and histories stay reachable by link.
    """
    ALTER TABLE tables ADD COLUMN archived INTEGER NOT NULL DEFAULT 0;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
# Each table with its latest seq: one look into the entries' primary key per table, not a scan of the log.
TABLE_ROWS = ("SELECT id, token_hash, created_at, archived, "
              "COALESCE((SELECT MAX(seq) FROM entries WHERE table_id = tables.id), -1) FROM tables")
QUICK_CHECK_EVERY = 10.0  # seconds between two damage checks of the health check

T = TypeVar("T")


@dataclass(frozen=True)
class StoredTable:
    id: str
    token_hash: str
    created_at: float
    archived: bool = False  # a finished table the dealer put away: off the lists, still reachable by link
    seq: int = 0  # its latest entry's seq (the table's seq): what the lists' summary of it is of


def schema_problem(db: sqlite3.Connection) -> tuple[str, Msg] | None:
    """Why this SQLite file is not ours to open: ("foreign", why) for another program's, ("newer", why) for a newer
    version's; None when it is a dealer database (or an empty one)."""
    application_id = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if application_id not in (0, APPLICATION_ID) or (application_id == 0 and names - OUR_TABLES):
        return "foreign", Msg(N_("it holds another program's data, not a dealer's tables"))
    if version > SCHEMA_VERSION:
        return "newer", Msg(N_("it was written by a newer version of this app (schema {found}; this one knows up to "
                               "{known})"), {"found": version, "known": SCHEMA_VERSION})
    return None


class Store:
    """One connection shared by the server's threads behind a lock: writes are tiny and serialised anyway."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        self.trouble: Msg | None = None  # the latest failure, until a write succeeds again
        self.damaged: Msg | None = None  # damage found while serving: it does not heal, so it stays
        self.fault: Msg | None = None  # the file changed under the server (deleted, replaced, -wal gone): it stays
        self.writes = 0  # successful writes so far (the backups follow it)
        self.database_id = ""  # this database's own id (in its meta table, copied into its backups)
        self._identity: tuple[int, int] | None = None
        self._wal = False
        self._checked_at = time.monotonic()
        self._db: sqlite3.Connection | None = None
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            mode = self._db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            self._db.execute("PRAGMA synchronous=FULL")  # committed means on disk, even if the laptop dies
            self._db.execute("PRAGMA foreign_keys=ON")
            problem = schema_problem(self._db)
            if problem is not None:
                raise StorageError(Msg(N_("The database cannot be used: {reason}."), {"reason": problem[1]}))
            self._migrate()
            self._db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('database_id', ?)", (uuid.uuid4().hex,))
            self.database_id = self._db.execute("SELECT value FROM meta WHERE key = 'database_id'").fetchone()[0]
            if path != ":memory:" and not path.startswith("file:"):
                found = os.stat(path)
                self._identity = (found.st_dev, found.st_ino)
                self._wal = str(mode).lower() == "wal"
        except sqlite3.Error as failure:
            self._close_quietly()
            raise storage_error(failure) from failure
        except StorageError:
            self._close_quietly()
            raise

    # -- writing ----------------------------------------------------------------------------------------------

    def create_table(self, table_id: str, token_hash: str, first: Entry) -> None:
        now = time.time()

        def write(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO tables (id, token_hash, created_at) VALUES (?, ?, ?)", (table_id, token_hash, now))
            db.execute("INSERT INTO entries (table_id, seq, body, at) VALUES (?, 0, ?, ?)",
                       (table_id, json.dumps(first.to_json()), now))

        self._write(write)

    def import_table(self, table_id: str, token_hash: str, log: tuple[str, ...], times: tuple[float, ...]) -> None:
        """A whole log at once (a session moved from another laptop: each entry's JSON text, by seq), with the times
        it was recorded."""
        rows = [(table_id, seq, text, times[seq]) for seq, text in enumerate(log)]

        def write(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO tables (id, token_hash, created_at) VALUES (?, ?, ?)",
                       (table_id, token_hash, times[0]))
            db.executemany("INSERT INTO entries (table_id, seq, body, at) VALUES (?, ?, ?, ?)", rows)

        self._write(write)

    def set_archived(self, table_id: str, archived: bool) -> None:
        self._write(lambda db: db.execute("UPDATE tables SET archived = ? WHERE id = ?", (int(archived), table_id)))

    def delete_table(self, table_id: str) -> None:
        def write(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM entries WHERE table_id = ?", (table_id,))
            db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

        self._write(write)

    def append(self, table_id: str, seq: int, entry: Entry) -> None:
        body = json.dumps(entry.to_json())
        self._write(lambda db: db.execute("INSERT INTO entries (table_id, seq, body, at) VALUES (?, ?, ?, ?)",
                                          (table_id, seq, body, time.time())))

    def probe(self) -> Msg | None:
        """Whether the file is still the one opened and undamaged, and after a failure whether a real write goes
        through again (the health check asks); None when all is well."""
        with self._lock, contextlib.suppress(StorageError):
            self._guard()
        if self.fault is not None:
            return self.fault
        self._quick_check()
        if self.damaged is not None:
            return self.damaged
        if self.trouble is None:
            return None
        with contextlib.suppress(StorageError):
            self._write(lambda db: db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('probe', ?)",
                                              (str(time.time()),)))
        return self.trouble

    # -- reading ----------------------------------------------------------------------------------------------

    def table(self, table_id: str) -> StoredTable | None:
        row = self._read(lambda db: db.execute(f"{TABLE_ROWS} WHERE id = ?", (table_id,)).fetchone())
        return StoredTable(row[0], row[1], row[2], bool(row[3]), row[4]) if row else None

    def log(self, table_id: str) -> list[str]:
        """Each entry as stored (its JSON text), by seq."""
        rows = self._read(lambda db: db.execute("SELECT body FROM entries WHERE table_id = ? ORDER BY seq",
                                                (table_id,)).fetchall())
        return [body for (body,) in rows]

    def entries(self, table_id: str) -> list[Entry]:
        return [entry_from_json(json.loads(body)) for body in self.log(table_id)]

    def tables(self) -> list[StoredTable]:
        rows = self._read(lambda db: db.execute(f"{TABLE_ROWS} ORDER BY created_at DESC").fetchall())
        return [StoredTable(row[0], row[1], row[2], bool(row[3]), row[4]) for row in rows]

    def times(self, table_id: str, start: int = 0) -> list[float]:
        """When each entry was recorded, by seq (from the entry at seq ``start`` on)."""
        rows = self._read(lambda db: db.execute("SELECT at FROM entries WHERE table_id = ? AND seq >= ? ORDER BY seq",
                                                (table_id, start)).fetchall())
        return [at for (at,) in rows]

    # -- the file ---------------------------------------------------------------------------------------------

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the main file, so the database file alone holds every input."""
        self._read(lambda db: db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone())

    def close(self) -> None:
        """Checkpoint, then close: after this the main file holds everything and no -wal file is left."""
        with self._lock:
            if self._db is None:
                return
            with contextlib.suppress(sqlite3.Error):  # the close below checkpoints too when it can
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._close_quietly()

    # -- watching the file -------------------------------------------------------------------------------------

    def _guard(self) -> None:
        """Under the lock, before a write: refuse it (StorageError) when the file changed under the server."""
        if self.fault is None:
            self.fault = self._file_problem()
        if self.fault is not None:
            self.trouble = self.fault
            raise StorageError(self.fault)

    def _file_problem(self) -> Msg | None:
        if self._identity is None:
            return None
        try:
            found = os.stat(self.path)
        except FileNotFoundError:
            return self._rescued(FILE_GONE)
        except OSError:  # an unreachable disk shows itself on the write, with its own sentence
            return None
        if (found.st_dev, found.st_ino) != self._identity:
            return self._rescued(FILE_REPLACED)
        if self._wal and not os.path.exists(self.path + "-wal"):
            return self._rescued(WAL_GONE)
        return None

    def _rescued(self, text: str) -> Msg:
        """The fault's sentence, once every input this server recorded is copied out of the file it holds open."""
        rescue = f"{self.path}.rescued-{time.strftime('%Y%m%d-%H%M%SZ', time.gmtime())}"
        saved = Msg(NOT_RESCUED)
        if self._db is not None:
            try:
                copy = sqlite3.connect(rescue)
                try:
                    self._db.backup(copy)
                    copy.execute("PRAGMA journal_mode=DELETE")
                finally:
                    copy.close()
                saved = Msg(RESCUED, {"rescue": rescue, "path": self.path})
            except (sqlite3.Error, OSError):
                with contextlib.suppress(OSError):
                    os.unlink(rescue)
        return Msg(text, {"path": self.path, "saved": saved})

    def _quick_check(self) -> None:
        """SQLite's quick check on a fresh connection (reading the file, not this connection's cache), every
        :data:`QUICK_CHECK_EVERY` seconds at most; damage found stays in :attr:`damaged`."""
        if self._identity is None or self.damaged is not None:
            return
        if time.monotonic() - self._checked_at < QUICK_CHECK_EVERY:
            return
        self._checked_at = time.monotonic()
        try:
            check = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
            try:
                verdict = check.execute("PRAGMA quick_check(1)").fetchone()[0]
            finally:
                check.close()
        except sqlite3.DatabaseError as failure:
            verdict = str(failure)
            if storage_error(failure).message is not DAMAGED:
                return
        if verdict != "ok":
            self.damaged = DAMAGED

    # -- inside -----------------------------------------------------------------------------------------------

    def _migrate(self) -> None:
        assert self._db is not None
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        for number in range(version, SCHEMA_VERSION):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {number + 1}")
                self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def _write(self, work: Callable[[sqlite3.Connection], object]) -> None:
        with self._lock:
            db = self._open()
            self._guard()
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    work(db)
                    db.execute("COMMIT")
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as failure:
                raise self._failed(failure) from failure
            self.trouble = None
            self.writes += 1

    def _read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            db = self._open()
            try:
                return work(db)
            except sqlite3.Error as failure:
                raise self._failed(failure) from failure

    def _failed(self, failure: sqlite3.Error) -> StorageError:
        error = storage_error(failure)
        self.trouble = error.message
        if error.message is DAMAGED:
            self.damaged = error.message
        return error

    def _open(self) -> sqlite3.Connection:
        if self._db is None:
            raise StorageError(STOPPING)
        return self._db

    def _close_quietly(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
