"""Table settings: the house card's stakes as data (§01, §03, §04, §08)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import BadInput
from ..messages import N_

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME_LENGTH = 20
DRAWS = 3  # the card's triple draw; a game says its own number (GameRules.draws: 1 in 2-7 Single Draw, R33)
MAX_DISCARD = 5
# Chip amounts (stacks, blinds, limits): tournament stacks of millions fit with room to spare; a larger number is
# a typing slip, and every table total stays exact in JSON readers that hold numbers as doubles (below 2**53).
MAX_CHIPS = 10**12
MAX_COUNT = 1_000_000  # raises per round, hands per session
ANTE_EACH, ANTE_BIG_BLIND = "each", "big-blind"  # who posts the ante (R32)


@dataclass(frozen=True)
class Stakes:
    """Blinds, fixed limits, raise cap, session length and starting stack. Defaults are the house card's."""

    small_blind: int = 1
    big_blind: int = 2
    small_bet: int = 2  # rounds 1-2 (§04)
    big_bet: int = 4  # rounds 3-4 (§04)
    raises: int = 3  # complete raises after the bet (§04)
    hands: int = 10  # session length (§08)
    stack: int = 100  # default starting stack (§01)
    ante: int = 0  # dead money posted at the deal (R32)
    ante_by: str = ANTE_EACH  # "each" player dealt in, or the "big-blind" for the table (R32)

    def unit(self, betting_round: int, draws: int = DRAWS) -> int:
        """The fixed unit u of a betting round: the small bet in the first half of the rounds, the big bet after
        (rounds 1-2 and 3-4 of triple draw; round 1 and 2 of single draw, R33)."""
        return self.small_bet if betting_round <= (draws + 1) // 2 else self.big_bet

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "blinds": [self.small_blind, self.big_blind],
            "limits": [self.small_bet, self.big_bet],
            "raises": self.raises,
            "hands": self.hands,
            "stack": self.stack,
        }
        if self.ante:  # only then: every table without antes reads as before
            data["ante"] = self.ante
            data["ante_by"] = self.ante_by
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stakes:
        """Read the table-creation fields (all optional), refusing anything but positive integers."""
        defaults = cls()
        blinds = _pair(data.get("blinds"), (defaults.small_blind, defaults.big_blind), "blinds")
        limits = _pair(data.get("limits"), (defaults.small_bet, defaults.big_bet), "limits")
        if blinds[0] > blinds[1]:
            raise BadInput(N_("The small blind cannot be larger than the big blind."), rule="03")
        if limits[0] > limits[1]:
            raise BadInput(N_("The small bet cannot be larger than the big bet."), rule="04")
        return cls(
            small_blind=blinds[0],
            big_blind=blinds[1],
            small_bet=limits[0],
            big_bet=limits[1],
            raises=positive_int(data.get("raises", defaults.raises), "raises"),
            hands=positive_int(data.get("hands", defaults.hands), "hands"),
            stack=positive_int(data.get("stack", defaults.stack), "stack", maximum=MAX_CHIPS),
            ante=positive_int(data.get("ante", 0), "ante", allow_zero=True, maximum=MAX_CHIPS),
            ante_by=_ante_by(data.get("ante_by", ANTE_EACH)),
        )


def positive_int(value: Any, field: str, allow_zero: bool = False, maximum: int = MAX_COUNT) -> int:
    """A whole number (not a bool, not a float) within range, or a 400 with a sentence naming the field."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(N_("“{field}” must be a whole number."), field=field)
    lowest = 0 if allow_zero else 1
    if not lowest <= value <= maximum:
        if allow_zero:
            raise BadInput(N_("“{field}” must be between 0 and {maximum}."), field=field, maximum=maximum)
        raise BadInput(N_("“{field}” must be a positive whole number up to {maximum}."), field=field, maximum=maximum)
    return value


def _pair(value: Any, default: tuple[int, int], field: str) -> tuple[int, int]:
    if value is None:
        return default
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise BadInput(N_("“{field}” must be a list of two positive whole numbers, such as [1, 2]."), field=field)
    return positive_int(value[0], field, maximum=MAX_CHIPS), positive_int(value[1], field, maximum=MAX_CHIPS)


def _ante_by(value: Any) -> str:
    if value not in (ANTE_EACH, ANTE_BIG_BLIND):
        raise BadInput(N_("“ante_by” is “each” or “big-blind”."), ruling="R32")
    return str(value)
