"""The import's long work in a process of its own: an uploaded session file is checked and replayed
(``dealer.check_document``) by one worker process, so the server's interpreter, shared by the dealer's taps and every
read, only parses the file and writes the checked log (a night of 20,000 entries replays for a second or two).

The worker is started ("spawn": a clean interpreter, never a fork of the threaded server) on the first import and
kept for the next ones; it is replaced after :data:`TASKS_PER_WORKER` imports (its memory goes back to the system)
or when it died; it is stopped when the server exits, and ends by itself when the server was killed.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from dealer import N_, CheckedSession, NotAllowed, check_document

__all__ = ["check_elsewhere", "stop_worker"]

TASKS_PER_WORKER = 50
PARENT_CHECK = 1.0  # seconds between two looks, in the worker, at whether the server is still there
_pool: ProcessPoolExecutor | None = None
_lock = threading.Lock()


def check_elsewhere(document: object) -> CheckedSession:
    """``check_document(document)`` in the import process: its refusal (BadInput, with the reason) is raised here.
    A worker that died on the way (killed, out of memory) is replaced and the file checked once more."""
    for _ in range(2):
        pool = _worker()
        try:
            return pool.submit(check_document, document).result()
        except BrokenProcessPool:
            _forget(pool)
    raise NotAllowed(N_("The session file could not be checked (the checking process stopped): nothing was "
                        "imported; try again."))


def stop_worker() -> None:
    """Stop the import process (at exit, or when the server stops); the next import starts another."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def _worker() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                        max_tasks_per_child=TASKS_PER_WORKER, initializer=_follow_server,
                                        initargs=(os.getpid(),))
        return _pool


def _follow_server(server: int) -> None:
    """In the worker: end with the server, even one killed without a word (SIGKILL leaves no time to stop it)."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="follow-server", daemon=True).start()


def _forget(pool: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False, cancel_futures=True)


atexit.register(stop_worker)
