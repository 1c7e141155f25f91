"""Pages shared by everyone: the language switch (and the locale it selects) and the shell every page uses."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, redirect, request
from werkzeug.wrappers import Response as BaseResponse

bp = Blueprint("site", __name__)

LANGUAGES = ("en", "pt", "es")
LANGUAGE_NAMES = {"en": "English", "pt": "Português", "es": "Español"}
LANG_COOKIE = "lang"


def select_locale() -> str:
    """The language switch (a cookie per device) wins; otherwise the browser's Accept-Language."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


def _safe_next(target: str | None) -> str:
    """Only same-site paths, so the switch cannot be used as an open redirect."""
    if not target:
        return "/"
    if any(ord(char) < 32 or ord(char) == 127 for char in target):  # CR/LF would split the Location header
        return "/"
    try:
        parts = urlsplit(target)
    except ValueError:  # "//[" and the like
        return "/"
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    return target


@bp.get("/lang/<code>")
def switch_language(code: str) -> BaseResponse:
    """Remember the language on this device (a preference cookie; no game state changes)."""
    response = redirect(_safe_next(request.args.get("next")), code=303)
    if code in LANGUAGES:
        response.set_cookie(LANG_COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax")
    return response

