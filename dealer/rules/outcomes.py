"""The frozen outcomes the rules hand out: pots, awards, a hand's result, and the steps of a draw's serving with the
piles a reshuffle takes. Shared by the table's state, the record of what happened and the read model."""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, KeysView, Mapping, ValuesView
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from ..messages import Msg
from .ranking import RankedHand

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """A mapping nobody can change, so a frozen record (a fact, a step) stays frozen all the way down; it reads like
    the dict it was made from (and equals it)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[K, V]) -> None:
        self._items = dict(items)  # a private copy, never handed out

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    # The dict's own views and lookups (read-only as well), instead of Mapping's mixins written in Python: every
    # hand's end and every reading of an award goes through them.
    def __contains__(self, key: object) -> bool:
        return key in self._items

    def keys(self) -> KeysView[K]:
        return self._items.keys()

    def values(self) -> ValuesView[V]:
        return self._items.values()

    def items(self) -> ItemsView[K, V]:
        return self._items.items()

    def __eq__(self, other: object) -> bool:
        return self._items == (other._items if isinstance(other, FrozenMap) else other)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return repr(self._items)

    def __reduce__(self) -> tuple[Any, ...]:
        return FrozenMap, (self._items,)


def frozen_map(items: Mapping[K, V]) -> FrozenMap[K, V]:
    return items if isinstance(items, FrozenMap) else FrozenMap(items)


# The serving's records are NamedTuples, like the facts (``facts.py``): as frozen as a frozen dataclass and several
# times faster to build, and every draw builds a few of each.
class PileCount(NamedTuple):
    player: str
    cards: int


class Reshuffle(NamedTuple):
    """What a short-deck reshuffle gathers and what stays apart (R13), for the dealer's checklist."""

    before: str | None  # the player about to be served, or None when the burn needed it
    stub: int  # cards left in the stub, shuffled in
    earlier_discards: int  # discards of earlier draws (anyone's)
    folded: int  # folded hands
    served: tuple[PileCount, ...]  # this draw's discards of players already served
    keep_apart: tuple[PileCount, ...]  # this draw's discards of the player being served and those waiting
    burned: int  # burned cards, kept out
    cards: int  # size of the new stub


class PlanStep(NamedTuple):
    step: str  # "burn" | "reshuffle" | "serve" | "exposed" (a card exposed while serving ``player``, R14)
    player: str | None = None
    cards: int = 0  # serve: cards given; reshuffle: size of the new stub
    reshuffle: Reshuffle | None = None
    resumed: bool = False  # serve: this player's serving was interrupted by an exposed card (R14)


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: tuple[str, ...]  # in seat order


@dataclass(frozen=True)
class Award:
    pot: int  # index of the pot, main pot 0
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    shares: Mapping[str, int]  # frozen on creation
    odd_chips: tuple[str, ...]
    shown: bool  # decided by comparing shown hands (False: one claimant left)
    reason: Msg | None = None
    half: str | None = None  # split games (R24): "2-7" | "a-5" | "badugi", the half of the pot this award pays

    def __post_init__(self) -> None:
        object.__setattr__(self, "shares", frozen_map(self.shares))


@dataclass(frozen=True)
class HandResult:
    hand: int
    awards: tuple[Award, ...]
    returned: Mapping[str, int]  # frozen on creation, like ``shown``
    shown: Mapping[str, RankedHand]
    uncontested: bool  # won by everyone else folding

    def __post_init__(self) -> None:
        object.__setattr__(self, "returned", frozen_map(self.returned))
        object.__setattr__(self, "shown", frozen_map(self.shown))
