"""Shared fixtures: the Flask app on a real SQLite file, a real server process, the JSON API, a real browser."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_driver import Console

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
ARTIFACTS = ROOT / "artifacts"


def free_port() -> int:
    """A port free a moment ago: another process may take it before our server binds it, so whoever starts a
    server on it retries on another port when the bind fails (``ServerProcess.start``)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


PORT_TAKEN = "Address already in use"  # what the server says when another process bound its port first


class PortTaken(Exception):
    """The server could not bind its port: another process took it after it was chosen."""


class ServerProcess:
    """``python app.py`` started for real, on 127.0.0.1, with its own SQLite file."""

    def __init__(self, db: Path, port: int | None = None, extra: list[str] | None = None,
                 root: Path = ROOT) -> None:
        self.root = root  # another checkout of the app (a benchmark's "before")
        self.db = db
        self.port = port or free_port()
        self.extra = extra or []  # "{port}" in an argument is the port the server listens on
        self.started = False  # once it has listened, a restart keeps its port: the test holds its address
        self.process: subprocess.Popen[bytes] | None = None
        self.output = db.with_suffix(".log")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> float:
        """Start and wait until /api/health answers (generously: CI machines can be loaded); returns the seconds.

        The port was free when it was chosen, but on a busy machine another process may bind it first: the server
        then exits saying so, and it is started again on a new free port (on the same port, waiting a little, when
        it has listened there before)."""
        began = time.monotonic()
        for _ in range(5):
            try:
                return self._start(began, timeout)
            except PortTaken:
                if self.started:
                    time.sleep(0.5)
                else:
                    self.port = free_port()
        raise RuntimeError(f"no free port for the server: {self.output.read_text()[-2000:]}")

    def _start(self, began: float, timeout: float) -> float:
        mark = self.output.stat().st_size if self.output.exists() else 0
        with open(self.output, "ab") as sink:
            self.process = subprocess.Popen(
                [sys.executable, str(self.root / "app.py"), "--host", "127.0.0.1", "--port", str(self.port),
                 "--db", str(self.db), *(arg.replace("{port}", str(self.port)) for arg in self.extra)],
                cwd=self.root, stdout=sink, stderr=subprocess.STDOUT,
            )
        while time.monotonic() - began < timeout:
            if self.process.poll() is not None:
                said = self.output.read_bytes()[mark:].decode(errors="replace")
                if PORT_TAKEN in said:
                    raise PortTaken(self.port)
                raise RuntimeError(f"server exited: {said[-2000:]}")
            try:
                with urllib.request.urlopen(self.base + "/api/health", timeout=1) as answer:
                    if answer.status == 200:
                        self.started = True
                        return time.monotonic() - began
            except OSError:
                time.sleep(0.05)
        self.kill()  # never leave a half-started server behind
        raise RuntimeError("server did not become ready")

    def kill(self) -> None:
        """SIGKILL: no chance to flush anything."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Api:
    """A tiny JSON client over urllib (no extra dependency), returning (status, body)."""

    def __init__(self, base: str) -> None:
        self.base = base

    def request(self, method: str, path: str, body: Any = None, token: str | None = None, raw: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any]:
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        request.add_header("Accept-Language", "en")
        if token is not None:
            request.add_header("Authorization", f"Bearer {token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, _decode(answer.read())
        except urllib.error.HTTPError as failure:
            return failure.code, _decode(failure.read())

    def create(self, players: list[Any], **settings: Any) -> tuple[str, str, dict[str, Any]]:
        status, body = self.request("POST", "/api/tables", dict(settings, players=players))
        assert status == 201, body
        return body["table"], body["dealer_token"], body["state"]

    def state(self, table: str) -> dict[str, Any]:
        status, body = self.request("GET", f"/api/tables/{table}")
        assert status == 200, body
        return body

    def act(self, table: str, token: str, action: str, **fields: Any) -> tuple[int, Any]:
        return self.request("POST", f"/api/tables/{table}/actions", dict(fields, action=action), token=token)

    def ok(self, table: str, token: str, action: str, **fields: Any) -> dict[str, Any]:
        status, body = self.act(table, token, action, **fields)
        assert status == 200, body
        return body

    def undo(self, table: str, token: str, **fields: Any) -> tuple[int, Any]:
        return self.request("POST", f"/api/tables/{table}/undo", fields, token=token)


def _decode(raw: bytes) -> Any:
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return raw.decode(errors="replace")


@pytest.fixture
def app(tmp_path: Path) -> Any:
    from web import create_app

    return create_app({"DATABASE": str(tmp_path / "dealer.sqlite3"), "TESTING": True})


def browser_client(app: Any) -> Any:
    """A test client that stands for a browser on this server's own page: its POSTs name this server as their
    Origin, as a browser's do (web/guard.py refuses a cookie-authenticated POST that names none)."""
    tester = app.test_client()
    tester.environ_base["HTTP_ORIGIN"] = "http://localhost"
    return tester


@pytest.fixture
def client(app: Any) -> Any:
    return browser_client(app)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # Every test of a worker creates its tables here: far more than the 100 in progress a real server allows.
    process = ServerProcess(tmp_path_factory.mktemp("server") / "dealer.sqlite3", extra=["--max-tables", "5000"])
    process.start()
    yield process
    process.stop()


@pytest.fixture
def api(server: ServerProcess) -> Api:
    return Api(server.base)


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of its own with a new database (``tmp_path/dealer.sqlite3``), for a test that floods, pauses, stops
    or breaks it; stopped at the end. Starting one costs about a second: tests that only play use ``server``."""
    process = ServerProcess(tmp_path / "dealer.sqlite3")
    process.start()
    yield process
    process.stop()


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB tmpfs mounted at ``tmp_path/disk``, for filling up (mounting needs root: skipped otherwise)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(disk)]).returncode:
        pytest.skip("mounting a small tmpfs needs root")
    yield disk
    subprocess.run(["umount", "-l", str(disk)], check=False)


def fill_up(path: Path) -> None:
    """Write zeros to ``path`` until its disk is full."""
    with open(path, "wb") as file, contextlib.suppress(OSError):
        while True:
            file.write(b"\0" * 65536)
            file.flush()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright. Without it every browser test fails (never skips), in CI or
    not: `make test` installs it first, so a missing browser means pytest was run some other way."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: the browser tests need Debian's Chromium. `make test` installs it "
                    "(apt-get install chromium fonts-dejavu-core, as root or through sudo).", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def dealer(browser: Any, server: ServerProcess) -> Iterator[Console]:
    """A dealer's tablet (a browser context of its own) on the shared server."""
    device = Console(browser, server.base)
    yield device
    device.close()


@pytest.fixture
def dealer_alone(browser: Any, own_server: ServerProcess) -> Iterator[Console]:
    """A dealer's tablet on a server of its own (``own_server``, for a test that pauses or stops it): a table of
    Ana and Bia (``.table``), hand 1 dealt."""
    device = Console(browser, own_server.base)
    device.create(["Ana", "Bia"])
    device.tap("act-deal")
    yield device
    device.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Screenshots go here (git ignores it)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
