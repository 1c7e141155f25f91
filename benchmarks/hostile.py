"""The dealer's taps while the network misbehaves: slow connections held open, then a flood of player-page reads.

Starts the real server (``python app.py`` on 127.0.0.1, its default threads) and one table, then times the dealer's
tap as the console makes it (an htmx form POST to ``/t/<id>/dealer/act`` or ``/undo`` with the dealer's cookie
and CSRF token, answered by the whole console fragment; deal and undo alternate, so the table never runs out of
taps), measured by the client from sending the request to reading the last byte, in three phases of one run:

1. **quiet**: the taps alone (the baseline: ``--taps`` taps at the start and as many at the end, pooled);
2. **slow connections**: ``--slow`` connections (300) each send a request line, then one header line every 5 s,
   held open ``--hold`` seconds (30) while the dealer taps; at the end the script counts how many are still open
   (the server must not have had to drop them to keep up);
3. **flood**: ``--flooders`` clients (20) read the player page (``GET /t/<id>``) back to back, at least
   ``--flood`` requests (1,000) in all, and on until the dealer has made ``--taps`` taps, every one during it;
   from 20 addresses (127.0.0.2-21, still this machine: phones on the network, each within its allowance of
   reads), from one (a hostile device, held to its allowance: most reads get a cheap 429) and from 127.0.0.1 (the
   laptop itself, exempt from the allowance: the dealer's own queue and thread alone keep the taps going).

4. **the hostile Wi-Fi** (benchmarks/hostile_wifi.py): ``--dribblers`` connections (2,000) from 4 addresses
   dribbling a header byte a second; a stranger importing a long night's session file over and over; one device
   posting ``--creations`` (100) table creations, then the laptop creating its own.

5. **the readers** (benchmarks/hostile_reads.py): two phones looping the steps of a hand of ``--pairs`` (1,600) undo
   pairs; four phones looping the start screen ``/`` with ``--finished`` (28) finished tables listed; a stranger
   posting forged session files. Goal for these: p95 within 1.5x the quiet p95.

All along, the laptop asks ``/api/health`` twice a second. Reported: p50/p95/max of the taps in each phase and p95
against the quiet p95, the health checks answered. Goals: every tap answered with 200, every health check
answered, and each phase's p95 within 3x the quiet p95 (with 5 ms of slack for the timer's noise on a fast
baseline). The exit status is 0 when every goal is met. Every connection goes to 127.0.0.0/8 only.

Run: ``.venv/bin/python benchmarks/hostile.py [--slow 300] [--hold 30] [--flood 1000] [--taps 60] [--threads N]
[--dribblers 2000] [--dribble-hold 30] [--night-hands 300] [--creations 100] [--pairs 1600] [--finished 28]``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import re
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from hostile_reads import read_phases, readers_report
from hostile_wifi import HealthChecks, creations, dribble, during, imports, long_night
from serving import percentile, served

ROOT = Path(__file__).resolve().parent.parent
GOAL_RATIO = 3.0
SLACK_MS = 5.0
FLOOD_DEVICES = (20, 1, 0)
FLOOD_NAMES = {20: "20 devices", 1: "one device", 0: "the laptop"}
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
SEQ = re.compile(r'data-seq="(\d+)"')


class ConsoleDealer:
    """The dealer's tablet: the cookie from the join link, the CSRF token from the console, one keep-alive
    connection; each tap is the console's htmx POST."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        status, body = self.request("POST", "/api/tables", '{"players": ["Ana", "Bia", "Caio", "Duda"]}',
                                    {"Content-Type": "application/json"})
        assert status == 201, body
        created = json.loads(body)
        self.table, token = created["table"], created["dealer_token"]
        self.connection.request("GET", f"/t/{self.table}/join?token={token}")
        answer = self.connection.getresponse()
        answer.read()
        self.cookie = str(answer.getheader("Set-Cookie", "")).split(";", 1)[0]
        status, page = self.request("GET", f"/t/{self.table}/dealer")
        found = CSRF.search(page)
        assert status == 200 and found, status
        self.csrf = found.group(1)
        self.seq = int(SEQ.search(page).group(1))  # type: ignore[union-attr]
        self.dealt = False

    def request(self, method: str, path: str, body: str | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, str]:
        sent = {"Accept-Language": "en", **({"Cookie": self.cookie} if hasattr(self, "cookie") else {}),
                **(headers or {})}
        self.connection.request(method, path, body=body, headers=sent)
        answer = self.connection.getresponse()
        return answer.status, answer.read().decode()

    def tap(self) -> tuple[int, float]:
        """Deal, or undo the deal: one tap, timed to the answer's last byte."""
        path = f"/t/{self.table}/dealer/" + ("undo" if self.dealt else "act")
        # undoing a deal asks "are you sure?" once: the dealer's second tap says yes, sent here with the first
        fields = {"seq": str(self.seq), "csrf_token": self.csrf,
                  **({"confirm": "yes"} if self.dealt else {"action": "deal"})}
        started = time.perf_counter()
        status, page = self.request("POST", path, urlencode(fields), {
            "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
            "Origin": f"http://127.0.0.1:{self.port}"})
        elapsed = (time.perf_counter() - started) * 1000
        found = SEQ.search(page)
        if status == 200 and found and int(found.group(1)) != self.seq:
            self.seq = int(found.group(1))
            self.dealt = not self.dealt
        elif status == 200:
            status = 0  # answered, but nothing applied: not a tap that went through
        return status, elapsed


def taps_while(dealer: ConsoleDealer, running: threading.Event | None, count: int, pace: float) -> list[float]:
    """At least ``count`` taps, ``pace`` s apart, and on while ``running`` is set; every one must be a 200."""
    timings: list[float] = []
    while len(timings) < count or (running is not None and running.is_set()):
        status, elapsed = dealer.tap()
        assert status == 200, f"a tap was refused or lost: HTTP {status}"
        timings.append(elapsed)
        time.sleep(pace)
    return timings


def slow_connections(port: int, count: int, hold: float) -> tuple[int, int]:
    """``count`` connections sending one header line every 5 s for ``hold`` seconds; (opened, still open)."""
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(b"GET /t/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        sockets.append(sock)
    deadline = time.monotonic() + hold
    line = 0
    alive = list(sockets)
    while time.monotonic() < deadline:
        line += 1
        still = []
        for sock in alive:  # spread over the 5 s, as devices that each keep their own pace
            time.sleep(5.0 / max(1, len(alive)))
            try:
                sock.sendall(f"X-Slow-{line}: {line}\r\n".encode())
                still.append(sock)
            except OSError:
                sock.close()
        alive = still
    for sock in sockets:
        sock.close()
    return count, len(alive)


def flood(port: int, table: str, clients: int, stop: threading.Event, counted: list[int], devices: int) -> None:
    """``clients`` threads reading the player page back to back until ``stop`` is set, from ``devices`` addresses
    (127.0.0.2, .3…: devices on the network, each with its allowance of reads), or with 0 all from 127.0.0.1 (the
    laptop itself, which the allowance exempts)."""
    lock = threading.Lock()

    def reader(number: int) -> None:
        source = (f"127.0.0.{number % devices + 2}", 0) if devices else None
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=source)
        while not stop.is_set():
            with lock:
                counted[0] += 1
            try:
                connection.request("GET", f"/t/{table}", headers={"Accept-Language": "en"})
                answer = connection.getresponse()
                answer.read()
                if answer.status == 429:
                    with lock:
                        counted[1] += 1
            except (OSError, http.client.HTTPException):
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=source)

    threads = [threading.Thread(target=reader, args=(number,), daemon=True) for number in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def flood_phase(dealer: ConsoleDealer, args: argparse.Namespace,
                devices: int) -> tuple[list[float], list[int], float]:
    """The dealer's taps during a flood of player-page reads: (tap timings, [reads, of which 429], seconds)."""
    counted = [0, 0]
    stop = threading.Event()
    started = time.monotonic()
    flooder = threading.Thread(target=flood, args=(dealer.port, dealer.table, args.flooders, stop, counted, devices))
    flooder.start()
    while counted[0] < 100:  # the flood is under way before the first tap
        time.sleep(0.01)
    taps: list[float] = []
    while counted[0] < args.flood or len(taps) < args.taps:  # every tap is made during the flood
        status, elapsed = dealer.tap()
        assert status == 200, f"a tap was refused or lost: HTTP {status}"
        taps.append(elapsed)
        time.sleep(args.pace / 4)
    stop.set()
    flooder.join()
    return taps, counted, time.monotonic() - started


def report(label: str, timings: list[float], quiet_p95: float | None) -> tuple[str, bool]:
    p95 = percentile(timings, 0.95)
    text = (f"{label:<18} {len(timings):>4} taps  p50 {percentile(timings, 0.5):6.1f} ms  p95 {p95:6.1f} ms  "
            f"max {max(timings):6.1f} ms")
    if quiet_p95 is None:
        return text, True
    ratio = p95 / quiet_p95
    ok = p95 <= GOAL_RATIO * quiet_p95 + SLACK_MS
    return f"{text}  ({ratio:.2f}x quiet: {'ok' if ok else 'MISSED'})", ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--slow", type=int, default=300)
    parser.add_argument("--hold", type=float, default=30.0)
    parser.add_argument("--flood", type=int, default=1000)
    parser.add_argument("--flooders", type=int, default=20)
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--threads", type=int, default=None, help="the server's threads (default: app.py's)")
    parser.add_argument("--pace", type=float, default=0.2, help="seconds between the dealer's taps")
    parser.add_argument("--dribblers", type=int, default=2000)
    parser.add_argument("--dribble-hold", type=float, default=30.0)
    parser.add_argument("--night-hands", type=int, default=300)
    parser.add_argument("--creations", type=int, default=100)
    parser.add_argument("--pairs", type=int, default=1600, help="undo pairs of the hand whose steps phones loop")
    parser.add_argument("--finished", type=int, default=28, help="finished tables listed on the start screen")
    args = parser.parse_args()
    if not (1 <= args.pairs <= 5000 and 0 <= args.finished <= 150):
        parser.error("keep it bounded: 1-5,000 pairs, 0-150 finished tables")
    raise_open_files(args.dribblers + args.slow + 256)
    with served(args.threads) as port:
        health = HealthChecks(port)
        try:
            night = long_night(args.night_hands)
            health.__enter__()
            dealer = ConsoleDealer(port)
            for _ in range(10):  # warm up: templates compiled, caches filled
                dealer.tap()
            quiet = taps_while(dealer, None, args.taps, args.pace)

            holding = threading.Event()
            holding.set()
            held: list[tuple[int, int]] = []

            def hold() -> None:
                held.append(slow_connections(port, args.slow, args.hold))
                holding.clear()

            threading.Thread(target=hold, daemon=True).start()
            time.sleep(1.0)  # every slow connection is open before the taps start
            slow = taps_while(dealer, holding, args.taps, args.pace)

            floods = [flood_phase(dealer, args, devices) for devices in FLOOD_DEVICES]
            wifi = wifi_phases(dealer, args, night)
            readers = read_phases(port, lambda: taps_while(dealer, None, args.taps, args.pace), args.pairs,
                                  args.finished)
            quiet += taps_while(dealer, None, args.taps, args.pace)  # the baseline, before and after
        finally:
            health.__exit__()

    quiet_p95 = percentile(quiet, 0.95)
    lines = [report("quiet", quiet, None), report(f"{args.slow} slow conns", slow, quiet_p95),
             *(report(f"flood, {FLOOD_NAMES[devices]}", taps, quiet_p95) for devices, (taps, _, _) in
               zip(FLOOD_DEVICES, floods, strict=True)),
             *(report(label, taps, quiet_p95) for label, (taps, _) in wifi.items()),
             *(readers_report(label, taps, quiet_p95, report) for label, (taps, _) in readers.items())]
    opened, still_open = held[0]
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    for text, _ in lines:
        print(text)
    print(f"slow connections: {opened} opened, {still_open} still open after {args.hold:.0f} s (a request must "
          f"arrive whole within the server's deadline)")
    for label, (_, stats) in (wifi | readers).items():
        print(f"{label}: {dict(stats)}")
    print(f"laptop health checks: {health.answered} answered, {health.unanswered} unanswered")
    for devices, (_, (reads, slowed), seconds) in zip(FLOOD_DEVICES, floods, strict=True):
        print(f"flood from {FLOOD_NAMES[devices]}: {reads} player-page reads by {args.flooders} clients in "
              f"{seconds:.1f} s, {slowed} answered 429")
    return 0 if all(ok for _, ok in lines) and health.unanswered == 0 else 1


def raise_open_files(needed: int) -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard), hard))


def wifi_phases(dealer: ConsoleDealer, args: argparse.Namespace,
                night: bytes) -> dict[str, tuple[list[float], dict[str, Any]]]:
    """The dealer's taps during each hostile Wi-Fi phase, and what the hostile side got."""
    found: dict[str, tuple[list[float], dict[str, Any]]] = {}
    dribbled: dict[str, Any] = {"opened": 0, "closed": 0, "refused": 0}
    holding = threading.Event()
    holding.set()

    def dribbling(stop: threading.Event) -> None:
        dribble(dealer.port, args.dribblers, args.dribble_hold, dribbled)
        holding.clear()

    taps = during(dribbling, lambda: taps_while(dealer, holding, args.taps, args.pace))
    found[f"{args.dribblers} dribbling"] = (taps, dribbled)
    imported: dict[str, Any] = {"file bytes": len(night)}
    taps = during(lambda stop: imports(dealer.port, night, stop, imported),
                  lambda: taps_while(dealer, None, args.taps, args.pace))
    found["stranger's imports"] = (taps, imported)
    created: dict[str, Any] = {}
    taps = during(lambda stop: creations(dealer.port, args.creations, created),
                  lambda: taps_while(dealer, None, args.taps, args.pace))
    found[f"{args.creations} creations"] = (taps, created)
    return found


if __name__ == "__main__":
    sys.exit(main())
