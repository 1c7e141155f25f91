"""The tests' server survives the port race: a port chosen free can be taken by another process before the server
binds it ("Address already in use"); the server is then started on another free port instead of failing the test."""

from __future__ import annotations

import socket
import urllib.request
from pathlib import Path

from conftest import ServerProcess


def test_a_server_whose_port_was_taken_meanwhile_starts_on_another(tmp_path: Path) -> None:
    with socket.socket() as squatter:  # another process binds the port between the choice and the server's bind
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        taken = squatter.getsockname()[1]
        process = ServerProcess(tmp_path / "dealer.sqlite3", port=taken,
                                extra=["--public-url", "http://localhost:{port}"])
        try:
            process.start()
            assert process.port != taken
            with urllib.request.urlopen(process.base + "/api/health", timeout=10) as answer:
                assert answer.status == 200
        finally:
            process.stop()
