"""The hostile Wi-Fi phases of benchmarks/hostile.py (issue 22): every connection to 127.0.0.0/8 only, counts and
times bounded.

- **dribbling**: ``--dribblers`` connections (2,000) from 4 addresses (127.0.0.2-5), each sending one header byte a
  second and reconnecting whenever the server closes it, for ``--dribble-hold`` seconds;
- **imports**: a stranger (127.0.0.6, no dealer cookie) posts a session file of a long night (another laptop's,
  :func:`long_night`) over and over;
- **creations**: one device (127.0.0.7) posts 100 table creations as fast as it can, then the laptop creates one.

All the while the dealer taps (as in the other phases) and the laptop asks ``/api/health`` twice a second
(:class:`HealthChecks`): every tap and every health check must be answered.
"""

from __future__ import annotations

import http.client
import json
import socket
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent)]  # the engine, to write the stranger's file

from sessions import session  # noqa: E402

from dealer import Game, export_document  # noqa: E402

DRIBBLE_ADDRESSES = ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5")
STRANGER = "127.0.0.6"
CREATOR = "127.0.0.7"


class HealthChecks:
    """The laptop's own health check (127.0.0.1), twice a second on a new connection: answered or not."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.answered = 0
        self.unanswered = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
                connection.request("GET", "/api/health")
                ok = connection.getresponse().status == 200
                connection.close()
            except (OSError, http.client.HTTPException):
                ok = False
            if ok:
                self.answered += 1
            else:
                self.unanswered += 1
            self.stop.wait(0.5)

    def __enter__(self) -> HealthChecks:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=15)


def dribble(port: int, count: int, hold: float, stats: dict[str, int]) -> None:
    """``count`` connections from 4 addresses, one byte a second each, reopened when closed, for ``hold`` s."""
    request = b"GET /t/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Dribble: " + b"a" * 100_000
    slots: list[tuple[socket.socket | None, int]] = [(None, 0)] * count
    deadline = time.monotonic() + hold
    while time.monotonic() < deadline:
        tick = time.monotonic()
        for index, (sock, sent) in enumerate(slots):
            if sock is None:
                try:
                    sock = socket.create_connection(("127.0.0.1", port), timeout=2, source_address=(
                        DRIBBLE_ADDRESSES[index % len(DRIBBLE_ADDRESSES)], 0))
                    sock.setblocking(False)
                    stats["opened"] += 1
                    sent = 0
                except OSError:
                    stats["refused"] += 1
                    continue
            try:
                sock.send(request[sent:sent + 1])
                slots[index] = (sock, sent + 1)
            except OSError:
                sock.close()
                stats["closed"] += 1
                slots[index] = (None, 0)
        time.sleep(max(0.0, 1.0 - (time.monotonic() - tick)))
    for sock, _ in slots:
        if sock is not None:
            sock.close()


def long_night(hands: int) -> bytes:
    """Another laptop's night as a stranger would post it: a session file of ``hands`` hands of 6 players played
    through the engine (calls, raises, folds, draws and showdowns: benchmarks/sessions.py; 300 hands are 13,020
    entries, about 1 MB), recorded yesterday, so each import is a new session for the server, checked and replayed
    in full."""
    entries = session(hands, stop_before_end=False)
    start = time.time() - 86_400
    document = export_document(Game.rebuild(entries), [start + seq for seq in range(len(entries))], "strngr")
    return json.dumps(document).encode()


def imports(port: int, document: bytes, stop: threading.Event, stats: dict[str, int]) -> None:
    """A stranger posting ``document`` to the import address back to back until ``stop``."""
    while not stop.is_set():
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(STRANGER, 0))
            connection.request("POST", "/api/tables/import", body=document,
                               headers={"Content-Type": "application/json"})
            status = connection.getresponse().status
            connection.close()
            stats[str(status)] = stats.get(str(status), 0) + 1
        except (OSError, http.client.HTTPException):
            stats["no answer"] = stats.get("no answer", 0) + 1
            stop.wait(0.2)


def creations(port: int, count: int, stats: dict[str, int]) -> None:
    """One device posting ``count`` table creations back to back, then the laptop creating its own."""
    body = json.dumps({"players": ["Junk", "Spam"]})
    for _ in range(count):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(CREATOR, 0))
            connection.request("POST", "/api/tables", body=body, headers={"Content-Type": "application/json"})
            status = connection.getresponse().status
            connection.close()
            stats[str(status)] = stats.get(str(status), 0) + 1
        except (OSError, http.client.HTTPException):
            stats["no answer"] = stats.get("no answer", 0) + 1
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("POST", "/api/tables", body=json.dumps({"players": ["Host", "Guest"]}),
                       headers={"Content-Type": "application/json"})
    stats["the laptop's own"] = connection.getresponse().status
    connection.close()


def during(work: Callable[[threading.Event], None], tap: Callable[[], list[float]]) -> list[float]:
    """Run ``work`` in the background (it stops when its event is set, or by itself), tapping meanwhile."""
    stop = threading.Event()
    worker = threading.Thread(target=work, args=(stop,), daemon=True)
    worker.start()
    time.sleep(1.0)
    try:
        return tap()
    finally:
        stop.set()
        worker.join(timeout=120)
