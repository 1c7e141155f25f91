"""The JSON API (engine issue): names and shapes are a contract other displays rely on."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, request
from flask_babel import get_locale, gettext
from werkzeug.exceptions import RequestEntityTooLarge

from dealer.errors import BadInput, DealerError, NotAllowed
from dealer.messages import N_, Msg
from dealer.ranking import compare_hands

from .tables import TableNotFound, Unauthorized, service

bp = Blueprint("api", __name__, url_prefix="/api")


def language() -> str:
    return str(get_locale() or "en")


def translate(text: str) -> str:
    return gettext(text)


def error(status: int, message: Msg) -> tuple[Response, int]:
    body: dict[str, Any] = {"error": message.render(translate)}
    if message.rule:
        body["rule"] = message.rule
    if message.ruling:
        body["ruling"] = message.ruling
    return jsonify(body), status


@bp.errorhandler(DealerError)
def dealer_error(exc: DealerError) -> tuple[Response, int]:
    return error(400 if isinstance(exc, BadInput) else 409, exc.message)


@bp.errorhandler(TableNotFound)
def table_not_found(exc: TableNotFound) -> tuple[Response, int]:
    return error(404, Msg(N_("No table “{table}” on this server."), {"table": str(exc)[:40]}))


@bp.errorhandler(Unauthorized)
def unauthorized(exc: Unauthorized) -> tuple[Response, int]:
    return error(401, Msg(N_("This needs the table's dealer token (Authorization: Bearer …).")))


@bp.errorhandler(RequestEntityTooLarge)
def too_large(exc: RequestEntityTooLarge) -> tuple[Response, int]:
    return error(400, Msg(N_("The request body is too large.")))


@bp.errorhandler(404)
def not_found(exc: Exception) -> tuple[Response, int]:
    return error(404, Msg(N_("No such API address.")))


@bp.errorhandler(405)
def wrong_method(exc: Exception) -> tuple[Response, int]:
    return error(405, Msg(N_("This address does not accept that method.")))


def body() -> Any:
    """The JSON body; malformed JSON is a 400 with a sentence (an empty body reads as {})."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        return {}
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise BadInput(N_("The request body is not valid JSON.")) from None


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


def state_response(table_id: str, status: int = 200) -> tuple[Response, int]:
    return jsonify(service().state(table_id, translate, language())), status


@bp.get("/health")
def health() -> dict[str, str]:
    return {"status": "ok"}


@bp.post("/tables")
def create_table() -> tuple[Response, int]:
    table_id, token, _ = service().create(body())
    state = service().state(table_id, translate, language())
    return jsonify({"table": table_id, "dealer_token": token, "state": state}), 201


@bp.get("/tables/<table_id>")
def get_table(table_id: str) -> Response | tuple[Response, int]:
    """Public STATE; a poll that sends back the last ETag gets an empty 304 while nothing changed."""
    tag = f"{table_id}-{service().seq(table_id)}-{language()}"
    if request.if_none_match.contains(tag):
        unchanged = Response(status=304)
        unchanged.set_etag(tag)
        return unchanged
    response, status = state_response(table_id)
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.update(("Accept-Language", "Cookie"))
    return response, status


@bp.post("/tables/<table_id>/actions")
def act(table_id: str) -> tuple[Response, int]:
    service().game(table_id)  # 404 before 401: an unknown table is unknown to everyone
    token = bearer_token()
    if not service().authorised(table_id, token):
        raise Unauthorized(table_id)
    service().act(table_id, token, body())
    return state_response(table_id)


@bp.post("/tables/<table_id>/undo")
def undo(table_id: str) -> tuple[Response, int]:
    service().game(table_id)
    token = bearer_token()
    if not service().authorised(table_id, token):
        raise Unauthorized(table_id)
    payload = body()
    if not isinstance(payload, dict):
        raise BadInput(N_("The request body must be a JSON object."))
    service().undo(table_id, token, payload.get("seq"))
    return state_response(table_id)


@bp.post("/compare")
def compare() -> tuple[Response, int]:
    payload = body()
    hands = payload.get("hands") if isinstance(payload, dict) else None
    if not isinstance(hands, list) or not all(isinstance(hand, str) for hand in hands):
        raise BadInput(N_("Send {{\"hands\": [\"7h 5c 4d 3s 2c\", …]}} with 2 to 10 hands."), rule="02")
    result = compare_hands(hands, 2, 10)
    return jsonify({
        "ranking": result.groups,
        "hands": [{"cards": " ".join(str(card) for card in hand.cards), "category": hand.category.label,
                   "name": hand.name.render(translate)} for hand in result.hands],
        "explanation": result.explanation.render(translate),
        "steps": [step.render(translate) for step in result.steps],
    }), 200


__all__ = ["bp", "NotAllowed"]
