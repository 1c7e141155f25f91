"""Pages shared by everyone: the language switch and the shell every page uses."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Response, redirect, request

from . import LANG_COOKIE, LANGUAGES

bp = Blueprint("site", __name__)


def _safe_next(target: str | None) -> str:
    """Only same-site paths, so the switch cannot be used as an open redirect."""
    if not target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    return target


@bp.get("/lang/<code>")
def switch_language(code: str) -> Response:
    """Remember the language on this device (a preference cookie; no game state changes)."""
    response = redirect(_safe_next(request.args.get("next")), code=303)
    if code in LANGUAGES:
        response.set_cookie(LANG_COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax")
    return response
