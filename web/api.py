"""Placeholder: the JSON API (engine issue)."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.get("/health")
def health() -> dict[str, str]:
    return {"status": "ok"}
