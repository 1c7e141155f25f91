"""Limits on what one request may carry, each refused with a sentence (never a 500).

- Body size: ``MAX_CONTENT_LENGTH`` (64 KiB, set in web/__init__.py); a bigger body is refused by web/errors.py.
- JSON: only ``application/json`` is read (:func:`require_json_type`), nested at most ``MAX_JSON_DEPTH`` deep, with
  numbers of at most ``MAX_NUMBER_DIGITS`` characters and no NaN/Infinity (:func:`parse_json`). Python's own parser
  recurses, so ``[`` repeated 50,000 times is refused by a scan before it is parsed.
- Form numbers: :func:`whole_number` accepts ASCII digits only (``str.isdigit`` also lets ``²`` and ``⑨`` through,
  which ``int`` then refuses), thousands grouped or not; more than ``MAX_FORM_DIGITS`` of them read as a number
  beyond every field's maximum, which the engine refuses with that field's sentence.
- Tables in progress per server: ``MAX_TABLES_IN_PLAY`` (app config; web/service.py refuses a creation beyond it).
- Requests per client on the public pages: :class:`ClientRates` (a token bucket per address); the dealer's own pages
  are counted too on a device without a dealer's cookie that is a table's stored token (:func:`carries_dealer_cookie`),
  and an answer larger than 64 KiB counts as one read per 64 KiB (:func:`charge_size`).
- Tables created or imported per device: :data:`CREATION_RATE` (a few in a row, then one every 20 s); the laptop
  itself is exempt, so junk from the Wi-Fi never keeps the host from starting a game.
"""

from __future__ import annotations

import json
import re
import threading
import time
from typing import Any

from flask import Flask, Response, current_app, g, request
from flask_babel import gettext

from dealer import N_, BadInput, Msg

from .errors import UnsupportedType, answer

MAX_JSON_DEPTH = 16  # the deepest legitimate body (players -> {name, stack}) is 3 levels
MAX_NUMBER_DIGITS = 20  # chips go up to 10**12; beyond that the engine's own sentence names each field's maximum
MAX_FORM_DIGITS = 15
JSON_TYPE = "application/json"

_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(rb"[\[\]{}]")
_GROUPED = re.compile(r"[0-9]{1,3}(?:[ ,.'_\u00a0\u202f][0-9]{3})+")


def require_json_type() -> None:
    """JSON routes read only ``application/json``.

    A cross-site page can send ``text/plain`` or form bodies without a CORS preflight, and a ``fetch`` of a Blob
    sends a body with no Content-Type at all; ``application/json`` always needs a preflight, which this server never
    grants. So a body must say ``application/json``; only an empty body may come without a Content-Type (an
    ``undo`` with no fields, ``curl -X POST``), since it carries nothing to act on.
    """
    declared = request.headers.get("Content-Type")
    if declared is None:
        if request.content_length or request.headers.get("Transfer-Encoding"):
            raise UnsupportedType(N_("Send the body as JSON with the header “Content-Type: application/json”."))
        return
    if request.mimetype != JSON_TYPE:
        raise UnsupportedType(N_("This address reads only JSON bodies (Content-Type: application/json), "
                                 "not “{type}”."), type=request.mimetype[:60] or "?")


def json_depth(raw: bytes) -> int:
    """How deep arrays and objects nest in ``raw`` (strings skipped), counted without recursion."""
    depth = deepest = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub(b"", raw)):
        if bracket.group() in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _number(text: str) -> str:
    if len(text) > MAX_NUMBER_DIGITS:
        raise BadInput(N_("Numbers in the body may have at most {digits} characters."), digits=MAX_NUMBER_DIGITS)
    return text


def _int(text: str) -> int:
    return int(_number(text))


def _float(text: str) -> float:
    return float(_number(text))


def _constant(text: str) -> Any:
    raise BadInput(N_("The request body is not valid JSON."))


def parse_json(raw: bytes) -> Any:
    """The JSON value of ``raw``, or BadInput with a sentence: malformed, too deep, or a number too long."""
    if raw.count(b"[") + raw.count(b"{") > MAX_JSON_DEPTH and json_depth(raw) > MAX_JSON_DEPTH:
        raise BadInput(N_("The request body nests deeper than {depth} levels."), depth=MAX_JSON_DEPTH)
    try:
        return json.loads(raw, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadInput(N_("The request body is not valid JSON.")) from None


def path_number(text: str | None, digits: int = 7) -> int | None:
    """A number in an address (a hand, a step, a row): ASCII digits only, at most ``digits`` of them, else None
    (``"²".isdigit()`` is true, and ``int`` of it fails)."""
    if not text or len(text) > digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def query_number(name: str) -> int | None:
    """A number in the address's query (``?seq=12``): ASCII digits only, else None (``int`` also reads "٣")."""
    return path_number(request.args.get(name), digits=12)


def whole_number(value: object, label: str, signed: bool = False) -> int:
    """A form field as a whole number: ASCII digits only (a leading ``-`` when ``signed``), thousands grouped as
    our languages write them ("5,000,000", "5.000.000", "5 000 000") or not at all.

    More than 15 digits read as 10**15, beyond every field's maximum, so the engine refuses it with that field's
    own sentence ("… up to 1000000000000") without this converting thousands of digits."""
    text = str(value).strip()
    sign = "-" if signed and text.startswith("-") else ""
    digits = text[len(sign):]
    if _GROUPED.fullmatch(digits):
        digits = re.sub(r"[^0-9]", "", digits)
    if not (digits.isascii() and digits.isdigit()):
        raise BadInput(N_("“{field}” must be a whole number."), field=label[:60])
    return int(sign + digits) if len(digits) <= MAX_FORM_DIGITS else int(sign + "1" + "0" * MAX_FORM_DIGITS)


class ClientRates:
    """A token bucket per client address: ``rate`` requests a second on average, bursts of ``burst``.

    A phone polls at most 4 times a second and loads a page now and then (its static files are not counted); the
    default leaves it three times that, and a burst of 40 for a page load with its first polls.
    """

    def __init__(self, rate: float = 12.0, burst: float = 40.0) -> None:
        self.rate = rate
        self.burst = burst
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)

    def allow(self, address: str) -> bool:
        now = time.monotonic()
        with self._lock:
            tokens, when = self._buckets.get(address, (self.burst, now))
            tokens = min(self.burst, tokens + (now - when) * self.rate)
            allowed = tokens >= 1
            self._buckets[address] = (tokens - 1 if allowed else tokens, now)
            if len(self._buckets) > 4096:  # forget idle clients (full buckets) so spoofed addresses cost nothing
                self._buckets = {key: value for key, value in self._buckets.items() if value[0] < self.burst - 1}
            return allowed

    def spend(self, address: str, tokens: float) -> None:
        """Take ``tokens`` more from the address's bucket (a large answer costs more than one read), owing at most
        ``DEBT_SECONDS`` of its rate: a device that asked for a big answer waits before its next read."""
        now = time.monotonic()
        with self._lock:
            held, when = self._buckets.get(address, (self.burst, now))
            held = min(self.burst, held + (now - when) * self.rate)
            self._buckets[address] = (max(held - tokens, -self.rate * DEBT_SECONDS), now)


DEBT_SECONDS = 10.0
READ_BYTES = 64 * 1024  # one read's worth of an answer: a larger one is counted as that many reads
READ_CPU = 0.005  # one read's worth of the server's processor time (a phone's poll takes well under a millisecond)
MAX_CPU_READS = 8  # a page's first render compiles its templates (50-100 ms): the device pays for its own part only


LOOPBACK = ("127.0.0.1", "::1")
UNTHROTTLED_BLUEPRINTS = ("console",)  # the dealer's own pages (with the dealer's cookie); writes are never throttled
DEALER_COOKIE = "dealer_"  # web/tablet.py's COOKIE_PREFIX (this module is imported before it)


def throttled() -> Response | None:
    """A public read beyond its client's rate: 429 with a sentence, or for a phone's poll an empty 204 (htmx
    keeps the page as it is and polls again) so a throttled phone never shows an error."""
    if not counted():
        return None
    address = request.remote_addr or "?"
    if current_app.extensions[RATES].allow(address):
        return None
    sentence = Msg(N_("Too many requests from this device; wait a second and try again."))
    if request.endpoint == "player.live":
        response = Response(status=204)
    elif request.path.startswith("/api/"):
        response = answer(sentence, 429)
    else:  # plain text: a refusal must cost less than the page it refuses
        response = Response(sentence.render(gettext), 429, mimetype="text/plain")
    response.headers["Retry-After"] = "1"
    return response


MAX_COOKIES_CHECKED = 8  # a device holding more dealer cookies than this is counted like a phone on the start screen


def carries_dealer_cookie() -> bool:
    """Whether this device holds a dealer's cookie that is the table's stored token: the one of the table in the
    address, or (the start screen) any table's. The dealer's own pages are then never throttled; a device without
    one is counted against the read rate like a phone, since each of those pages costs the server."""
    tables = current_app.extensions["tables"]
    named = (request.view_args or {}).get("table_id")
    cookies = request.cookies
    if isinstance(named, str):
        token = cookies.get(DEALER_COOKIE + named)
        return token is not None and bool(tables.holds_stored_token(named, token))
    held = [(name[len(DEALER_COOKIE):], token) for name, token in cookies.items() if name.startswith(DEALER_COOKIE)]
    return any(tables.holds_stored_token(table_id, token) for table_id, token in held[:MAX_COOKIES_CHECKED])


def start_clock() -> None:
    g.read_started = time.thread_time()


def charge_size(response: Response) -> Response:
    """A counted device pays for an answer by what it cost, when that is more than one read: one read per
    :data:`READ_BYTES` of the answer (a hand's steps of thousands of corrections are megabytes) or per
    :data:`READ_CPU` seconds of this thread's processor time (a start screen listing many tables), whichever is
    more; what a phone may take in a second is then bounded in bytes and in the server's time too."""
    started = g.pop("read_started", None)
    if started is None or not counted():
        return response
    size = response.calculate_content_length() if not response.direct_passthrough else None
    reads = max((size or 0) / READ_BYTES, min((time.thread_time() - started) / READ_CPU, MAX_CPU_READS))
    if reads > 1:
        current_app.extensions[RATES].spend(request.remote_addr or "?", reads - 1)
    return response


def counted() -> bool:
    """Whether this request is counted against its device's read rate (see :func:`throttled`)."""
    if request.method not in ("GET", "HEAD") or request.endpoint in (None, "static"):
        return False
    if request.blueprint in UNTHROTTLED_BLUEPRINTS and carries_dealer_cookie():
        return False
    return (request.remote_addr or "?") not in current_app.config["CLIENT_RATE_EXEMPT"]


RATES = "client_rates"
CREATIONS = "client_creations"
CREATION_RATE = (1 / 20, 6.0)  # one table every 20 s on average, 6 in a row
CREATING = ("/new", "/api/tables", "/import", "/api/tables/import")


def exempt() -> bool:
    """The request comes from an address no allowance applies to (the laptop itself, by default)."""
    return (request.remote_addr or "?") in current_app.config["CLIENT_RATE_EXEMPT"]


def from_laptop() -> bool:
    """The request comes from the laptop serving the app, where the host may archive or delete any table
    (``LAPTOP_ADDRESSES``: 127.0.0.1 and ::1 when app.py serves; none by default)."""
    return (request.remote_addr or "?") in current_app.config["LAPTOP_ADDRESSES"]


def creation_throttled() -> Response | None:
    """A table creation or import beyond its device's allowance: 429 with a sentence, nothing created."""
    if request.method != "POST" or request.path not in CREATING or exempt():
        return None
    if request.path == "/new" and request.content_length and request.content_length < 65536 \
            and request.form.get("move"):
        return None  # moving a seat on the form without JavaScript creates nothing
    if current_app.extensions[CREATIONS].allow(request.remote_addr or "?"):
        return None
    response = answer(Msg(N_("Too many tables created from this device; wait a minute and try again (nothing was "
                             "created).")), 429)
    response.headers["Retry-After"] = "20"
    return response


def init_app(app: Flask) -> None:
    """Per-client rates on public reads; requests from the laptop itself (loopback) are exempt by default."""
    app.config.setdefault("CLIENT_RATE", (12.0, 40.0))
    app.config.setdefault("CLIENT_RATE_EXEMPT", LOOPBACK)
    rate, burst = app.config["CLIENT_RATE"]
    app.extensions[RATES] = ClientRates(rate, burst)
    app.config.setdefault("CREATION_RATE", CREATION_RATE)
    app.config.setdefault("LAPTOP_ADDRESSES", ())
    app.extensions[CREATIONS] = ClientRates(*app.config["CREATION_RATE"])
    app.before_request(start_clock)
    app.before_request(throttled)
    app.after_request(charge_size)
    app.before_request(creation_throttled)
