"""Absolute addresses other devices on the home network reach this server at (QR codes, the join link)."""

from __future__ import annotations

from flask import current_app, request, url_for


def public_base() -> str:
    """app.py's --public-url or detected LAN address; this request's own host as a fallback. No trailing slash."""
    configured = current_app.config.get("PUBLIC_URL")
    return str(configured).rstrip("/") if configured else request.host_url.rstrip("/")


def player_url(table_id: str | None = None) -> str:
    """Absolute URL of a table's player view (or of the tables list), as a phone on the home network needs it."""
    if table_id is None:
        return public_base() + url_for("player.tables")
    return public_base() + url_for("player.table", table_id=table_id)


def tv_url(table_id: str) -> str:
    """Absolute URL of a table's room display, for the TV's browser (typed in or scanned from the console)."""
    return public_base() + url_for("tv.screen", table_id=table_id)
