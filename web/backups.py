"""Rotating backups of the database, next to it, made with SQLite's online backup API (consistent while the server
writes), and the restore that puts one back.

``instance/dealer.sqlite3`` is backed up as ``instance/dealer-backups/dealer-20261201-091500-123.sqlite3``: after
every hand, every few minutes while something changed, and the last :data:`KEEP` are kept. ``python app.py
--restore`` puts the latest back (the file it replaces is kept aside, never deleted).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
import threading
import time
from pathlib import Path

KEEP = 10
EVERY = 300.0  # seconds between backups while the tables change (and after every hand anyway)
SUFFIX = ".sqlite3"


def backup_folder(database: str | os.PathLike[str]) -> Path:
    path = Path(database)
    return path.parent / f"{path.stem}-backups"


def backups(database: str | os.PathLike[str]) -> list[Path]:
    """The backups of this database, oldest first (their names sort by time)."""
    folder = backup_folder(database)
    if not folder.is_dir():
        return []
    stem = Path(database).stem
    return sorted(path for path in folder.iterdir()
                  if path.name.startswith(stem + "-") and path.name.endswith(SUFFIX) and path.stat().st_size > 0)


def make_backup(database: str | os.PathLike[str], keep: int = KEEP) -> Path:
    """Copy the database into a new backup file (written aside, then renamed), then drop all but the last ``keep``."""
    folder = backup_folder(database)
    folder.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime()) + f"-{int(time.time() * 1000) % 1000:03d}"
    target = folder / f"{Path(database).stem}-{stamp}{SUFFIX}"
    partial = target.with_name(target.name + ".partial")
    source = sqlite3.connect(f"file:{Path(database).resolve()}?mode=ro", uri=True)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # a self-contained file: no -wal to forget when copying it
        finally:
            copy.close()
    finally:
        source.close()
    os.replace(partial, target)
    for old in backups(database)[:-keep]:
        old.unlink(missing_ok=True)
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
    stamp = time.strftime("%Y%m%d-%H%M%S")
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
            if writes != self._done_at:
                self.backup_now(writes)

    def backup_now(self, writes: int) -> None:
        try:
            self.latest = make_backup(self.database, self.keep)
            self._done_at = writes
        except (OSError, sqlite3.Error) as failure:
            print(f"Backup of {self.database} failed ({failure}); it will be tried again.", file=sys.stderr,
                  flush=True)
