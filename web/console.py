"""The dealer's tablet: the start screen, table creation and the dealer console.

Every change goes through a POST carrying the screen's ``seq`` and the table's dealer cookie (``dealer_<id>``,
HttpOnly, SameSite=Lax, set when the table is created or through the "continue on another tablet" link).
Without JavaScript each form is a plain POST answered by a redirect; htmx makes the same forms live: a request
with the ``HX-Request`` header gets the console fragment back (with 409 and a notice when the screen was stale).
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Response, g, make_response, redirect, render_template, request, url_for
from flask_babel import get_translations, gettext
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from dealer.errors import BadInput, DealerError, StaleSeq
from dealer.messages import N_, Msg, msg
from dealer.record.entries import BUTTON_BY_LOT, empty_button_seat
from dealer.record.game import Game
from dealer.rules.cards import RANK_CHARS
from dealer.rules.stakes import MAX_PLAYERS, Stakes
from dealer.rules.table_state import Phase

from . import qr
from .card_display import deck_grid
from .console_buttons import Confirm, confirm_first, confirm_undo, controls
from .guard import foreign, hidden_field, start_csrf, table_csrf
from .limits import whole_number
from .service import TableAccess, service
from .stacks_chart import stacks_chart
from .storage_errors import StorageError
from .urls import public_base

bp = Blueprint("console", __name__)

COOKIE_PREFIX = "dealer_"
COOKIE_MAX_AGE = 30 * 24 * 3600


# --- request plumbing -----------------------------------------------------------------------------------------

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
    """This device's token for the table, when it is the right one."""
    return request.cookies.get(cookie_name(table_id)) if dealer_access(table_id).authorised else None


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


# --- start screen ---------------------------------------------------------------------------------------------

def _table_rows() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    running: list[dict[str, Any]] = []
    finished: list[dict[str, Any]] = []
    for table_id, game in service().tables():
        table = game.state
        row: dict[str, Any] = {
            "id": table_id,
            "hand": table.hand_number,
            "hands": table.stakes.hands,
            "players": [seat.name for seat in table.seats],
            "stage": service().access(table_id).snapshot().stage,
            "dealer": dealer_token(table_id) is not None,
        }
        (finished if table.phase is Phase.OVER else running).append(row)
    return running, finished


def _blank_form() -> dict[str, Any]:
    rows = [{"name": "", "stack": ""} for _ in range(MAX_PLAYERS)]
    defaults = Stakes()
    return {"rows": rows, "button": "lot", "sb": defaults.small_blind, "bb": defaults.big_blind,
            "small": defaults.small_bet, "big": defaults.big_bet, "raises": defaults.raises,
            "hands": defaults.hands, "stack": defaults.stack, "other": False}


def _render_start(form: dict[str, Any], error: Msg | None = None, status: int = 200) -> tuple[str, int]:
    running, finished = _table_rows()
    return render_template("start.html", form=form, error=error, running=running, finished=finished,
                           house=Stakes(), button_by_lot=BUTTON_BY_LOT), status


@bp.get("/")
def start_screen() -> tuple[str, int]:
    return _render_start(_blank_form())


def _read_form() -> dict[str, Any]:
    names = request.form.getlist("name")[:MAX_PLAYERS]
    stacks = request.form.getlist("player_stack")[:MAX_PLAYERS]
    rows = [{"name": name, "stack": stacks[index] if index < len(stacks) else ""} for index, name in enumerate(names)]
    rows += [{"name": "", "stack": ""} for _ in range(MAX_PLAYERS - len(rows))]
    form: dict[str, Any] = {"rows": rows, "button": request.form.get("button", "lot")}
    defaults = _blank_form()
    for key in ("sb", "bb", "small", "big", "raises", "hands", "stack"):
        form[key] = request.form.get(key, str(defaults[key])).strip() or str(defaults[key])
    form["other"] = any(str(form[key]) != str(defaults[key]) for key in ("sb", "bb", "small", "big", "raises", "hands"))
    return form


def _payload(form: dict[str, Any]) -> dict[str, Any]:
    """The API's table-creation body from the start form: the engine validates it and words every refusal."""
    players: list[Any] = []
    button = None
    for index, row in enumerate(form["rows"]):
        name = " ".join(str(row["name"]).split())
        if not name:
            if form["button"] == str(index):
                raise empty_button_seat()
            continue
        if str(row["stack"]).strip():
            stack = whole_number(row["stack"], gettext("stack of %(name)s", name=name))
            players.append({"name": name, "stack": stack})
        else:
            players.append(name)
        if form["button"] == str(index):
            button = name
    payload: dict[str, Any] = {
        "players": players,
        "blinds": [whole_number(form["sb"], gettext("small blind")),
                   whole_number(form["bb"], gettext("big blind"))],
        "limits": [whole_number(form["small"], gettext("small bet")),
                   whole_number(form["big"], gettext("big bet"))],
        "raises": whole_number(form["raises"], gettext("raises")),
        "hands": whole_number(form["hands"], gettext("hands")),
        "stack": whole_number(form["stack"], gettext("starting stack")),
    }
    if button is not None:
        payload["button"] = button
    return payload


def _move(form: dict[str, Any], move: str) -> None:
    """Reorder the seats without JavaScript: "3:up" swaps rows 3 and 2 (the chosen button follows its player)."""
    index_text, _, direction = move.partition(":")
    if not (index_text.isascii() and index_text.isdigit() and len(index_text) <= 2):
        return
    index = int(index_text)
    other = index - 1 if direction == "up" else index + 1
    rows = form["rows"]
    if not (0 <= index < len(rows) and 0 <= other < len(rows)):
        return
    rows[index], rows[other] = rows[other], rows[index]
    if form["button"] == str(index):
        form["button"] = str(other)
    elif form["button"] == str(other):
        form["button"] = str(index)


@bp.post("/new")
def create_table() -> BaseResponse | tuple[str, int]:
    form = _read_form()
    move = request.form.get("move")
    if move:
        _move(form, move)
        return _render_start(form)
    if foreign(start_csrf()):
        return _render_start(form, msg(N_("This form must be sent from this server's own page.")), 403)
    try:
        table_id, token, _ = service().create(_payload(form))
    except DealerError as refusal:
        return _render_start(form, refusal.message, 400)
    except StorageError as failure:
        return _render_start(form, failure.message, 503)
    response = redirect(url_for("console.console", table_id=table_id), code=303)
    set_dealer_cookie(response, table_id, token)
    return response


# --- the console ----------------------------------------------------------------------------------------------

def render_console(table_id: str, notice: Msg | None = None, status: int = 200, picked: tuple[str, ...] = (),
                   typed: str = "", notice_kind: str = "error", confirm: Confirm | None = None) -> Response:
    access = dealer_access(table_id)
    token = dealer_token(table_id)
    if token is None:
        return render_locked(table_id, access.game, notice, 403 if status == 200 else status)
    snap = access.snapshot()
    base = public_base()
    player_url = f"{base}{url_for('player.table', table_id=table_id)}"
    join_url = f"{base}{url_for('console.join', table_id=table_id)}?{urlencode({'token': token})}"
    body = render_template(
        "console.html", table=snap, table_id=table_id, c=controls(snap, get_translations().gettext),
        chart=stacks_chart(snap.history, [seat.name for seat in snap.seats]),
        layout="base.html" if not is_htmx() else "console/bare.html",
        notice=notice, notice_kind=notice_kind,
        picker=deck_grid(snap.showdown.taken, picked) if snap.showdown else None, typed=typed,
        player_url=player_url, player_qr=qr.svg(player_url), join_url=join_url, join_qr=qr.svg(join_url),
        act_url=url_for("console.act", table_id=table_id), undo_url=url_for("console.undo", table_id=table_id),
        redo_url=url_for("console.redo", table_id=table_id), confirm=confirm,
        live_url=url_for("console.live", table_id=table_id),
        console_url=url_for("console.console", table_id=table_id),
    )
    return make_response(body, status)


def render_locked(table_id: str, game: Game, notice: Msg | None, status: int) -> Response:
    """No dealer cookie: no controls, only the way to the player view (and a word on how to get the cookie)."""
    body = render_template("console/locked.html", table_id=table_id, notice=notice,
                           hand=game.state.hand_number, hands=game.state.stakes.hands,
                           layout="base.html" if not is_htmx() else "console/bare.html")
    return make_response(body, status)


@bp.get("/t/<table_id>/dealer")
def console(table_id: str) -> Response:
    return render_console(table_id)


def _refused_without_token(table: TableAccess) -> Response | None:
    """The locked console (403) for a request from another site or from a device without the dealer's cookie."""
    if foreign(csrf_token(table.table_id)):
        return render_locked(table.table_id, table.game, msg(N_("Refused: this request did not come from this "
                                                                "table's console; nothing was changed.")), 403)
    if not table.authorised:
        return render_locked(table.table_id, table.game,
                             msg(N_("Refused: this device does not hold the dealer's key for this table; "
                                    "nothing was changed.")), 403)
    return None


def _form_seq() -> int:
    text = request.form.get("seq", "").strip()
    try:
        return whole_number(text, "seq", signed=True)
    except BadInput:
        raise BadInput(N_("This form has no screen number (seq): reload the console.")) from None


def _after_change(table_id: str) -> BaseResponse:
    if is_htmx():
        return render_console(table_id)
    return redirect(url_for("console.console", table_id=table_id), code=303)


def _refusal(table_id: str, refusal: DealerError, picked: tuple[str, ...] = (), typed: str = "") -> Response:
    status = 400 if isinstance(refusal, BadInput) else 409
    notice = refusal.message
    if isinstance(refusal, StaleSeq):
        given = refusal.message.args.get("given")
        since = dealer_access(table_id).game.recorded_since(given) if isinstance(given, int) else None
        return render_console(table_id, since or notice, status, notice_kind="stale")
    return render_console(table_id, notice, status, picked, typed)


def high_first(codes: tuple[str, ...]) -> list[str]:
    """Picked cards in the order players read a 2-7 hand, highest first ("7h 5c 4d 3s 2c")."""
    order = {char: index for index, char in enumerate(RANK_CHARS)}
    return sorted(codes, key=lambda code: -order.get(code[:1].upper(), -1))


@bp.post("/t/<table_id>/dealer/act")
def act(table_id: str) -> BaseResponse:
    table = dealer_access(table_id)  # 404 for an unknown table
    refused = _refused_without_token(table)
    if refused is not None:
        return refused
    form = request.form
    picked = tuple(code for code in form.getlist("card") if len(code) <= 3)[:10]
    typed = form.get("typed", "")[:80]
    try:
        payload: dict[str, Any] = {"action": form.get("action", ""), "seq": _form_seq()}
        if form.get("player"):
            payload["player"] = form["player"]
        if form.get("count", "") != "":
            payload["count"] = whole_number(form["count"], gettext("cards to draw"))
        if payload["action"] == "show":
            payload["cards"] = " ".join((*high_first(picked), typed)).strip()
        asked = confirm_first(table, payload, form.get("confirm") == "yes")
        if asked is not None:
            return render_console(table_id, confirm=asked)
        table.act(payload)
    except DealerError as refusal:
        return _refusal(table_id, refusal, picked, typed)
    except StorageError as failure:  # the disk refused: the console shows why, nothing was applied
        return render_console(table_id, failure.message, 503, picked, typed)
    return _after_change(table_id)


@bp.post("/t/<table_id>/dealer/undo")
def undo(table_id: str) -> BaseResponse:
    table = dealer_access(table_id)
    refused = _refused_without_token(table)
    if refused is not None:
        return refused
    try:
        seq = _form_seq()
        asked = confirm_undo(table, seq, request.form.get("confirm") == "yes")
        if asked is not None:
            return render_console(table_id, confirm=asked)
        table.undo(seq)
    except DealerError as refusal:
        return _refusal(table_id, refusal)
    except StorageError as failure:
        return render_console(table_id, failure.message, 503)
    return _after_change(table_id)


@bp.post("/t/<table_id>/dealer/redo")
def redo(table_id: str) -> BaseResponse:
    table = dealer_access(table_id)
    refused = _refused_without_token(table)
    if refused is not None:
        return refused
    try:
        table.redo(_form_seq())
    except DealerError as refusal:
        return _refusal(table_id, refusal)
    except StorageError as failure:
        return render_console(table_id, failure.message, 503)
    return _after_change(table_id)


@bp.get("/t/<table_id>/dealer/live")
def live(table_id: str) -> Response:
    """A second dealer device follows the table like the phones: 204 while it still shows ``?seq=N``, else the
    console fragment. The console's script also asks it to learn that the laptop answers again."""
    table = dealer_access(table_id)
    if request.args.get("seq", type=int) == table.seq and table.authorised:
        return make_response("", 204)
    return render_console(table_id)


@bp.get("/t/<table_id>/join")
def join(table_id: str) -> BaseResponse:
    """"Continue on another tablet": the link (or QR) carries the token; this device keeps it as its cookie."""
    token = request.args.get("token", "")
    table = service().access(table_id, token)  # 404 for an unknown table
    if not table.authorised:
        body = render_template("console/locked.html", table_id=table_id, layout="base.html",
                               hand=table.game.state.hand_number, hands=table.game.state.stakes.hands,
                               notice=msg(N_("This dealer link is not valid for this table.")))
        return make_response(body, 403)
    response = redirect(url_for("console.console", table_id=table_id), code=303)
    set_dealer_cookie(response, table_id, token)
    return response
