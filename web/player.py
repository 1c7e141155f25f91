"""The players' view: a read-only page per table that phones follow live.

Routes (GET only; nothing here knows or shows the dealer token):
    /t/                    the tables on this server, for a phone that scanned the server's QR code
    /t/<table_id>          the player view of one table (full page; ETag -> 304 when nothing changed)
    /t/<table_id>/live     the live part of that page, polled by htmx every 400 ms: ``?seq=N`` answers
                           204 No Content (htmx leaves the page alone) while the table is still at seq N,
                           otherwise the fresh fragment, which carries the new seq in its own polling URL
    /t/<table_id>/log      every hand's log, for settling "what happened two hands ago"
    /t/<table_id>/log/<n>  hand n's log alone (the console and this view link each earlier hand's summary here)

Everything shown is the engine's snapshot, printed by the partials the dealer console uses too
(templates/partials/). The fragment is rendered once per table, seq and language and then served
from memory, so 30 phones cost one render per dealer action and an unchanged poll costs a dictionary lookup.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, make_response, render_template, request, url_for
from flask_babel import get_locale

from dealer import clock_text

from . import qr
from .limits import path_number, query_number
from .service import service
from .stacks_chart import stacks_chart
from .table_errors import TableNotFound
from .tournament_screens import tournament_screen, with_clock
from .urls import player_url

bp = Blueprint("player", __name__)

POLL_INTERVAL = "400ms"  # a dealer change reaches every phone within half a second (2.5 polls a second)
POLL_TIMEOUT = "4s"  # a poll lost with the Wi-Fi is abandoned, so the next one is not queued behind it


# --- URLs and QR codes, also for other templates (the dealer console shows the player QR code) ----------------

bp.add_app_template_global(player_url, "player_url")
bp.add_app_template_global(qr.svg, "qr_svg")
bp.add_app_template_filter(clock_text, "clock")


def language() -> str:
    return str(get_locale() or "en")


# --- the fragment cache: one render per table, seq and language -------------------------------------------------

def live_version(table_id: str) -> tuple[int, int | None]:
    """What a live part shows: the table's seq, and in a tournament the clock's period (a new level or break is news
    without any input: R36), None at other tables (TableNotFound for no table)."""
    game = service().game(table_id)
    return game.seq, game.clock_period() if game.is_tournament else None


def live_url(endpoint: str, table_id: str, seq: int, period: int | None, **args: Any) -> str:
    """The live part's polling URL: ``?seq=N``, and ``&p=K`` (the clock's period) in a tournament."""
    return url_for(endpoint, table_id=table_id, seq=seq, p=period, **args)


def unchanged(seq: int, period: int | None) -> bool:
    """The polling screen already shows this seq (and clock period): its ``?seq=N`` (and ``&p=K``)."""
    return query_number("seq") == seq and query_number("p") == period


class Fragments:
    """The latest rendered live fragment of each table, per language. A new seq replaces the old entry."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._render_locks: dict[str, threading.Lock] = {}
        self._latest: dict[str, tuple[int, dict[str, str]]] = {}  # table -> (seq, language -> html)

    def get(self, table_id: str, seq: int, lang: str) -> str | None:
        entry = self._latest.get(table_id)
        if entry is None or entry[0] != seq:
            return None
        return entry[1].get(lang)

    def put(self, table_id: str, seq: int, lang: str, html: str) -> None:
        with self._lock:
            entry = self._latest.get(table_id)
            if entry is None or entry[0] < seq:
                self._latest[table_id] = (seq, {lang: html})
            elif entry[0] == seq:
                entry[1][lang] = html

    def forget_table(self, table_id: str) -> None:
        """The table was deleted (web/service.py's ``forget_everywhere``): its fragments go with it."""
        with self._lock:
            self._latest.pop(table_id, None)
            self._render_locks.pop(table_id, None)

    def render_lock(self, table_id: str) -> threading.Lock:
        """Phones that all ask for a new seq at once wait for one render instead of each doing it."""
        with self._lock:
            return self._render_locks.setdefault(table_id, threading.Lock())


def fragments(name: str = "player_fragments") -> Fragments:
    """The app's cache of live fragments of one kind (the phones' here; the room display has its own)."""
    return current_app.extensions.setdefault(name, Fragments())  # type: ignore[no-any-return]


def _render(table_id: str, fragment: bool) -> tuple[str, int]:
    """The page or its live fragment, and the seq it shows."""
    seq, period = live_version(table_id)
    snap = service().access(table_id).snapshot()
    html = render_template("player.html", table=snap, table_id=table_id, fragment=fragment,
                           chart=stacks_chart(snap.history, [seat.name for seat in snap.seats]),
                           layout="player/fragment.html" if fragment else "base.html",
                           live_url=live_url("player.live", table_id, seq, period),
                           clock=tournament_screen(snap), poll_interval=POLL_INTERVAL, poll_timeout=POLL_TIMEOUT)
    return html, seq


def cached_fragment(cache: Fragments, table_id: str, seq: int, render: Callable[[], tuple[str, int]],
                    period: int | None = None) -> str:
    """The fragment at ``seq`` (and a tournament's clock ``period``) in this request's language, rendered by
    ``render`` only when no phone asked yet."""
    lang = language() if period is None else f"{language()}@{period}"
    html = cache.get(table_id, seq, lang)
    if html is None:
        with cache.render_lock(table_id):
            html = cache.get(table_id, seq, lang)  # rendered by another phone's request while we waited
            if html is None:
                html, shown = render()
                cache.put(table_id, shown, lang, html)
    return html


def live_answer(table_id: str, cache: Fragments, render: Callable[[], tuple[str, int]]) -> Response:
    """What a live poll gets: 204 while the table is still at the ``?seq=N`` (and clock period ``&p=K``) the screen
    shows, otherwise the fresh fragment (one render per seq, period and language, whoever asks), or the "table gone"
    part when there is no table. A tournament's answers say the laptop's time, for its countdowns."""
    try:
        seq, period = live_version(table_id)
    except TableNotFound:
        return fresh(make_response(render_template("player/gone.html", table_id=table_id), 404))
    if unchanged(seq, period):
        answer = make_response("", 204)
    else:
        answer = make_response(cached_fragment(cache, table_id, seq, render, period))
    return fresh(answer if period is None else with_clock(answer))


def fresh(response: Response) -> Response:
    """Always revalidated (the seq or ETag makes that cheap); the language comes from a cookie or the browser."""
    response.headers["Cache-Control"] = "no-cache"
    if "Vary" in response.headers:
        response.vary.update(("Accept-Language", "Cookie"))
    else:  # the usual case, set at once: a 204 poll is answered dozens of times a second
        response.headers["Vary"] = "Accept-Language, Cookie"
    return response


# --- routes -------------------------------------------------------------------------------------------------------

@bp.get("/t/")
def tables() -> Response:
    """Tables on this server, newest first: what a phone sees after scanning the server's QR code."""
    found = []
    for table_id, game in service().tables():
        found.append({"id": table_id, "players": list(game.players), "hand": game.hand_number,
                      "hands": game.hands_to_play,
                      "over": game.over})
    return fresh(make_response(render_template("player/tables.html", tables=found)))


@bp.get("/t/<table_id>")
def table(table_id: str) -> Response:
    seq, period = live_version(table_id)  # an unknown table: web/errors.py answers 404
    etag = f"p{seq}-{language()}" + ("" if period is None else f"-{period}")
    if request.if_none_match.contains_weak(etag):
        response = make_response("", 304)
    else:
        # a flood of page loads costs lookups; the page's language links name the request's path, so only the plain
        # address is served from the cache
        html = (cached_fragment(fragments("player_pages"), table_id, seq, lambda: _render(table_id, fragment=False),
                                period)
                if not request.query_string else _render(table_id, fragment=False)[0])
        response = make_response(html)
    response.set_etag(etag, weak=True)
    return fresh(response)


@bp.get("/t/<table_id>/live")
def live(table_id: str) -> Response:
    """The live fragment; 204 No Content while the table is still at the seq the phone already shows."""
    return live_answer(table_id, fragments(), lambda: _render(table_id, fragment=True))


@bp.get("/t/<table_id>/log")
def log(table_id: str) -> Response:
    """Every hand's log of the session, latest hand first."""
    access = service().access(table_id)
    started, ended = access.dates()
    return fresh(make_response(render_template("player/log.html", table_id=table_id, hands=access.session_log(),
                                               started=started, ended=ended)))


@bp.get("/t/<table_id>/log/<hand>")
def hand_log(table_id: str, hand: str) -> Response:
    """One hand's full log: where the one-line summaries of earlier hands lead (404 for a hand not dealt)."""
    access = service().access(table_id)
    number = path_number(hand)
    found = access.hand_log(number) if number is not None else None
    if found is None:
        body = render_template("player/log.html", table_id=table_id, hands=(), single=hand)
        return fresh(make_response(body, 404))
    started, ended = access.dates()
    return fresh(make_response(render_template("player/log.html", table_id=table_id, hands=(found,), single=hand,
                                               started=started, ended=ended)))
