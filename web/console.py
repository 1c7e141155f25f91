"""The dealer console of one table: its page, the taps (act, undo, redo), the live poll of a second tablet and the
"continue on another tablet" link. The start screen is web/start.py; both are on the blueprint of web/tablet.py.

Every change goes through a POST carrying the screen's ``seq`` and the table's dealer cookie (web/tablet.py).
Without JavaScript each form is a plain POST answered by a redirect; htmx sends the same forms (``hx-post``) and
gets the console's answer (templates/console/answer.html): the console's state, the main swap, then the zones that
changed, swapped out of band. Each zone's key comes from the snapshot before anything is rendered
(web/console_zones.py); a zone whose key the console names in ``X-Console-Keep`` is not rendered at all (the QR
codes, the stacks chart, the earlier hands, an unchanged deal plan), and this hand's log gets only its new lines.
The answer carries the table's ``X-Console-Seq`` and travels gzipped (web/tablet.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from flask import Response, make_response, redirect, render_template, request, url_for
from flask_babel import get_locale, get_translations, gettext
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from dealer import N_, BadInput, DealerError, Game, Msg, Snapshot, StaleSeq, high_first, msg, read_pushed

from . import qr
from .card_display import showdown_picker
from .console_buttons import Confirm, confirm_first, confirm_undo, controls
from .console_tournament import chop_fields, clock_key, clock_strip, clock_text
from .console_zones import (
    ZONES,
    AmountEntry,
    RenderedOnce,
    ZoneContext,
    kept_keys,
    log_answer,
    stacks_parts,
    zone_keys,
    zones_to_send,
)
from .guard import foreign
from .limits import query_number, whole_number
from .replayer import tv_replay
from .service import TableAccess, service
from .stacks_chart import stacks_chart
from .storage_errors import StorageError
from .tablet import bp, csrf_token, dealer_access, dealer_token, is_htmx, set_dealer_cookie
from .urls import public_base, tv_url

__all__ = ["ZONES", "act", "bp", "console", "join", "live", "redo", "render_console", "render_locked", "undo"]


# --- the console ----------------------------------------------------------------------------------------------

def render_console(table_id: str, notice: Msg | None = None, status: int = 200, picked: tuple[str, ...] = (),
                   typed: str = "", notice_kind: str = "error", confirm: Confirm | None = None,
                   amount: AmountEntry | None = None) -> Response:
    access = dealer_access(table_id)
    token = dealer_token(table_id)
    if token is None:
        return render_locked(table_id, access.game, notice, 403 if status == 200 else status)
    snap = access.snapshot()
    base = public_base()
    player_url = f"{base}{url_for('player.table', table_id=table_id)}"
    join_url = f"{base}{url_for('console.join', table_id=table_id)}?{urlencode({'token': token})}"
    answer = is_htmx()
    language = str(get_locale() or "en")
    clock = clock_key(snap)
    keys = zone_keys(snap, ZoneContext(language, table_id, csrf_token(table_id) or "", player_url, join_url,
                                       tv_url(table_id), tv_replay(table_id, snap.hand), picked, typed, amount,
                                       clock))
    kept = kept_keys(request.headers.get("X-Console-Keep", "")) if answer else frozenset()
    send, swapped = zones_to_send(keys, kept)  # a page has every zone; an answer only those the console lacks
    log = log_answer(snap.log, keys["log"] in kept, kept, append=request.method == "POST")  # a tap appends
    if log.whole and "log" not in send:
        send, swapped = send | {"log"}, (*swapped, "log")
    body = render_template(
        "console/answer.html" if answer else "console.html", table=snap, table_id=table_id,
        c=controls(snap, get_translations().gettext) if "controls" in send else None,
        chart_html=_chart_html(snap, language) if send & {"stacks", "controls"} else "",
        oob=answer, zones=swapped, keys=keys, send=send, log_update=log, notice=notice, notice_kind=notice_kind,
        picker=showdown_picker(snap.showdown.ranks_first, snap.showdown.ranks_later, snap.showdown.taken, picked)
        if snap.showdown and "controls" in send else None, typed=typed,
        amount_typed=amount.typed if amount else "", amount_refusal=amount.refusal if amount else None,
        player_url=player_url, player_qr=qr.svg(player_url) if "qr_players" in send else "", join_url=join_url,
        join_qr=qr.svg(join_url) if "qr_dealer" in send else "",
        act_url=url_for("console.act", table_id=table_id), undo_url=url_for("console.undo", table_id=table_id),
        redo_url=url_for("console.redo", table_id=table_id), confirm=confirm,
        live_url=url_for("console.live", table_id=table_id),
        console_url=url_for("console.console", table_id=table_id), clock_key=clock,
        clock=clock_strip(snap) if "clock" in send else None, clock_text=clock_text,
    )
    response = make_response(body, status)
    response.headers["X-Console-Seq"] = str(snap.seq)  # the console's script never lets an older answer win
    return response


_CHARTS = RenderedOnce()


def _chart_html(snap: Snapshot, language: str) -> Markup:
    """The stacks chart, rendered once per hand and language (its points change only when a hand ends)."""
    history, names = stacks_parts(snap)
    return _CHARTS.get(lambda: Markup(render_template("partials/stacks_chart.html",
                                                      chart=stacks_chart(history, list(names)))),
                       language, history, names)


def render_locked(table_id: str, game: Game, notice: Msg | None, status: int) -> Response:
    """No dealer cookie: no controls, only the way to the player view (and a word on how to get the cookie)."""
    body = render_template("console/locked.html", table_id=table_id, notice=notice,
                           hand=game.hand_number, hands=game.hands_to_play,
                           layout="base.html" if not is_htmx() else "console/bare.html")
    response = make_response(body, status)
    if is_htmx():  # a console on screen without the key any more: the whole page says so
        response.headers["HX-Retarget"] = "#main"
        response.headers["HX-Reswap"] = "innerHTML"
    return response


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


def _after_change(table_id: str, said: Msg | None = None) -> BaseResponse:
    """The console as it now stands (``said``: what the tap counted as, in the engine's words)."""
    if is_htmx():
        return render_console(table_id, said, notice_kind="recorded")
    return redirect(url_for("console.console", table_id=table_id), code=303)


def open_game_fields(form: Any) -> dict[str, Any]:
    """An open game's seat menu (R26): the chips a newcomer buys, the chips added, whom the newcomer sits after."""
    found: dict[str, Any] = {}
    if form.get("stack", "").strip():
        found["stack"] = whole_number(form["stack"], gettext("chips"))
    if form.get("amount", "").strip():
        found["amount"] = whole_number(form["amount"], gettext("chips"))
    if form.get("after"):
        found["after"] = form["after"]
    return found


def stakes_fields(form: Any) -> dict[str, Any]:
    """The stakes form of an open game (R34): the API's fields (a pair as a list) from the form's boxes."""
    found: dict[str, Any] = {}
    for field, names in (("blinds", ("small_blind", "big_blind")), ("limits", ("small_bet", "big_bet"))):
        if all(form.get(name, "").strip() for name in names):
            found[field] = [whole_number(form[name], gettext("chips")) for name in names]
    for field, label in (("raises", gettext("raises")), ("ante", gettext("chips"))):
        if form.get(field, "").strip():
            found[field] = whole_number(form[field], label)
    return found


def _refusal(table_id: str, refusal: DealerError, picked: tuple[str, ...] = (), typed: str = "",
             amount: str | None = None) -> Response:
    status = 400 if isinstance(refusal, BadInput) else 409
    notice = refusal.message
    if isinstance(refusal, StaleSeq):
        given = refusal.message.args.get("given")
        since = dealer_access(table_id).game.recorded_since(given) if isinstance(given, int) else None
        return render_console(table_id, since or notice, status, notice_kind="stale")
    if amount is not None and dealer_access(table_id).snapshot().wager_range is not None:
        # an amount refused: said by its field (still on screen), which keeps what was typed; nothing else moves
        return render_console(table_id, None, status, amount=AmountEntry(amount, notice))
    return render_console(table_id, notice, status, picked, typed)


def _tap(table_id: str, change: Callable[[TableAccess], Confirm | Msg | None], picked: tuple[str, ...] = (),
         typed: str = "", amount: str | None = None) -> BaseResponse:
    """A tap that changes the table (act, undo, redo): refused without the dealer's key; a change that must be
    confirmed first is asked (``change`` returns the question, or the engine's words for what it recorded); a
    refusal or a disk that refused is shown on the console (nothing was applied), a refused amount (``amount``: what
    was typed) by its field; else the console as it now stands."""
    table = dealer_access(table_id)  # 404 for an unknown table
    refused = _refused_without_token(table)
    if refused is not None:
        return refused
    try:
        asked = change(table)
    except DealerError as refusal:
        return _refusal(table_id, refusal, picked, typed, amount)
    except StorageError as failure:  # the disk refused: the console shows why, nothing was applied
        return render_console(table_id, failure.message, 503, picked, typed)
    if isinstance(asked, Confirm):
        return render_console(table_id, confirm=asked)
    return _after_change(table_id, asked)


@bp.post("/t/<table_id>/dealer/act")
def act(table_id: str) -> BaseResponse:
    form = request.form
    picked = tuple(code for code in form.getlist("card") if len(code) <= 3)[:10]
    typed = form.get("typed", "")[:80]
    amount = form["to"].strip()[:20] if "to" in form else None  # a big-bet amount (the player's total)

    def change(table: TableAccess) -> Confirm | Msg | None:
        payload: dict[str, Any] = {"action": form.get("action", ""), "seq": _form_seq()}
        if form.get("player"):
            payload["player"] = form["player"]
        if form.get("game"):
            payload["game"] = form["game"][:40]
        if form.get("count", "") != "":
            payload["count"] = whole_number(form["count"], gettext("cards to draw"))
        if amount:  # left empty, it is missing: the engine says what it needs
            payload["to"] = whole_number(amount, gettext("amount"))
        payload.update(open_game_fields(form))
        payload.update(stakes_fields(form))
        payload.update(chop_fields(form))
        if payload["action"] == "show":
            payload["cards"] = " ".join((*high_first(picked), typed)).strip()
        said = _as_pushed(table, payload) if form.get("pushed") == "yes" else None
        asked = confirm_first(table, payload, form.get("confirm") == "yes")
        if asked is None:
            table.act(payload)
        return asked or said

    return _tap(table_id, change, picked, typed, amount)


def _as_pushed(table: TableAccess, payload: dict[str, Any]) -> Msg:
    """The field's number as chips pushed without a word (TDA 43-A): the engine reads what they count as (a call
    with the rest returned, or a bet or raise of at least the minimum); that is the input, and its words are said."""
    reading = read_pushed(table.snapshot(), payload.get("to", 0))
    if reading is None:
        raise BadInput(N_("Chips pushed count only for the player to bet or call."))
    payload.update(action=reading.action.value, to=reading.to)
    return reading.words


@bp.post("/t/<table_id>/dealer/undo")
def undo(table_id: str) -> BaseResponse:
    def change(table: TableAccess) -> Confirm | None:
        seq = _form_seq()
        asked = confirm_undo(table, seq, request.form.get("confirm") == "yes")
        if asked is None:
            table.undo(seq)
        return asked

    return _tap(table_id, change)


@bp.post("/t/<table_id>/dealer/redo")
def redo(table_id: str) -> BaseResponse:
    def change(table: TableAccess) -> None:
        table.redo(_form_seq())

    return _tap(table_id, change)


@bp.get("/t/<table_id>/dealer/live")
def live(table_id: str) -> Response:
    """A second dealer device follows the table like the phones: 204 while it still shows ``?seq=N`` (and a
    tournament's clock period, ``clock``), else the console fragment. The console's script also asks it to learn
    that the laptop answers again."""
    table = dealer_access(table_id)
    if query_number("seq") == table.seq and table.authorised and \
            request.args.get("clock", "") == clock_key(table.snapshot()):
        return make_response("", 204)  # a tournament's poll also sees a new level, a break, or its end
    return render_console(table_id)


@bp.get("/t/<table_id>/join")
def join(table_id: str) -> BaseResponse:
    """"Continue on another tablet": the link (or QR) carries the token; this device keeps it as its cookie."""
    token = request.args.get("token", "")
    table = service().access(table_id, token)  # 404 for an unknown table
    if not table.authorised:
        body = render_template("console/locked.html", table_id=table_id, layout="base.html",
                               hand=table.game.hand_number, hands=table.game.hands_to_play,
                               notice=msg(N_("This dealer link is not valid for this table.")))
        return make_response(body, 403)
    response = redirect(url_for("console.console", table_id=table_id), code=303)
    set_dealer_cookie(response, table_id, token)
    return response
