"""The start screen of the dealer's tablet: the tables on this server (in progress, finished) and the form that
creates a table; the import form posts to web/sessions.py.

Routes (on the dealer's blueprint of web/tablet.py, endpoints ``console.start_screen`` and ``console.create_table``):
    GET  /      the start screen
    POST /new   create a table (its console opens, this device keeps its dealer cookie); without JavaScript, the
                same form moves a seat up or down (``move=3:up``) or adds and removes a tournament's level or break
                (``edit=level-add``, web/start_tournament.py) and comes back
"""

from __future__ import annotations

from typing import Any

from flask import redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response as BaseResponse

from dealer import (
    ALL_GAMES,
    BUTTON_BY_LOT,
    DEFAULT_GAME,
    MAX_PLAYERS,
    N_,
    DealerError,
    Msg,
    Stakes,
    empty_button_seat,
    msg,
)

from .guard import foreign, start_csrf
from .limits import from_laptop, path_number, whole_number
from .service import TableSummary, service
from .start_games import GAMES_BLANK, games_payload, read_game_fields
from .start_tournament import edit_rows, read_tournament_fields, tournament_blank, tournament_payload
from .storage_errors import StorageError
from .tablet import bp, dealer_token, set_dealer_cookie

__all__ = ["blank_form", "bp", "create_table", "render_start", "start_screen", "table_rows"]


def table_rows() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The tables on the lists: those in progress, and the finished ones."""
    running: list[dict[str, Any]] = []
    finished: list[dict[str, Any]] = []
    for table_id, summary in service().tables():
        (finished if summary.over else running).append(_row(table_id, summary))
    return running, finished


def archived_rows() -> list[dict[str, Any]]:
    """The finished tables the dealer put away, newest first (each may come back to the lists)."""
    return [_row(table_id, summary) for table_id, summary in service().tables(archived=True)]


def _row(table_id: str, summary: TableSummary) -> dict[str, Any]:
    """One table on the lists, from its summary: listing finished tables keeps none of their games in memory."""
    return {
        "id": table_id,
        "hand": summary.hand_number,
        "hands": summary.hands_to_play,
        "players": list(summary.players),
        "stage": summary.stage,
        "label": summary.label,  # "Hand 3 of 10"; an open game's "Hand 3" (R26)
        "dealer": dealer_token(table_id) is not None,
        "host": from_laptop(),  # the laptop itself may delete any table
        "archivable": summary.archivable,
        "started": summary.started,  # when the session started, and when it ended once finished
        "ended": summary.ended,
    }


def blank_form() -> dict[str, Any]:
    rows = [{"name": "", "stack": ""} for _ in range(MAX_PLAYERS)]
    defaults = Stakes()
    return {"rows": rows, "button": "lot", "sb": defaults.small_blind, "bb": defaults.big_blind,
            "small": defaults.small_bet, "big": defaults.big_bet, "raises": defaults.raises,
            "hands": defaults.hands, "stack": defaults.stack, "other": False, "games": [DEFAULT_GAME.code],
            "choice": "rotation", "hands_per_game": "", **FORMAT_BLANK, **GAMES_BLANK, **tournament_blank()}


def render_start(form: dict[str, Any], error: Msg | None = None, status: int = 200) -> tuple[str, int]:
    running, finished = table_rows()
    return render_template("start.html", form=form, error=error, running=running, finished=finished,
                           archived=archived_rows(),
                           house=Stakes(), button_by_lot=BUTTON_BY_LOT, games=tuple(ALL_GAMES.values())), status


@bp.get("/")
def start_screen() -> tuple[str, int]:
    return render_start(blank_form())


def _read_form() -> dict[str, Any]:
    names = request.form.getlist("name")[:MAX_PLAYERS]
    stacks = request.form.getlist("player_stack")[:MAX_PLAYERS]
    rows = [{"name": name, "stack": stacks[index] if index < len(stacks) else ""} for index, name in enumerate(names)]
    rows += [{"name": "", "stack": ""} for _ in range(MAX_PLAYERS - len(rows))]
    form: dict[str, Any] = {"rows": rows, "button": request.form.get("button", "lot")}
    defaults = blank_form()
    for key in ("sb", "bb", "small", "big", "raises", "hands", "stack"):
        form[key] = request.form.get(key, str(defaults[key])).strip() or str(defaults[key])
    form["games"] = [code[:40] for code in request.form.getlist("games")[:10]] or [DEFAULT_GAME.code]
    form["choice"] = request.form.get("choice", "rotation")[:20]
    form["hands_per_game"] = request.form.get("hands_per_game", "").strip()[:10]
    form.update(read_game_fields(request.form))  # each game's structure, the ante
    form.update({key: request.form.get(key, "").strip()[:30] for key in FORMAT_BLANK})
    form.update(read_tournament_fields(request.form))  # the levels, breaks and money of a tournament
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
    tournament = form["format"] == "tournament"
    # A tournament's stakes, antes and starting stack are its own fields (its levels); the session's are not sent.
    stakes = tournament_payload(form) if tournament else _session_stakes(form)
    payload: dict[str, Any] = {"players": players, **stakes}
    if button is not None:
        payload["button"] = button
    payload.update(games_payload(form, DEFAULT_GAME.code, ante=not tournament))
    if form["hands_per_game"]:
        payload["hands_per_game"] = whole_number(form["hands_per_game"], gettext("hands of each game"))
    return payload | format_payload(form)


def _session_stakes(form: dict[str, Any]) -> dict[str, Any]:
    """The stakes of a session or an open game, as the "Stakes" fields have them."""
    return {
        "blinds": [whole_number(form["sb"], gettext("small blind")),
                   whole_number(form["bb"], gettext("big blind"))],
        "limits": [whole_number(form["small"], gettext("small bet")),
                   whole_number(form["big"], gettext("big bet"))],
        "raises": whole_number(form["raises"], gettext("raises")),
        "hands": whole_number(form["hands"], gettext("hands")),
        "stack": whole_number(form["stack"], gettext("starting stack")),
    }


FORMAT_BLANK = {"format": "session", "chip_value": "", "currency": "", "max_buy_in": ""}


def format_payload(form: dict[str, Any]) -> dict[str, Any]:
    """The format fields of the creation body, as the form has them: the engine refuses an unknown format, or a
    session given an open game's chip value, currency or maximum buy-in (R1, R26, R27), with the API's sentences
    (the form used to drop them and create a session)."""
    found: dict[str, Any] = {}
    if form.get("format") not in (None, "", "session"):
        found["format"] = form["format"]
    for key in ("chip_value", "currency"):
        if form.get(key):
            found[key] = form[key]
    if form.get("max_buy_in"):
        found["max_buy_in"] = whole_number(form["max_buy_in"], gettext("maximum buy-in"))
    return found


def _move(form: dict[str, Any], move: str) -> None:
    """Reorder the seats without JavaScript: "3:up" swaps rows 3 and 2 (the chosen button follows its player)."""
    index_text, _, direction = move.partition(":")
    index = path_number(index_text, digits=2)
    if index is None:
        return
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
        return render_start(form)
    edit = request.form.get("edit")
    if edit:  # a tournament's level or break added or removed, without JavaScript
        edit_rows(form, edit[:20])
        return render_start(form)
    if foreign(start_csrf()):
        return render_start(form, msg(N_("This form must be sent from this server's own page.")), 403)
    try:
        table_id, token, _ = service().create(_payload(form))
    except DealerError as refusal:
        return render_start(form, refusal.message, 400)
    except StorageError as failure:
        return render_start(form, failure.message, 503)
    response = redirect(url_for("console.console", table_id=table_id), code=303)
    set_dealer_cookie(response, table_id, token)
    return response
