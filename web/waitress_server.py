"""The production server, tuned so that phones and one hostile device can neither exhaust it nor starve the dealer.

Waitress stays (pure Python, every laptop OS, already the server the docs name). Its asyncore loop reads each
request completely before a worker thread sees it, so a slow or idle connection costs a socket and a buffer, never a
thread. Here:

- ``connection_limit`` 2000 with ``asyncore_use_poll`` (``select`` cannot watch more than 1024 sockets), and the
  process's open-file limit raised to fit; within ``ROOM`` of the limit a new connection closes the oldest one from
  a device that is not being answered (:func:`make_room`), so the server never stops accepting;
- at most ``PER_CLIENT_CONNECTIONS`` connections per address (:class:`CappedChannel`; a phone needs a few): a new
  one beyond that closes the address's oldest connection that is not being answered; the laptop itself (127.0.0.1,
  ::1: its console and health check) is not capped;
- a request's headers and body must arrive within ``REQUEST_DEADLINE`` seconds of its first byte, whatever trickles
  in meanwhile (``channel_timeout`` only counts silence): a connection dribbling a byte a second is closed;
- bodies are limited while they arrive (:class:`LimitedRequest`): ``SMALL_BODY`` everywhere, ``IMPORT_BODY`` for the
  two import addresses, held in memory (never written to the database's disk) and refused with 413 beyond (the
  app itself answers a body over 64 KiB, or an import over its limit, with its own sentence);
- an answer without a body (a 204 poll, a 304) keeps its connection (:class:`KeepAliveTask`);
- a malformed request (a space in the path, a control character in a header, a header too large) is answered by
  waitress's own 400/431, never dropped;
- ``channel_timeout`` 20 s and ``cleanup_interval`` 5 s; ``backlog`` 2048;
- :class:`DealerFirst`: the dealer's requests go ahead of every queued read, one worker thread serves nothing else,
  and while one runs no read starts and the network loop waits (50 ms at most). A request is the dealer's when it
  carries the table's dealer cookie or Bearer token (checked against the table's token by ``verify``), never by
  its address alone: an import or a stranger's POST waits with the reads.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import create_server
from waitress.task import ThreadedTaskDispatcher, WSGITask
from waitress.utilities import BadRequest, RequestEntityTooLarge, ServerNotImplemented

CONNECTION_LIMIT = 2000
PER_CLIENT_CONNECTIONS = 16
ROOM = 32  # connections kept free below the limit: a new one past it closes the oldest unfinished one
UNCAPPED = ("127.0.0.1", "::1")  # the laptop itself: the dealer's console on it and its health check
REQUEST_DEADLINE = 15.0  # seconds for a request's headers and body to arrive, from its first byte
CHANNEL_TIMEOUT = 20
CLEANUP_INTERVAL = 5
BACKLOG = 2048
DEALER_HOLD = 0.05  # the longest the network loop waits for a dealer's request before its next pass
SMALL_BODY = 1024 * 1024  # the app refuses more than 64 KiB itself, with its sentence; beyond this, waitress does
IMPORT_BODY = 4 * 1024 * 1024
IMPORT_PATHS = ("/import", "/api/tables/import")
DEALER_PAGE = re.compile(r"^/t/([^/]+)/dealer(?:/|$)")
DEALER_API = re.compile(r"^/api/tables/([^/]+)/(?:actions|undo|redo)$")

Verify = Callable[[str, str], bool]


def body_limit(path: str) -> int:
    return IMPORT_BODY if path in IMPORT_PATHS else SMALL_BODY


def cookie(header: str, name: str) -> str | None:
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value.strip('"')
    return None


def dealer_credential(method: str, path: str, headers: dict[str, str]) -> tuple[str, str] | None:
    """(table, token) when this request is a dealer's page or write carrying a dealer credential."""
    page = DEALER_PAGE.match(path)
    if page is not None:
        token = cookie(headers.get("COOKIE", ""), f"dealer_{page.group(1)}")
        return (page.group(1), token) if token else None
    api = DEALER_API.match(path)
    if api is not None and method == "POST":
        scheme, _, token = headers.get("AUTHORIZATION", "").partition(" ")
        return (api.group(1), token.strip()) if scheme.lower() == "bearer" and token.strip() else None
    return None


def is_dealer_request(request: Any, verify: Verify | None) -> bool:
    """Whether waitress's parsed ``request`` goes in the dealer's lane: a console page or write with the table's
    dealer cookie, or the API's act/undo/redo with its Bearer token, the token being that table's."""
    if request is None or getattr(request, "error", None) is not None:
        return False
    found = dealer_credential(str(getattr(request, "command", "") or ""), str(getattr(request, "path", "") or ""),
                              getattr(request, "headers", {}) or {})
    if found is None:
        return False
    return verify is None or verify(*found)


class DealerFirst(ThreadedTaskDispatcher):
    """Waitress's thread pool with a second queue for the dealer, served first; thread 0 serves only that queue."""

    def __init__(self, verify: Verify | None = None) -> None:
        super().__init__()
        self.verify = verify
        self.urgent: deque[Any] = deque()
        self.urgent_running = 0

    def add_task(self, task: Any) -> None:
        """``task`` is a channel: its ``request`` is the request just completed (an error request included)."""
        try:
            urgent = is_dealer_request(getattr(task, "request", None), self.verify)
        except Exception:  # never drop a request over its classification: it waits with the reads
            urgent = False
        with self.lock:
            (self.urgent if urgent else self.queue).append(task)
            self.queue_cv.notify_all()  # the reserved thread may be the only idle one, or the only one woken

    def _next(self, reserved: bool) -> tuple[Any, bool]:
        """Under the lock: the next task this thread may take (or None), and whether it is the dealer's.

        While a dealer's request runs no read starts: Python runs one thread at a time, and a tap sharing the
        interpreter with a dozen page renders would take a dozen times longer.
        """
        if self.urgent:
            self.urgent_running += 1
            return self.urgent.popleft(), True
        if not reserved and self.queue and not self.urgent_running:
            return self.queue.popleft(), False
        return None, False

    def handler_thread(self, thread_no: int) -> None:
        reserved = thread_no == 0
        while True:
            with self.lock:
                task, urgent = self._next(reserved)
                while task is None and self.stop_count == 0:
                    self.active_count -= 1
                    self.queue_cv.wait()
                    self.active_count += 1
                    task, urgent = self._next(reserved)
                if task is None:  # stopping
                    self.active_count -= 1
                    self.stop_count -= 1
                    self.threads.discard(thread_no)
                    self.thread_exit_cv.notify()
                    break
            try:
                task.service()
            except BaseException:
                self.logger.exception("Exception when servicing %r", task)
            finally:
                if urgent:
                    with self.lock:
                        self.urgent_running -= 1
                        self.queue_cv.notify_all()

    def hold_reads(self, limit: float) -> None:
        """Called by the network loop between passes: while a dealer's request runs, wait (at most ``limit``
        seconds) before reading more requests, so the tap has the interpreter nearly to itself."""
        with self.lock:
            if self.urgent_running or self.urgent:
                self.queue_cv.wait(limit)


class LimitedRequest(HTTPRequestParser):
    """Waitress's request parser with the body limited by the address as it arrives: a body beyond its limit is
    refused (413) as soon as its Content-Length says so, or its chunks pass the limit, before it is kept; a
    transfer coding other than chunked is the client's error (400), never a 5xx."""

    def received(self, data: bytes) -> int:
        consumed = int(super().received(data))
        if isinstance(self.error, ServerNotImplemented):  # a transfer coding we do not read: the client's error
            self.error = BadRequest(str(self.error.body))
        if self.error is None and self.headers_finished:
            limit = body_limit(str(getattr(self, "path", "") or ""))
            if self.content_length > limit or self.body_bytes_received > limit:
                self.error = RequestEntityTooLarge(f"exceeds the body limit of {limit} bytes")
                self.completed = True
                self.connection_close = True
        return consumed


def host_of(addr: Any) -> str:
    return str(addr[0]) if isinstance(addr, tuple) else str(addr)


class KeepAliveTask(WSGITask):
    """An answer without a body (a 204 poll, a 304) keeps its HTTP/1.1 connection open.

    Waitress closes a connection after any answer without a Content-Length, and drops that header from a 204 or a
    304 (which may not carry one), so every phone's 204 poll cost a new TCP connection, 2.5 a second. Such an answer
    ends with its headers by definition (RFC 9112 §6.3), so the connection may carry the next request; a client
    that asked for ``Connection: close``, or HTTP/1.0, is answered as before."""

    _bodiless = False

    def build_response_header(self) -> bytes:
        asked = str(getattr(self.request, "headers", {}).get("CONNECTION", "")).lower()
        self._bodiless = not self.has_body and self.version == "1.1" and asked != "close" and not self.close_on_finish
        try:
            return super().build_response_header()
        finally:
            self._bodiless = False

    def set_close_on_finish(self) -> None:
        if not self._bodiless:  # while building a bodiless answer's headers, only "no length" would close it
            super().set_close_on_finish()


class CappedChannel(HTTPChannel):
    """A connection with a deadline for each request, counted against its address's share of connections."""

    parser_class = LimitedRequest
    task_class = KeepAliveTask

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        self.request_started: float | None = None
        host = host_of(addr)
        make_room(server, self)
        if host in UNCAPPED:
            return
        mine = sorted((channel for channel in list(server.active_channels.values())
                       if isinstance(channel, CappedChannel) and host_of(channel.addr) == host),
                      key=lambda channel: channel.creation_time)
        if len(mine) <= PER_CLIENT_CONNECTIONS:
            return
        idle = [channel for channel in mine if channel is not self and not channel.requests]
        (idle[0] if idle else self).handle_close()  # the oldest one not being answered gives way

    def received(self, data: bytes) -> bool:
        before = self.request
        if before is None and data:
            self.request_started = time.monotonic()
        result = super().received(data)
        if self.request is None:
            self.request_started = None
        elif self.request is not before:  # one request completed, the next one began in the same data
            self.request_started = time.monotonic()
        return bool(result)

    def overdue(self, now: float) -> bool:
        return self.request_started is not None and now - self.request_started > REQUEST_DEADLINE


def make_room(server: Any, new: HTTPChannel) -> None:
    """Near the server's limit, a new connection closes the oldest one from a device that is not being answered,
    so the server never stops accepting (the laptop's own connections are never the ones closed)."""
    channels = list(server.active_channels.values())
    if len(channels) <= server.adj.connection_limit - ROOM:
        return
    idle = [channel for channel in channels if isinstance(channel, CappedChannel) and channel is not new
            and not channel.requests and host_of(channel.addr) not in UNCAPPED]
    if idle:
        min(idle, key=lambda channel: channel.creation_time).handle_close()


def close_overdue(server: Any) -> None:
    """Close every connection whose request has not arrived whole within the deadline."""
    now = time.monotonic()
    for channel in list(server.active_channels.values()):
        if isinstance(channel, CappedChannel) and channel.overdue(now) and not channel.requests:
            channel.handle_close()


def raise_open_file_limit(needed: int) -> None:
    """Room for every connection (macOS starts processes at 256 open files)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):  # else waitress stops accepting at the limit we have
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def create(app: Any, host: str, port: int, threads: int, verify: Verify | None = None,
           connection_limit: int = CONNECTION_LIMIT) -> Callable[[], None]:
    """A server for ``app`` with the settings above (``threads`` for everyone, plus the dealer's), listening
    already (a taken port raises OSError here); call the answer to serve until interrupted. ``verify(table,
    token)`` says whether a token is that table's dealer token (the dealer's lane)."""
    raise_open_file_limit(connection_limit + 64)
    dispatcher = DealerFirst(verify)
    dispatcher.set_thread_count(threads + 1)
    server = create_server(
        app, host=host, port=port, threads=threads + 1, ident="dealer", _dispatcher=dispatcher,
        connection_limit=max(connection_limit, 2 * ROOM), channel_timeout=CHANNEL_TIMEOUT,
        cleanup_interval=CLEANUP_INTERVAL,
        backlog=BACKLOG, asyncore_use_poll=True, max_request_body_size=IMPORT_BODY + 1,
        inbuf_overflow=IMPORT_BODY + 1,  # bodies stay in memory: an upload never fills the database's disk
    )
    listeners = [server, *getattr(server, "map", {}).values()]  # one listener, or one per address
    for listener in listeners:
        if hasattr(listener, "channel_class"):
            listener.channel_class = CappedChannel
    return lambda: run(server, dispatcher)


def run(server: Any, dispatcher: DealerFirst) -> None:
    """Waitress's network loop (``server.run()``), pausing between passes while a dealer's request runs, and
    closing the connections past their deadline every half second."""
    sockets = getattr(server, "map", None) or server._map
    timeout = min(server.adj.asyncore_loop_timeout, 0.5)
    listeners = [listener for listener in {id(server): server, **{id(one): one for one in sockets.values()
                                                                    if hasattr(one, "active_channels")}}.values()
                 if hasattr(listener, "active_channels")]
    checked = time.monotonic()
    try:
        while sockets:
            dispatcher.hold_reads(DEALER_HOLD)
            wasyncore.poll2(timeout, sockets)
            if time.monotonic() - checked > 0.5:
                checked = time.monotonic()
                for listener in listeners:
                    close_overdue(listener)
    except (SystemExit, KeyboardInterrupt):
        server.close()
