"""The table's format, chosen at creation: the house card's session (R1, R20) or an open game (R26, R27).

An open game may set a chip value and a currency (chips become money in the ledger and the settlement) and a
maximum buy-in. A plain session writes none of these keys in its log, so an older log reads exactly as before.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..errors import BadInput
from ..messages import N_
from .stakes import MAX_CHIPS, positive_int

SESSION_FORMAT, OPEN_FORMAT, TOURNAMENT_FORMAT = "session", "open", "tournament"


def given(**values: Any) -> dict[str, Any]:
    """The keys of a stored entry that say something, in order: those whose value is not None (an entry's JSON
    leaves the others out, so an older log reads the same)."""
    return {key: value for key, value in values.items() if value is not None}

FORMATS = (SESSION_FORMAT, OPEN_FORMAT, TOURNAMENT_FORMAT)
MAX_CURRENCY_LENGTH = 10
MAX_CHIP_VALUE = Decimal(1_000_000)
_DECIMAL = re.compile(r"[0-9]{1,12}(?:\.[0-9]{1,12})?(?:[eE][+-]?[0-9]{1,2})?", re.ASCII)  # ASCII digits only


@dataclass(frozen=True)
class OpenSettings:
    """The format and, for an open game, the money per chip (a decimal string), the currency, the maximum buy-in."""

    format: str = SESSION_FORMAT
    chip_value: str | None = None
    currency: str | None = None
    max_buy_in: int | None = None

    @property
    def is_open(self) -> bool:
        return self.format == OPEN_FORMAT

    @property
    def is_tournament(self) -> bool:
        return self.format == TOURNAMENT_FORMAT

    @property
    def value(self) -> Decimal | None:
        return Decimal(self.chip_value) if self.chip_value is not None else None

    def to_json(self) -> dict[str, Any]:
        """The keys a log (and a creation request) carries: none for a plain session."""
        return given(format=self.format if self.format != SESSION_FORMAT else None, chip_value=self.chip_value,
                     currency=self.currency, max_buy_in=self.max_buy_in)

    @classmethod
    def from_log(cls, data: dict[str, Any]) -> OpenSettings:
        return cls(data.get("format", SESSION_FORMAT), data.get("chip_value"), data.get("currency"),
                   data.get("max_buy_in"))


SESSION = OpenSettings()


def parse_settings(data: dict[str, Any]) -> OpenSettings:
    """The format fields of a creation request (all optional; a session takes none of the open game's)."""
    chosen = data.get("format", SESSION_FORMAT)
    if chosen is None:
        chosen = SESSION_FORMAT
    if not isinstance(chosen, str) or chosen.strip().lower() not in FORMATS:
        raise BadInput(N_("“format” is “session”, “open” or “tournament”."), rule="01", ruling="R26")
    chosen = chosen.strip().lower()
    extras = [key for key in ("chip_value", "currency", "max_buy_in") if data.get(key) not in (None, "")]
    if chosen == SESSION_FORMAT:
        if extras:
            raise BadInput(N_("A chip value, a currency and a maximum buy-in belong to an open game: a session "
                              "keeps the same chips all night."), rule="01", ruling="R1")
        return SESSION
    if chosen == TOURNAMENT_FORMAT:  # its levels, buy-in and payouts: tournament_settings.py
        if any(key != "currency" for key in extras):
            raise BadInput(N_("A chip value and a maximum buy-in belong to an open game: a tournament has a buy-in "
                              "and rebuys."), rule="01", ruling="R37")
        return OpenSettings(TOURNAMENT_FORMAT, currency=_currency(data.get("currency")))
    return OpenSettings(OPEN_FORMAT, _chip_value(data.get("chip_value")), _currency(data.get("currency")),
                        _max_buy_in(data.get("max_buy_in")))


def _chip_value(value: Any) -> str | None:
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise _bad_chip_value()
    return plain_decimal(str(value).strip())


def plain_decimal(text: str) -> str:
    """A chip value as people write it, in ASCII digits ("0.10", "2", "1E+2"), kept in plain decimal ("100"); at
    most four decimals, more than nothing and at most a million."""
    if not _DECIMAL.fullmatch(text):
        raise _bad_chip_value()
    amount = Decimal(text)
    exponent = amount.as_tuple().exponent
    if not Decimal(0) < amount <= MAX_CHIP_VALUE or not isinstance(exponent, int) or exponent < -4:
        raise _bad_chip_value()
    return format(amount, "f")


def _bad_chip_value() -> BadInput:
    return BadInput(N_("“chip_value” is the money one chip is worth, as a decimal such as “0.10”."), ruling="R27")


def _currency(value: Any) -> str | None:
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        raise BadInput(N_("“currency” is a short text, such as EUR."), ruling="R27")
    text = " ".join(value.split())
    if not 1 <= len(text) <= MAX_CURRENCY_LENGTH or any(unicodedata.category(c).startswith("C") for c in text):
        raise BadInput(N_("“currency” is a short text, such as EUR."), ruling="R27")
    return text


def _max_buy_in(value: Any) -> int | None:
    if value in (None, ""):
        return None
    return positive_int(value, "max_buy_in", maximum=MAX_CHIPS)
