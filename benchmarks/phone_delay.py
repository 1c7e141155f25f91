"""Tap to phone: how long a dealer's tap takes to reach the phones that follow the player view.

Starts the real server (``python app.py --host 127.0.0.1 --port P --db <temp file>``), creates a six-player table
and taps ``--taps`` inputs through ``POST /api/tables/<id>/actions`` (the dealer, one keep-alive connection), a
random ``--pace`` apart, as a dealer taps. Meanwhile ``--phones`` simulated phones follow the table the way htmx
does on the player page: each loads ``/t/<id>``, reads the live part's polling URL (``hx-get``,
``/t/<id>/live?seq=N``) and interval (``hx-trigger="every 1s"``, web/player.py POLL_INTERVAL) from the page
itself, and polls it on a timer. As in htmx 4, the timer is the element's own ``setInterval``: a 204 (nothing
changed) leaves the element and its timer alone; a 200 is swapped in, and the new element (with the new seq in
its URL) starts a new timer from that moment. A tick that comes while the last poll is still out is skipped.
The phones load the page at random moments of the first 2 s, so they poll out of step, as real phones do.

Reported, in milliseconds, over every (tap, phone) pair: the delay from the dealer sending the tap to that phone
receiving a fragment at the tap's seq or later (median, p90, p95, max), and how many pairs never arrived.
A phone polling every interval I at a random phase sees a change after about I/2 on average and at most I, plus
the request itself: the goal (web/player.py: "a dealer change reaches every phone within about one second") is
p95 <= I + 250 ms and nothing missed. The exit status is 0 when it is met.

Run: ``.venv/bin/python benchmarks/phone_delay.py [--phones 10] [--taps 30] [--pace 1.2 2.4] [--seed 7]``.
Only 127.0.0.1 is contacted; the run lasts about taps x mean pace seconds (about a minute by default).
"""

from __future__ import annotations

import argparse
import html
import json
import os
import platform
import random
import re
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from api import Client, free_port, percentile, start_server

SLACK_MS = 250.0  # beyond one poll interval: the request, the render and a loaded machine
PLAYERS = ["Ana", "Bia", "Caio", "Duda", "Enzo", "Fabi"]
LIVE = re.compile(rb'<section id="live"[^>]*>')
ATTRIBUTE = {name: re.compile(rb'\b' + name.encode() + rb'="([^"]*)"') for name in ("hx-get", "hx-trigger",
                                                                                     "data-seq")}
EVERY = re.compile(r"\bevery\s+(\d+(?:\.\d+)?)(ms|s)\b")


def live_element(body: bytes) -> dict[str, str]:
    """The attributes of the live part (``<section id="live" …>``) of a page or fragment that htmx reads."""
    found = LIVE.search(body)
    if found is None:
        raise SystemExit("no live part (#live) in the player page: has the template changed?")
    tag = found.group()
    values = {}
    for name, pattern in ATTRIBUTE.items():
        match = pattern.search(tag)
        if match is None:
            raise SystemExit(f"the live part has no {name}: has the template changed?")
        values[name] = html.unescape(match.group(1).decode())
    return values


def interval_of(trigger: str) -> float:
    """Seconds between polls, from ``hx-trigger="every 1s, …"``."""
    found = EVERY.search(trigger)
    if found is None:
        raise SystemExit(f"the live part does not poll on a timer: hx-trigger={trigger!r}")
    return float(found.group(1)) / (1000 if found.group(2) == "ms" else 1)


class Dealer:
    """Taps legal inputs (mostly calls and checks, draws, shows) and notes when each seq was sent."""

    def __init__(self, port: int, rng: random.Random) -> None:
        self.client = Client(port)
        self.rng = rng
        status, body, _ = self.client.request("POST", "/api/tables", {
            "players": [{"name": name, "stack": 1000} for name in PLAYERS], "button": "Ana"})
        assert status == 201, body
        created = json.loads(body)
        self.table, self.token = created["table"], created["dealer_token"]
        self.state: dict[str, Any] = created["state"]
        self.sent: dict[int, float] = {}  # seq -> perf_counter when its tap was sent

    def tap(self) -> None:
        payload = self.choose()
        seq = self.state["seq"] + 1
        self.sent[seq] = time.perf_counter()
        status, body, _ = self.client.request("POST", f"/api/tables/{self.table}/actions", payload,
                                              headers={"Authorization": f"Bearer {self.token}"})
        assert status == 200, (payload, body)
        self.state = json.loads(body)
        assert self.state["seq"] == seq, (seq, self.state["seq"])

    def choose(self) -> dict[str, Any]:
        state, rng = self.state, self.rng
        legal = {option["action"] for option in state["legal"]}
        player = state["to_act"]
        if state["phase"] == "deal":
            return {"action": "deal"}
        if state["phase"] == "draw":
            return {"action": "draw", "player": player, "count": rng.choice((0, 1, 2, 3))}
        if state["phase"] == "showdown":
            if "show" in legal and not state["showdown"]["shown"]:
                deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
                return {"action": "show", "player": player, "cards": " ".join(rng.sample(deck, 5))}
            return {"action": "muck", "player": player}
        if "raise" in legal and rng.random() < 0.15:
            return {"action": "raise", "player": player}
        return {"action": "call" if "call" in legal else "check", "player": player}


class Phone(threading.Thread):
    """One phone on the player view, polling as htmx does (see the module's docstring)."""

    def __init__(self, port: int, table: str, stop: threading.Event, start_after: float) -> None:
        super().__init__(daemon=True)
        self.client = Client(port)
        self.table, self.stop, self.start_after = table, stop, start_after
        self.received: dict[int, float] = {}  # seq -> perf_counter when a fragment at that seq arrived
        self.polls = 0
        self.interval = 0.0

    def run(self) -> None:
        self.stop.wait(self.start_after)
        status, body, _ = self.client.request("GET", f"/t/{self.table}")
        assert status == 200, status
        element = live_element(body)
        self.interval = interval_of(element["hx-trigger"])
        url = element["hx-get"]
        self.received[int(element["data-seq"])] = time.perf_counter()
        next_tick = time.perf_counter() + self.interval  # the element's setInterval starts when it is processed
        headers = {"HX-Request": "true"}
        while not self.stop.wait(max(0.0, next_tick - time.perf_counter())):
            status, body, _ = self.client.request("GET", url, headers=headers)
            arrived = time.perf_counter()
            self.polls += 1
            if status == 200:  # swapped in: a new element with its own URL and its own timer
                element = live_element(body)
                url = element["hx-get"]
                self.received.setdefault(int(element["data-seq"]), arrived)
                next_tick = arrived + self.interval
            else:
                assert status == 204, status
                next_tick += self.interval
                while next_tick <= arrived:  # ticks that came while the poll was out: skipped
                    next_tick += self.interval

    def delay(self, seq: int, sent: float) -> float | None:
        """Seconds from the tap of ``seq`` to this phone holding that seq or a later one (None: never)."""
        arrivals = [moment for shown, moment in self.received.items() if shown >= seq]
        return min(arrivals) - sent if arrivals else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=10, help="phones following the player view")
    parser.add_argument("--taps", type=int, default=30, help="dealer inputs, one at a time")
    parser.add_argument("--pace", type=float, nargs=2, default=(1.2, 2.4), metavar=("MIN", "MAX"),
                        help="seconds between two taps, drawn uniformly")
    parser.add_argument("--threads", type=int, default=16, help="server threads (app.py --threads)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if not (1 <= args.phones <= 100 and 1 <= args.taps <= 500 and 0 < args.pace[0] <= args.pace[1] <= 30):
        parser.error("keep it bounded: 1-100 phones, 1-500 taps, a pace of at most 30 s")

    rng = random.Random(args.seed)
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(Path(folder) / "bench.sqlite3", port, args.threads)
        try:
            dealer = Dealer(port, rng)
            stop = threading.Event()
            phones = [Phone(port, dealer.table, stop, rng.random() * 2.0) for _ in range(args.phones)]
            for phone in phones:
                phone.start()
            deadline = time.monotonic() + 30
            while any(not phone.interval for phone in phones) and time.monotonic() < deadline:
                time.sleep(0.05)  # every phone has loaded the page and is polling
            interval = max(phone.interval for phone in phones)
            if not interval:
                raise SystemExit("the phones did not load the player page")
            stop.wait(interval)
            began = time.perf_counter()
            for _ in range(args.taps):
                dealer.tap()
                stop.wait(rng.uniform(*args.pace))
            duration = time.perf_counter() - began
            stop.wait(2 * interval + 1)  # the last tap reaches every phone
            stop.set()
            for phone in phones:
                phone.join(timeout=10)
        finally:
            server.terminate()
            server.wait(timeout=10)

    delays: list[float] = []
    missed = 0
    for seq, sent in dealer.sent.items():
        for phone in phones:
            delay = phone.delay(seq, sent)
            if delay is None:
                missed += 1
            else:
                delays.append(delay * 1000)
    polls = sum(phone.polls for phone in phones)
    cpu = f"{os.cpu_count()} cores" + (f", {platform.processor()}" if platform.processor() else "")
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    goal = interval * 1000 + SLACK_MS
    print(f"Phone delay benchmark: {len(dealer.sent)} taps in {duration:.0f} s ({args.pace[0]:g}-{args.pace[1]:g} s "
          f"apart), {args.phones} phones polling the live fragment every {interval:g} s (from the player page), "
          f"{polls} polls, server --threads {args.threads}")
    print(f"  machine: {platform.system()} {platform.release()}, {cpu}, Python {platform.python_version()}"
          + (f", load average {load[0]:.1f} at the end" if load else ""))
    if delays:
        figures = "  ".join(f"{label} {percentile(delays, fraction):6.0f} ms"
                            for label, fraction in (("p50", 0.50), ("p90", 0.90), ("p95", 0.95)))
        print(f"  tap -> phone (n={len(delays)}):  {figures}  max {max(delays):6.0f} ms"
              f"  min {min(delays):6.0f} ms")
    print(f"  never reached a phone: {missed}")
    met = bool(delays) and missed == 0 and percentile(delays, 0.95) <= goal
    print(f"  goal p95 <= {goal:.0f} ms (one poll interval + {SLACK_MS:.0f} ms), nothing missed: "
          f"{'met' if met else 'NOT MET'}")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
