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

Second goal (docs/API.md, "Replaying a hand"): the steps are **linear in the hand's entries**. One hand of 100, 400
and 1,600 undo pairs (the deal, then a raise entered and undone again and again: the dealer's corrections, or a
stranger's import), against a plain hand of the same table (the deal and eight actions): the JSON's bytes and the
time to build it (``tape_start`` + ``play_tape`` + ``steps_json`` + the JSON text), each per entry of the hand.
Goal: bytes per entry at most 1.5x the plain hand's at every size (each step carries its own lines, never the log
so far), time per entry at most 3x (the corrections' steps each rebuild the hand's snapshot).

Run: ``.venv/bin/python benchmarks/replayer.py [--hands 10 60 200] [--repeat 7] [--pairs 100 400 1600]``. The exit
status is 0 when both goals are met for every hand measured.
"""

from __future__ import annotations

import argparse
import json
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
from dealer.rules.entries import Entry, Input, Redo, Undo, parse_create, parse_input  # noqa: E402
from dealer.view.snapshot_json import state_json  # noqa: E402
from dealer.view.tape import TapeStart, play_tape, steps_json, tape_start  # noqa: E402

RATIO_GOAL = 1.5
BYTES_GOAL = 1.5  # bytes per entry of a hand of corrections against a plain hand's
TIME_GOAL = 3.0
TABLE = "benchtbl"
PLAIN = ("raise Ana", "call Bia", "call Caio", "draw Bia 2", "draw Caio 1", "draw Ana 0", "check Bia", "check Caio")


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


def corrected_hand(pairs: int) -> Game:
    """Hand 1 dealt, then Ana's raise entered and undone ``pairs`` times; with no pairs, a plain hand instead."""
    game = Game(parse_create({"players": ["Ana", "Bia", "Caio"], "button": "Ana"}))
    game.push(parse_input({"action": "deal"}))
    for _ in range(pairs):
        game.push(parse_input({"action": "raise", "player": "Ana"}))
        game.undo(at=1764622800.0)
    if not pairs:
        for said in PLAIN:
            action, player, *count = said.split()
            game.push(parse_input({"action": action, "player": player, **({"count": int(count[0])} if count else {})}))
    return game


def steps_text(game: Game) -> bytes:
    start = tape_start(game, 1)
    assert start is not None
    return json.dumps(steps_json(play_tape(start), TABLE), ensure_ascii=False, separators=(",", ":")).encode()


def corrections(pairs: list[int], repeat: int) -> bool:
    """Bytes and time per entry of a hand of ``pairs`` undo pairs against a plain hand's; whether both goals hold."""
    costs = {}
    for count in [0, *pairs]:
        game = corrected_hand(count)
        size = len(steps_text(game))
        seconds = statistics.median(timed(lambda game=game: steps_text(game)) for _ in range(repeat))
        costs[count] = (len(game.entries) - 1, size, seconds)
    entries, size, seconds = costs[0]
    print(f"plain hand ({entries} entries): {size:,} bytes, {ms(seconds)} ({size / entries:,.0f} B and "
          f"{seconds / entries * 1e6:.0f} us per entry)")
    met = True
    for count in pairs:
        many, bytes_, took = costs[count]
        byte_ratio = (bytes_ / many) / (size / entries)
        time_ratio = (took / many) / (seconds / entries)
        ok = byte_ratio <= BYTES_GOAL and time_ratio <= TIME_GOAL
        met &= ok
        print(f"  {count:>5} undo pairs ({many:>5} entries): {bytes_:>11,} bytes, {ms(took)}; per entry "
              f"{byte_ratio:4.2f}x the bytes, {time_ratio:4.2f}x the time of the plain hand {'ok' if ok else 'OVER'}")
    return met


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    night_options(parser, "lengths of the nights, in hands")
    parser.add_argument("--pairs", type=int, nargs="+", default=[100, 400, 1600],
                        help="undo pairs of the corrected hands (at most 5,000)")
    args = parser.parse_args()
    if not all(1 <= pairs <= 5000 for pairs in args.pairs):
        parser.error("keep it bounded: 1-5,000 undo pairs")
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
    print("A hand of corrections against a plain hand, per entry:")
    linear = corrections(args.pairs, args.repeat)
    print(f"goal: per entry <= {BYTES_GOAL}x the bytes and {TIME_GOAL}x the time of a plain hand: "
          f"{'met' if linear else 'NOT met'}")
    return 0 if met and linear else 1


if __name__ == "__main__":
    sys.exit(main())
