"""The start form's game fields beyond the games themselves: each game's betting structure and the ante.

A game keeps the structure it is usually played with unless the dealer picks another, which the creation body names
by the code's prefix (``nl-``, ``pl-``, ``fl-``: the engine reads it, and refuses a code it does not know). A game left
at its usual structure keeps its plain code, so a house-card table's body is exactly what it was. The ante (and who
posts it) is sent only when there is one. Used by web/start.py; the fields are in templates/partials/games_form.html.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext

from dealer import PREFIXES

from .limits import whole_number

__all__ = ["GAMES_BLANK", "games_payload", "read_game_fields"]

ANTE_BY = ("each", "big-blind")
GAMES_BLANK: dict[str, Any] = {"structures": {}, "ante": "", "ante_by": "each"}


def read_game_fields(form: Any) -> dict[str, Any]:
    """The structure picked for each game (``structure-<code>``: a prefix, or empty for the game's usual one) and
    the ante fields, as the start form keeps them between tries."""
    structures = {}
    for key in list(form.keys())[:40]:
        if key.startswith("structure-") and form[key] in PREFIXES:
            structures[key[len("structure-"):][:40]] = form[key]
    ante_by = form.get("ante_by", "each")
    return {"structures": structures, "ante": form.get("ante", "").strip()[:20],
            "ante_by": ante_by if ante_by in ANTE_BY else "each"}


def games_payload(form: dict[str, Any], default_code: str, ante: bool = True) -> dict[str, Any]:
    """The creation body's games (each with its structure's prefix when not its usual one) and, unless ``ante`` is
    false (a tournament's antes are its levels'), the ante."""
    structures = form["structures"]
    codes = [structures.get(code, "") + code for code in form["games"]]
    found: dict[str, Any] = {}
    if codes != [default_code] or form["choice"] != "rotation":
        found.update(games=codes, choice=form["choice"])
    if ante and form["ante"] and whole_number(form["ante"], gettext("ante")):
        found.update(ante=whole_number(form["ante"], gettext("ante")), ante_by=form["ante_by"])
    return found
