"""Past sessions on the dealer's tablet: export a session to a file, import one, archive a finished one, delete one.

Routes (the dealer's, by the table's cookie; the JSON API has the same export and import):
    GET  /t/<table_id>/export   the session as a file download (settings, the whole log, corrections included)
    POST /import                a file exported here or on another laptop becomes a new table, its console opens
    POST /t/<table_id>/archive  a finished table leaves the lists for the "Archived" one (its report and histories
                                stay reachable)
    POST /t/<table_id>/unarchive  an archived table comes back to the lists
    GET  /t/<table_id>/delete   asks to confirm; POST removes the table and its log from this server

The host at the laptop itself (a request from 127.0.0.1 or ::1) may archive or delete any table without its dealer
cookie: junk tables created from the Wi-Fi never stay in the way.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from dealer import N_, BadInput, DealerError, NotAllowed, msg

from .api import IMPORT_LIMIT, export_filename
from .console import render_locked
from .guard import foreign, start_csrf
from .limits import from_laptop, parse_json
from .service import TableAccess, service
from .start import blank_form, render_start
from .tablet import cookie_name, csrf_token, dealer_access, set_dealer_cookie

bp = Blueprint("sessions", __name__)


def _dealer_only(table_id: str) -> tuple[TableAccess, Response | None]:
    """The table, and the locked page (403) when this request may not change it."""
    table = dealer_access(table_id)  # 404 for an unknown table
    if not table.authorised and from_laptop() and request.endpoint != "sessions.export":
        table = service().host_access(table_id)
    if request.method == "POST" and foreign(csrf_token(table_id)):
        return table, render_locked(table_id, table.game, msg(N_("Refused: this request did not come from this "
                                                                 "table's console; nothing was changed.")), 403)
    if not table.authorised:
        return table, render_locked(table_id, table.game,
                                    msg(N_("Refused: this device does not hold the dealer's key for this table; "
                                           "nothing was changed.")), 403)
    return table, None


@bp.get("/t/<table_id>/export")
def export(table_id: str) -> Response:
    table, refused = _dealer_only(table_id)
    if refused is not None:
        return refused
    response = jsonify(table.export())
    response.headers["Content-Disposition"] = f'attachment; filename="{export_filename(table_id)}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/import")
def import_session() -> BaseResponse | tuple[str, int]:
    request.max_content_length = IMPORT_LIMIT
    request.max_form_memory_size = IMPORT_LIMIT
    if foreign(start_csrf()):
        return render_start(blank_form(), msg(N_("This form must be sent from this server's own page.")), 403)
    upload = request.files.get("session")
    try:
        if upload is None or not upload.filename:
            raise BadInput(N_("Choose the session file to import (a .json file exported by this app)."))
        try:
            document = parse_json(upload.read())  # nesting and number sizes limited as on the API
        except BadInput:
            raise BadInput(N_("This file is not a session exported by this app.")) from None
        table_id, token, _ = service().import_session(document)
    except NotAllowed as refusal:  # the same session already here, or the server's limits
        return render_start(blank_form(), refusal.message, 409)
    except DealerError as refusal:
        return render_start(blank_form(), refusal.message, 400)
    response = redirect(url_for("console.console", table_id=table_id), code=303)
    set_dealer_cookie(response, table_id, token)
    return response


@bp.post("/t/<table_id>/archive")
def archive(table_id: str) -> BaseResponse | tuple[str, int]:
    return _put_away(table_id, True)


@bp.post("/t/<table_id>/unarchive")
def unarchive(table_id: str) -> BaseResponse | tuple[str, int]:
    return _put_away(table_id, False)


def _put_away(table_id: str, archived: bool) -> BaseResponse | tuple[str, int]:
    """A finished table onto the archived list (or back), then the start screen; a refusal is said on it."""
    table, refused = _dealer_only(table_id)
    if refused is not None:
        return refused
    try:
        table.archive(archived)
    except DealerError as refusal:
        return render_start(blank_form(), refusal.message, 409)
    return redirect(url_for("console.start_screen"), code=303)


@bp.route("/t/<table_id>/delete", methods=["GET", "POST"])
def delete(table_id: str) -> BaseResponse:
    table, refused = _dealer_only(table_id)
    if refused is not None:
        return refused
    if request.method == "POST" and request.form.get("confirm") == "yes":
        service().remove(table_id)  # the dealer's cookie, or the host at the laptop: checked above
        response = redirect(url_for("console.start_screen"), code=303)
        response.delete_cookie(cookie_name(table_id), path="/")
        return response
    game = table.game
    return make_response(render_template("console/delete.html", table_id=table_id, players=list(game.players),
                                         hand=game.hand_number, hands=game.hands_to_play))
