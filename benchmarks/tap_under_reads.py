"""The dealer's tap while 10 phones keep opening the night's report and the hand histories.

Goal (docs/PERFORMANCE.md): the dealer's tap p95 while 10 phones keep reading the report and the histories is **at
most 1.5x** the tap p95 without them, in the same run.

Starts the real server (``python app.py --host 127.0.0.1 --port P --db <temp file> --threads T``), creates a
six-player table through the JSON API and plays ``--warmup`` hands first (plausible inputs chosen from the STATE's
``legal`` list: deals, checks and calls, some raises, draws with a count, at the showdown 5 distinct cards shown or
a muck), so the record has something to write. Then the dealer taps (``POST /api/tables/<id>/actions``, one
keep-alive connection, ``--pace`` seconds apart) in phases of ``--block`` taps that take turns:

- quiet: nobody else reads;
- loaded: ``--readers`` phones, each its own keep-alive connection, read back to back (the next request as soon as
  the answer is in): ``/t/<id>/report``, ``/api/tables/<id>/hands.txt``, ``/api/tables/<id>/hands.phhs`` and one
  random hand, ``/api/tables/<id>/hands/<n>.txt`` or ``.phh``, over and over.

The phones run in a process of their own (10 threads), so their client work does not share the dealer's client
interpreter: what slows the dealer is the server's work for them (and the two cores both processes share with it).
Requests from 127.0.0.1 are exempt from the per-device read allowance (web/limits.py), so they are not throttled.
A tap is timed from sending it to reading its whole answer. Every phase stops after its taps or ``--phase-limit``
seconds, whichever comes first. ``--control`` makes the phones read the table's JSON STATE instead (served from
memory, once per seq): what any 10 back-to-back readers cost the tap, whatever they read.

Run: ``.venv/bin/python benchmarks/tap_under_reads.py [--readers 10] [--taps 300] [--block 25] [--warmup 20]
[--pace 0.05] [--threads 16] [--seed 11] [--control]``. Only 127.0.0.1 is contacted; the run lasts about a minute.
The exit status is 0 when the goal is met.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import resource
import sys
import threading
import time
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serving import Client, figures, machine, percentile, served

RATIO_GOAL = 1.5
PLAYERS = ["Ana", "Bia", "Caio", "Duda", "Enzo", "Fabi"]
DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
READS = ("report", "hands.txt", "hands.phhs", "hand")
CONTROL = ("JSON state",)  # --control: the phones read the table's JSON STATE instead (cached per seq)


class Dealer:
    """Taps plausible legal inputs, chosen from the STATE's ``legal`` list, and times each tap."""

    def __init__(self, port: int, rng: random.Random, hands: int) -> None:
        self.client = Client(port)
        self.rng = rng
        self.table, self.token, self.state = self.client.create_table(PLAYERS, 100_000, hands=hands)
        self.shown: set[str] = set()  # the cards shown at this hand's showdown (no card twice)

    def tap(self) -> float:
        payload = self.choose()
        status, body, elapsed = self.client.request("POST", f"/api/tables/{self.table}/actions", payload,
                                                    headers={"Authorization": f"Bearer {self.token}"})
        assert status == 200, (payload, body)
        self.state = json.loads(body)
        return elapsed

    def choose(self) -> dict[str, Any]:
        state, rng = self.state, self.rng
        if state["phase"] == "over":
            raise SystemExit("the session is over: create the table with more hands")
        legal = {option["action"] for option in state["legal"]}
        player = state["to_act"]
        if state["phase"] == "deal":
            self.shown.clear()
            return {"action": "deal"}
        if state["phase"] == "draw":
            return {"action": "draw", "player": player, "count": rng.choice((0, 1, 1, 2, 2, 3))}
        if state["phase"] == "showdown":
            if "show" in legal and (not state["showdown"]["shown"] or rng.random() < 0.5):
                cards = rng.sample([card for card in DECK if card not in self.shown], 5)
                self.shown.update(cards)
                return {"action": "show", "player": player, "cards": "".join(cards)}
            return {"action": "muck", "player": player}
        roll = rng.random()
        if "raise" in legal and roll < 0.1:
            return {"action": "raise", "player": player}
        if "bet" in legal and roll < 0.2:
            return {"action": "bet", "player": player}
        if "fold" in legal and roll < 0.25 and sum(p["status"] == "active" for p in state["players"]) > 2:
            return {"action": "fold", "player": player}
        return {"action": "call" if "call" in legal else "check", "player": player}


def phones(port: int, table: str, count: int, seed: int, control: bool, reading: Event, stop: Event,
           results: Any) -> None:
    """The phones' process: ``count`` threads read back to back while ``reading`` is set, until ``stop``."""
    found: dict[str, list[float]] = {kind: [] for kind in (CONTROL if control else READS)}
    errors: list[str] = []
    lock = threading.Lock()

    def phone(number: int) -> None:
        rng = random.Random(seed * 100 + number)
        client = Client(port)
        paths = {"report": f"/t/{table}/report", "hands.txt": f"/api/tables/{table}/hands.txt",
                 "hands.phhs": f"/api/tables/{table}/hands.phhs"}
        if control:
            paths = {CONTROL[0]: f"/api/tables/{table}"}
        kinds = tuple(found)
        hands = 1
        turn = rng.randrange(len(kinds))
        while not stop.is_set():
            if not reading.wait(0.05):
                continue
            kind = kinds[turn % len(kinds)]
            turn += 1
            path = paths.get(kind) or f"/api/tables/{table}/hands/{rng.randint(1, hands)}.{rng.choice(('txt', 'phh'))}"
            status, body, elapsed = client.request("GET", path)
            with lock:
                if status != 200:
                    errors.append(f"{status} {path}")
                    continue
                found[kind].append(elapsed)
            if kind == "hands.txt":
                hands = max(1, body.count(b" Hand #"))  # the hands dealt so far, for the random single hand

    threads = [threading.Thread(target=phone, args=(number,), daemon=True) for number in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    results.put((found, errors, usage.ru_utime + usage.ru_stime))


def measure(args: argparse.Namespace, port: int) -> tuple[dict[bool, list[float]], dict[str, list[float]],
                                                           list[str], int, float, float, float]:
    rng = random.Random(args.seed)
    dealer = Dealer(port, rng, hands=args.warmup + 60)
    while dealer.state["hand"] <= args.warmup:  # the first hands, so the record has something to write
        dealer.tap()
    context = multiprocessing.get_context("spawn")
    reading, stop = context.Event(), context.Event()
    results = context.Queue()
    reader = context.Process(target=phones, args=(port, dealer.table, args.readers, args.seed, args.control,
                                                  reading, stop, results), daemon=True)
    reader.start()
    taps: dict[bool, list[float]] = {False: [], True: []}
    loaded = False
    loaded_time = 0.0  # seconds the phones were reading
    began = time.perf_counter()
    try:
        while len(taps[False]) + len(taps[True]) < args.taps:
            if loaded:
                reading.set()
                phase_began = time.perf_counter()
                time.sleep(0.3)  # the phones are reading before the first tap of the phase
            deadline = time.monotonic() + args.phase_limit
            for _ in range(min(args.block, args.taps - len(taps[False]) - len(taps[True]))):
                if time.monotonic() > deadline:
                    break
                taps[loaded].append(dealer.tap())
                time.sleep(args.pace)
            if loaded:
                reading.clear()
                loaded_time += time.perf_counter() - phase_began
            time.sleep(0.3)  # the phones' last requests are answered before a quiet phase
            loaded = not loaded
        duration = time.perf_counter() - began
    finally:
        stop.set()
        reading.clear()
    found, errors, cpu = results.get(timeout=30)
    reader.join(timeout=10)
    return taps, found, errors, dealer.state["hand"], duration, loaded_time, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readers", type=int, default=10, help="phones reading the report and the histories")
    parser.add_argument("--taps", type=int, default=300, help="dealer taps measured (quiet and loaded)")
    parser.add_argument("--block", type=int, default=25, help="taps per phase (quiet, loaded, quiet, ...)")
    parser.add_argument("--warmup", type=int, default=20, help="hands played before the measure")
    parser.add_argument("--pace", type=float, default=0.05, help="seconds between two taps")
    parser.add_argument("--phase-limit", type=float, default=20.0, help="seconds at most per phase")
    parser.add_argument("--threads", type=int, default=16, help="server threads (app.py --threads)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--control", action="store_true",
                        help="the phones read the JSON STATE (cached per seq) instead: what any 10 back-to-back "
                             "readers cost the tap, whatever they read")
    args = parser.parse_args()
    if not (1 <= args.readers <= 50 and 2 <= args.taps <= 1000 and 1 <= args.block <= args.taps
            and 0 <= args.warmup <= 100 and 0 <= args.pace <= 5 and 1 <= args.phase_limit <= 60):
        parser.error("keep it bounded: 1-50 readers, 2-1,000 taps, 0-100 hands first, a pace of at most 5 s, "
                     "phases of at most 60 s")

    with served(args.threads) as port:
        taps, reads, errors, hand, duration, loaded_time, phones_cpu = measure(args, port)

    what = "the JSON STATE (control)" if args.control else "the report and the histories"
    print(f"Tap under reads benchmark: {len(taps[False]) + len(taps[True])} taps in {duration:.0f} s ({args.pace:g} s "
          f"apart, phases of {args.block} quiet / loaded), hands {args.warmup + 1}-{hand} (after {args.warmup} "
          f"played first), {args.readers} phones reading {what} back to back while loaded, server --threads "
          f"{args.threads}")
    print(machine(all_loads=True))
    print(f"  dealer tap quiet   (n={len(taps[False]):4}):  {figures(taps[False])}")
    print(f"  dealer tap loaded  (n={len(taps[True]):4}):  {figures(taps[True])}")
    for kind, values in reads.items():
        if values:
            label = "one hand .txt/.phh" if kind == "hand" else kind
            print(f"    phone read {label:18} (n={len(values):5}):  {figures(values)}")
    count = sum(len(values) for values in reads.values())
    print(f"  phones: {count / loaded_time:.0f} reads/s while loaded; their own process used {phones_cpu:.1f} s of CPU "
          f"in {loaded_time:.1f} s loaded")
    if errors:
        print(f"  phone reads not answered 200: {len(errors)}, e.g. {errors[:3]}")
    ratio = percentile(taps[True], 0.95) / percentile(taps[False], 0.95)
    met = ratio <= RATIO_GOAL and not errors
    print(f"  goal dealer tap p95 loaded / quiet <= {RATIO_GOAL:g}: {ratio:.2f} {'met' if met else 'NOT MET'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
