"""Pages shared by everyone: the language switch and the shell every page uses."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Flask, Response, jsonify, redirect, render_template, request
from flask_babel import gettext

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


def register_error_pages(app: Flask) -> None:
    """Unknown addresses: JSON under /api/, a plain page elsewhere."""

    @app.errorhandler(404)
    def not_found(exc: Exception) -> tuple[Response | str, int]:
        if request.path.startswith("/api/"):
            return jsonify({"error": gettext("No such API address.")}), 404
        return render_template("error.html", message=gettext("This page does not exist."), status=404), 404

    @app.errorhandler(405)
    def wrong_method(exc: Exception) -> tuple[Response | str, int]:
        if request.path.startswith("/api/"):
            return jsonify({"error": gettext("This address does not accept that method.")}), 405
        return render_template("error.html", message=gettext("This address does not accept that method."),
                               status=405), 405
