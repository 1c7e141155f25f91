"""What the server benchmarks share: a free port, the real server started (``python app.py`` on 127.0.0.1), a
keep-alive client that times each request to its last byte, a table created through the API, percentiles, and the
line that says which machine the figures come from."""

from __future__ import annotations

import http.client
import json
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PortTaken(Exception):
    """The server exited before answering: another process bound the port after it was chosen."""


def start_server(db: Path, port: int, threads: int | None = None) -> subprocess.Popen[bytes]:
    """``python app.py`` on 127.0.0.1 (``--threads`` when given, app.py's default otherwise), once /api/health
    answers 200; :class:`PortTaken` when it exits first (a port chosen free may be taken before the server binds)."""
    extra = ["--threads", str(threads)] if threads else []
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "app.py"), "--host", "127.0.0.1", "--port", str(port), "--db", str(db), *extra],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise PortTaken(port)
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/api/health")
            if connection.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.02)
    server.kill()
    raise SystemExit("the server did not start")


def start_on_free_port(db: Path, threads: int | None = None) -> tuple[subprocess.Popen[bytes], int]:
    """The server started on a free port, tried again on another one when the chosen port was taken meanwhile."""
    for _ in range(4):
        port = free_port()
        try:
            return start_server(db, port, threads), port
        except PortTaken:
            continue
    port = free_port()
    return start_server(db, port, threads), port


@contextmanager
def served(threads: int | None = None) -> Iterator[int]:
    """The real server on a free port and a database of its own in a temporary folder, for the ``with`` block:
    yields the port, and stops the server (SIGTERM) at the end."""
    with tempfile.TemporaryDirectory() as folder:
        server, port = start_on_free_port(Path(folder) / "bench.sqlite3", threads)
        try:
            yield port
        finally:
            server.terminate()
            server.wait(timeout=10)


class Client:
    """One device: a keep-alive connection, as browsers keep it, timing each request to its last byte."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> tuple[int, bytes, float]:
        data = json.dumps(body).encode() if body is not None else None
        all_headers = {"Accept-Language": "en", **(headers or {})}
        if data is not None:
            all_headers["Content-Type"] = "application/json"
        for attempt in (1, 2):
            started = time.perf_counter()
            try:
                self.connection.request(method, path, body=data, headers=all_headers)
                answer = self.connection.getresponse()
                payload = answer.read()
                return answer.status, payload, (time.perf_counter() - started) * 1000
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def create_table(self, players: list[str], stack: int = 1000, **settings: Any) -> tuple[str, str, dict[str, Any]]:
        """A table of ``players`` (``stack`` chips each, the button on the first, other ``settings`` as the API
        takes them): its id, dealer token and STATE."""
        status, body, _ = self.request("POST", "/api/tables", {
            "players": [{"name": name, "stack": stack} for name in players], "button": players[0], **settings})
        assert status == 201, body
        created = json.loads(body)
        return created["table"], created["dealer_token"], created["state"]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def figures(values: list[float], decimals: int = 1, width: int = 6) -> str:
    """``p50 … p90 … p95 … max … ms`` of some timings."""
    parts = "  ".join(f"{label} {percentile(values, fraction):{width}.{decimals}f}"
                      for label, fraction in (("p50", 0.50), ("p90", 0.90), ("p95", 0.95)))
    return f"{parts}  max {max(values):{width}.{decimals}f} ms"


def machine(all_loads: bool = False) -> str:
    """``machine: Linux 6.1, 2 cores, …, Python 3.11.2, load average 1.2 at the end`` (the last minute's load, or
    the 1, 5 and 15 minutes' with ``all_loads``)."""
    cpu = f"{os.cpu_count()} cores" + (f", {platform.processor()}" if platform.processor() else "")
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    loads = (" / ".join(f"{value:.1f}" for value in load) if all_loads else f"{load[0]:.1f}") if load else ""
    return (f"  machine: {platform.system()} {platform.release()}, {cpu}, Python {platform.python_version()}"
            + (f", load average {loads} at the end" if load else ""))
