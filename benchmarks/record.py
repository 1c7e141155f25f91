"""One record of what happened: what the histories, the PHH export and the night's report cost against a replay.

Goal (docs/PERFORMANCE.md): for logs of 10, 60 and 200 hands with about 5 % corrections (undos), building every
hand's text history, the session's PHH and the night's report costs **at most 2x** ``Game.rebuild`` of the same log,
in the same run.

For each size, ``--repeat`` rounds, the sizes and the two sides taking turns (so a busy machine slows them alike);
medians reported:

- replay: ``Game.rebuild(log)`` (the engine records each input's facts as it applies it, so the steps the record is
  read from are built here);
- the record's outputs, cold (from the game that replay just returned: no hand's record or text built yet), each
  part timed on its own and summed: ``game.session_record(times)`` (every hand's record from its steps),
  ``pokerstars.session_text`` (every hand's text history), ``phh.session_text`` (every hand as PHH, the file written
  by PokerKit) and ``night_report(record, snapshot.standings)``. The snapshot is built before the timing
  (the report's page takes it for its standings and chart anyway; its cost is printed apart). PokerKit is imported
  before any timing, as the server imports it once.

Also printed (informative): one hand's share of each — replay, its record, its text, its PHH — the total divided
by the hands. ``--profile`` adds a cProfile of the cold outputs of the largest log (top functions by own time).
The logs are ``benchmarks/sessions.py`` ``session(hands, undo_rate=0.05)``; each entry gets a plausible time (a
few seconds apart), as the store would give it.

Run: ``.venv/bin/python benchmarks/record.py [--hands 10 60 200] [--repeat 7] [--profile]``. The exit status is 0
when the goal is met at every size.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from sessions import night_options, nights  # noqa: E402

from dealer import Game  # noqa: E402
from dealer.formats import phh, pokerstars  # noqa: E402  (PokerKit imported here, before any timing)
from dealer.formats.night_report import night_report  # noqa: E402
from dealer.rules.entries import Entry, Undo  # noqa: E402

RATIO_GOAL = 2.0
TABLE = "benchtbl"
PARTS = ("record", "text", "phh", "report")


def entry_times(log: list[Entry]) -> dict[int, float]:
    """When each entry was recorded: a few seconds apart, from an evening's start."""
    start = 1_767_225_600.0  # 2026-01-01 00:00 UTC
    return {seq: start + 4.0 * seq for seq in range(len(log))}


def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    value = work()
    return time.perf_counter() - started, value


def outputs(game: Game, times: dict[int, float]) -> dict[str, float]:
    """Seconds of each part of the record's outputs, cold, from a freshly replayed game."""
    standings = game.snapshot().standings  # not timed (see the module's docstring)
    costs: dict[str, float] = {}
    costs["record"], record = timed(lambda: game.session_record(times))
    costs["text"], _ = timed(lambda: pokerstars.session_text(record, TABLE))
    costs["phh"], _ = timed(lambda: phh.session_text(record, TABLE))
    costs["report"], _ = timed(lambda: night_report(record, standings))
    return costs


def measure(logs: dict[int, list[Entry]], repeat: int) -> dict[int, dict[str, list[float]]]:
    """Per size: the replay's and each output part's seconds, one of each per round, the sizes taking turns."""
    found: dict[int, dict[str, list[float]]] = {
        hands: {part: [] for part in ("replay", "snapshot", *PARTS)} for hands in logs}
    times = {hands: entry_times(log) for hands, log in logs.items()}
    for _ in range(repeat):
        for hands, log in logs.items():
            seconds, game = timed(lambda log=log: Game.rebuild(log))
            found[hands]["replay"].append(seconds)
            found[hands]["snapshot"].append(timed(game.snapshot)[0])
            for part, cost in outputs(game, times[hands]).items():
                found[hands][part].append(cost)
    return found


def profile(log: list[Entry], top: int = 25) -> str:
    game = Game.rebuild(log)
    times = entry_times(log)
    profiler = cProfile.Profile()
    profiler.enable()
    outputs(game, times)
    profiler.disable()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(top)
    return text.getvalue()


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    night_options(parser, "sizes of the logs, in hands")
    parser.add_argument("--profile", action="store_true", help="cProfile the outputs of the largest log")
    args = parser.parse_args()
    logs = nights(parser, args)
    measure({min(logs): logs[min(logs)]}, 1)  # warm up: first calls, PokerKit's lazy set-ups
    found = measure(logs, args.repeat)

    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    cpu = f"{os.cpu_count()} cores" + (f", {platform.processor()}" if platform.processor() else "")
    print(f"Record benchmark: every hand's text history + the session's PHH + the night's report, cold, against "
          f"Game.rebuild of the same log (median of {args.repeat} rounds, taking turns)")
    print(f"  machine: {platform.system()} {platform.release()}, {cpu}, Python {platform.python_version()}"
          + (f", load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} at the end" if load else ""))
    met = True
    for hands, log in logs.items():
        costs = {part: statistics.median(values) for part, values in found[hands].items()}
        total = sum(costs[part] for part in PARTS)
        ratio = total / costs["replay"]
        met &= ratio <= RATIO_GOAL
        undos = sum(1 for entry in log if isinstance(entry, Undo))
        played = len(Game.rebuild(log).hands())
        print(f"{hands} hands ({len(log):,} entries, {undos} undos, {played} hands dealt):")
        print(f"  replay                {ms(costs['replay'])}")
        print(f"  outputs, cold         {ms(total)}  = {total / costs['replay']:.2f}x replay, goal <= "
              f"{RATIO_GOAL:g}x {'met' if ratio <= RATIO_GOAL else 'NOT MET'}")
        for part, label in zip(PARTS, ("session_record", "pokerstars text", "phh", "night report"),
                               strict=True):
            print(f"    {label:18}  {ms(costs[part])}  = {costs[part] / costs['replay']:.2f}x replay")
        print(f"  (snapshot, not counted {ms(costs['snapshot'])})")
        share = {part: costs[part] / played * 1000 for part in ("replay", *PARTS)}
        print(f"  one hand (the total / {played}): replay {share['replay']:.3f} ms, its record "
              f"{share['record']:.3f} ms ({share['record'] / share['replay']:.2f}x), its text {share['text']:.3f} ms, "
              f"its PHH {share['phh']:.3f} ms")
    print(f"goal outputs <= {RATIO_GOAL:g}x replay at every size: {'met' if met else 'NOT MET'}")
    if args.profile:
        print(profile(logs[max(logs)]))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
