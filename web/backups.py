"""Rotating backups of the database, next to it, made with SQLite's online backup API (consistent while the server
writes), and the restore that puts one back.

``instance/dealer.sqlite3`` is backed up as ``instance/dealer-backups/dealer-20261201-091500Z-000123.sqlite3`` (the
UTC time, then a counter one above the last backup's): after every hand, every few minutes while something changed.
Backups are ordered by their counter, so a clock going back (the end of summer time, a corrected clock) never makes
an older backup look newer. Each backup carries its database's id (``meta.database_id``): pruning keeps the last
:data:`KEEP` of the database being backed up and never removes another database's (the night before a file was
deleted and a new one started). A copy that fails SQLite's quick check is never kept. ``python app.py --restore``
puts the latest back (the file it replaces is kept aside, never deleted).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
import sys
import threading
import time
from pathlib import Path

KEEP = 10
EVERY = 300.0  # seconds between backups while the tables change (and after every hand anyway)
SUFFIX = ".sqlite3"
NUMBERED = re.compile(r"-\d{8}-\d{6}Z-(\d+)\.sqlite3$")


def backup_folder(database: str | os.PathLike[str]) -> Path:
    path = Path(database)
    return path.parent / f"{path.stem}-backups"


def counter(backup: Path) -> int:
    """A backup's number (-1 for one named by an older version, by local time only)."""
    found = NUMBERED.search(backup.name)
    return int(found.group(1)) if found else -1


def backups(database: str | os.PathLike[str]) -> list[Path]:
    """The backups of this database, oldest first (by their counter, then their names)."""
    folder = backup_folder(database)
    if not folder.is_dir():
        return []
    stem = Path(database).stem
    found = []
    for path in folder.iterdir():
        with contextlib.suppress(OSError):
            if path.name.startswith(stem + "-") and path.name.endswith(SUFFIX) and path.stat().st_size > 0:
                found.append(path)
    return sorted(found, key=lambda path: (counter(path), path.name))


_IDS: dict[tuple[str, int], str | None] = {}  # a backup's id, by its path and change time: backups never change


def database_id(path: str | os.PathLike[str]) -> str | None:
    """The id a database (or a backup of it) carries; None for one from before the ids, or unreadable."""
    try:
        key = (str(path), os.stat(path).st_mtime_ns)
    except OSError:
        return None
    if key not in _IDS:
        if len(_IDS) > 1000:
            _IDS.clear()
        _IDS[key] = _read_id(path)
    return _IDS[key]


def _read_id(path: str | os.PathLike[str]) -> str | None:
    try:
        connection = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)
        try:
            row = connection.execute("SELECT value FROM meta WHERE key = 'database_id'").fetchone()
        finally:
            connection.close()
    except sqlite3.Error:
        return None
    return str(row[0]) if row else None


def prune(database: str | os.PathLike[str], keep: int, own: str | None) -> None:
    """Drop all but the last ``keep`` backups of the database whose id is ``own``; another database's stay."""
    mine = [path for path in backups(database) if database_id(path) in (own, None)]
    for old in mine[:-keep]:
        old.unlink(missing_ok=True)


def make_backup(database: str | os.PathLike[str], keep: int = KEEP) -> Path:
    """Copy the database into a new backup file (written aside, then renamed), then drop all but the last ``keep``."""
    folder = backup_folder(database)
    folder.mkdir(exist_ok=True)
    kept = backups(database)
    number = max([counter(path) for path in kept] + [0]) + 1
    stamp = time.strftime("%Y%m%d-%H%M%SZ", time.gmtime())
    target = folder / f"{Path(database).stem}-{stamp}-{number:06d}{SUFFIX}"
    partial = target.with_name(target.name + ".partial")
    try:
        source = sqlite3.connect(f"file:{Path(database).resolve()}?mode=ro", uri=True)
        try:
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)
                copy.execute("PRAGMA journal_mode=DELETE")  # a self-contained file: no -wal to forget when copying
                verdict = copy.execute("PRAGMA quick_check(1)").fetchone()[0]
            finally:
                copy.close()
        finally:
            source.close()
        if verdict != "ok":
            raise sqlite3.DatabaseError(f"the copy is damaged: {verdict}")
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)  # a failed copy leaves nothing behind
    prune(database, keep, database_id(target))
    return target


def restore(database: str | os.PathLike[str], backup: str | os.PathLike[str] | None = None) -> tuple[Path, Path | None]:
    """Put a backup (the latest when none is named) in the database's place. The file it replaces, with its -wal
    and -shm, is moved aside as ``<name>.replaced-<time>``. Returns (the backup used, where the old file went)."""
    path = Path(database)
    kept = backups(path)
    found = Path(backup) if backup else (kept[-1] if kept else None)
    if found is None or not found.is_file():
        raise FileNotFoundError(f"no backup at {found or backup_folder(path)}")
    check = sqlite3.connect(f"file:{found.resolve()}?mode=ro", uri=True)
    try:
        verdict = check.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        check.close()
    if verdict != "ok":
        raise ValueError(f"{found} is damaged: {verdict}")
    aside = None
    stamp = time.strftime("%Y%m%d-%H%M%SZ", time.gmtime())
    if path.exists():
        aside = path.with_name(f"{path.name}.replaced-{stamp}")
        os.replace(path, aside)
    for extra in ("-wal", "-shm"):  # a stale write-ahead log must never be applied to the restored file
        companion = path.with_name(path.name + extra)
        if companion.exists():
            if aside is not None:
                os.replace(companion, aside.with_name(aside.name + extra))
            else:
                companion.unlink()
    partial = path.with_name(path.name + ".restoring")
    shutil.copyfile(found, partial)
    os.replace(partial, path)
    return found, aside


class BackupKeeper:
    """Backs the database up in a thread of its own: soon after a hand ends, and every :data:`EVERY` seconds while
    anything was written. A failed backup is reported on the terminal and tried again later; play goes on."""

    def __init__(self, database: str, writes: object, every: float = EVERY, keep: int = KEEP) -> None:
        self.database = database
        self._writes = writes  # the Store: its ``writes`` counter says whether anything changed
        self.every = every
        self.keep = keep
        self.latest: Path | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._done_at = 0  # writes covered by the latest backup: none needed before the first write
        self._thread = threading.Thread(target=self._run, name="backups", daemon=True)

    def start(self) -> BackupKeeper:
        self._thread.start()
        return self

    def changed(self, hand_over: bool) -> None:
        """Called after every write; a finished hand asks for a backup now."""
        if hand_over:
            self._wake.set()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout=30)

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(self.every)
            self._wake.clear()
            if self._stop.is_set():
                break
            writes = int(getattr(self._writes, "writes", 0))
            broken = getattr(self._writes, "fault", None) or getattr(self._writes, "damaged", None)
            if writes != self._done_at and not broken:  # a damaged or lost file never pushes a good backup out
                self.backup_now(writes)

    def backup_now(self, writes: int) -> None:
        try:
            self.latest = make_backup(self.database, self.keep)
            self._done_at = writes
        except (OSError, sqlite3.Error) as failure:
            print(f"Backup of {self.database} failed ({failure}); it will be tried again.", file=sys.stderr,
                  flush=True)
