"""The players' view: a read-only page per table that phones follow live (issue 4).

Routes (GET only; nothing here knows or shows the dealer token):
    /t/                    the tables on this server, for a phone that scanned the server's QR code
    /t/<table_id>          the player view of one table (full page; ETag -> 304 when nothing changed)
    /t/<table_id>/live     the live part of that page, polled by htmx every second: ``?seq=N`` answers
                           204 No Content (htmx leaves the page alone) while the table is still at seq N,
                           otherwise the fresh fragment, which carries the new seq in its own polling URL
    /t/<table_id>/log      every hand's log, for settling "what happened two hands ago"

Everything shown comes from the engine: the JSON STATE of the API (cached per seq by the table service) plus a
few engine values read under the table's lock (cap state, legal labels, last hand's reasons, shown hands).
The rendered fragment is cached per table, seq and language, so 30 phones cost one render per dealer action.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, abort, current_app, make_response, render_template, request, url_for
from flask_babel import get_locale, gettext

from dealer import betting
from dealer.cards import format_cards
from dealer.messages import Msg
from dealer.ranking import RankedHand
from dealer.showdown import pot_label
from dealer.state import HandResult, LogLine, Phase
from dealer.view import legal_label

from . import qr
from .tables import TableNotFound, service

bp = Blueprint("player", __name__)

POLL_INTERVAL = "1s"  # a dealer change reaches every phone within about one second
POLL_TIMEOUT = "4s"  # a poll lost with the Wi-Fi is abandoned, so the next one is not queued behind it
PLAYER_ACTIONS = ("fold", "check", "call", "bet", "raise", "draw", "show", "muck")  # not deal/misdeal/exposed
CHART_COLOURS = ("#ffd166", "#6ab0ff", "#5dd39e", "#ff6b6b", "#c792ea", "#f78c6c")


# --- URLs and QR codes, also for other templates (the dealer console shows the player QR code) ----------------

def public_base() -> str:
    """The address phones use: --public-url or the detected LAN address; the request's host as a fallback."""
    configured = current_app.config.get("PUBLIC_URL")
    return str(configured or request.url_root).rstrip("/")


def player_url(table_id: str | None = None) -> str:
    """Absolute URL of a table's player view (or of the tables list), as a phone on the home network needs it."""
    if table_id is None:
        return public_base() + url_for("player.tables")
    return public_base() + url_for("player.table", table_id=table_id)


bp.add_app_template_global(player_url, "player_url")
bp.add_app_template_global(qr.svg, "qr_svg")


# --- reading a table consistently ------------------------------------------------------------------------------

@dataclass
class _Engine:
    """Engine values the JSON STATE does not carry, copied under the table's lock."""

    seq: int
    cap: Msg | None = None
    options: list[Msg] = field(default_factory=list)
    last_hand: HandResult | None = None
    shown: dict[str, RankedHand] = field(default_factory=dict)
    mucked: list[str] = field(default_factory=list)
    log: list[LogLine] = field(default_factory=list)


def _read_engine(table_id: str, with_log: bool) -> _Engine:
    # The service's per-table lock is the one the dealer's writes hold: what we copy here is one consistent
    # moment of the game. Only references to immutable values and shallow copies are taken: microseconds.
    slot = service()._slot(table_id)  # noqa: SLF001 - same package; see the report on issue 4
    with slot.lock:
        game = slot.game
        table = game.state
        hand = table.hand
        found = _Engine(seq=game.seq, last_hand=table.last_hand)
        if table.phase is Phase.BET and hand is not None and hand.betting is not None:
            found.cap = betting.cap_state(table, hand.betting)
        if game.to_act is not None:
            found.options = [legal_label(option) for option in game.legal if option.action in PLAYER_ACTIONS]
        if hand is not None and hand.showdown is not None:
            found.shown = dict(hand.showdown.shown)
            found.mucked = list(hand.showdown.mucked)
        if with_log:
            found.log = list(table.log)
    return found


def _snapshot(table_id: str, with_log: bool = False) -> tuple[dict[str, Any], _Engine]:
    """The STATE dict and the engine extras of the same seq (retried if the dealer acted in between)."""
    for _ in range(5):
        engine = _read_engine(table_id, with_log)
        state = service().state(table_id, gettext, language())
        if state["seq"] == engine.seq:
            return state, engine
    return state, _read_engine(table_id, with_log)  # a dealer tapping faster than we read: next poll catches up


def language() -> str:
    return str(get_locale() or "en")


# --- the view model: plain values for the template; no rule is decided here -------------------------------------

def _rule(message: Msg) -> dict[str, Any]:
    return {"text": message.render(gettext), "rule": message.rule, "ruling": message.ruling}


def _ranked(name: str, ranked: RankedHand) -> dict[str, Any]:
    return {"name": name, "cards": format_cards(ranked.cards), "hand": ranked.name.render(gettext),
            "category": gettext(ranked.category.label)}


def _phase_label(state: dict[str, Any]) -> str:
    phase, number = state["phase"], state["round"]
    if phase == "bet":
        return gettext("Betting round %(number)s", number=number)
    if phase == "draw":
        return gettext("Draw %(number)s", number=number)
    if phase == "showdown":
        return gettext("Showdown")
    if phase == "over":
        return gettext("Session over")
    if state["hand"] == 0:
        return gettext("Waiting for the first deal")
    return gettext("Between hands: shuffling for hand %(number)s", number=state["hand"] + 1)


STATUS_LABELS = {"all_in": "All-in", "folded": "Folded", "out": "Out"}


def _seats(state: dict[str, Any]) -> list[dict[str, Any]]:
    markers = {}
    for key, label in (("button", "D"), ("small_blind", "SB"), ("big_blind", "BB")):
        if state[key] is not None and state["phase"] != "over":
            markers.setdefault(state[key], []).append(label)
    seats = []
    for player in state["players"]:
        label = STATUS_LABELS.get(player["status"])
        seats.append(dict(player, markers=markers.get(player["name"], []),
                          status_label=gettext(label) if label else "",
                          to_act=player["name"] == state["to_act"]))
    return seats


def _pots(state: dict[str, Any]) -> list[dict[str, Any]]:
    count = len(state["pots"])
    return [{"label": pot_label(index, count).render(gettext), "amount": pot["amount"], "eligible": pot["eligible"]}
            for index, pot in enumerate(state["pots"])]


def _turn(state: dict[str, Any], engine: _Engine) -> dict[str, Any] | None:
    """Whose turn and what it costs them, read from the engine's legal actions."""
    name = state["to_act"]
    if name is None:
        return None
    to_call = None
    for option in state["legal"]:
        if option["action"] == "call":
            to_call = option["amount"]
        elif option["action"] == "check":
            to_call = 0
    return {"name": name, "to_call": to_call, "options": [option.render(gettext) for option in engine.options]}


def _last_hand(result: HandResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    count = len(result.awards)
    awards = []
    for award in result.awards:
        awards.append({
            "label": pot_label(award.pot, count).render(gettext),
            "amount": award.amount,
            "winners": list(award.winners),
            "shares": [{"name": name, "chips": chips} for name, chips in award.shares.items()],
            "odd_chips": list(award.odd_chips),
            "split": len(award.winners) > 1,
            "reason": _rule(award.reason) if award.reason is not None else None,
        })
    return {
        "hand": result.hand,
        "awards": awards,
        "returned": [{"name": name, "chips": chips} for name, chips in result.returned.items() if chips],
        "shown": [_ranked(name, ranked) for name, ranked in result.shown.items()],
        "uncontested": result.uncontested,
    }


def _chart(state: dict[str, Any]) -> dict[str, Any] | None:
    """Stacks after each hand as polylines in a 0..100 x 0..50 box (drawing only: the values are the engine's)."""
    history = state["history"]
    if len(history) < 2:
        return None  # no hand finished yet: nothing to draw
    names = [player["name"] for player in state["players"]]
    top = max(max(stacks.values()) for stacks in history) or 1
    width, height, hands = 100.0, 50.0, max(state["hands"], len(history) - 1, 1)
    lines = []
    for index, name in enumerate(names):
        points = " ".join(f"{width * hand / hands:.2f},{height - height * stacks[name] / top:.2f}"
                          for hand, stacks in enumerate(history))
        lines.append({"name": name, "points": points, "colour": CHART_COLOURS[index % len(CHART_COLOURS)],
                      "stack": history[-1][name]})
    return {"lines": lines, "top": top, "hands": hands, "played": len(history) - 1, "width": width,
            "height": height}


def _log_lines(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"text": line["text"], "rule": line["rule"], "ruling": line["ruling"]} for line in lines]


def view_model(table_id: str) -> dict[str, Any]:
    state, engine = _snapshot(table_id)
    cap = _rule(engine.cap) if engine.cap is not None else None
    showdown = None
    if state["showdown"] is not None and state["phase"] == "showdown":
        showdown = {"order": state["showdown"]["order"],
                    "shown": [_ranked(name, ranked) for name, ranked in engine.shown.items()],
                    "mucked": engine.mucked}
    return {
        "table": table_id,
        "seq": state["seq"],
        "phase": state["phase"],
        "phase_label": _phase_label(state),
        "hand": state["hand"],
        "hands": state["hands"],
        "over": state["phase"] == "over",
        "turn": _turn(state, engine),
        "bet_unit": state["bet_unit"],
        "current_bet": state["current_bet"],
        "capped": state["capped"],
        "uncapped": state["uncapped"],
        "cap": cap,
        "seats": _seats(state),
        "draws": max((len(player["draws"]) for player in state["players"]), default=0),
        "pots": _pots(state),
        "pot_total": sum(pot["amount"] for pot in state["pots"]),
        "notes": [note for note in state["notes"] if cap is None or note["text"] != cap["text"]],  # cap shown apart
        "showdown": showdown,
        "last_hand": _last_hand(engine.last_hand),
        "standings": state["standings"],
        "chart": _chart(state),
        "log": _log_lines(state["log"]),
        "total": state["total"],
        "stakes": state["stakes"],
    }


# --- the fragment cache: one render per table, seq and language -------------------------------------------------

class _Fragments:
    def __init__(self) -> None:
        self._lock = threading.Lock()
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


def _fragments() -> _Fragments:
    return current_app.extensions.setdefault("player_fragments", _Fragments())  # type: ignore[no-any-return]


def _render(table_id: str, fragment: bool) -> tuple[str, int]:
    """The page or its live fragment, and the seq it shows."""
    view = view_model(table_id)
    return render_template("player.html", v=view, fragment=fragment,
                           layout="player/fragment.html" if fragment else "base.html",
                           live_url=url_for("player.live", table_id=table_id, seq=view["seq"]),
                           poll_interval=POLL_INTERVAL, poll_timeout=POLL_TIMEOUT), view["seq"]


def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


def _known(table_id: str) -> int:
    try:
        return service().seq(table_id)
    except TableNotFound:
        abort(404)


# --- routes -------------------------------------------------------------------------------------------------------

@bp.get("/t/")
def tables() -> Response:
    """Tables on this server, newest first: what a phone sees after scanning the server's QR code."""
    found = []
    for table_id, game in service().tables():
        table = game.state
        found.append({"id": table_id, "players": [seat.name for seat in table.seats], "hand": table.hand_number,
                      "hands": table.stakes.hands, "over": table.phase is Phase.OVER})
    return _no_store(make_response(render_template("player/tables.html", tables=found)))


@bp.get("/t/<table_id>")
def table(table_id: str) -> Response:
    seq = _known(table_id)
    etag = f"p{seq}-{language()}"
    if request.if_none_match.contains_weak(etag):
        response = make_response("", 304)
    else:
        response = make_response(_render(table_id, fragment=False)[0])
    response.set_etag(etag, weak=True)
    return _no_store(response)


@bp.get("/t/<table_id>/live")
def live(table_id: str) -> Response:
    """The live fragment; 204 while the table is still at the seq the phone already shows."""
    try:
        seq = service().seq(table_id)
    except TableNotFound:
        return _no_store(make_response(render_template("player/gone.html", table_id=table_id), 404))
    if request.args.get("seq", type=int) == seq:
        return _no_store(make_response("", 204))
    lang = language()
    cache = _fragments()
    html = cache.get(table_id, seq, lang)
    if html is None:
        html, shown = _render(table_id, fragment=True)
        cache.put(table_id, shown, lang, html)
    return _no_store(make_response(html))


@bp.get("/t/<table_id>/log")
def log(table_id: str) -> Response:
    """Every hand's log of the session, latest hand first."""
    _known(table_id)
    state, engine = _snapshot(table_id, with_log=True)
    hands: dict[int, list[dict[str, Any]]] = {}
    for line in engine.log:
        hands.setdefault(line.hand, []).append(_rule(line.text))
    return _no_store(make_response(render_template(
        "player/log.html", table=table_id, hands=sorted(hands.items(), reverse=True), hand=state["hand"],
        total_hands=state["hands"])))
