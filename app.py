"""Serve the 2-7 Triple Draw dealer assistant on the home network.

    python app.py                      # all interfaces, port 8765, database in instance/
    python app.py --host 127.0.0.1 --port 8765 --db t.sqlite3
"""

from __future__ import annotations

import argparse
import socket
import sys

from flask import Flask

from web import create_app

DEFAULT_PORT = 8765
# Waitress threads: one dealer plus ~30 phones polling every second; requests take a few ms. 2 to 32 threads
# measure the same (benchmarks/api.py, docs/PERFORMANCE.md); 16 leaves room for bursts.
THREADS = 16


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="0.0.0.0", help="interface to listen on (default: all, for the home network)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    parser.add_argument("--db", default=None, help="SQLite database path (default: instance/dealer.sqlite3)")
    parser.add_argument("--public-url", default=None,
                        help="address phones should use, e.g. http://poker.lan:8765 (default: detected LAN address)")
    parser.add_argument("--threads", type=int, default=THREADS, help=f"server threads (default {THREADS})")
    parser.add_argument("--max-tables", type=int, default=None,
                        help="tables in progress this server accepts before refusing a new one (default 100)")
    return parser.parse_args(argv)


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
    with app.app_context():
        from web.service import service

        in_play = []
        for stored in service().store.tables()[:12]:  # the latest few: replaying every old session would slow the start
            game = service().game(stored.id)
            if game.state.phase.value != "over":
                in_play.append((stored.id, game))
    if in_play:
        lines.append("  Tables in play (players' view):")
        for table_id, game in in_play:
            names = ", ".join(seat.name for seat in game.state.seats)
            hand = f"hand {game.state.hand_number} of {game.state.stakes.hands}"
            lines.append(f"    {base}/t/{table_id}   {hand}: {names}")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    config: dict[str, object] = {"PUBLIC_URL": public_url(args)}
    if args.db:
        config["DATABASE"] = args.db
    if args.max_tables is not None:
        config["MAX_TABLES_IN_PLAY"] = args.max_tables
    app = create_app(config)
    base = config["PUBLIC_URL"]
    print(announcement(app, str(base), ansi=sys.stdout.isatty()), flush=True)
    announce = app.config.get("ANNOUNCE")
    if callable(announce):
        announce(base)
    sys.stdout.flush()
    serve_tuned(app, args)


def serve_tuned(app: Flask, args: argparse.Namespace) -> None:
    """Waitress set up so that slow or idle connections cost little and the dealer's requests go first
    (web/serving.py says which settings and why)."""
    from web.serving import serve

    serve(app, host=args.host, port=args.port, threads=args.threads)


if __name__ == "__main__":
    main()
