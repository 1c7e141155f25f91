"""The start form's tournament fields: the levels, the breaks, the buy-in, the rebuy, the add-on, the payouts and the
tournament's starting stack, gathered into the creation body the engine parses (docs/API.md, "Tournament").

The form keeps one row of fields per level (``level_sb``, ``level_bb``, ``level_small``, ``level_big``,
``level_ante``, ``level_length``: minutes or hands as ``level_by`` says) and per break (``break_after``,
``break_minutes``); a row left empty is skipped, as an empty seat is. Without JavaScript the "Add a level" and
"Remove" buttons post the form with ``edit`` (``level-add``, ``level-remove:3``...) and it comes back with the row
added or removed (static/js/start.js does the same in the page). Every number is passed on as typed or read as a whole
number naming its field: the engine checks each level's stakes, the breaks, the money and the payouts, and words
every refusal. Used by web/start.py; the fields are in templates/partials/tournament_form.html.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext

from dealer import MAX_PLAYERS

from .limits import path_number, whole_number

__all__ = ["edit_rows", "read_tournament_fields", "tournament_blank", "tournament_payload"]

LEVEL_KEYS = ("sb", "bb", "small", "big", "ante", "length")
BREAK_KEYS = ("after", "minutes")
ROWS = {"level": LEVEL_KEYS, "break": BREAK_KEYS}
MAX_ROWS = 50  # beyond the engine's 40 levels, so a longer list is refused by its sentence rather than cut short
LEVEL_BY = ("minutes", "hands")
ANTE_BY = ("each", "big-blind")
SINGLE_KEYS = (  # one field each: the starting stack, the money, the rebuy and the add-on
    "buy_in", "tournament_stack", "rebuy_chips", "rebuy_price", "rebuy_through", "add_on_chips", "add_on_price",
    "add_on_break")

# A starting point the host edits: 15-minute levels from 10/20, roughly doubling every two levels, a 10-minute
# break after the fourth, 1,500 chips each (75 big blinds). Limits left empty take the engine's default.
PRESET_BLINDS = ((10, 20), (15, 30), (20, 40), (30, 60), (50, 100), (75, 150), (100, 200), (150, 300), (200, 400),
                 (300, 600))


def _preset_levels() -> list[dict[str, str]]:
    return [{"sb": str(sb), "bb": str(bb), "small": "", "big": "", "ante": "", "length": "15"}
            for sb, bb in PRESET_BLINDS]


def tournament_blank() -> dict[str, Any]:
    """The tournament's fields on a new form: the preset structure, no rebuy, no add-on, the default payouts."""
    return {"levels": _preset_levels(), "level_by": "minutes", "level_ante_by": "each",
            "breaks": [{"after": "4", "minutes": "10"}], "payouts": [""] * MAX_PLAYERS,
            **dict.fromkeys(SINGLE_KEYS, ""), "tournament_stack": "1500"}


def _rows(form: Any, kind: str) -> list[dict[str, str]]:
    """The rows of one list of the form (levels or breaks), field by field in page order."""
    keys = ROWS[kind]
    columns = {key: form.getlist(f"{kind}_{key}")[:MAX_ROWS] for key in keys}
    count = max(len(values) for values in columns.values())
    return [{key: (columns[key][index] if index < len(columns[key]) else "").strip()[:20] for key in keys}
            for index in range(count)]


def read_tournament_fields(form: Any) -> dict[str, Any]:
    """The tournament's fields as the form keeps them between tries (each as typed, trimmed); a form posted without
    them (by a script, or an older page) gets the preset back."""
    if "level_sb" not in form:
        return tournament_blank()
    level_by = form.get("level_by", "minutes")
    ante_by = form.get("level_ante_by", "each")
    payouts = [value.strip()[:10] for value in form.getlist("payout")[:MAX_PLAYERS]]
    return {
        "levels": _rows(form, "level"), "breaks": _rows(form, "break"),
        "level_by": level_by if level_by in LEVEL_BY else "minutes",
        "level_ante_by": ante_by if ante_by in ANTE_BY else "each",
        "payouts": payouts + [""] * (MAX_PLAYERS - len(payouts)),
        **{key: form.get(key, "").strip()[:20] for key in SINGLE_KEYS},
    }


def edit_rows(form: dict[str, Any], edit: str) -> None:
    """Add a row at the end of a list or remove one (``level-add``, ``break-remove:0``), without JavaScript."""
    kind, _, rest = edit.partition("-")
    if kind not in ROWS:
        return
    rows = form["levels" if kind == "level" else "breaks"]
    if rest == "add" and len(rows) < MAX_ROWS:
        rows.append(dict.fromkeys(ROWS[kind], ""))
    elif rest.startswith("remove:"):
        index = path_number(rest[len("remove:"):], digits=2)
        if index is not None and index < len(rows):
            del rows[index]
        if not rows:  # the list keeps one row to type in
            rows.append(dict.fromkeys(ROWS[kind], ""))


def _filled(rows: list[dict[str, str]]) -> list[tuple[int, dict[str, str]]]:
    """The rows with anything typed in, numbered from 1 as the page shows them."""
    return [(number, row) for number, row in enumerate(rows, start=1) if any(row.values())]


def _level(number: int, row: dict[str, str], level_by: str, ante_by: str) -> dict[str, Any]:
    """One level of the creation body from its row."""
    def whole(key: str, label: str) -> int:
        return whole_number(row[key], gettext("%(field)s of level %(n)s", field=label, n=number))

    level: dict[str, Any] = {"blinds": [whole("sb", gettext("small blind")), whole("bb", gettext("big blind"))]}
    if row["small"] or row["big"]:
        level["limits"] = [whole("small", gettext("small bet")), whole("big", gettext("big bet"))]
    if row["ante"]:
        level["ante"] = whole("ante", gettext("ante"))
        if ante_by != "each":
            level["ante_by"] = ante_by
    level[level_by] = whole("length", gettext("hands")) if level_by == "hands" else row["length"]
    return level


def _break(number: int, row: dict[str, str]) -> dict[str, Any]:
    label = gettext("break %(n)s: level it follows", n=number)
    return {"after_level": whole_number(row["after"], label), "minutes": row["minutes"]}


def _extra(form: dict[str, Any], prefix: str, last: str, labels: tuple[str, str, str]) -> dict[str, Any] | None:
    """The rebuy or the add-on (its chips, price and level or break), or None when all three are empty; ``labels``
    names the chips' field and the last one's, then the creation body's key of the last one."""
    chips, price, until = form[f"{prefix}_chips"], form[f"{prefix}_price"], form[f"{prefix}_{last}"]
    if not (chips or price or until):
        return None
    chips_label, last_label, last_key = labels
    return {"chips": whole_number(chips, chips_label), "price": price, last_key: whole_number(until, last_label)}


def tournament_payload(form: dict[str, Any]) -> dict[str, Any]:
    """The tournament's part of the creation body (with ``format``, the currency and the top-level fields that
    web/start.py adds)."""
    level_by = form["level_by"]
    found: dict[str, Any] = {
        "raises": whole_number(form["raises"], gettext("raises")),
        "stack": whole_number(form["tournament_stack"], gettext("starting stack")),
        "levels": [_level(number, row, level_by, form["level_ante_by"]) for number, row in _filled(form["levels"])],
        "level_by": level_by,
    }
    breaks = [_break(number, row) for number, row in _filled(form["breaks"])]
    if breaks:
        found["breaks"] = breaks
    if form["buy_in"]:
        found["buy_in"] = form["buy_in"]
    rebuy = _extra(form, "rebuy", "through", (gettext("rebuy chips"), gettext("rebuys through level"), "through_level"))
    if rebuy:
        found["rebuy"] = rebuy
    add_on = _extra(form, "add_on", "break", (gettext("add-on chips"), gettext("add-on at the break after level"),
                                              "at_break"))
    if add_on:
        found["add_on"] = add_on
    payouts = list(form["payouts"])
    while payouts and not payouts[-1]:
        payouts.pop()
    if payouts:
        found["payouts"] = payouts
    return found
