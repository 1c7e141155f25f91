"""Nobody else on the network can steer a table: cross-site checks, the CSRF token, and headers on every answer.

A console form carries the table's CSRF token (``csrf_field``, a hidden field; htmx also sends it as the
``X-CSRF-Token`` header, static/js/page.js). The token is derived from the table's dealer token, so only a page
this server rendered for the dealer's device knows it. A cookie-authenticated POST is foreign when:

- the browser says so (``Sec-Fetch-Site`` other than ``same-origin`` or ``none``: another port of the same host
  is ``same-site``, and is refused too);
- it names another origin (``Origin`` whose host is not this server's);
- it names none (``Origin: null`` after a redirect or from a sandboxed frame, or no Origin at all) and does not
  carry the token.

A token that is sent must match, whatever the Origin says. Before all that, a request whose ``Host`` is not a name
this server is known by is refused (421 with a sentence, :func:`known_host`): an address (an IP literal), ``localhost``,
this computer's own name, the public URL's host, or a name given with ``--allowed-host``. A page of another site on
a name that resolves to the laptop (DNS rebinding) sends its own name as the Host, and its matching Origin gets it
nowhere. Every answer forbids framing (``frame-ancestors
'none'``, ``X-Frame-Options: DENY``) and runs no inline script (Content-Security-Policy); inline ``style``
attributes stay allowed (the card picker's ``--rank``, the stacks chart). The one exception to framing: the rule
reference and "Who wins?" (no table control on them) may be framed by this server's own pages, as the console
opens them over itself (``'self'``, ``SAMEORIGIN``), and only when the browser says that is what it is doing
(``Sec-Fetch-Dest: iframe`` from the same origin); every other answer forbids framing.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import socket
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request
from markupsafe import Markup, escape

from dealer import N_, Msg

from .errors import answer

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
SAME_SITE_FETCHES = ("same-origin", "none")

CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
# The rule reference and "Who wins?" open over the console in a frame of this server's own pages; they change no
# table, so only other sites are kept from framing them.
FRAMED_BY_THE_CONSOLE = ("reference",)
REFERENCE_POLICY = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'")


def _derive(key: str, purpose: str) -> str:
    return hmac.new(key.encode(), purpose.encode(), hashlib.sha256).hexdigest()[:32]


def table_csrf(table_id: str, dealer_token: str) -> str:
    """The CSRF token of one table for the device holding its dealer token."""
    return _derive(dealer_token, f"csrf:{table_id}")


def start_csrf() -> str:
    """The start screen's token (table creation needs no dealer token yet): derived from this server's secret."""
    return _derive(str(current_app.config["CSRF_SECRET"]), "csrf:new")


def sent_csrf() -> str | None:
    return request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD) or None


def foreign(expected: str | None) -> bool:
    """Whether this POST came from another site (see the module docstring); ``expected`` is the right token."""
    sent = sent_csrf()
    if sent is not None and (expected is None or not hmac.compare_digest(sent.encode(), expected.encode())):
        return True
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None and fetch_site not in SAME_SITE_FETCHES:
        return True
    origin = request.headers.get("Origin")
    if origin and origin != "null":
        return urlsplit(origin).netloc != request.host
    return sent is None


def hidden_field(token: str | None) -> Markup:
    if not token:
        return Markup("")
    return Markup('<input type="hidden" name="{}" value="{}">').format(CSRF_FIELD, escape(token))


def _framed_by_this_server() -> bool:
    """The browser says it loads this page into a frame of a page of this server (Fetch Metadata); a plain visit,
    or a frame of another site, gets the default: no framing at all."""
    headers = request.headers
    return headers.get("Sec-Fetch-Dest") == "iframe" and headers.get("Sec-Fetch-Site") == "same-origin"


def security_headers(response: Response) -> Response:
    headers = response.headers
    if request.blueprint in FRAMED_BY_THE_CONSOLE and _framed_by_this_server():
        headers.setdefault("Content-Security-Policy", REFERENCE_POLICY)
        headers.setdefault("X-Frame-Options", "SAMEORIGIN")
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    return response


def host_name(host: str) -> str | None:
    """The name (or address) of a Host header, without its port; None when it is not one."""
    try:
        name = urlsplit("//" + host).hostname
    except ValueError:
        return None
    return name.rstrip(".").lower() if name else None


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def own_names(app: Flask) -> frozenset[str]:
    """The names this server answers to: localhost, this computer's name, the public URL's host, the names given."""
    names = {"localhost"}
    with_port = [str(app.config.get("PUBLIC_URL") or "")]
    names.update(filter(None, (host_name(urlsplit(url).netloc) for url in with_port if url)))
    try:
        computer = socket.gethostname().lower()
    except OSError:
        computer = ""
    if computer:
        names.update({computer, computer.split(".")[0], computer.split(".")[0] + ".local", computer + ".local"})
    names.update(str(name).strip().rstrip(".").lower() for name in app.config.get("ALLOWED_HOSTS", ()) if name)
    return frozenset(names)


def known_host() -> Response | None:
    """Refuse (421) a request whose Host is not one of this server's names or addresses."""
    name = host_name(request.headers.get("Host", "") or request.host)
    if name is not None and (is_address(name) or name.endswith(".localhost")
                             or name in current_app.extensions["own_names"]):
        return None
    shown = (name or request.headers.get("Host", "?"))[:60]
    return answer(Msg(N_("This server does not answer to the name “{host}”: open it by the address its terminal "
                         "shows, or start it with --allowed-host {host}."), {"host": shown}), 421)


def init_app(app: Flask) -> None:
    app.config.setdefault("CSRF_SECRET", secrets.token_hex(32))
    app.extensions["own_names"] = own_names(app)
    app.before_request(known_host)
    app.after_request(security_headers)
