"""Every request gets an HTTP answer, none a 5xx: raw malformed request lines and headers sent over a socket to the
real server (``python app.py`` on 127.0.0.1), every route with odd paths, and the three answers that were 500s
(``/t/ID/log/²``, ``/lang/pt?next=`` with CR/LF, histories of an import whose times are out of range). The server's
terminal shows no traceback."""

from __future__ import annotations

import random
import socket
import sqlite3
from urllib.parse import quote

from conftest import Api, ServerProcess
from dealer.formats.session_file import digest

ROUTES = ["/", "/new", "/import", "/t/", "/t/{t}", "/t/{t}/live", "/t/{t}/log", "/t/{t}/log/1", "/t/{t}/tv",
          "/t/{t}/tv/live", "/t/{t}/report", "/t/{t}/dealer", "/t/{t}/dealer/act", "/t/{t}/dealer/undo",
          "/t/{t}/dealer/redo", "/t/{t}/dealer/live", "/t/{t}/join", "/t/{t}/export", "/t/{t}/archive",
          "/t/{t}/delete", "/api/health", "/api/tables", "/api/tables/{t}", "/api/tables/{t}/actions",
          "/api/tables/{t}/undo", "/api/tables/{t}/redo", "/api/tables/{t}/hands.txt", "/api/tables/{t}/hands.phhs",
          "/api/tables/{t}/hands/1.txt", "/api/tables/{t}/hands/1.phh", "/api/tables/{t}/export",
          "/api/tables/import", "/api/compare", "/rules", "/compare", "/lang/pt", "/static/css/app.css"]
MALFORMED = [
    b"GET /a b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\x01b\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: " + b"a" * 300_000 + b"\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A\r\n\r\n",
    b"GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n",
    b"\x00\x01\x02\r\n\r\n",
    b"GET\r\n\r\n",
    b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
    b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1x\r\n\r\n",
    b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n",
    b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
    b"GET /\xff\xfe HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET http://evil.test/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: other\r\n\r\n",
    b"GET / HTTP/1.1\r\n Folded: x\r\n\r\n",
]


def status_of(port: int, raw: bytes) -> int:
    """The status code of the server's answer to ``raw`` (one request on a new connection); 0 for no answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=15) as sock:
        sock.sendall(raw)
        answer = b""
        while b"\r\n" not in answer:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
    first = answer.split(b"\r\n", 1)[0].split()
    return int(first[1]) if len(first) >= 2 and first[0].startswith(b"HTTP/") and first[1].isdigit() else 0


def test_every_raw_request_gets_an_http_answer_and_none_a_5xx(own_server: ServerProcess) -> None:
    table, _, _ = Api(own_server.base).create(["Ana", "Bia"])
    odd = ["²", "%00", "%0d%0a", "..", "%2e%2e", "٣", "a" * 3000, "%ff", "'\"<>", "~", "?next=%0d%0aX:1", ";x"]
    chooser = random.Random(22)
    sent = []
    for raw in MALFORMED:
        sent.append((raw[:60], status_of(own_server.port, raw)))
    for route in ROUTES:
        path = route.format(t=table)
        for method in ("GET", "POST", "HEAD", "PUT", "OPTIONS"):
            tail = chooser.choice(odd)
            for target in (path, path + "/" + tail, path + tail, path.replace(table, tail)):
                raw = (f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n"
                       "Content-Type: application/json\r\nConnection: close\r\n\r\n{}").encode()
                sent.append((raw[:80], status_of(own_server.port, raw)))
    unanswered = [raw for raw, status in sent if status == 0]
    failed = [(raw, status) for raw, status in sent if status >= 500]
    assert not unanswered, unanswered
    assert not failed, failed
    assert len(sent) >= 700
    log = own_server.output.read_text(errors="replace")
    assert "Traceback" not in log and "uncaptured" not in log, log[-3000:]


def test_the_three_old_500s_are_answered(own_server: ServerProcess) -> None:
    api = Api(own_server.base)
    table, token, _ = api.create(["Ana", "Bia"], button="Ana")
    api.ok(table, token, "deal")
    assert api.request("GET", f"/t/{table}/log/{quote('²')}")[0] == 404
    status = status_of(own_server.port, b"GET /lang/pt?next=/%0d%0aSet-Cookie:x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert status == 303
    status, document = api.request("GET", f"/api/tables/{table}/export", token=token)
    assert status == 200
    document["times"] = [1e20] * len(document["times"])
    document["digest"] = digest(document["log"], document["times"], document["seq"])
    status, body = api.request("POST", "/api/tables/import", document)
    assert status == 400 and "missing or incomplete" in body["error"], body
    log = own_server.output.read_text(errors="replace")
    assert "Traceback" not in log


def test_histories_of_a_log_with_times_out_of_range_are_written(own_server: ServerProcess) -> None:
    """A table imported before the check, its times out of range in the file: its histories still answer."""
    api = Api(own_server.base)
    table, token, _ = api.create(["Ana", "Bia"], button="Ana")
    api.ok(table, token, "deal")
    connection = sqlite3.connect(own_server.db)
    connection.execute("UPDATE entries SET at = 1e300 WHERE table_id = ?", (table,))
    connection.commit()
    connection.close()
    for path in (f"/api/tables/{table}/hands.txt", f"/api/tables/{table}/hands/1.txt", f"/t/{table}/report"):
        assert api.request("GET", path)[0] == 200, path
