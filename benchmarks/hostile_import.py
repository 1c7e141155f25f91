"""What an import costs the server itself (issue 22: long work never blocks reads).

Starts the real server (``python app.py`` on 127.0.0.1) with one table, then posts ``--imports`` (5) session files
of another laptop's night (``--hands`` 300 hands of 6 players with draws and showdowns, about 1 MB: each a new
session, recorded on another day) from the laptop itself, one after the other, while 4 phones read the player page
back to back. Reported: for each import alone (no phones) its answer and wall time, the CPU time the server's own
process spent meanwhile and the CPU time of its child processes (the import process), read from /proc (Linux); then,
with the phones reading, their reads (p50/p95/max) before ``--imports`` more imports and during them. Nothing is
asserted: figures for docs/PERFORMANCE.md.

Run: ``.venv/bin/python benchmarks/hostile_import.py [--imports 5] [--hands 300]``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent)]  # the engine, to write the files

from serving import percentile, start_on_free_port  # noqa: E402
from sessions import session  # noqa: E402

from dealer import Game, export_document  # noqa: E402

PHONES = 4
TICK = os.sysconf("SC_CLK_TCK")


def night(hands: int, days_ago: int) -> bytes:
    entries = session(hands, stop_before_end=False)
    start_at = time.time() - 86_400 * days_ago
    document = export_document(Game.rebuild(entries), [start_at + seq for seq in range(len(entries))], "strngr")
    return json.dumps(document).encode()


def cpu(pid: int) -> float:
    """Seconds of CPU (user + system) the process ``pid`` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def children_cpu(pid: int) -> float:
    """Seconds of CPU used by the live children of ``pid`` (the import process)."""
    total = 0.0
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                total += cpu(int(child))
            except OSError:
                continue
    return total


def post(port: int, path: str, body: bytes) -> tuple[int, dict[str, object]]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    answer = connection.getresponse()
    status, found = answer.status, json.loads(answer.read() or b"{}")
    connection.close()
    return status, found


def phone(port: int, table: str, stop: threading.Event, times: list[tuple[float, float]]) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    while not stop.is_set():
        began = time.monotonic()
        connection.request("GET", f"/t/{table}")
        connection.getresponse().read()
        times.append((began, (time.monotonic() - began) * 1000))


def figures(label: str, reads: list[float]) -> str:
    if not reads:
        return f"{label}: no reads"
    return (f"{label}: {len(reads)} reads, p50 {percentile(reads, 0.5):.1f} ms, p95 {percentile(reads, 0.95):.1f} ms, "
            f"max {max(reads):.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--imports", type=int, default=5)
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    files = [night(args.hands, days) for days in range(1, 2 * args.imports + 1)]
    with tempfile.TemporaryDirectory() as folder:
        server, port = start_on_free_port(Path(folder) / "bench.sqlite3")
        try:
            _, created = post(port, "/api/tables", json.dumps({"players": ["Ana", "Bia"]}).encode())
            table = str(created["table"])
            print(f"imports of {len(files[0]):,} bytes each ({args.hands} hands)")
            for number, body in enumerate(files[:args.imports], 1):
                own, children, began = cpu(server.pid), children_cpu(server.pid), time.monotonic()
                status, _ = post(port, "/api/tables/import", body)
                seconds = time.monotonic() - began
                print(f"import {number}: {status} in {seconds:.2f} s; CPU meanwhile: the server's own process "
                      f"{cpu(server.pid) - own:.2f} s, the import process {children_cpu(server.pid) - children:.2f} s")
            stop, reads = threading.Event(), []
            readers = [threading.Thread(target=phone, args=(port, table, stop, reads)) for _ in range(PHONES)]
            for reader in readers:
                reader.start()
            time.sleep(5.0)
            quiet_until = time.monotonic()
            for body in files[args.imports:]:
                post(port, "/api/tables/import", body)
            during_until = time.monotonic()
            stop.set()
            for reader in readers:
                reader.join()
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(figures("phones' reads before the imports", [ms for at, ms in reads if at < quiet_until]))
    during = [ms for at, ms in reads if quiet_until <= at < during_until]
    print(figures(f"phones' reads during {args.imports} more imports", during))
    return 0


if __name__ == "__main__":
    sys.exit(main())
