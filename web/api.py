"""The JSON API: names and shapes are a contract other displays rely on.

Refusals are answered by web/errors.py (JSON ``{"error", "rule"?, "ruling"?}`` under /api/): a view raises
``BadInput``/``NotAllowed`` (400/409), ``TableNotFound`` (404) or ``Unauthorized`` (401) and changes nothing.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request
from flask_babel import get_locale, gettext

from dealer.errors import BadInput
from dealer.messages import N_
from dealer.ranking import compare_hands, hands_to_compare

from .limits import parse_json, require_json_type
from .service import TableAccess, service

bp = Blueprint("api", __name__, url_prefix="/api")


def language() -> str:
    return str(get_locale() or "en")


def translate(text: str) -> str:
    return gettext(text)


def body() -> object:
    """The JSON body, its fields unchecked (the engine's parsers check every field); malformed, too deep or with
    too long a number is a 400 with a sentence (web/limits.py); an empty body reads as {}."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        return {}
    return parse_json(raw)


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


def state_response(table: TableAccess, status: int = 200) -> tuple[Response, int]:
    return jsonify(table.state(translate, language())), status


@bp.before_request
def json_bodies_only() -> None:
    """Every write to the API is JSON: other body types are refused (415) before anything else is looked at."""
    if request.method not in ("GET", "HEAD", "OPTIONS"):
        require_json_type()


@bp.get("/health")
def health() -> dict[str, str]:
    return {"status": "ok"}


@bp.post("/tables")
def create_table() -> tuple[Response, int]:
    tables = service()
    table_id, token, _ = tables.create(body())
    state = tables.state(table_id, translate, language())
    return jsonify({"table": table_id, "dealer_token": token, "state": state}), 201


@bp.get("/tables/<table_id>")
def get_table(table_id: str) -> Response | tuple[Response, int]:
    """Public STATE; a poll that sends back the last ETag gets an empty 304 while nothing changed."""
    table = service().access(table_id)
    tag = f"{table_id}-{table.seq}-{language()}"
    if request.if_none_match.contains(tag):
        unchanged = Response(status=304)
        unchanged.set_etag(tag)
        return unchanged
    response, status = state_response(table)
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.update(("Accept-Language", "Cookie"))
    return response, status


@bp.post("/tables/<table_id>/actions")
def act(table_id: str) -> tuple[Response, int]:
    # 404 before 401 (an unknown table is unknown to everyone), 401 before the body is even read
    table = service().dealer_access(table_id, bearer_token())
    table.act(body())
    return state_response(table)


def seq_only() -> Any:
    """The body of undo and redo: an object with an optional ``seq`` (the game checks its type: 400)."""
    payload = body()
    if not isinstance(payload, dict):
        raise BadInput(N_("The request body must be a JSON object."))
    return payload.get("seq")


@bp.post("/tables/<table_id>/undo")
def undo(table_id: str) -> tuple[Response, int]:
    table = service().dealer_access(table_id, bearer_token())
    table.undo(seq_only())
    return state_response(table)


@bp.post("/tables/<table_id>/redo")
def redo(table_id: str) -> tuple[Response, int]:
    """Re-apply the input undone last: 409 when there is nothing to redo."""
    table = service().dealer_access(table_id, bearer_token())
    table.redo(seq_only())
    return state_response(table)


@bp.post("/compare")
def compare() -> tuple[Response, int]:
    result = compare_hands(hands_to_compare(body()), 2, 10)
    return jsonify({
        "ranking": result.groups,
        "hands": [{"cards": " ".join(str(card) for card in hand.cards), "category": hand.category.label,
                   "name": hand.name.render(translate)} for hand in result.hands],
        "explanation": result.explanation.render(translate),
        "steps": [step.render(translate) for step in result.steps],
    }), 200

