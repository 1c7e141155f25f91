"""A database file that changes under the server is told, never answered "ok": deleted, replaced, its -wal removed,
damaged; a missing database with backups, a full disk at start, a clock going back, a second server by another
path. Real files, the real ``python app.py``; each fault answered with its sentence, no input lost or wrongly
applied."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from conftest import ROOT, Api, ServerProcess, fill_up
from test_storage import play_a_table, start_refused, stored_tables
from web.backups import backups, make_backup, restore
from web.store import QUICK_CHECK_EVERY


def refused_tap(api: Api, table: str, token: str, before: dict[str, Any], words: str) -> str:
    """A tap and an undo are refused with ``words``, the table stays as it was, the health check says it too."""
    status, body = api.act(table, token, "fold", player=before["to_act"], seq=before["seq"])
    assert status == 503 and words in body["error"] and "nothing was changed" in body["error"], body
    assert api.undo(table, token)[0] == 503
    assert api.state(table) == before
    status, health = api.request("GET", "/api/health")
    assert status == 503 and words in health["error"], health
    return str(body["error"])


def rescued(server: ServerProcess) -> Path:
    found = sorted(server.db.parent.glob(server.db.name + ".rescued-*"))
    assert len(found) == 1, found
    return found[0]


def wait_for_backup(db: Path) -> None:
    deadline = time.monotonic() + 30
    while not backups(db) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert backups(db), "no backup after the hand"


def test_a_database_deleted_while_serving_is_told_and_its_inputs_rescued(own_server: ServerProcess) -> None:
    api, table, token = play_a_table(own_server, hands=1)
    wait_for_backup(own_server.db)
    before = api.state(table)
    own_server.db.unlink()
    said = refused_tap(api, table, token, before, "was deleted or moved")
    assert "was saved as" in said
    assert stored_tables(rescued(own_server))[table]["seq"] == before["seq"]  # every accepted input, none more
    own_server.stop()
    said = start_refused(own_server.db)  # not a new empty database in its place
    assert "is missing, but backups of it exist" in said and "--restore" in said
    assert not own_server.db.exists()


def test_a_database_replaced_while_serving_is_told(own_server: ServerProcess, tmp_path: Path) -> None:
    api, table, token = play_a_table(own_server)
    before = api.state(table)
    other = tmp_path / "other.sqlite3"
    sqlite3.connect(other).close()
    os.replace(other, own_server.db)
    refused_tap(api, table, token, before, "was replaced by another file")
    assert stored_tables(rescued(own_server))[table]["seq"] == before["seq"]


def test_a_removed_wal_is_told_and_a_kill_then_loses_nothing(own_server: ServerProcess) -> None:
    api, table, token = play_a_table(own_server, hands=2)
    before = api.state(table)
    Path(f"{own_server.db}-wal").unlink()
    refused_tap(api, table, token, before, "write-ahead log")
    own_server.kill()
    assert stored_tables(rescued(own_server))[table] == before  # every tap since the start is in the rescued file
    assert not list(own_server.db.parent.glob("*.partial"))


def test_pages_damaged_while_serving_are_told_by_the_health_check(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "dealer.sqlite3")
    server.start()
    try:
        _, table, token = play_a_table(server, hands=2)
    finally:
        server.stop()  # a clean stop: every page in the main file, no -wal to hide the damage
    server.start()
    try:
        connection = sqlite3.connect(f"file:{server.db}?mode=ro", uri=True)
        page_size = connection.execute("PRAGMA page_size").fetchone()[0]
        root = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = 'entries'").fetchone()[0]
        connection.close()
        with open(server.db, "r+b") as file:
            file.seek((root - 1) * page_size + 8)
            file.write((bytes(range(256)) * (page_size // 256 + 1))[:page_size - 100])
        deadline = time.monotonic() + QUICK_CHECK_EVERY * 3 + 10
        status, health = Api(server.base).request("GET", "/api/health")
        while status == 200 and time.monotonic() < deadline:
            time.sleep(1)
            status, health = Api(server.base).request("GET", "/api/health")
        assert status == 503 and "is damaged" in health["error"], health
        assert Api(server.base).act(table, token, "fold", player="Ana")[0] in (400, 409, 503)
    finally:
        server.stop()


def test_a_full_disk_at_start_says_the_disk_is_full(tmp_path: Path, small_disk: Path) -> None:
    server = ServerProcess(small_disk / "dealer.sqlite3")
    server.output = tmp_path / "server.log"
    server.start()
    play_a_table(server)
    server.stop()
    fill_up(small_disk / "filler")
    said = start_refused(server.db)
    assert "is full" in said and "damaged" not in said and "--restore" not in said, said


def backup_under(db: Path, zone: str) -> Path:
    """A backup made by another process whose local clock is in ``zone`` (the clock's hour as the laptop shows)."""
    code = f"from web.backups import make_backup; print(make_backup({str(db)!r}, 3))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, TZ=zone),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return Path(done.stdout.strip())


def test_backups_follow_the_order_they_were_made_when_the_clock_goes_back(tmp_path: Path) -> None:
    """Summer time ends between two backups (local clock one hour back): the latest made is still the latest, the
    pruning keeps the newest, and --restore puts the latest back."""
    server = ServerProcess(tmp_path / "dealer.sqlite3")
    server.start()
    try:
        _, table, _ = play_a_table(server)
    finally:
        server.stop()
    made = [backup_under(server.db, "WET-1WEST,M3.5.0/1,M10.5.0")]  # a summer evening in Lisbon
    for _ in range(3):
        made.append(backup_under(server.db, "UTC0"))  # one hour back
    connection = sqlite3.connect(server.db)
    connection.execute("DELETE FROM entries WHERE seq = (SELECT max(seq) FROM entries)")  # the last one is newer
    connection.commit()
    connection.close()
    latest = backup_under(server.db, "UTC0")
    assert backups(server.db) == [*made[2:], latest]
    seq_in_latest = stored_tables(latest)[table]["seq"]
    server.db.unlink()
    used, _ = restore(server.db)
    assert used == latest and stored_tables(server.db)[table]["seq"] == seq_in_latest


def test_pruning_never_removes_another_databases_backups(tmp_path: Path) -> None:
    """The night's backups stay when its file was deleted and a new database made its own."""
    db = tmp_path / "dealer.sqlite3"
    server = ServerProcess(db)
    server.start()
    try:
        play_a_table(server)
    finally:
        server.stop()
    night = [make_backup(db, keep=3) for _ in range(3)]
    db.unlink()
    from web.store import Store

    Store(str(db)).close()  # a new, empty database by the same name
    for _ in range(5):
        make_backup(db, keep=3)
    kept = backups(db)
    assert all(path in kept for path in night) and len(kept) == 6


def test_a_second_server_by_a_symlinked_path_or_after_the_lock_file_was_deleted_refuses_to_start(
        own_server: ServerProcess, tmp_path: Path) -> None:
    api, table, token = play_a_table(own_server)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = elsewhere / "linked.sqlite3"
    link.symlink_to(own_server.db)
    said = start_refused(link)
    assert "Another server is already using the database" in said
    Path(f"{own_server.db}.lock").unlink()
    said = start_refused(own_server.db)
    assert "Another server is already using the database" in said
    assert api.ok(table, token, "fold", player=api.state(table)["to_act"])  # the first one plays on
    shutil.rmtree(elsewhere)
