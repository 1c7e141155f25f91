"""Serve the 2-7 Triple Draw dealer assistant on the home network.

    python app.py                      # all interfaces, port 8765, database in instance/
    python app.py --host 127.0.0.1 --port 8765 --db t.sqlite3
    python app.py --restore            # put back the latest backup of the database (then start as usual)
    python app.py --restore instance/dealer-backups/dealer-20261201-091500-123.sqlite3

The database is checked before the server listens (a damaged, foreign or unwritable file stops the start with a
sentence saying what to do), one server at a time uses it, backups are kept next to it (dealer-backups/, the
latest 10: after every hand and every 5 minutes of play), and Ctrl+C or SIGTERM leave everything in the main file.
"""

from __future__ import annotations

import argparse
import signal
import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

from flask import Flask

from dealer import phh_writer
from web import ROOT, create_app
from web.backups import BackupKeeper, backups, restore
from web.db_checks import ServerLock, StartRefused, check_database, check_file, check_folder, check_room
from web.storage_errors import StorageError
from web.waitress_server import CONNECTION_LIMIT

DEFAULT_PORT = 8765
# Waitress threads: one dealer plus ~30 phones polling every 400 ms; requests take a few ms. 2 to 32 threads
# measure the same (benchmarks/api.py, docs/PERFORMANCE.md); 16 leaves room for bursts.
THREADS = 16
# How long a thread that wants the interpreter waits for the running one to let go (CPython's default is 5 ms).
# Dozens of phones polling make the dealer's request wait behind a poll's thread; 0.5 ms keeps that wait short.
SWITCH_INTERVAL = 0.0005


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="0.0.0.0", help="interface to listen on (default: all, for the home network)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    parser.add_argument("--db", default=None, help="SQLite database path (default: instance/dealer.sqlite3)")
    parser.add_argument("--public-url", default=None,
                        help="address phones should use, e.g. http://poker.lan:8765 (default: detected LAN address)")
    parser.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                        help="another name this server may be reached by (repeatable); its addresses, localhost, this "
                             "computer's name and the public URL's host are always accepted")
    parser.add_argument("--threads", type=int, default=THREADS, help=f"server threads (default {THREADS})")
    parser.add_argument("--connection-limit", type=int, default=CONNECTION_LIMIT, metavar="N",
                        help=f"connections watched at once (default {CONNECTION_LIMIT}); near it the oldest "
                             "unanswered connection gives way")
    parser.add_argument("--max-tables", type=int, default=None,
                        help="tables in progress this server accepts before refusing a new one (default 100)")
    parser.add_argument("--restore", nargs="?", const="latest", default=None, metavar="BACKUP",
                        help="put a backup back in the database's place and exit: the latest one, or the file named "
                             "(backups are kept in <database name>-backups/ next to the database)")
    return parser.parse_args(argv)


def database_path(args: argparse.Namespace) -> str:
    return str(args.db) if args.db else str(ROOT / "instance" / "dealer.sqlite3")


def lan_address() -> str:
    """The address other devices on the home network reach this laptop at (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def public_url(args: argparse.Namespace) -> str:
    if args.public_url:
        return str(args.public_url).rstrip("/")
    host = args.host
    if host in ("0.0.0.0", "::", ""):
        host = lan_address()
    return f"http://{host}:{args.port}"


def announcement(app: Flask, base: str, ansi: bool) -> str:
    """What the terminal shows at start: where the dealer goes, where players go (with a QR code to scan).

    Players get the tables list (/t/) rather than one table: at start there may be no table yet, or several,
    and the list updates itself when the dealer creates one. Each table's console shows that table's own QR code.
    """
    from web import qr

    players = f"{base}/t/"
    lines = [
        "2-7 Triple Draw dealer",
        f"  Dealer's tablet: {base}/   (create a table or resume one)",
        f"  Players' phones: {players}   (scan the code below; each table's console shows its own code too)",
        "",
        qr.terminal(players, ansi=ansi),
        "",
    ]
    return "\n".join(lines)


def tables_in_play(app: Flask, base: str, stop: threading.Event) -> str:
    """The latest tables still in play, replayed into memory: run in the background once the server listens, so
    the first tap on them finds them ready however long their sessions were."""
    with app.app_context():
        from web.service import service

        tables = service()
        try:
            ready = tables.warm_up(limit=12, stop=stop)  # the latest few: every old session would take long
        except StorageError as failure:
            return f"  The tables could not be read: {failure}"
        lines = []
        for table_id in ready:
            game = tables.game(table_id)
            if not game.over:
                names = ", ".join(game.players)
                hand = f"hand {game.hand_number} of {game.hands_to_play}"
                lines.append(f"    {base}/t/{table_id}   {hand}: {names}")
    return "\n".join(["  Tables in play (players' view):", *lines, ""]) if lines else ""


def warm_up_in_background(app: Flask, base: str) -> threading.Event:
    stop = threading.Event()

    def run() -> None:
        text = tables_in_play(app, base, stop)
        if text and not stop.is_set():
            print(text, flush=True)
        phh_writer()  # PokerKit takes a second to import: done now, not on a phone's first PHH download

    threading.Thread(target=run, name="warm-up", daemon=True).start()
    return stop


# --- the database: checked, locked, backed up, left whole at the end ---------------------------------------------

def claim_database(database: str, url: str) -> ServerLock:
    """Every start-up check, and the lock that keeps a second server off this file; StartRefused says why not."""
    path = Path(database)
    check_folder(path)
    check_room(path)
    lock = ServerLock(database)
    lock.acquire(url)
    try:
        check_file(path)
        if path.exists() and path.stat().st_size > 0:
            check_database(path)
    except BaseException:
        lock.release()
        raise
    return lock


def stop_on_signals() -> None:
    """SIGTERM and SIGINT end the serving loop like Ctrl+C does, so the clean-up in main() runs."""
    def stop(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)


def close_database(app: Flask, keeper: BackupKeeper | None) -> None:
    """Stop the backups, then checkpoint the write-ahead log into the main file and close it (a second Ctrl+C
    meanwhile would leave the -wal file behind: it is ignored)."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if keeper is not None:
        keeper.stop()
    tables = app.extensions.get("tables")
    if tables is not None:
        tables.store.close()


def restore_command(database: str, backup: str) -> int:
    """``--restore``: put a backup in the database's place (refused while a server uses the file)."""
    lock = ServerLock(database)
    try:
        lock.acquire("(restoring a backup)")
    except StartRefused as refused:
        print(refused.message.render(), file=sys.stderr)
        return 2
    try:
        found = backups(database)
        if backup == "latest" and not found:
            print(f"No backup of {database} was found (they are kept in "
                  f"{Path(database).stem}-backups/ next to it).", file=sys.stderr)
            return 2
        used, aside = restore(database, None if backup == "latest" else backup)
    except (OSError, ValueError) as failure:
        print(f"Nothing was restored: {failure}", file=sys.stderr)
        return 2
    finally:
        lock.release()
    kept = f"; the file it replaced is kept as {aside}" if aside else ""
    print(f"Restored {database} from the backup {used}{kept}. Start the server as usual: python app.py"
          + (f" --db {database}" if database != str(ROOT / "instance" / "dealer.sqlite3") else ""))
    return 0


def serve_tuned(app: Flask, args: argparse.Namespace) -> Callable[[], None]:
    """Waitress set up so that slow or idle connections cost little and the dealer's requests go first
    (web/waitress_server.py says which settings and why): listening already, it returns the loop to run."""
    from web.waitress_server import create

    tables = app.extensions["tables"]
    return create(app, host=args.host, port=args.port, threads=args.threads, verify=tables.holds_dealer_token,
                  connection_limit=args.connection_limit)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    database = database_path(args)
    if args.restore is not None:
        return restore_command(database, args.restore)
    config: dict[str, Any] = {"PUBLIC_URL": public_url(args), "DATABASE": database,
                              "ALLOWED_HOSTS": tuple(args.allowed_host), "LAPTOP_ADDRESSES": ("127.0.0.1", "::1")}
    if args.max_tables is not None:
        config["MAX_TABLES_IN_PLAY"] = args.max_tables
    try:
        lock = claim_database(database, str(config["PUBLIC_URL"]))
    except StartRefused as refused:
        print(f"The server did not start. {refused.message.render()}", file=sys.stderr, flush=True)
        return 2
    keeper = None
    app = None
    try:
        app = create_app(config)
        lock.hold_database()  # a new database exists now: lock the file itself too
        run_server = serve_tuned(app, args)
        stop_on_signals()
        base = str(config["PUBLIC_URL"])
        print(announcement(app, base, ansi=sys.stdout.isatty()), flush=True)
        announce = app.config.get("ANNOUNCE")
        if callable(announce):
            announce(base)
        store = app.extensions["tables"].store
        keeper = BackupKeeper(database, store).start()
        app.extensions["tables"].after_write = keeper.changed
        warm_up = warm_up_in_background(app, base)
        sys.setswitchinterval(SWITCH_INTERVAL)
        run_server()  # until Ctrl+C or SIGTERM
        warm_up.set()
    except StorageError as failure:
        print(f"The server did not start. {failure.message.render()}", file=sys.stderr, flush=True)
        return 2
    except OSError as failure:  # the port is taken, the address is not this computer's…
        print(f"The server did not start: {failure.strerror or failure} ({args.host}:{args.port}).",
              file=sys.stderr, flush=True)
        return 2
    finally:
        if app is not None:
            close_database(app, keeper)
        lock.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
