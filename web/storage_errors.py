"""Storage failures in the caller's terms: what went wrong with the disk or the database file, and what to do.

SQLite's error codes become one sentence each (a translatable ``Msg``): the API answers it as 503
``{"error": sentence}``, the console shows it, ``/api/health`` reports it, the terminal prints it at start.
"""

from __future__ import annotations

import sqlite3

from dealer import N_, Msg

# SQLite's primary result codes (the low byte of an extended code), https://sqlite.org/rescode.html
SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR = 3, 5, 6, 8, 10
SQLITE_CORRUPT, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOTADB = 11, 13, 14, 26


class StorageError(RuntimeError):
    """The database could not do what was asked; nothing was applied (HTTP 503)."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message.render(lambda text: text))
        self.message = message


DAMAGED = Msg(N_("The database file is damaged: nothing was recorded and nothing was changed. Stop the server and "
                 "restore a backup (python app.py --restore)."))
READ_ONLY = Msg(N_("The database file cannot be written (it is read-only): nothing was recorded and nothing was "
                   "changed. Make it writable again, then try again."))
BUSY = Msg(N_("The database is locked by another program: nothing was recorded and nothing was changed. Try "
              "again in a moment."))
# SQLite's primary result code -> what the caller is told
BY_CODE = {
    SQLITE_FULL: Msg(N_("The disk is full: nothing was recorded and nothing was changed. Free some space on this "
                        "computer, then try again.")),
    SQLITE_IOERR: Msg(N_("The disk failed to read or write the database (I/O error): nothing was recorded and "
                         "nothing was changed. Check the disk, then try again.")),
    SQLITE_CANTOPEN: Msg(N_("The database file or its folder cannot be opened: nothing was recorded and nothing was "
                            "changed. Check that the folder still exists and can be written, then try again.")),
    SQLITE_READONLY: READ_ONLY, SQLITE_PERM: READ_ONLY,
    SQLITE_CORRUPT: DAMAGED, SQLITE_NOTADB: DAMAGED,
    SQLITE_BUSY: BUSY, SQLITE_LOCKED: BUSY,
}
FILE_GONE = N_("The database file {path} was deleted or moved while the server was using it: nothing was recorded "
               "and nothing was changed. {saved}")
FILE_REPLACED = N_("The database file {path} was replaced by another file while the server was using it: nothing "
                   "was recorded and nothing was changed. {saved}")
WAL_GONE = N_("The database's write-ahead log ({path}-wal) was removed while the server was using it: nothing was "
              "recorded and nothing was changed. {saved}")
RESCUED = N_("Every input recorded until now was saved as {rescue}: stop the server and put that file in place of "
             "{path} (or restore a backup with python app.py --restore), then start it again.")
NOT_RESCUED = N_("Stop the server and restore a backup (python app.py --restore), then start it again.")
STOPPING = Msg(N_("The server is stopping: nothing was recorded and nothing was changed."))


def storage_error(failure: sqlite3.Error) -> StorageError:
    """The sentence for one SQLite failure (anything unforeseen keeps SQLite's own words)."""
    code = (getattr(failure, "sqlite_errorcode", 0) or 0) & 0xFF
    message = BY_CODE.get(code)
    if message is None:
        message = Msg(N_("The database refused the request ({error}): nothing was recorded and nothing was "
                         "changed."), {"error": str(failure)[:200]})
    return StorageError(message)
