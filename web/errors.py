"""Every error answer of the app, in one place: JSON under /api/, the error page (templates/error.html) elsewhere.

The JSON body is ``{"error": sentence, "rule"?: "04", "ruling"?: "R7"}``, the sentence in the request's language.
Handlers are app-wide (not per blueprint) so routing errors (404, 405) and unexpected failures get them too: the
API never answers with an HTML page. Pages that handle a refusal themselves (the console re-renders itself with
a notice) catch it in the view before it gets here.
"""

from __future__ import annotations

from flask import Flask, Response, jsonify, make_response, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import (
    HTTPException,
    InternalServerError,
    MethodNotAllowed,
    NotFound,
    RequestEntityTooLarge,
)
from werkzeug.wrappers import Response as BaseResponse

from dealer import N_, BadInput, DealerError, Msg

from .storage_errors import StorageError
from .table_errors import HandNotFound, TableNotFound, Unauthorized

API_PREFIX = "/api/"


class UnsupportedType(BadInput):
    """A JSON route was sent a body of another type (HTTP 415)."""


def is_api() -> bool:
    return request.path.startswith(API_PREFIX)


def answer(message: Msg, status: int, page_status: int | None = None) -> Response:
    """The refusal as JSON for the API or as the error page (with ``page_status`` when a page's code differs)."""
    text = message.render(gettext)
    if is_api():
        body: dict[str, str] = {"error": text}
        if message.rule:
            body["rule"] = message.rule
        if message.ruling:
            body["ruling"] = message.ruling
        response = jsonify(body)
        response.status_code = status
        return response
    shown = page_status or status
    return make_response(render_template("error.html", status=shown, message=text), shown)


def dealer_error(exc: DealerError) -> Response:
    if isinstance(exc, UnsupportedType):
        return answer(exc.message, 415)
    return answer(exc.message, 400 if isinstance(exc, BadInput) else 409)


def table_not_found(exc: TableNotFound) -> Response:
    return answer(Msg(N_("No table “{table}” on this server."), {"table": exc.table_id[:40]}), 404)


def hand_not_found(exc: HandNotFound) -> Response:
    return answer(Msg(N_("Table “{table}” has no hand {number} yet."), {"table": exc.table_id[:40],
                                                                       "number": exc.number[:20]}), 404)


def unauthorized(exc: Unauthorized) -> Response:
    if is_api():
        return answer(Msg(N_("This needs the table's dealer token (Authorization: Bearer …).")), 401)
    return answer(Msg(N_("Refused: this device does not hold the dealer's key for this table; "
                         "nothing was changed.")), 403)


def storage_failed(exc: StorageError) -> Response:
    """The disk or the database file failed: 503 with what is wrong and what to do; nothing was applied."""
    response = answer(exc.message, 503)
    response.headers["Retry-After"] = "5"
    return response


def too_large(exc: RequestEntityTooLarge) -> Response:
    return answer(Msg(N_("The request body is too large.")), 400, page_status=413)


def not_found(exc: NotFound) -> Response:
    if is_api():
        return answer(Msg(N_("No such API address.")), 404)
    return answer(Msg(N_("This page does not exist.")), 404)


def wrong_method(exc: MethodNotAllowed) -> Response:
    response = answer(Msg(N_("This address does not accept that method.")), 405)
    if exc.valid_methods:
        response.headers["Allow"] = ", ".join(exc.valid_methods)
    return response


def other_http_error(exc: HTTPException) -> BaseResponse:
    """Any other HTTP error: a sentence in JSON for the API; Werkzeug's own page elsewhere."""
    if is_api() and exc.code is not None:
        return answer(Msg(N_("This request could not be handled (HTTP {status})."), {"status": exc.code}), exc.code)
    return exc.get_response()


def server_error(exc: InternalServerError) -> BaseResponse:
    """Last resort for a failure of our own (already logged by Flask): never an HTML page on the API."""
    message = Msg(N_("The server failed to answer this request; reload the table to see where it stands."))
    try:
        return answer(message, 500)
    except Exception:  # the answer itself failed (a broken template?): Werkzeug's plain 500 rather than nothing
        return exc.get_response()


def init_app(app: Flask) -> None:
    app.register_error_handler(DealerError, dealer_error)
    app.register_error_handler(TableNotFound, table_not_found)
    app.register_error_handler(HandNotFound, hand_not_found)
    app.register_error_handler(Unauthorized, unauthorized)
    app.register_error_handler(StorageError, storage_failed)
    app.register_error_handler(RequestEntityTooLarge, too_large)
    app.register_error_handler(NotFound, not_found)
    app.register_error_handler(MethodNotAllowed, wrong_method)
    app.register_error_handler(InternalServerError, server_error)
    app.register_error_handler(HTTPException, other_http_error)
