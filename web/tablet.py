"""The dealer's tablet: the blueprint the start screen (web/start.py) and the console (web/console.py) share, and
what both need of the request: the table's dealer cookie, the CSRF field of every form, htmx or a plain POST.

The dealer cookie is ``dealer_<id>`` (HttpOnly, SameSite=Lax), set when the table is created or imported, or
through the "continue on another tablet" link. Every answer of this blueprint is never cached and names no page of
this server to another site (the join link's token never leaves it); an answer to a tap carries Server-Timing.
"""

from __future__ import annotations

import gzip
import time

from flask import Blueprint, Response, g, request
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from .guard import hidden_field, start_csrf, table_csrf
from .service import TableAccess, service

bp = Blueprint("console", __name__)

COOKIE_PREFIX = "dealer_"
COOKIE_MAX_AGE = 30 * 24 * 3600


@bp.before_request
def start_timer() -> None:
    g.console_started = time.perf_counter()


@bp.after_request
def finish(response: Response) -> Response:
    """Server-Timing on every answer to a tap; console pages are never cached (they carry the join link)."""
    started = g.get("console_started")
    if started is not None and request.method == "POST":
        response.headers["Server-Timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.1f}"
    if request.endpoint:
        # Never cached, the start screen included: the Back button must not show a stale list or console.
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "same-origin"  # the join link's token never leaves this server
    response.vary.add("HX-Request")
    return _compressed(response) if is_htmx() else response


def _compressed(response: Response) -> Response:
    """A tap's answer (the console fragment, mostly repeated markup) travels gzipped to a browser that accepts it:
    a few KB on the home Wi-Fi instead of tens."""
    response.vary.add("Accept-Encoding")
    if (response.direct_passthrough or response.mimetype != "text/html" or "Content-Encoding" in response.headers
            or "gzip" not in request.headers.get("Accept-Encoding", "")):
        return response
    body = response.get_data()
    if len(body) < 1024:
        return response
    response.set_data(gzip.compress(body, compresslevel=5))
    response.headers["Content-Encoding"] = "gzip"
    return response


def is_htmx() -> bool:
    headers = request.headers
    return (headers.get("HX-Request") == "true" and headers.get("HX-History-Restore-Request") != "true"
            and headers.get("HX-Boosted") != "true")


def cookie_name(table_id: str) -> str:
    return COOKIE_PREFIX + table_id


def dealer_access(table_id: str) -> TableAccess:
    """The table (404 when unknown) and whether this device's cookie is its dealer token: the table is looked up
    and the cookie checked once per request, however many helpers ask."""
    token = request.cookies.get(cookie_name(table_id))
    known: dict[tuple[str, str | None], TableAccess] = g.setdefault("dealer_access", {})
    access = known.get((table_id, token))
    if access is None:
        access = known[(table_id, token)] = service().access(table_id, token)
    return access


def dealer_token(table_id: str) -> str | None:
    """This device's token for the table, when it is the right one: checked against the stored token (a list of
    tables asks for each; none is opened, let alone replayed, to know)."""
    token = request.cookies.get(cookie_name(table_id))
    if token is None:
        return None
    known: dict[tuple[str, str | None], TableAccess] = g.get("dealer_access", {})
    access = known.get((table_id, token))
    if access is not None:
        return token if access.authorised else None
    return token if service().holds_stored_token(table_id, token) else None


def set_dealer_cookie(response: BaseResponse, table_id: str, token: str) -> None:
    response.set_cookie(cookie_name(table_id), token, max_age=COOKIE_MAX_AGE, httponly=True, samesite="Lax",
                        secure=request.is_secure, path="/")


def csrf_token(table_id: str | None = None) -> str | None:
    """The CSRF token a form of this table (or the start screen's, without a table) must carry; None on a
    device without the dealer's cookie."""
    if table_id is None:
        return start_csrf()
    token = dealer_token(table_id)
    return table_csrf(table_id, token) if token else None


@bp.app_template_global()
def csrf_field(table_id: str | None = None) -> Markup:
    """The hidden CSRF field every console form carries (web/guard.py)."""
    return hidden_field(csrf_token(table_id))
