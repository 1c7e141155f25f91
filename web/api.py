"""The JSON API: names and shapes are a contract other displays rely on.

Refusals are answered by web/errors.py (JSON ``{"error", "rule"?, "ruling"?}`` under /api/): a view raises
``BadInput``/``NotAllowed`` (400/409), ``TableNotFound`` (404) or ``Unauthorized`` (401) and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from flask import Blueprint, Response, jsonify, request
from flask_babel import get_locale, gettext

from dealer import (
    N_,
    BadInput,
    HandRecord,
    SessionRecord,
    compare_game,
    game_of,
    hands_to_compare,
    phh_writer,
    pokerstars_hand_text,
    pokerstars_join_hands,
    state_json,
    steps_json,
)

from .limits import parse_json, require_json_type
from .service import WRITING, TableAccess, service

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
    return jsonify(table.json_state(translate, language())), status


@bp.before_request
def json_bodies_only() -> None:
    """Every write to the API is JSON: other body types are refused (415) before anything else is looked at."""
    if request.method not in ("GET", "HEAD", "OPTIONS"):
        require_json_type()


@bp.get("/health")
def health() -> tuple[Response, int]:
    """200 while the database answers; 503 with the sentence of the latest storage failure until a write works."""
    trouble = service().store.probe()
    if trouble is not None:
        return jsonify({"status": "error", "error": trouble.render(translate)}), 503
    return jsonify({"status": "ok", "replays": service().replays}), 200


@bp.post("/tables")
def create_table() -> tuple[Response, int]:
    tables = service()
    table_id, token, _ = tables.create(body())
    state = tables.json_state(table_id, translate, language())
    return jsonify({"table": table_id, "dealer_token": token, "state": state}), 201


@bp.get("/tables/<table_id>")
def get_table(table_id: str) -> Response | tuple[Response, int]:
    """Public STATE; a poll that sends back the last ETag gets an empty 304 while nothing changed."""
    table = service().access(table_id)
    tag = f"{table_id}-{table.version}-{language()}"  # a tournament's: its clock period too (R36)
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


# --- hand histories (public, like the STATE) and the session as a document (the dealer's) -----------------------

IMPORT_LIMIT = 4 * 1024 * 1024  # a session of hundreds of hands; every other request stays under 64 KiB (the
# server refuses bodies beyond this before they are stored: web/waitress_server.py's IMPORT_BODY)


def text_file(text: str, filename: str, mimetype: str = "text/plain") -> Response:
    response = Response(text, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = "no-cache"
    return response


def pokerstars_texts(table: TableAccess, session: SessionRecord, hands: Iterable[HandRecord]) -> list[str]:
    """Each hand in the PokerStars layout, written once per hand (outside the table's lock)."""
    return [table.history(hand, "txt", lambda one: pokerstars_hand_text(session, one, table.table_id))
            for hand in hands]


def phh_texts(table: TableAccess, session: SessionRecord, hands: Iterable[HandRecord]) -> list[str]:
    """Each hand as PHH, written once per hand (outside the table's lock)."""
    writer = phh_writer()
    return [table.history(hand, "phh", lambda one: writer.hand_text(session, one, table.table_id)) for hand in hands]


Texts = Callable[[TableAccess, SessionRecord, Iterable[HandRecord]], list[str]]


def _hand_file(table_id: str, number: str, texts: Texts, suffix: str) -> Response:
    """One hand's history in one format (``texts`` writes it)."""
    table = service().access(table_id)
    with WRITING:
        session, hand = table.hand(number)
        return text_file(texts(table, session, [hand])[0], f"{table_id}-hand-{number}.{suffix}")


def _session_file(table_id: str, kind: str, texts: Texts, join: Callable[[list[str]], str], suffix: str) -> Response:
    """The whole session's histories in one format, each hand written once and the whole kept per seq."""
    table = service().access(table_id)

    def write() -> str:
        with WRITING:
            session = table.record()
            return join(texts(table, session, session.hands))

    return text_file(table.session_history(kind, write), f"{table_id}-hands.{suffix}")


@bp.get("/tables/<table_id>/hands/<number>.txt")
def hand_txt(table_id: str, number: str) -> Response:
    return _hand_file(table_id, number, pokerstars_texts, "txt")


@bp.get("/tables/<table_id>/hands.txt")
def hands_txt(table_id: str) -> Response:
    return _session_file(table_id, "txt", pokerstars_texts, pokerstars_join_hands, "txt")


@bp.get("/tables/<table_id>/hands/<number>.phh")
def hand_phh(table_id: str, number: str) -> Response:
    return _hand_file(table_id, number, phh_texts, "phh")


@bp.get("/tables/<table_id>/hands.phhs")
def hands_phhs(table_id: str) -> Response:
    return _session_file(table_id, "phh", phh_texts, lambda texts: str(phh_writer().join_hands(texts)), "phhs")


@bp.get("/tables/<table_id>/hands/<number>/steps")
def hand_steps(table_id: str, number: str) -> Response:
    """The replayer's steps of hand N: one per entry of that hand (the deal first), each with the STATE after it."""
    table = service().access(table_id)
    chosen = language()
    text = table.steps_text(number, chosen, lambda tape: json.dumps(
        steps_json(tape, table_id, translate, chosen), ensure_ascii=False, separators=(",", ":")).encode())
    response = Response(text, mimetype="application/json")
    response.headers["Cache-Control"] = "no-cache"
    response.vary.update(("Accept-Language", "Cookie"))
    return response


@bp.get("/tables/<table_id>/export")
def export(table_id: str) -> Response:
    document = service().dealer_access(table_id, bearer_token()).export()
    response = jsonify(document)
    response.headers["Content-Disposition"] = f'attachment; filename="{export_filename(table_id)}"'
    return response


def export_filename(table_id: str) -> str:
    return f"triple-draw-{table_id}.json"


@bp.post("/tables/import")
def import_table() -> tuple[Response, int]:
    request.max_content_length = IMPORT_LIMIT
    tables = service()
    table_id, token, imported = tables.import_session(body())
    state = state_json(imported, table_id, translate, language())  # from the import's snapshot: no replay here
    return jsonify({"table": table_id, "dealer_token": token, "state": state}), 201


@bp.post("/compare")
def compare() -> tuple[Response, int]:
    payload = body()
    return jsonify(compare_game(game_of(payload), hands_to_compare(payload)).to_json(translate)), 200

