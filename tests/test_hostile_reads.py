"""What a phone or a file costs the server (issue: nothing a phone or a file can do costs the dealer): a hand's
steps grow with its entries, not their square; the start screen lists tables from their summaries, replaying none;
a deleted table leaves nothing in the caches for a table imported under its code. Through a real server."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from conftest import Api, ServerProcess, browser_client
from dealer import Game, export_document
from dealer.rules.entries import parse_create, parse_input
from test_replayer import log_at
from web import create_app

AT = 1764622800.0


def undo_pairs(pairs: int, players: tuple[str, ...] = ("Ana", "Bia", "Caio")) -> Game:
    """Hand 1 dealt, then Ana's raise entered and undone ``pairs`` times: the dealer's corrections of one hand."""
    game = Game(parse_create({"players": list(players), "button": players[0]}))
    game.push(parse_input({"action": "deal"}))
    for _ in range(pairs):
        game.push(parse_input({"action": "raise", "player": players[0]}))
        game.undo(at=AT)
    return game


def imported(api: Api, game: Game, table: str = "zzzzzz") -> tuple[str, str]:
    document = export_document(game, [AT] * len(game.entries), table)
    status, body = api.request("POST", "/api/tables/import", document)
    assert status == 201, body
    return body["table"], body["dealer_token"]


def raw_get(server: ServerProcess, path: str) -> bytes:
    request = urllib.request.Request(server.base + path, headers={"Accept-Language": "en"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return bytes(answer.read())


def test_the_steps_of_a_hand_grow_with_its_corrections_not_their_square(server: ServerProcess, api: Api) -> None:
    """A hand of 400 undo pairs answers its steps in at most about 4x the bytes of one of 100 pairs (each step
    carries the lines it wrote or struck, never the whole log again); the log rebuilt from those changes is the
    hand's log, which the answer also gives once."""
    sizes = {}
    for pairs in (100, 400):
        table, _ = imported(api, undo_pairs(pairs))
        text = raw_get(server, f"/api/tables/{table}/hands/1/steps")
        sizes[pairs] = len(text)
        answer: dict[str, Any] = json.loads(text)
        steps = answer["steps"]
        assert len(steps) == 1 + 2 * pairs and "log" not in steps[-1]["state"]
        assert log_at(steps, len(steps) - 1) == answer["log"]
        assert [line["text"] for line in steps[2]["struck"]] == ["Ana raises to 4"]
        assert steps[2]["struck"][0]["undone"].startswith("undone at")
        assert sum(1 for line in answer["log"] if line["undone"]) == pairs
        assert raw_get(server, f"/api/tables/{table}/hands/1/steps") == text  # the same answer, kept per seq
    assert sizes[400] <= 4.2 * sizes[100], sizes


def replays(api: Api) -> int:
    status, body = api.request("GET", "/api/health")
    assert status == 200, body
    return int(body["replays"])


def finished_table(api: Api) -> tuple[str, str]:
    """A session of one hand, played to its end: Bia folds to Ana's big blind."""
    table, token, _ = api.create(["Ana", "Bia"], button="Ana", hands=1)
    state = api.ok(table, token, "deal")
    state = api.ok(table, token, "fold", player=state["to_act"])
    assert state["phase"] == "over", state["phase"]
    return table, token


def test_the_start_screen_lists_28_finished_tables_replaying_none(own_server: ServerProcess) -> None:
    """Beyond the 8 finished games kept in memory, the start screen used to replay every finished table on every
    load (to check the dealer's cookie); it lists them from their summaries and checks a cookie against the stored
    token, so loading it replays no table, with or without a dealer's cookie."""
    api = Api(own_server.base)
    tables = [finished_table(api) for _ in range(28)]
    before = replays(api)
    page = raw_get(own_server, "/").decode()
    assert all(f"finished-{table}" in page for table, _ in tables)
    table, token = tables[0]  # the first one left memory long ago
    status, _, body = raw(own_server, "GET", "/", {"Cookie": f"dealer_{table}={token}"})
    assert status == 200 and f'data-testid="archive-{table}"' in body  # its dealer's device may archive it
    raw_get(own_server, "/")
    assert replays(api) == before


def raw(server: ServerProcess, method: str, path: str, headers: dict[str, str],
        body: bytes | None = None) -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(server.base + path, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as failure:
        return failure.code, dict(failure.headers), failure.read().decode()


def test_a_device_without_the_dealers_cookie_is_counted_on_the_start_screen(tmp_path: Any) -> None:
    """The start screen and the console's pages cost the server: a device without a dealer's cookie that is a
    table's stored token reads them within the read rate like any phone; the dealer's device is never slowed."""
    app = create_app({"DATABASE": str(tmp_path / "rates.sqlite3"), "TESTING": True, "CLIENT_RATE": (0.5, 3),
                      "CLIENT_RATE_EXEMPT": ()})
    dealer = browser_client(app)
    dealer.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    created = dealer.post("/new", data={"name": ["Ana", "Bia"], "player_stack": ["", ""], "button": "lot"})
    table = created.headers["Location"].split("/t/")[1].split("/")[0]
    assert {dealer.get("/").status_code for _ in range(8)} == {200}
    assert {dealer.get(f"/t/{table}/dealer").status_code for _ in range(8)} == {200}
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.168.1.50"
    # Each read may cost more than one when the server is slow (READ_CPU): only the first is sure to pass.
    codes = [phone.get("/").status_code for _ in range(5)]
    assert codes[0] == 200 and codes[3:] == [429, 429] and codes == sorted(codes), codes
    forger = app.test_client()
    forger.environ_base["REMOTE_ADDR"] = "192.168.1.51"
    forger.set_cookie(f"dealer_{table}", "not-the-token")
    assert [forger.get(f"/t/{table}/dealer").status_code for _ in range(5)][3:] == [429, 429]


def test_a_table_deleted_and_imported_again_under_its_code_shows_the_new_table(server: ServerProcess,
                                                                               api: Api) -> None:
    """Deleting a table and importing a file under the same code (the documented way to keep the phones' QR code)
    leaves nothing of the deleted table in the phones' or the TV's live fragments, even at the same seq."""
    table, token, _ = api.create(["Ana", "Bia"], button="Ana")
    api.ok(table, token, "deal")
    for path in (f"/t/{table}/live", f"/t/{table}/tv/live", f"/t/{table}", f"/t/{table}/tv"):
        assert "Ana" in raw_get(server, path).decode()  # cached at seq 1
    form = urllib.parse.urlencode({"confirm": "yes"}).encode()
    status, _, _ = raw(server, "POST", f"/t/{table}/delete", {
        "Cookie": f"dealer_{table}={token}", "Origin": server.base,
        "Content-Type": "application/x-www-form-urlencoded"}, form)
    assert status == 200 and api.request("GET", f"/api/tables/{table}")[0] == 404  # to the start screen
    other = Game(parse_create({"players": ["Xavi", "Yara"], "button": "Xavi", "stack": 300}))
    other.push(parse_input({"action": "deal"}))
    assert imported(api, other, table)[0] == table and other.seq == 1
    for path in (f"/t/{table}/live", f"/t/{table}/tv/live", f"/t/{table}", f"/t/{table}/tv"):
        page = raw_get(server, path).decode()
        assert "Xavi" in page and "Ana" not in page, path


def answer_on(sock: socket.socket, path: str, port: int) -> bytes:
    """One GET on an open connection and its answer's head (a 204 has no body)."""
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept-Language: en\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        assert chunk, f"the connection was closed after {head!r}"
        head += chunk
    return head


def test_a_204_poll_keeps_its_connection(server: ServerProcess, api: Api) -> None:
    """A phone's poll of an unchanged table gets 204 and the same connection carries the next poll (waitress used
    to close every answer without a length)."""
    table, token, _ = api.create(["Ana", "Bia"], button="Ana")
    seq = api.ok(table, token, "deal")["seq"]
    with socket.create_connection(("127.0.0.1", server.port), timeout=15) as sock:
        for path in (f"/t/{table}/live?seq={seq}", f"/t/{table}/tv/live?seq={seq}", f"/t/{table}/live?seq={seq}"):
            head = answer_on(sock, path, server.port)
            assert head.startswith(b"HTTP/1.1 204"), head
            assert b"connection: close" not in head.lower(), head


def test_a_large_answer_counts_as_many_reads(tmp_path: Any) -> None:
    """A phone that reads a hand's steps of 100 corrections (about 400 KB) has spent its allowance of reads on
    them: its next read waits (429), while another phone reads on."""
    app = create_app({"DATABASE": str(tmp_path / "rates.sqlite3"), "TESTING": True, "CLIENT_RATE": (0.5, 3),
                      "CLIENT_RATE_EXEMPT": ()})
    dealer = app.test_client()
    created = dealer.post("/api/tables", json={"players": ["Ana", "Bia", "Caio"], "button": "Ana"}).get_json()
    table, auth = created["table"], {"Authorization": f"Bearer {created['dealer_token']}"}
    assert dealer.post(f"/api/tables/{table}/actions", json={"action": "deal"}, headers=auth).status_code == 200
    for _ in range(100):
        dealer.post(f"/api/tables/{table}/actions", json={"action": "raise", "player": "Ana"}, headers=auth)
        dealer.post(f"/api/tables/{table}/undo", headers=auth)
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.168.1.50"
    steps = phone.get(f"/api/tables/{table}/hands/1/steps")
    assert steps.status_code == 200 and len(steps.get_data()) > 300_000
    assert phone.get(f"/api/tables/{table}").status_code == 429
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.168.1.51"
    assert other.get(f"/api/tables/{table}").status_code == 200
