"""Stakes that change between hands of an open game (R34): the shape of the ``stakes`` input and the new stakes it
makes. Whether the table allows it now is the open game's to say (``open_game.py``); this module needs no table, so
the log's entries can read it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..errors import BadInput
from ..messages import N_
from .stakes import Stakes

FIELDS = ("blinds", "limits", "raises", "ante")  # what a change may name, any of them


@dataclass(frozen=True)
class StakesChange:
    """The stakes named by a ``stakes`` input; None: as they were."""

    blinds: tuple[int, int] | None = None
    limits: tuple[int, int] | None = None
    raises: int | None = None
    ante: int | None = None

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        if self.blinds is not None:
            found["blinds"] = list(self.blinds)
        if self.limits is not None:
            found["limits"] = list(self.limits)
        if self.raises is not None:
            found["raises"] = self.raises
        if self.ante is not None:
            found["ante"] = self.ante
        return found

    @classmethod
    def from_json(cls, data: Any) -> StakesChange:
        """Read back what :meth:`to_json` wrote into the log, checked as a request is (a stored log may have been
        edited: it holds only what a dealer could have entered)."""
        if not isinstance(data, dict):
            raise BadInput(N_("Say which stakes change: “blinds”, “limits”, “raises” or “ante”."), rule="01",
                           ruling="R34")
        return parse_stakes_change(data)

    def applied_to(self, stakes: Stakes) -> Stakes:
        """``stakes`` with the named values changed."""
        small_blind, big_blind = self.blinds or (stakes.small_blind, stakes.big_blind)
        small_bet, big_bet = self.limits or (stakes.small_bet, stakes.big_bet)
        return replace(stakes, small_blind=small_blind, big_blind=big_blind, small_bet=small_bet, big_bet=big_bet,
                       raises=stakes.raises if self.raises is None else self.raises,
                       ante=stakes.ante if self.ante is None else self.ante)


def parse_stakes_change(data: dict[str, Any]) -> StakesChange:
    """The shape of a ``stakes`` input (400 on anything malformed): any of blinds, limits, raises and ante, each
    checked as at the table's creation."""
    named = {name: data[name] for name in FIELDS if data.get(name) is not None}
    if not named:
        raise BadInput(N_("Say which stakes change: “blinds”, “limits”, “raises” or “ante”."), rule="01",
                       ruling="R34")
    checked = Stakes.from_json(named)  # the creation's own checks: whole numbers, the small one first
    return StakesChange(
        (checked.small_blind, checked.big_blind) if "blinds" in named else None,
        (checked.small_bet, checked.big_bet) if "limits" in named else None,
        checked.raises if "raises" in named else None,
        checked.ante if "ante" in named else None,
    )
