"""The readers' phases of benchmarks/hostile.py (what a phone or a file may cost the dealer): every connection to
127.0.0.0/8 only, counts and times bounded.

- **steps of corrections**: two phones (127.0.0.8, .9) loop the steps of a hand of ``--pairs`` undo pairs
  (``GET /api/tables/ID/hands/1/steps``: a table imported from a stranger's file, 1,600 pairs by default);
- **the start screen**: four phones (127.0.0.10-13) loop ``/`` while ``--finished`` finished tables (28) are listed,
  most of them out of memory;
- **forged imports**: a stranger (127.0.0.14) posts forged session files back to back (add_chips of -200, a join
  with no chips, a name with a right-to-left override, 10**19 chips at 999999.9999 a chip), each refused.

Each phase's phones read as fast as the server answers them (within their allowance of reads: what they cannot
read is answered 429). Goal: the dealer's tap p95 within :data:`READERS_GOAL` (1.5x) the quiet p95 of the same run.
Run alone: ``.venv/bin/python benchmarks/hostile_reads.py [--pairs 1600] [--finished 28] [--taps 60]``.
"""

from __future__ import annotations

import argparse
import copy
import http.client
import json
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parent)]

from hostile_wifi import during  # noqa: E402

from dealer import Game, export_document  # noqa: E402
from dealer.formats.session_file import digest  # noqa: E402
from dealer.rules.entries import parse_create, parse_input  # noqa: E402

READERS_GOAL = 1.5
STEPS_PHONES = ("127.0.0.8", "127.0.0.9")
START_PHONES = ("127.0.0.10", "127.0.0.11", "127.0.0.12", "127.0.0.13")
FORGER = "127.0.0.14"
AT = 1764622800.0
Tapping = Callable[[], list[float]]
Phases = dict[str, tuple[list[float], dict[str, Any]]]  # label -> (the dealer's taps, what the readers got)


def corrections_file(pairs: int) -> bytes:
    """A stranger's file: hand 1 dealt, then a raise entered and undone ``pairs`` times (each entry within every
    limit: 4,000 pairs are about 500 KB)."""
    game = Game(parse_create({"players": ["Ana", "Bia", "Caio"], "button": "Ana"}))
    game.push(parse_input({"action": "deal"}))
    for _ in range(pairs):
        game.push(parse_input({"action": "raise", "player": "Ana"}))
        game.undo(at=AT)
    return json.dumps(export_document(game, [AT] * len(game.entries), "manyun")).encode()


def forged_files() -> list[bytes]:
    """Files holding what no dealer could have entered, each with its digest computed again, as a forger would."""
    game = Game(parse_create({"players": ["Ana", "Bia"], "button": "Ana", "format": "open", "chip_value": "0.10"}))
    game.push(parse_input({"action": "add_chips", "player": "Ana", "amount": 20}))
    honest = export_document(game, [AT] * len(game.entries), "forged")
    changes: list[Callable[[list[Any]], object]] = [
        lambda log: log[1].update(amount=-200),
        lambda log: log[1].update(action="join", player="Caio", amount=0),
        lambda log: log[1].update(action="join", player="Caio\u202e", amount=10),
        lambda log: (log[0].update(chip_value="999999.9999"), log[0]["players"][0].update(stack=10**19)),
    ]
    files = []
    for change in changes:
        document = copy.deepcopy(honest)
        change(document["log"])
        document["settings"] = document["log"][0]
        document["digest"] = digest(document["log"], document["times"], document["seq"])
        files.append(json.dumps(document).encode())
    return files


def api(port: int, method: str, path: str, body: bytes | None = None) -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    connection.request(method, path, body=body, headers={"Content-Type": "application/json"})
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    return answer.status, json.loads(data) if data else None


def finished_tables(port: int, count: int) -> None:
    """``count`` sessions of one hand played to the end, from the laptop (the lists show them all)."""
    for _ in range(count):
        status, created = api(port, "POST", "/api/tables", json.dumps(
            {"players": ["Ana", "Bia"], "button": "Ana", "hands": 1}).encode())
        assert status == 201, created
        table, token = created["table"], created["dealer_token"]
        for action in ({"action": "deal"}, {"action": "fold", "player": "Ana"}):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("POST", f"/api/tables/{table}/actions", body=json.dumps(action),
                               headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
            assert connection.getresponse().status == 200
            connection.close()


def loop_reads(port: int, path: str, sources: tuple[str, ...], stop: threading.Event, stats: dict[str, int],
               method: str = "GET", bodies: list[bytes] | None = None) -> None:
    """One thread per source address, each reading ``path`` back to back on a keep-alive connection (or posting
    ``bodies`` in turn) until ``stop``; the answers' statuses and bytes counted."""
    lock = threading.Lock()

    def reader(source: str) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120, source_address=(source, 0))
        turn = 0
        while not stop.is_set():
            body = bodies[turn % len(bodies)] if bodies else None
            turn += 1
            try:
                connection.request(method, path, body=body, headers={
                    "Accept-Language": "en", **({"Content-Type": "application/json"} if body else {})})
                answer = connection.getresponse()
                size = len(answer.read())
                key = str(answer.status)
            except (OSError, http.client.HTTPException):
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120, source_address=(source, 0))
                key, size = "no answer", 0
                stop.wait(0.2)
            with lock:
                stats[key] = stats.get(key, 0) + 1
                stats["bytes"] = stats.get("bytes", 0) + size

    threads = [threading.Thread(target=reader, args=(source,), daemon=True) for source in sources]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def read_phases(port: int, tapping: Tapping, pairs: int, finished: int) -> Phases:
    """The dealer's taps (``tapping`` makes a round of them) during each readers' phase, and what the readers got."""
    found: Phases = {}
    status, imported = api(port, "POST", "/api/tables/import", corrections_file(pairs))
    assert status == 201, imported
    steps = f"/api/tables/{imported['table']}/hands/1/steps"
    stats: dict[str, Any] = {}
    taps = during(lambda stop: loop_reads(port, steps, STEPS_PHONES, stop, stats), tapping)
    found[f"steps, {pairs} undo pairs"] = (taps, stats)
    finished_tables(port, finished)
    stats = {}
    taps = during(lambda stop: loop_reads(port, "/", START_PHONES, stop, stats), tapping)
    found[f"/ with {finished} finished"] = (taps, stats)
    stats = {}
    forged = forged_files()
    taps = during(lambda stop: loop_reads(port, "/api/tables/import", (FORGER,), stop, stats, "POST", forged),
                  tapping)
    found["forged imports"] = (taps, stats)
    return found


def main() -> int:
    from hostile import ConsoleDealer, report, taps_while
    from serving import percentile, served

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=1600)
    parser.add_argument("--finished", type=int, default=28)
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--pace", type=float, default=0.2)
    args = parser.parse_args()
    if not (1 <= args.pairs <= 5000 and 0 <= args.finished <= 150 and 1 <= args.taps <= 1000):
        parser.error("keep it bounded: 1-5,000 pairs, 0-150 finished tables, 1-1,000 taps")
    with served() as port:
        dealer = ConsoleDealer(port)
        for _ in range(10):
            dealer.tap()
        quiet = taps_while(dealer, None, args.taps, args.pace)
        phases = read_phases(port, lambda: taps_while(dealer, None, args.taps, args.pace), args.pairs, args.finished)
        quiet += taps_while(dealer, None, args.taps, args.pace)
    quiet_p95 = percentile(quiet, 0.95)
    print(report("quiet", quiet, None)[0])
    met = True
    for label, (taps, stats) in phases.items():
        text, ok = readers_report(label, taps, quiet_p95, report)
        met &= ok
        print(f"{text}  {stats}")
    return 0 if met else 1


def readers_report(label: str, taps: list[float], quiet_p95: float,
                   report: Callable[[str, list[float], float | None], tuple[str, bool]]) -> tuple[str, bool]:
    """The phase's line, judged against the readers' goal (1.5x the quiet p95, with the usual 5 ms of slack)."""
    from serving import percentile

    text, _ = report(label, taps, None)
    p95 = percentile(taps, 0.95)
    ok = p95 <= READERS_GOAL * quiet_p95 + 5.0
    return f"{text}  ({p95 / quiet_p95:.2f}x quiet: {'ok' if ok else 'MISSED'}, goal {READERS_GOAL}x)", ok


if __name__ == "__main__":
    sys.exit(main())
