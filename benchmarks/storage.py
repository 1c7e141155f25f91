"""Costs that must not grow with the night: undo, replay, the start and the pages, at hand 10 and at hand 1,000.

Goals (docs/PERFORMANCE.md):
- undo at hand 100 costs at most 1.5x undo at hand 1 (``Game.undo`` + the snapshot and JSON STATE the API then
  serves, the input then played again; the median of many);
- a 100-hand log with 5 % undos replays in at most 1.5x the time of the same session's log without them;
- with a 1,000-hand table in the database, the real server (``python app.py``) answers ``/api/health`` within 2 s
  of being started (the tables replay in the background after it listens);
- the dealer's console and the phone view of a table at hand 1,000 weigh at most 1.5x the same pages at hand 10.

Run: ``.venv/bin/python benchmarks/storage.py [--repeat R]``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from serving import start_on_free_port  # noqa: E402
from sessions import session, without_undos  # noqa: E402

from dealer import Game  # noqa: E402
from dealer.rules.entries import Entry, Input, Undo  # noqa: E402
from dealer.view.snapshot_json import state_json  # noqa: E402
from web.service import token_hash  # noqa: E402
from web.store import Store  # noqa: E402

RATIO_GOAL = 1.5
READY_GOAL = 2.0
LONG, SHORT = "thuzand", "tenhands"  # table ids (the service's alphabet has no i, l, o, 0 or 1)


def undo_cost(entries: list[Entry], repeat: int) -> float:
    """Median seconds of one undo (and the STATE after it) on the table this log gives, the input played again."""
    game = Game.rebuild(entries)
    times = []
    for _ in range(repeat):
        taken = game.inputs[-1][1]
        start = time.perf_counter()
        game.undo()
        state_json(game, "t")
        times.append(time.perf_counter() - start)
        game.push(taken)
        state_json(game, "t")
    return statistics.median(times)


def replay_costs(logs: list[list[Entry]], repeat: int) -> list[float]:
    """Best seconds of ``Game.rebuild`` for each log; the logs take turns, so a busy machine slows them alike."""
    best = [float("inf")] * len(logs)
    for _ in range(repeat):
        for index, log in enumerate(logs):
            start = time.perf_counter()
            Game.rebuild(log)
            best[index] = min(best[index], time.perf_counter() - start)
    return best


def store_table(db: Path, table_id: str, entries: list[Entry]) -> None:
    """The table as the server would have stored it, written in one transaction (the server commits each input)."""
    Store(str(db)).close()  # the schema
    with sqlite3.connect(db) as connection:
        connection.execute("INSERT INTO tables (id, token_hash, created_at) VALUES (?, ?, ?)",
                           (table_id, token_hash(f"token-{table_id}"), time.time()))
        connection.executemany("INSERT INTO entries (table_id, seq, body, at) VALUES (?, ?, ?, ?)",
                               [(table_id, seq, json.dumps(entry.to_json()), time.time())
                                for seq, entry in enumerate(entries)])


def fetch(url: str, cookie: str | None = None) -> bytes:
    request = urllib.request.Request(url, headers={"Accept-Language": "en", **({"Cookie": cookie} if cookie else {})})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return bytes(answer.read())


def start_and_measure(db: Path) -> tuple[float, subprocess.Popen[bytes], int]:
    """Seconds from starting ``python app.py`` (on a free port) until /api/health answers 200, and its port."""
    started = time.monotonic()
    process, port = start_on_free_port(db)
    return time.monotonic() - started, process, port


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="undos timed at each hand")
    args = parser.parse_args()
    failed = False

    at_1, at_100 = session(hands=1), session(hands=100)
    first, hundredth = undo_cost(at_1, args.repeat), undo_cost(at_100, args.repeat)
    ratio = hundredth / first
    failed |= ratio > RATIO_GOAL
    print(f"undo (median of {args.repeat}, with the STATE after it): hand 1 {first * 1000:.3f} ms, hand 100 "
          f"{hundredth * 1000:.3f} ms: {ratio:.2f}x, goal <= {RATIO_GOAL}x {verdict(ratio <= RATIO_GOAL)}")

    with_undos = session(hands=100, undo_rate=0.05)
    plain = without_undos(with_undos)
    undos = sum(1 for entry in with_undos if isinstance(entry, Undo))
    slow, fast = replay_costs([with_undos, plain], 9)
    ratio = slow / fast
    failed |= ratio > RATIO_GOAL
    print(f"replay of 100 hands: {len(with_undos):,} entries with {undos} undos {slow * 1000:.0f} ms, the same "
          f"{len(plain):,} inputs without them {fast * 1000:.0f} ms: {ratio:.2f}x, goal <= {RATIO_GOAL}x "
          f"{verdict(ratio <= RATIO_GOAL)}")

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "dealer.sqlite3"
        long_log = session(hands=1000)
        store_table(db, LONG, long_log)
        store_table(db, SHORT, session(hands=10))
        inputs = sum(1 for entry in long_log if isinstance(entry, Input))
        starts = []
        for _ in range(2):  # the best of three starts (the first also warms the disk cache)
            seconds, process, _ = start_and_measure(db)
            starts.append(seconds)
            process.terminate()
            process.wait(timeout=30)
        seconds, process, port = start_and_measure(db)
        ready = min(*starts, seconds)
        try:
            failed |= ready > READY_GOAL
            print(f"start with a 1,000-hand table ({inputs:,} inputs) in the database: /api/health 200 after "
                  f"{ready:.2f} s (best of 3 starts), goal <= {READY_GOAL:.0f} s {verdict(ready <= READY_GOAL)}")
            base = f"http://127.0.0.1:{port}"
            began = time.monotonic()
            fetch(f"{base}/api/tables/{LONG}")
            print(f"  then the 1,000-hand table's STATE: {time.monotonic() - began:.2f} s later")
            for label, path, cookie in (("console", "/t/{id}/dealer", "dealer_{id}=token-{id}"),
                                        ("phone view", "/t/{id}", None)):
                sizes = [len(fetch(base + path.format(id=table), cookie and cookie.format(id=table)))
                         for table in (SHORT, LONG)]
                ratio = sizes[1] / sizes[0]
                failed |= ratio > RATIO_GOAL
                print(f"{label}: {sizes[0] / 1024:.1f} KB at hand 10, {sizes[1] / 1024:.1f} KB at hand 1,000: "
                      f"{ratio:.2f}x, goal <= {RATIO_GOAL}x {verdict(ratio <= RATIO_GOAL)}")
        finally:
            process.terminate()
            process.wait(timeout=30)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
