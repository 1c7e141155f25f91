"""Who may create, and by which name: one device on the Wi-Fi cannot fill the server with tables, the host deletes
junk from the laptop itself, a request by a name the server is not known by (DNS rebinding) is refused, imports are
bounded. The real server on 127.0.0.1; other 127.0.0.x addresses stand for devices on the network."""

from __future__ import annotations

import http.client
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import Api, ServerProcess


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "create.sqlite3", extra=["--allowed-host", "poker.lan"])
    process.start()
    yield process
    process.stop()


def send(server: ServerProcess, method: str, path: str, body: Any = None, source: str = "127.0.0.1",
         headers: dict[str, str] | None = None) -> tuple[int, str, dict[str, str]]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=15, source_address=(source, 0))
    sent = {"Accept-Language": "en", **({"Content-Type": "application/json"} if body is not None else {}),
            **(headers or {})}
    connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=sent)
    answer = connection.getresponse()
    text = answer.read().decode(errors="replace")
    connection.close()
    return answer.status, text, dict(answer.getheaders())


def test_one_device_cannot_fill_the_server_and_the_host_still_starts_and_cleans_up(server: ServerProcess) -> None:
    statuses = [send(server, "POST", "/api/tables", {"players": ["Ana", "Bia"]}, source="127.0.0.9")[0]
                for _ in range(100)]
    assert statuses.count(201) <= 8 and statuses.count(429) >= 90, statuses
    status, text, _ = send(server, "POST", "/api/tables", {"players": ["Ana", "Bia"]}, source="127.0.0.9")
    assert status == 429 and "Too many tables created from this device" in json.loads(text)["error"]
    api = Api(server.base)
    mine, _, _ = api.create(["Caio", "Duda"])  # the laptop is never held back
    status, page, _ = send(server, "GET", "/")
    junk = [found for found in re.findall(r'data-testid="table-([a-z0-9]+)"', page) if found != mine]
    assert junk and all(f'href="/t/{table}/delete"' in page for table in junk), "the laptop may delete any table"
    for table in junk:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=15)
        connection.request("POST", f"/t/{table}/delete", body="confirm=yes", headers={
            "Content-Type": "application/x-www-form-urlencoded", "Origin": server.base})
        assert connection.getresponse().status == 303
        connection.close()
    assert api.request("GET", f"/api/tables/{junk[0]}")[0] == 404
    assert api.request("GET", f"/api/tables/{mine}")[0] == 200
    status, _, _ = send(server, "POST", f"/t/{mine}/delete", body=None, source="127.0.0.9",
                        headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": server.base})
    assert status == 403, "a device on the network still needs the dealer's key"


def test_a_request_by_another_name_is_refused_with_a_sentence(server: ServerProcess) -> None:
    """A page of another site on a name resolving to the laptop (DNS rebinding): its Origin matches its Host, and
    nothing is created; the server's own names and addresses, and a name given with --allowed-host, work."""
    port = server.port
    status, text, _ = send(server, "POST", "/api/tables", {"players": ["Ana", "Bia"]},
                           headers={"Host": f"evil.test:{port}", "Origin": f"http://evil.test:{port}"})
    assert status == 421, text
    assert json.loads(text)["error"].startswith("This server does not answer to the name “evil.test”")
    status, text, _ = send(server, "GET", "/", headers={"Host": f"evil.test:{port}"})
    assert status == 421 and "does not answer to the name" in text
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"poker.lan:{port}", "[::1]", f"192.168.1.7:{port}"):
        assert send(server, "GET", "/api/health", headers={"Host": host})[0] == 200, host
    assert send(server, "GET", "/", headers={"Host": f"localhost:{port}"})[0] == 200
    status, page, _ = send(server, "GET", "/")
    assert status == 200 and "data-testid=\"table-" not in page, "nothing was created"


def test_an_import_too_long_is_refused_before_it_is_replayed(server: ServerProcess) -> None:
    from dealer.formats.session_file import FORMAT, MAX_ENTRIES, VERSION

    document = {"format": FORMAT, "version": VERSION, "log": [{}] * (MAX_ENTRIES + 1),
                "times": [0] * (MAX_ENTRIES + 1), "seq": MAX_ENTRIES}
    status, body = Api(server.base).request("POST", "/api/tables/import", document)
    assert status == 400, body
    assert "too long to import (more than 20000 entries)" in body["error"], body


def test_names_that_look_the_same_are_one_name_and_a_name_needs_a_letter_or_digit(server: ServerProcess) -> None:
    api = Api(server.base)
    status, body = api.request("POST", "/api/tables", {"players": ["Jose\u0301", "Jos\u00e9"]})
    assert status == 400 and "Two players are called “José”" in body["error"], body
    status, body = api.request("POST", "/api/tables", {"players": ["\u0301\u0301", "Bia"]})
    assert status == 400 and body["error"].startswith("Player names need at least one letter or digit"), body
    _, _, state = api.create(["Jose\u0301", "Bia"])
    assert [player["name"] for player in state["players"]] == ["Jos\u00e9", "Bia"]


def test_a_tap_naming_a_player_in_decomposed_form_acts_for_that_player(server: ServerProcess) -> None:
    api = Api(server.base)
    table, token, _ = api.create(["Jos\u00e9", "Bia", "Zoë"], button="Jos\u00e9")
    api.ok(table, token, "deal")  # button José: Bia small blind, Zoë big blind, José first to act
    state = api.ok(table, token, "call", player="Jose\u0301")  # "e" and an accent, as some keyboards send it
    assert state["to_act"] == "Bia" and state["log"][-1]["text"] == "Jos\u00e9 calls 2", state["log"][-1]
    state = api.ok(table, token, "fold", player="Bia")
    status, body = api.act(table, token, "check", player="Zoe\u0308")
    assert status == 200 and body["log"][-1]["text"].startswith("Zo\u00eb checks"), body
    assert "Jose\u0301" not in json.dumps(api.state(table), ensure_ascii=False)
