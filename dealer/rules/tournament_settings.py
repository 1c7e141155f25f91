"""A tournament's settings, chosen at creation (R35-R37): its levels (by minutes or by hands), breaks, buy-in,
rebuy, add-on and payouts. Checked the same way for a request and for a stored log (a file holds only what a dealer
could have entered); a session's and an open game's logs carry none of these keys.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from ..errors import BadInput
from ..messages import N_
from .stakes import ANTE_EACH, MAX_CHIPS, MAX_COUNT, Stakes, positive_int
from .tournament_money import default_payouts, money_text, parse_money, parse_payouts

TOURNAMENT_FORMAT = "tournament"
BY_MINUTES, BY_HANDS = "minutes", "hands"
MAX_LEVELS = 40
MAX_LEVEL_MINUTES = Decimal(600)
MAX_BREAK_MINUTES = Decimal(120)
MAX_LEVEL_HANDS = 1000
# Keys a tournament refuses at the top level: its stakes come from its levels, and it ends when one player is left.
SESSION_KEYS = ("blinds", "limits", "ante", "ante_by", "hands")
_MINUTES = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,6})?", re.ASCII)


@dataclass(frozen=True)
class Level:
    """One level: its stakes and how long it lasts (minutes of running clock, or hands dealt)."""

    number: int
    blinds: tuple[int, int]
    limits: tuple[int, int]
    ante: int = 0
    ante_by: str = ANTE_EACH
    minutes: Decimal | None = None
    hands: int | None = None

    def stakes(self, base: Stakes) -> Stakes:
        """``base`` (the raise cap, the default stack) with this level's blinds, limits and ante."""
        return replace(base, small_blind=self.blinds[0], big_blind=self.blinds[1], small_bet=self.limits[0],
                       big_bet=self.limits[1], ante=self.ante, ante_by=self.ante_by)

    @property
    def seconds(self) -> float | None:
        return float(self.minutes * 60) if self.minutes is not None else None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"blinds": list(self.blinds), "limits": list(self.limits), "ante": self.ante,
                                "ante_by": self.ante_by}
        if self.minutes is not None:
            data["minutes"] = plain(self.minutes)
        else:
            data["hands"] = self.hands
        return data


@dataclass(frozen=True)
class Break:
    after_level: int
    minutes: Decimal

    def to_json(self) -> dict[str, Any]:
        return {"after_level": self.after_level, "minutes": plain(self.minutes)}


@dataclass(frozen=True)
class Rebuy:
    chips: int
    price: Decimal
    through_level: int

    def to_json(self) -> dict[str, Any]:
        return {"chips": self.chips, "price": money_text(self.price), "through_level": self.through_level}


@dataclass(frozen=True)
class AddOn:
    chips: int
    price: Decimal
    at_break: int

    def to_json(self) -> dict[str, Any]:
        return {"chips": self.chips, "price": money_text(self.price), "at_break": self.at_break}


@dataclass(frozen=True)
class TournamentSettings:
    """Levels, breaks, money: what the log's creation stores, normalised (money and minutes as decimal text)."""

    levels: tuple[Level, ...]
    level_by: str = BY_MINUTES
    breaks: tuple[Break, ...] = ()
    buy_in: Decimal = Decimal(0)
    rebuy: Rebuy | None = None
    add_on: AddOn | None = None
    payouts: tuple[Decimal, ...] = (Decimal(100),)

    @property
    def by_hands(self) -> bool:
        return self.level_by == BY_HANDS

    def break_after(self, level: int) -> Break | None:
        return next((item for item in self.breaks if item.after_level == level), None)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"levels": [level.to_json() for level in self.levels], "level_by": self.level_by}
        if self.breaks:
            data["breaks"] = [item.to_json() for item in self.breaks]
        data["buy_in"] = money_text(self.buy_in)
        if self.rebuy is not None:
            data["rebuy"] = self.rebuy.to_json()
        if self.add_on is not None:
            data["add_on"] = self.add_on.to_json()
        data["payouts"] = [plain(percent) for percent in self.payouts]
        return data


def plain(number: Decimal) -> str:
    """A decimal in plain notation without trailing zeros: "15", "12.5", "0.02"."""
    text = format(number.normalize(), "f")
    return text


def parse_tournament(data: dict[str, Any], entrants: int) -> TournamentSettings:
    """The tournament's fields of a creation request (or of a stored creation), 400 with a sentence naming what is
    wrong."""
    named = [key for key in SESSION_KEYS if data.get(key) is not None]
    if named:
        raise BadInput(N_("A tournament takes its stakes from its levels and ends when one player has every chip: "
                          "“{field}” is not one of its settings."), rule="01", ruling="R36", field=named[0])
    level_by = data.get("level_by", BY_MINUTES)
    if level_by not in (BY_MINUTES, BY_HANDS):
        raise BadInput(N_("“level_by” is “minutes” or “hands”."), ruling="R36")
    levels = _levels(data.get("levels"), level_by)
    breaks = _breaks(data.get("breaks"), len(levels), level_by)
    buy_in = parse_money(data.get("buy_in", "0"), "buy_in")
    rebuy = _rebuy(data.get("rebuy"), len(levels))
    add_on = _add_on(data.get("add_on"), breaks)
    payouts = data.get("payouts")
    percents = default_payouts(entrants) if payouts is None else parse_payouts(payouts, entrants)
    return TournamentSettings(levels, level_by, breaks, buy_in, rebuy, add_on, percents)


def _levels(value: Any, level_by: str) -> tuple[Level, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_LEVELS:
        raise BadInput(N_("A tournament needs “levels”: a list of 1 to {maximum} levels, each with its blinds."),
                       ruling="R36", maximum=MAX_LEVELS)
    return tuple(_level(item, number, level_by) for number, item in enumerate(value, start=1))


def _level(item: Any, number: int, level_by: str) -> Level:
    if not isinstance(item, dict) or item.get("blinds") is None:
        raise BadInput(N_("Level {number} needs its “blinds”, such as [10, 20]."), ruling="R36", number=number)
    blinds = item["blinds"]
    big = blinds[1] if isinstance(blinds, list) and len(blinds) == 2 and isinstance(blinds[1], int) else 1
    fields = {"blinds": blinds, "limits": item.get("limits") or [big, 2 * big], "ante": item.get("ante", 0),
              "ante_by": item.get("ante_by", ANTE_EACH)}
    stakes = Stakes.from_json(fields)  # the creation's own checks: whole numbers, the small one first
    if level_by == BY_HANDS:
        if item.get("minutes") is not None:
            raise BadInput(N_("Levels by hands give each level its “hands”, not “minutes”."), ruling="R36")
        hands = positive_int(item.get("hands"), "hands", maximum=MAX_LEVEL_HANDS)
        minutes = None
    else:
        if item.get("hands") is not None:
            raise BadInput(N_("Levels on the clock give each level its “minutes”; with “level_by”: “hands”, its "
                              "“hands”."), ruling="R36")
        hands = None
        minutes = parse_minutes(item.get("minutes"), "minutes", MAX_LEVEL_MINUTES)
    return Level(number, (stakes.small_blind, stakes.big_blind), (stakes.small_bet, stakes.big_bet), stakes.ante,
                 stakes.ante_by, minutes, hands)


def parse_minutes(value: Any, field: str, maximum: Decimal) -> Decimal:
    """Minutes as a number or a decimal string, more than 0 and at most ``maximum`` (0.02 is 1.2 seconds)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise _bad_minutes(field, maximum)
    text = str(value).strip() if not isinstance(value, float) else repr(value)
    if not _MINUTES.fullmatch(text):
        raise _bad_minutes(field, maximum)
    minutes = Decimal(text)
    if not Decimal(0) < minutes <= maximum:
        raise _bad_minutes(field, maximum)
    return minutes


def _bad_minutes(field: str, maximum: Decimal) -> BadInput:
    return BadInput(N_("“{field}” is a number of minutes above 0 and at most {maximum}, such as 15 or 12.5."),
                    ruling="R36", field=field, maximum=int(maximum))


def _breaks(value: Any, levels: int, level_by: str) -> tuple[Break, ...]:
    if value in (None, []):
        return ()
    if level_by == BY_HANDS:
        raise BadInput(N_("Breaks need levels on the clock: with levels by hands, pause the clock instead."),
                       ruling="R36")
    if not isinstance(value, list):
        raise BadInput(N_("“breaks” is a list of breaks, each with its “after_level” and “minutes”."), ruling="R36")
    found: list[Break] = []
    for item in value:
        if not isinstance(item, dict):
            raise BadInput(N_("“breaks” is a list of breaks, each with its “after_level” and “minutes”."), ruling="R36")
        after = item.get("after_level")
        if isinstance(after, bool) or not isinstance(after, int) or not 1 <= after < levels:
            raise BadInput(N_("A break comes after a level from 1 to {maximum} (not after the last)."),
                           ruling="R36", maximum=max(1, levels - 1))
        if any(earlier.after_level == after for earlier in found):
            raise BadInput(N_("Two breaks come after level {number}: one is enough."), ruling="R36", number=after)
        found.append(Break(after, parse_minutes(item.get("minutes"), "minutes", MAX_BREAK_MINUTES)))
    return tuple(sorted(found, key=lambda item: item.after_level))


def _rebuy(value: Any, levels: int) -> Rebuy | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise BadInput(N_("“rebuy” gives its “chips”, “price” and “through_level”."), ruling="R37")
    chips = positive_int(value.get("chips"), "chips", maximum=MAX_CHIPS)
    price = parse_money(value.get("price", "0"), "price")
    through = value.get("through_level")
    if isinstance(through, bool) or not isinstance(through, int) or not 1 <= through <= levels:
        raise BadInput(N_("“through_level” is the last level a rebuy is allowed, from 1 to {maximum}."),
                       ruling="R37", maximum=levels)
    return Rebuy(chips, price, through)


def _add_on(value: Any, breaks: tuple[Break, ...]) -> AddOn | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise BadInput(N_("“add_on” gives its “chips”, “price” and “at_break”."), ruling="R37")
    chips = positive_int(value.get("chips"), "chips", maximum=MAX_CHIPS)
    price = parse_money(value.get("price", "0"), "price")
    at_break = value.get("at_break")
    if not any(item.after_level == at_break for item in breaks) or isinstance(at_break, bool):
        raise BadInput(N_("“at_break” names a break by its “after_level”: the add-on is taken on that break."),
                       ruling="R37")
    assert isinstance(at_break, int)
    return AddOn(chips, price, at_break)


def tournament_stakes(data: dict[str, Any], settings: TournamentSettings) -> Stakes:
    """The table's stakes at creation: level 1's, with the top-level raise cap and default stack; no hand count
    (a tournament ends when one player is left)."""
    base = Stakes.from_json({key: data[key] for key in ("raises", "stack") if key in data})
    return settings.levels[0].stakes(replace(base, hands=MAX_COUNT))
