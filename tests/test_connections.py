"""The dealer gets through whatever the network does: slow connections held open, a flood of player-page reads.
A server of its own on 127.0.0.1; counts and times bounded. Outcomes only (every tap answered): how fast is
benchmarks/hostile.py's job."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from pathlib import Path

from conftest import Api, ServerProcess

SLOW = 300


def dealer_taps(api: Api, table: str, token: str, count: int) -> list[int]:
    """``count`` taps by the dealer (deal, undo, deal…), each answer's status."""
    answers = []
    for index in range(count):
        if index % 2 == 0:
            status, _ = api.act(table, token, "deal")
        else:
            status, _ = api.undo(table, token)
        answers.append(status)
    return answers


def test_taps_are_answered_while_300_slow_connections_are_held_open(own_server: ServerProcess) -> None:
    """Three times waitress's old connection limit, each sending a header line now and then (a slowloris, or
    phones asleep in the middle of a request): the dealer's taps all go through, and the slow ones stay open."""
    api = Api(own_server.base)
    table, token, _ = api.create(["Ana", "Bia", "Caio"])
    held = []
    try:
        for _ in range(SLOW):
            sock = socket.create_connection(("127.0.0.1", own_server.port), timeout=10)
            sock.sendall(b"GET /t/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            held.append(sock)
        answers = dealer_taps(api, table, token, 10)
        for line, sock in enumerate(held):
            sock.sendall(f"X-Slow: {line}\r\n".encode())  # still talking, so still open
        answers += dealer_taps(api, table, token, 10)
        assert answers == [200] * 20
        assert api.state(table)["seq"] == 20
    finally:
        for sock in held:
            sock.close()


def test_taps_are_answered_during_a_flood_of_player_page_reads(own_server: ServerProcess) -> None:
    api = Api(own_server.base)
    table, token, _ = api.create(["Ana", "Bia", "Caio"])
    stop = threading.Event()
    reads: list[int] = []

    def flood() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", own_server.port, timeout=10)
        deadline = time.monotonic() + 60
        while not stop.is_set() and time.monotonic() < deadline:
            connection.request("GET", f"/t/{table}")
            answer = connection.getresponse()
            answer.read()
            reads.append(answer.status)

    flooders = [threading.Thread(target=flood, daemon=True) for _ in range(8)]
    for thread in flooders:
        thread.start()
    try:
        while len(reads) < 50:  # the flood is under way
            time.sleep(0.05)
        answers = dealer_taps(api, table, token, 20)
    finally:
        stop.set()
        for thread in flooders:
            thread.join(timeout=15)
    assert answers == [200] * 20
    assert set(reads) == {200}, "the reads are served too, none refused"


def test_a_table_beyond_the_servers_limit_is_refused_with_a_sentence(tmp_path: Path) -> None:
    process = ServerProcess(tmp_path / "limit.sqlite3", extra=["--max-tables", "2"])
    process.start()
    try:
        api = Api(process.base)
        api.create(["Ana", "Bia"])
        api.create(["Caio", "Duda"])
        status, body = api.request("POST", "/api/tables", {"players": ["Eva", "Fabi"]})
        assert status == 409
        assert body["error"] == ("This server already has 2 tables in progress, its limit: finish a session "
                                 "before starting another.")
        assert len(api.request("GET", "/t/")[1]) < 100_000
    finally:
        process.stop()


def closed_by_server(sock: socket.socket) -> bool:
    sock.settimeout(0.2)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def test_one_device_cannot_hold_every_connection(own_server: ServerProcess) -> None:
    """Beyond its share (web/waitress_server.py) a device's new connection closes its oldest one that is not being
    answered, so the rest of the server's connections stay free for everyone else; the device is served again."""
    from web.waitress_server import PER_CLIENT_CONNECTIONS

    api = Api(own_server.base)
    table, token, _ = api.create(["Ana", "Bia"])
    held = []
    try:
        for _ in range(PER_CLIENT_CONNECTIONS + 20):
            held.append(socket.create_connection(("127.0.0.1", own_server.port), timeout=10,
                                                 source_address=("127.0.0.2", 0)))
        deadline = time.monotonic() + 20
        closed = 0
        while time.monotonic() < deadline:
            closed = sum(1 for sock in held[:20] if closed_by_server(sock))
            if closed >= 20:
                break
        assert closed >= 20, "the oldest connections beyond the device's share are closed"
        assert not any(closed_by_server(sock) for sock in held[-PER_CLIENT_CONNECTIONS:]), "the latest are kept"
        device = http.client.HTTPConnection("127.0.0.1", own_server.port, timeout=10, source_address=("127.0.0.2", 0))
        device.request("GET", "/api/health")
        assert device.getresponse().status == 200, "the device is served again"
    finally:
        for sock in held:
            sock.close()
    assert dealer_taps(api, table, token, 4) == [200] * 4


def test_the_laptop_itself_is_not_held_to_a_devices_share(own_server: ServerProcess) -> None:
    from web.waitress_server import PER_CLIENT_CONNECTIONS

    held = [socket.create_connection(("127.0.0.1", own_server.port), timeout=10)
            for _ in range(PER_CLIENT_CONNECTIONS + 10)]
    try:
        time.sleep(1)
        assert not any(closed_by_server(sock) for sock in held)
        assert Api(own_server.base).request("GET", "/api/health")[0] == 200
    finally:
        for sock in held:
            sock.close()


def test_a_request_dribbling_in_is_closed_at_its_deadline_and_taps_go_on(own_server: ServerProcess) -> None:
    """A byte a second never counts as silence, but the request must arrive whole within the deadline."""
    from web.waitress_server import REQUEST_DEADLINE

    api = Api(own_server.base)
    table, token, _ = api.create(["Ana", "Bia"])
    sock = socket.create_connection(("127.0.0.1", own_server.port), timeout=10, source_address=("127.0.0.3", 0))
    started = time.monotonic()
    closed = False
    try:
        for byte in b"GET /t/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200:
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                closed = True
                break
            if closed_by_server(sock):
                closed = True
                break
            time.sleep(0.8)
            if time.monotonic() - started > REQUEST_DEADLINE * 3:
                break
    finally:
        sock.close()
    assert closed, "the dribbling connection was closed"
    assert dealer_taps(api, table, token, 2) == [200, 200]


def test_a_body_beyond_the_limit_is_refused_before_it_is_sent(own_server: ServerProcess) -> None:
    """A 100 MB Content-Length is answered 413 at once: the server never waits for nor stores the body."""
    sock = socket.create_connection(("127.0.0.1", own_server.port), timeout=10, source_address=("127.0.0.4", 0))
    try:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100000000\r\n\r\n{")
        answer = sock.recv(200)
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.") and b" 413 " in answer.split(b"\r\n", 1)[0], answer


def test_the_dealers_lane_is_for_requests_carrying_the_tables_dealer_key_never_a_url_alone() -> None:
    """Which requests waitress serves ahead of the reads (web/waitress_server.py): the console's pages and writes
    with the table's dealer cookie, the API's act/undo/redo with its Bearer token, that token being the table's."""
    from types import SimpleNamespace

    from web.waitress_server import is_dealer_request

    def request(method: str, path: str, **headers: str) -> object:
        return SimpleNamespace(command=method, path=path, headers=headers, error=None)

    def right(table: str, token: str) -> bool:
        return (table, token) == ("abc", "key")

    assert is_dealer_request(request("POST", "/t/abc/dealer/act", COOKIE="lang=en; dealer_abc=key"), right)
    assert is_dealer_request(request("GET", "/t/abc/dealer", COOKIE="dealer_abc=key"), right)
    assert is_dealer_request(request("POST", "/api/tables/abc/actions", AUTHORIZATION="Bearer key"), right)
    assert not is_dealer_request(request("POST", "/t/abc/dealer/act"), right), "a URL alone"
    assert not is_dealer_request(request("POST", "/t/abc/dealer/act", COOKIE="dealer_abc=guess"), right)
    assert not is_dealer_request(request("POST", "/t/abc/dealer/act", COOKIE="dealer_xyz=key"), right)
    assert not is_dealer_request(request("POST", "/api/tables/import", AUTHORIZATION="Bearer key"), right)
    assert not is_dealer_request(request("POST", "/new", COOKIE="dealer_abc=key"), right)
    assert not is_dealer_request(SimpleNamespace(error="bad request line"), right), "an error request waits"
    assert not is_dealer_request(None, right)


def test_at_the_servers_limit_the_oldest_unanswered_connection_gives_way(tmp_path: Path) -> None:
    """Devices that together fill every connection the server watches (each within its own share) never stop it
    accepting: near the limit a new connection closes the oldest one that is not being answered, and the laptop's
    health check and the dealer's taps still get through. (A server watching 200 connections stands for 2,000.)"""
    from web.waitress_server import PER_CLIENT_CONNECTIONS

    limit = 200
    server = ServerProcess(tmp_path / "limit.sqlite3", extra=["--connection-limit", str(limit)])
    server.start()
    api = Api(server.base)
    table, token, _ = api.create(["Ana", "Bia"])
    held: list[socket.socket] = []
    try:
        for number in range(limit + 20):
            address = f"127.0.3.{1 + number // PER_CLIENT_CONNECTIONS}"
            held.append(socket.create_connection(("127.0.0.1", server.port), timeout=10,
                                                 source_address=(address, 0)))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not closed_by_server(held[0]):
            time.sleep(0.2)
        assert closed_by_server(held[0]), "the oldest connection gave way"
        assert not any(closed_by_server(sock) for sock in held[-10:]), "the newest are kept"
        assert api.request("GET", "/api/health")[0] == 200
        assert dealer_taps(api, table, token, 2) == [200] * 2
    finally:
        for sock in held:
            sock.close()
        server.stop()
