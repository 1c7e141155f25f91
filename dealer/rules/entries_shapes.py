"""The shape of every entry read from a log (a session file's, the database's): what the API's parser checks of a
request, checked again of the stored entry, so a file holds only what a dealer could have entered (§01).

A stored entry is the JSON its ``to_json`` wrote: numbers are whole numbers in the field's range (never a bool, a
fraction or a number beyond every stack), names are spelled as the creation spells them (``names.check_name``:
trimmed, composed, printable, 1-20 characters, no bidi controls), a chip value is a decimal in range (a file's
creation is read again as a new table's, so its chip value must also be in plain decimal: "100", "0.10").
What the table allows at that moment (whose turn, the seats, a join's buy-in) is the rules' to say as the log is
replayed; :func:`check_entry` only refuses what no request could have carried, with the sentence the API gives.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ..errors import BadInput
from ..messages import N_
from .legal import Action
from .names import check_name
from .settings import plain_decimal
from .stakes import MAX_CHIPS, MAX_DISCARD, positive_int

ACTION_NAMES = frozenset(action.value for action in Action)
NAME_FIELDS = ("player", "after", "button")
# Whole numbers of an input and their ranges; any other number an entry carries is chips (0 to MAX_CHIPS).
RANGES = {"count": (0, MAX_DISCARD), "amount": (1, MAX_CHIPS), "max_buy_in": (1, MAX_CHIPS),
          "stack": (0, MAX_CHIPS)}
NOT_CHECKED = ("kind", "at", "drawn", "players", "stakes", "games", "chip_value")


def check_entry(data: Any) -> None:
    """Refuse (BadInput with the API's sentence) a stored entry no request could have carried."""
    if not isinstance(data, dict):
        raise BadInput(N_("An entry of the log must be a JSON object."))
    kind = data.get("kind")
    if kind == "create":
        _check_create(data)
    elif kind == "input":
        action = data.get("action")
        if not isinstance(action, str) or action not in ACTION_NAMES:
            raise BadInput(N_("Unknown action “{action}”: use one of {actions}."), action=str(action)[:30],
                           actions=", ".join(sorted(ACTION_NAMES)))
    if kind in ("undo", "redo", "input"):
        at = data.get("at")
        if at is not None and (isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at)):
            raise BadInput(N_("An entry of the log has a time that is not a number."))
    _check_fields(data)


def _check_create(data: dict[str, Any]) -> None:
    players = data.get("players")
    if not isinstance(players, list):
        raise BadInput(N_("A table has 2 to 6 players."), rule="01")
    for player in players:
        if not isinstance(player, dict):
            raise BadInput(N_("Each player needs a name (text)."), rule="01")
        _name(player.get("name"))
        _whole(player.get("stack"), "stack", 0, MAX_CHIPS)
    stakes = data.get("stakes")
    if not isinstance(stakes, dict):
        raise BadInput(N_("The session's log cannot be read: its table settings are not valid."))
    for field, number in _numbers(stakes):
        _whole(number, field, 0, MAX_CHIPS)
    if "chip_value" in data:  # a decimal in range (a log stored before plain decimals may say "1E+2")
        value = data["chip_value"]
        if not isinstance(value, str):
            raise BadInput(N_("“chip_value” is the money one chip is worth, as a decimal such as “0.10”."),
                           ruling="R27")
        plain_decimal(value)
    if "hands_per_game" in data:
        _whole(data["hands_per_game"], "hands_per_game", 0, MAX_CHIPS)


def _check_fields(data: dict[str, Any]) -> None:
    """Names spelled as made, and every number a whole number in its field's range (texts are the rules' to read)."""
    for field, value in data.items():
        if field in NOT_CHECKED or value is None:
            continue
        if field in NAME_FIELDS:
            _name(value)
        else:
            low, high = RANGES.get(field, (0, MAX_CHIPS))
            for name, number in _numbers({field: value}):
                _whole(number, name, low, high)


def _numbers(value: Any, field: str = "") -> Iterator[tuple[str, Any]]:
    """Every value of ``value`` that is not text, with its field's name, lists and objects looked into."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _numbers(item, str(key)[:30])
    elif isinstance(value, list):
        for item in value:
            yield from _numbers(item, field)
    elif value is not None and not isinstance(value, str):
        yield field, value


def _whole(value: Any, field: str, low: int, high: int) -> None:
    positive_int(value, field, allow_zero=low == 0, maximum=high)


def _name(value: Any) -> None:
    if not isinstance(value, str):
        raise BadInput(N_("Each player needs a name (text)."), rule="01")
    check_name(value)
