"""Storage that never lies: a database the server cannot trust stops the start with a sentence; a disk that refuses a
write is answered 503 with a sentence and applies nothing; one server per file; a clean stop leaves the main file
whole; a backup the server made restores to the same table. Real files, the real ``python app.py``."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, Api, ServerProcess, fill_up
from dealer import Game
from dealer.rules.entries import entry_from_json
from web.backups import backups, make_backup

IS_ROOT = os.geteuid() == 0


def start_refused(db: Path, *extra: str) -> str:
    """Start ``python app.py`` on ``db``: it must stop by itself, non-zero, with a sentence and no traceback."""
    done = subprocess.run([sys.executable, str(ROOT / "app.py"), "--host", "127.0.0.1", "--port", "0", "--db",
                           str(db), *extra], cwd=ROOT, capture_output=True, text=True, timeout=60)
    said = done.stdout + done.stderr
    assert done.returncode != 0, said
    assert "Traceback" not in said, said
    assert "The server did not start." in done.stderr, said
    return " ".join(done.stderr.split())


def play_a_table(server: ServerProcess, hands: int = 1) -> tuple[Api, str, str]:
    """A table with ``hands`` finished hands (Ana folds each one to Bia's blind) and the next one dealt."""
    api = Api(server.base)
    table, token, _ = api.create(["Ana", "Bia", "Caio"], button="Ana", hands=20)
    for _ in range(hands):
        api.ok(table, token, "deal")
        for _ in range(2):
            api.ok(table, token, "fold", player=api.state(table)["to_act"])
    api.ok(table, token, "deal")
    return api, table, token


@pytest.fixture
def stored(tmp_path: Path) -> Iterator[Path]:
    """A database file holding a table with a few hands, written by the real server and cleanly stopped."""
    server = ServerProcess(tmp_path / "dealer.sqlite3")
    server.start()
    try:
        play_a_table(server, hands=3)
    finally:
        server.stop()
    yield server.db


def stored_tables(db: Path) -> dict[str, Any]:
    """Each table's JSON STATE as its log in this one file gives it (no -wal file next to it)."""
    assert not Path(f"{db}-wal").exists()
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = connection.execute("SELECT table_id, body FROM entries ORDER BY table_id, seq").fetchall()
    finally:
        connection.close()
    logs: dict[str, list[Any]] = {}
    for table_id, body in rows:
        logs.setdefault(table_id, []).append(entry_from_json(json.loads(body)))
    from dealer.view.snapshot_json import state_json

    return {table_id: state_json(Game.rebuild(log), table_id) for table_id, log in logs.items()}


@contextlib.contextmanager
def unwritable(path: Path) -> Iterator[None]:
    """``path`` (a file or a folder) cannot be written, even by root (who ignores permission bits)."""
    mode = path.stat().st_mode
    path.chmod(0o555 if path.is_dir() else 0o444)
    if IS_ROOT and (not shutil.which("chattr")
                    or subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0):
        path.chmod(mode)
        pytest.skip("root writes through permission bits, and chattr +i is not available here")
    try:
        yield
    finally:
        if IS_ROOT:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        path.chmod(mode)


# --- the start: checked, never pretending -----------------------------------------------------------------------

def test_a_damaged_page_stops_the_start(stored: Path) -> None:
    connection = sqlite3.connect(stored)
    page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    root = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = 'entries'").fetchone()[0]
    connection.close()
    with open(stored, "r+b") as file:  # scribble over the page that holds the tables' logs
        file.seek((root - 1) * page_size + 8)
        file.write((bytes(range(256)) * (page_size // 256 + 1))[:page_size - 100])  # the same damage every run
    said = start_refused(stored)
    assert "is damaged" in said and "--restore" in said


def test_a_garbage_header_stops_the_start(stored: Path) -> None:
    with open(stored, "r+b") as file:
        file.write(os.urandom(100))
    said = start_refused(stored)
    assert "is not a dealer database" in said


def test_an_empty_file_where_backups_exist_is_not_taken_for_a_new_database(stored: Path) -> None:
    make_backup(stored)
    stored.write_bytes(b"")
    said = start_refused(stored)
    assert "is empty, but backups of it exist" in said and "--restore" in said
    assert stored.stat().st_size == 0  # untouched: nothing was created in its place


def test_a_foreign_database_stops_the_start(tmp_path: Path) -> None:
    db = tmp_path / "music.sqlite3"
    connection = sqlite3.connect(db)
    connection.execute("CREATE TABLE songs (title TEXT, artist TEXT)")
    connection.execute("INSERT INTO songs VALUES ('Asa Branca', 'Luiz Gonzaga')")
    connection.commit()
    connection.close()
    said = start_refused(db)
    assert "another program" in said
    assert sqlite3.connect(db).execute("SELECT count(*) FROM songs").fetchone() == (1,)  # left as it was


def test_a_read_only_database_stops_the_start(stored: Path) -> None:
    with unwritable(stored):
        said = start_refused(stored)
    assert "is read-only" in said


def test_an_unwritable_folder_stops_the_start(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    with unwritable(folder):
        said = start_refused(folder / "dealer.sqlite3")
    assert "Cannot write in the folder" in said


def test_a_second_server_on_the_same_file_refuses_to_start(tmp_path: Path) -> None:
    first = ServerProcess(tmp_path / "dealer.sqlite3")
    first.start()
    try:
        api, table, token = play_a_table(first)
        said = start_refused(first.db)
        assert "Another server is already using the database" in said and first.base in said
        assert api.ok(table, token, "fold", player=api.state(table)["to_act"])  # the first one plays on
    finally:
        first.stop()


# --- the stop and the backups -----------------------------------------------------------------------------------

def test_after_sigterm_the_main_file_alone_holds_every_accepted_input(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "dealer.sqlite3")
    server.start()
    api, table, token = play_a_table(server, hands=2)
    api.ok(table, token, "call", player=api.state(table)["to_act"])
    shown = api.state(table)
    assert server.process is not None
    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(timeout=30) == 0
    alone = tmp_path / "copied" / "dealer.sqlite3"  # what a user copies to another laptop
    alone.parent.mkdir()
    shutil.copyfile(server.db, alone)
    state = stored_tables(alone)[table]
    assert state["seq"] == shown["seq"] and state["players"] == shown["players"]


def test_a_backup_made_after_a_hand_restores_to_an_equal_table(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "dealer.sqlite3")
    server.start()
    try:
        api, table, token = play_a_table(server, hands=0)
        for _ in range(2):
            api.ok(table, token, "fold", player=api.state(table)["to_act"])  # hand 1 ends: a backup is made
        at_hand_end = api.state(table)
        deadline = time.monotonic() + 30
        while not backups(server.db) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert backups(server.db), "no backup after the hand"
        api.ok(table, token, "deal")  # after the backup: not in it
    finally:
        server.stop()
    done = subprocess.run([sys.executable, str(ROOT / "app.py"), "--db", str(server.db), "--restore"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Restored" in done.stdout, done.stdout + done.stderr
    server.start()
    try:
        restored = Api(server.base).state(table)
    finally:
        server.stop()
    assert restored == at_hand_end


# --- a disk that refuses writes -------------------------------------------------------------------------------

def refused_then_recovered(server: ServerProcess, fill: Any, free: Any) -> None:
    """While ``fill`` holds, every change is 503 with a sentence and nothing is applied; after ``free`` it works."""
    api, table, token = play_a_table(server)
    before = api.state(table)
    player = before["to_act"]
    fill()
    status, body = api.act(table, token, "call", player=player, seq=before["seq"])
    assert status == 503 and isinstance(body, dict) and "nothing was changed" in body["error"], body
    assert api.undo(table, token)[0] == 503
    assert api.state(table) == before  # nothing applied, in memory either
    status, health = api.request("GET", "/api/health")
    assert status == 503 and health["error"], health
    console = api.request("POST", f"/t/{table}/dealer/act", raw=f"seq={before['seq']}&action=call&player={player}"
                          .encode(), headers={"Content-Type": "application/x-www-form-urlencoded",
                                              "Cookie": f"dealer_{table}={token}", "HX-Request": "true",
                                              "Origin": server.base})  # as the console's own page sends it
    assert console[0] == 503 and "nothing was changed" in console[1]  # the console says it too
    free()
    assert api.request("GET", "/api/health")[0] == 200
    after = api.ok(table, token, "call", player=player, seq=before["seq"])  # the next tap works
    assert after["seq"] == before["seq"] + 1


def test_a_file_size_limit_gives_503_json_and_the_server_works_again_once_lifted(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "dealer.sqlite3")
    server.output = Path(os.devnull)  # the limit would stop the server's own log file too
    server.start()
    try:
        assert server.process is not None
        pid = server.process.pid
        wal = Path(f"{server.db}-wal")

        def fill() -> None:
            resource.prlimit(pid, resource.RLIMIT_FSIZE, (wal.stat().st_size, resource.RLIM_INFINITY))

        def free() -> None:
            resource.prlimit(pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))

        refused_then_recovered(server, fill, free)
    finally:
        server.stop()


def test_a_full_disk_gives_503_json_and_the_server_works_again_once_there_is_room(tmp_path: Path,
                                                                                  small_disk: Path) -> None:
    disk = small_disk
    server = ServerProcess(disk / "dealer.sqlite3")
    server.output = tmp_path / "server.log"
    try:
        server.start()
        filler = disk / "filler"
        refused_then_recovered(server, lambda: fill_up(filler), lambda: filler.unlink())
    finally:
        server.stop()


# --- the schema and the small pages -----------------------------------------------------------------------------

def test_a_database_from_before_the_schema_version_is_adopted_and_one_from_a_newer_version_refused(
        tmp_path: Path) -> None:
    from web.store import SCHEMA_VERSION, Store

    old = tmp_path / "old.sqlite3"
    connection = sqlite3.connect(old)
    connection.executescript("""
        CREATE TABLE tables (id TEXT PRIMARY KEY, token_hash TEXT NOT NULL, created_at REAL NOT NULL);
        CREATE TABLE entries (table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, body TEXT NOT NULL,
                              at REAL NOT NULL, PRIMARY KEY (table_id, seq));
        INSERT INTO tables VALUES ('abc', 'hash', 0);
    """)
    connection.close()
    store = Store(str(old))
    assert [table.id for table in store.tables()] == ["abc"]
    store.close()
    assert sqlite3.connect(old).execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)

    newer = sqlite3.connect(old)
    newer.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    newer.close()
    said = start_refused(old)
    assert "newer version of this app" in said


def test_earlier_hands_are_one_line_each_linking_to_their_full_log(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "dealer.sqlite3")
    server.start()
    try:
        api, table, _ = play_a_table(server, hands=12)
        status, page = api.request("GET", f"/t/{table}")
        assert status == 200
        for shown in range(3, 13):  # the latest ten before hand 13, in play
            assert f'data-testid="log-hand-{shown}"' in page and f"/t/{table}/log/{shown}" in page
        assert 'data-testid="log-hand-2"' not in page and f"/t/{table}/log\"" in page  # the rest: the whole log
        status, hand_page = api.request("GET", f"/t/{table}/log/3")
        assert status == 200 and "Deal hand 3" in hand_page and "Deal hand 4" not in hand_page
        assert api.request("GET", f"/t/{table}/log/99")[0] == 404
    finally:
        server.stop()
