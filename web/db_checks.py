"""The database checked before the server starts: a damaged, foreign or unwritable file stops the start with one
sentence saying what is wrong and what to do, never a traceback and never an empty server in its place.

Also the lock that keeps one server per database file: a second server on the same file refuses to start and
says where the first one serves. The lock is taken on the file's real path (symlinks and relative paths resolved)
and on the database file itself, so neither another name for it nor a deleted ``.lock`` file lets a second server in.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import IO

from dealer import N_, Msg

from .backups import backups
from .storage_errors import SQLITE_FULL
from .store import schema_problem

HEADER = b"SQLite format 3\x00"
ROOM_NEEDED = 1024 * 1024  # free bytes the database's disk needs at start (a night's inputs take far less)
DISK_FULL_AT_START = N_("The disk holding {path} is full: the server could not record any input. Free some space "
                        "on this computer, then start again (the database itself is fine).")


class StartRefused(RuntimeError):
    """The server must not start on this database; ``message`` says why and what to do."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message.render(lambda text: text))
        self.message = message


def _what_to_do(path: Path) -> str:
    if backups(path):
        return f"Restore the latest backup with: python app.py --db {path} --restore (or start with --db elsewhere)."
    return "Restore a copy of it, or start with --db pointing to another file."


def refuse(text: str, path: Path, **args: str) -> StartRefused:
    return StartRefused(Msg(text, {"path": str(path), "todo": _what_to_do(path), **args}))


def check_folder(path: Path) -> None:
    """The database's folder exists (or can be made) and a file can be created in it (SQLite needs its -wal)."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder, prefix=".write-check-"):
            pass
    except OSError as failure:
        if failure.errno in (28, 27, 122):  # ENOSPC, EFBIG, EDQUOT: the disk (or this process's share) is full
            raise refuse(DISK_FULL_AT_START, path) from failure
        raise StartRefused(Msg(N_("Cannot write in the folder {folder} ({reason}): the database needs it. Make the "
                                  "folder writable, or start with --db pointing to a writable place."),
                               {"folder": str(folder), "reason": failure.strerror or str(failure)})) from failure


def check_room(path: Path) -> None:
    """The disk holding the database has room for the night's inputs."""
    try:
        free = shutil.disk_usage(path.parent).free
    except OSError:
        return
    if free < ROOM_NEEDED:
        raise refuse(DISK_FULL_AT_START, path)


def check_file(path: Path) -> None:
    """Before SQLite opens it: a missing or empty file where backups exist, a file that is not SQLite, a read-only
    file."""
    if not path.exists():
        if backups(path):
            raise refuse(N_("The database {path} is missing, but backups of it exist: the tables would all be gone. "
                            "{todo} To really start afresh, move the backups folder away."), path)
        return
    if path.is_dir():
        raise refuse(N_("{path} is a folder, not a database file. {todo}"), path)
    size = path.stat().st_size
    if size == 0:
        if backups(path):
            raise refuse(N_("The database {path} is empty, but backups of it exist: the tables would all be gone. "
                            "{todo} To really start afresh, delete the empty file."), path)
        return
    try:
        with open(path, "rb") as stream:
            header = stream.read(len(HEADER))
        with open(path, "r+b"):
            pass
    except PermissionError:
        raise refuse(N_("The database {path} is read-only: the server could not record any input. Make it "
                        "writable, or start with --db pointing to another file."), path) from None
    except OSError as failure:
        raise refuse(N_("The database {path} cannot be read ({reason}). {todo}"), path,
                     reason=failure.strerror or str(failure)) from failure
    if header != HEADER:
        raise refuse(N_("{path} is not a dealer database (it is not an SQLite file, or its header is damaged). "
                        "{todo}"), path)


def check_database(path: Path) -> None:
    """SQLite's integrity check, the schema (ours, and not newer than this app), and a write that goes through."""
    try:
        db = sqlite3.connect(f"file:{path.resolve()}?mode=rw", uri=True, isolation_level=None)
    except sqlite3.Error as failure:
        raise refuse(N_("The database {path} cannot be opened ({reason}). {todo}"), path,
                     reason=str(failure)) from failure
    try:
        verdict = [row[0] for row in db.execute("PRAGMA integrity_check(5)")]
        if verdict != ["ok"]:
            raise refuse(N_("The database {path} is damaged ({reason}). {todo}"), path, reason="; ".join(verdict)[:300])
        problem = schema_problem(db)
        if problem is not None and problem[0] == "foreign":
            raise refuse(N_("{path} is not a dealer database: {reason}. It was left as it is: start with --db "
                            "pointing to the dealer's database, or to a new file."), path, reason=problem[1].render())
        if problem is not None:
            raise refuse(N_("The database {path} cannot be used: {reason}. Update this app, or start with --db "
                            "pointing to another file."), path, reason=problem[1].render())
        db.execute("BEGIN IMMEDIATE")
        db.execute("CREATE TABLE write_check (x)")  # undone below: proves the file and its folder take writes
        db.execute("ROLLBACK")
    except sqlite3.DatabaseError as failure:
        if (getattr(failure, "sqlite_errorcode", 0) or 0) & 0xFF == SQLITE_FULL:
            raise refuse(DISK_FULL_AT_START, path) from failure
        if "readonly" in str(failure):
            raise refuse(N_("The database {path} is read-only: the server could not record any input. Make it "
                            "writable, or start with --db pointing to another file."), path) from failure
        raise refuse(N_("The database {path} is damaged ({reason}). {todo}"), path, reason=str(failure)) from failure
    finally:
        db.close()


class ServerLock:
    """An exclusive lock for the life of the server on ``<database>.lock`` (next to the database's real path; the
    file says where it serves) and on the database file itself (:meth:`hold_database`, once it exists)."""

    def __init__(self, database: str) -> None:
        self.database = database
        real = Path(database).resolve()
        self.real = real
        self.path = real.with_name(real.name + ".lock")
        self._file: IO[str] | None = None
        self._held: IO[bytes] | None = None

    def acquire(self, url: str) -> None:
        handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held open until release()
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            self._file = handle
            self.hold_database()
        except (OSError, StartRefused):
            handle.seek(0)
            where = handle.read().strip().splitlines()
            self.release()
            handle.close()
            first = where[0] if where else "an address it did not leave"
            raise StartRefused(Msg(N_("Another server is already using the database {path} (serving at {where}). "
                                      "Stop it first, or start this one with --db pointing to another file."),
                                   {"path": self.database, "where": first})) from None
        with contextlib.suppress(OSError):  # where it serves is a courtesy: a full disk is told by the checks
            handle.seek(0)
            handle.truncate()
            handle.write(f"{url}\npid {os.getpid()}\n")
            handle.flush()

    def hold_database(self) -> None:
        """Lock the database file itself (flock: SQLite's own locks are POSIX locks, which this leaves alone), so a
        second server is kept off even when the ``.lock`` file was deleted; OSError when another server holds it."""
        if self._held is not None or not self.real.is_file():
            return
        held = open(self.real, "rb")  # noqa: SIM115 - held open until release(), after SQLite closed the file
        try:
            fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            held.close()
            raise
        self._held = held

    def release(self) -> None:
        for handle in (self._held, self._file):
            if handle is not None:
                handle.close()
        self._held = self._file = None
