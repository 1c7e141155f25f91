"""The production server, tuned so that phones and one hostile device can neither exhaust it nor starve the dealer.

Waitress stays (pure Python, every laptop OS, already the server the docs name). Its asyncore loop reads each
request completely before a worker thread sees it, so a slow or idle connection costs a socket and a buffer, never a
thread; what locked the dealer out was the defaults: 100 connections at most, idle ones kept 120 s. Here:

- ``connection_limit`` 2000 with ``asyncore_use_poll`` (``select`` cannot watch more than 1024 sockets), and the
  process's open-file limit raised to fit;
- at most ``PER_CLIENT_CONNECTIONS`` connections per address (:class:`CappedChannel`): one device cannot take them all;
- ``channel_timeout`` 20 s and ``cleanup_interval`` 5 s: a phone that sleeps mid-request lets go within half a minute;
- ``backlog`` 2048: a burst of connections waits in the kernel instead of being refused;
- :class:`DealerFirst`: the dealer's requests (its writes, the console's pages) go ahead of every queued read, one
  worker thread serves nothing else, and while one runs no read starts and the network loop waits (50 ms at most),
  so a flood of phone reads never makes a tap wait for a free thread nor share the interpreter with it.
"""

from __future__ import annotations

import contextlib
import re
from collections import deque
from collections.abc import Callable
from typing import Any

from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.server import create_server
from waitress.task import ThreadedTaskDispatcher

CONNECTION_LIMIT = 2000
PER_CLIENT_CONNECTIONS = 500
CHANNEL_TIMEOUT = 20
CLEANUP_INTERVAL = 5
BACKLOG = 2048
DEALER_HOLD = 0.05  # the longest the network loop waits for a dealer's request before its next pass
DEALER_PAGE = re.compile(r"^/t/[^/]+/dealer(/|$)")
DEALER_WRITE = re.compile(r"^/(new$|t/[^/]+/dealer(/|$)|api/tables(/|$))")


def is_dealer_request(method: str, path: str) -> bool:
    """The dealer's writes (console forms, table creation, the API's table writes) and the console's pages; the
    public hand comparison posts too but waits with the reads."""
    if method in ("GET", "HEAD"):
        return bool(DEALER_PAGE.match(path))
    return bool(DEALER_WRITE.match(path))


class DealerFirst(ThreadedTaskDispatcher):
    """Waitress's thread pool with a second queue for the dealer, served first; thread 0 serves only that queue."""

    def __init__(self) -> None:
        super().__init__()
        self.urgent: deque[Any] = deque()
        self.urgent_running = 0

    def add_task(self, task: Any) -> None:
        request = getattr(task, "request", None)
        if request is not None and is_dealer_request(str(request.command or ""), str(request.path or "")):
            with self.lock:
                self.urgent.append(task)
                self.queue_cv.notify_all()  # the reserved thread may be the only idle one
            return
        with self.lock:
            self.queue.append(task)
            self.queue_cv.notify_all()  # waking only the reserved thread would leave the task waiting

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


class CappedChannel(HTTPChannel):
    """A connection that is closed at once when its address already holds ``PER_CLIENT_CONNECTIONS``."""

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        host = addr[0] if isinstance(addr, tuple) else addr
        held = sum(1 for channel in server.active_channels.values()
                   if isinstance(channel.addr, tuple) and channel.addr[0] == host)
        if held > PER_CLIENT_CONNECTIONS:
            self.close()


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


def create(app: Any, host: str, port: int, threads: int) -> Callable[[], None]:
    """A server for ``app`` with the settings above (``threads`` for everyone, plus the dealer's), listening
    already (a taken port raises OSError here); call the answer to serve until interrupted."""
    raise_open_file_limit(CONNECTION_LIMIT + 64)
    dispatcher = DealerFirst()
    dispatcher.set_thread_count(threads + 1)
    server = create_server(
        app, host=host, port=port, threads=threads + 1, ident="dealer", _dispatcher=dispatcher,
        connection_limit=CONNECTION_LIMIT, channel_timeout=CHANNEL_TIMEOUT, cleanup_interval=CLEANUP_INTERVAL,
        backlog=BACKLOG, asyncore_use_poll=True,
    )
    for listener in (server, *getattr(server, "map", {}).values()):  # one listener, or one per address
        if hasattr(listener, "channel_class"):
            listener.channel_class = CappedChannel
    return lambda: run(server, dispatcher)


def run(server: Any, dispatcher: DealerFirst) -> None:
    """Waitress's network loop (``server.run()``), pausing between passes while a dealer's request runs."""
    sockets = getattr(server, "map", None) or server._map
    timeout = server.adj.asyncore_loop_timeout
    try:
        while sockets:
            dispatcher.hold_reads(DEALER_HOLD)
            wasyncore.poll2(timeout, sockets)
    except (SystemExit, KeyboardInterrupt):
        server.close()
