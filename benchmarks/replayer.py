"""Going to the tape: what one hand's steps cost, against replaying that hand, at several lengths of the night.

Goal (docs/PERFORMANCE.md): building a hand's steps (``GET /api/tables/ID/hands/N/steps``: the tape's start copied
from the game, every entry of the hand applied, a snapshot and a STATE after each) costs **at most 1.5x**
replaying that one hand the way the server answered it live (each of its entries applied with push, undo or redo,
and the STATE the API answered after it), and does not grow with the night: nights of 10, 60 and 200 hands.

For each night (``benchmarks/sessions.py`` ``session(hands, undo_rate=0.05)``, replayed once, untimed), the hand in
the middle of the night and the last hand, ``--repeat`` rounds taking turns, medians reported (the ratio is the
median of each round's ratio: the two sides of a round run back to back, so a busy machine slows them alike):

- steps: ``tape_start(game, n)`` + ``play_tape`` + ``steps_json`` (the API's work but the JSON text);
- the hand replayed: from the game standing just before the hand's first entry (``Game.rebuild(log[:first])``,
  untimed), each of the hand's entries applied as the server applied it, with ``state_json`` after each;
- informative: ``Game.rebuild`` of the whole night, what a replayer that replayed from the start would pay.

Run: ``.venv/bin/python benchmarks/replayer.py [--hands 10 60 200] [--repeat 7]``. The exit status is 0 when the
goal is met for every hand measured.
"""

from __future__ import annotations

import argparse
import os
import platform
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
from dealer.rules.entries import Entry, Input, Redo, Undo  # noqa: E402
from dealer.view.snapshot_json import state_json  # noqa: E402
from dealer.view.tape import TapeStart, play_tape, steps_json, tape_start  # noqa: E402

RATIO_GOAL = 1.5
TABLE = "benchtbl"


def timed(work: Callable[[], Any]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def steps(game: Game, number: int) -> None:
    start = tape_start(game, number)
    assert start is not None
    steps_json(play_tape(start), TABLE)


def hand_replayed(game: Game, start: TapeStart) -> Callable[[], None]:
    """The hand's entries applied to ``game`` (played on: a fresh one each round) as the server applied them, a
    STATE after each."""

    def work() -> None:
        for entry in start.entries:
            if isinstance(entry, Undo):
                game.undo(at=entry.at)
            elif isinstance(entry, Redo):
                game.redo(at=entry.at)
            else:
                assert isinstance(entry, Input)
                game.push(entry)
            state_json(game, TABLE)

    return work


def measure(log: list[Entry], repeat: int) -> dict[str, Any]:
    game = Game.rebuild(log)
    found: dict[str, Any] = {"night": [], "hands": {}}
    numbers = sorted({max(1, game.hand_number // 2), game.hand_number})
    starts = {number: tape_start(game, number) for number in numbers}
    for number, start in starts.items():
        assert start is not None
        found["hands"][number] = {"steps": [], "replayed": [], "entries": len(start.entries)}
    for _ in range(repeat):
        found["night"].append(timed(lambda: Game.rebuild(log)))
        for number, start in starts.items():
            assert start is not None
            found["hands"][number]["steps"].append(timed(lambda number=number: steps(game, number)))
            before = Game.rebuild(log[:start.first])  # untimed: where the table stood before the hand
            found["hands"][number]["replayed"].append(timed(hand_replayed(before, start)))
    return found


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    night_options(parser, "lengths of the nights, in hands")
    args = parser.parse_args()
    logs = nights(parser, args)
    measure(logs[min(logs)], 1)  # warm up
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    print(f"Replayer benchmark: one hand's steps against replaying that hand (median of {args.repeat} rounds)")
    print(f"  machine: {platform.system()} {platform.release()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}" + (f", load average {load[0]:.1f}" if load else ""))
    met = True
    for hands, log in logs.items():
        found = measure(log, args.repeat)
        night = ms(statistics.median(found["night"]))
        print(f"{hands} hands ({len(log):,} entries): Game.rebuild of the night {night}")
        for number, costs in found["hands"].items():
            built, replayed = statistics.median(costs["steps"]), statistics.median(costs["replayed"])
            ratio = statistics.median(one / other for one, other in zip(costs["steps"], costs["replayed"], strict=True))
            met &= ratio <= RATIO_GOAL
            print(f"  hand {number:>3} ({costs['entries']:>3} entries): steps {ms(built)}, the hand replayed "
                  f"{ms(replayed)}, ratio {ratio:4.2f}x {'ok' if ratio <= RATIO_GOAL else 'OVER'}")
    print(f"goal: steps <= {RATIO_GOAL}x the hand replayed, at every length: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
