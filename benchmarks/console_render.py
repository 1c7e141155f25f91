"""The server's part of a console tap: the time to build a tap's answer, at hand 1 and on a long night.

Through the app factory and Flask's test client (no network, no browser), on a real SQLite file: a six-player
table is created through the start form and played by plain form posts (answered by redirects, so nothing is
rendered) up to the hand measured; then each timed tap is the console's own request — ``hx-post`` with the
``X-Console-Keep`` header of a console that applied every earlier answer (the keys of the zones it shows, kept up
to date from each answer's zones) — timed from sending it to holding the whole gzipped answer, by the wall clock
and by the CPU time of the process (steadier on a shared machine: the test client runs the request in this
process). Each tap records the input too (seq check, engine, SQLite commit): that part is the same for every way
of rendering, and is measured alone after the timed taps, on as many taps of the same kind made without
JavaScript (answered by a redirect, nothing rendered): "input alone".

``--against COMMIT`` runs the same measurement on another commit of this repository (exported to a temporary
folder), in turns with the working tree, round after round, so the machine's load hits both alike.

Run: ``.venv/bin/python benchmarks/console_render.py [--hands 1 60] [--taps 40] [--rounds 3] [--against COMMIT]``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ana", "Bia", "Caio", "Duda", "Enzo", "Fabi"]
HX = {"HX-Request": "true", "Accept-Encoding": "gzip", "Origin": "http://localhost"}
KEYED = re.compile(r'<[a-z]+ id="([^"]+)"[^>]*? data-keep="([^"]+)"')
ZONE = re.compile(r'<div id="(zone-[a-z_]+)"')


class Console:
    """What a console on screen knows: the key of each keyed element it shows, by id, and which zone holds it."""

    def __init__(self, page: str) -> None:
        self.keys: dict[str, str] = {}
        self.owner: dict[str, str] = {}
        self.apply(page)

    def apply(self, html: str) -> None:
        zones = [(match.start(), match.group(1)) for match in ZONE.finditer(html)]
        for zone in {name for _, name in zones}:  # a zone sent whole replaces everything keyed inside it
            for inner in [key for key, owner in self.owner.items() if owner == zone]:
                self.keys.pop(inner, None)
                self.owner.pop(inner, None)
        for match in KEYED.finditer(html):
            element, key = match.groups()
            self.keys[element] = key
            inside = [name for start, name in zones if start <= match.start()]
            self.owner[element] = inside[-1] if inside else element

    def header(self) -> str:
        return ",".join(self.keys.values())


def _state(client: Any, table: str) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/api/tables/{table}").get_json()
    return body


def next_input(body: dict[str, Any]) -> dict[str, str]:
    """Calls and the big blind's check in round 1, pat draws, then folds to the last player: many short hands."""
    actions = {option["action"] for option in body["legal"]}
    fields = {"seq": str(body["seq"])}
    if body.get("to_act"):
        fields["player"] = body["to_act"]
    if "call" in actions:
        return {**fields, "action": "call"}
    if "check" in actions:
        return {**fields, "action": "check" if body["round"] == 1 else "fold"}
    if "draw" in actions:
        return {**fields, "action": "draw", "count": "0"}
    assert "deal" in actions, actions
    return {**fields, "action": "deal"}


def measure(root: Path, hands: list[int], taps: int) -> dict[str, dict[str, list[float]]]:
    """Per starting hand: each tap's time (ms, wall clock and this process's CPU) and its answer's size, raw and
    gzipped (bytes)."""
    sys.path.insert(0, str(root))
    from web import create_app

    found: dict[str, dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "render.sqlite3"), "TESTING": True})
        client = app.test_client()
        client.environ_base["HTTP_ORIGIN"] = "http://localhost"
        answer = client.post("/new", data={"name": PLAYERS, "player_stack": [""] * 6, "button": "0",
                                           "stack": "100000", "hands": "500"})
        table = answer.headers["Location"].split("/t/")[1].split("/")[0]
        for hand in hands:
            body = _state(client, table)
            while body["hand"] < hand or body["phase"] != "deal":
                if body["hand"] == hand and body["phase"] != "deal":
                    break
                played = client.post(f"/t/{table}/dealer/act", data=next_input(body))
                assert played.status_code == 303, played.get_data(as_text=True)[:500]
                body = _state(client, table)
            console = Console(client.get(f"/t/{table}/dealer").get_data(as_text=True))
            times: list[float] = []
            cpus: list[float] = []
            raw: list[float] = []
            wire: list[float] = []
            for _ in range(taps):
                data = next_input(body)
                started, cpu = time.perf_counter(), time.process_time()
                answer = client.post(f"/t/{table}/dealer/act", data=data,
                                     headers={**HX, "X-Console-Keep": console.header()})
                sent = answer.get_data()
                times.append((time.perf_counter() - started) * 1000)
                cpus.append((time.process_time() - cpu) * 1000)
                html = gzip.decompress(sent).decode() if answer.headers.get("Content-Encoding") == "gzip" \
                    else sent.decode()
                assert answer.status_code == 200, html[:500]
                console.apply(html)
                raw.append(len(html))
                wire.append(len(sent))
                body = _state(client, table)
            plain: list[float] = []  # the same kind of taps without JavaScript: the input alone, answered by a redirect
            for _ in range(taps):
                cpu = time.process_time()
                played = client.post(f"/t/{table}/dealer/act", data=next_input(body))
                plain.append((time.process_time() - cpu) * 1000)
                assert played.status_code == 303, played.get_data(as_text=True)[:500]
                body = _state(client, table)
            found[f"hand {hand}"] = {"ms": times, "cpu": cpus, "raw": raw, "wire": wire, "input": plain}
    return found


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


def checkout(commit: str, folder: Path) -> Path:
    """The tree of another commit, unpacked into ``folder``, to measure against side by side."""
    folder.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, nargs="+", default=[1, 60])
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", help="a commit to measure in turns with the working tree")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure(Path(args.worker), args.hands, args.taps)))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        ways = {"now": ROOT}
        if args.against:
            old = checkout(args.against, Path(folder) / "against")
            named = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.against], check=True,
                                   capture_output=True, text=True).stdout.strip()
            ways = {named: old, "now": ROOT}
        results: dict[str, dict[str, dict[str, list[float]]]] = {way: {} for way in ways}
        for _ in range(args.rounds):
            for way, root in ways.items():
                command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(root),
                           "--taps", str(args.taps), "--hands", *map(str, args.hands)]
                out = subprocess.run(command, check=True, capture_output=True, text=True, cwd=root).stdout
                for hand, figures in json.loads(out).items():
                    into = results[way].setdefault(hand, {"ms": [], "cpu": [], "raw": [], "wire": [], "input": []})
                    for name, values in figures.items():
                        into[name].extend(values)
    for hand in (f"hand {number}" for number in args.hands):
        for way in ways:
            figures = results[way][hand]
            print(f"{hand:8s} {way:11s} taps {len(figures['ms']):4d}  CPU p50 {statistics.median(figures['cpu']):6.2f} "
                  f"ms  p95 {_p95(figures['cpu']):6.2f} ms  wall p50 {statistics.median(figures['ms']):6.2f} ms  "
                  f"p95 {_p95(figures['ms']):6.2f} ms  input alone CPU p50 "
                  f"{statistics.median(figures['input']):5.2f} ms  "
                  f"answer {statistics.median(figures['raw']) / 1000:5.1f} KB "
                  f"({statistics.median(figures['wire']) / 1000:4.1f} KB gzipped)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
