"""Ace-to-five lowball hand ranking (ruling R22): the ace is always low, straights and flushes do not count.

5-4-3-2-A is the best hand; any hand without a pair beats any hand with one; otherwise hands compare as §02 does,
repeated ranks first, then the highest card down, the lower wins. Keys are integers: the smaller is the better.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import BadInput
from ..messages import N_, Msg, msg
from .cards import SUIT_CHARS, Card
from .ranking import Category, RankedHand, explain_low, hand_name

LOW_LABELS = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q",
              13: "K"}
_SHAPES = {(1, 1, 1, 1, 1): Category.NO_PAIR, (2, 1, 1, 1): Category.ONE_PAIR, (2, 2, 1): Category.TWO_PAIR,
           (3, 1, 1): Category.THREE_OF_A_KIND, (3, 2): Category.FULL_HOUSE, (4, 1): Category.FOUR_OF_A_KIND}


def low_rank(card: Card) -> int:
    """The card's rank with the ace low (1)."""
    return 1 if card.rank == 14 else card.rank


def _groups(cards: Sequence[Card]) -> list[tuple[int, int]]:
    counts: dict[int, int] = {}
    for card in cards:
        rank = low_rank(card)
        counts[rank] = counts.get(rank, 0) + 1
    return sorted(counts.items(), key=lambda item: (-item[1], -item[0]))


@dataclass(frozen=True)
class LowHand(RankedHand):
    """An A-5 hand: ``comparison`` holds the ranks with the ace as 1."""

    @property
    def name(self) -> Msg:
        top = self.comparison[0]
        if self.category is Category.NO_PAIR:
            return msg(N_("{first}-{second}"), first=LOW_LABELS[top], second=LOW_LABELS[self.comparison[1]])
        high = tuple(14 if rank == 1 else rank for rank in self.comparison)  # the words say "aces"
        return hand_name(RankedHand(self.cards, self.category, high, self.key))

    @property
    def pattern(self) -> str:
        return "-".join(LOW_LABELS[rank] for rank, count in _groups(self.cards) for _ in range(count))

    @property
    def compared_order(self) -> tuple[Card, ...]:
        counts = dict(_groups(self.cards))
        return tuple(sorted(self.cards, key=lambda card: (-counts[low_rank(card)], -low_rank(card),
                                                          SUIT_CHARS.index(card.suit))))


def rank_a5(cards: Sequence[Card]) -> LowHand:
    if len(cards) != 5 or len(set(cards)) != 5:
        raise BadInput(N_("A hand has exactly 5 distinct cards."), rule="02")
    groups = _groups(cards)
    category = _SHAPES[tuple(count for _, count in groups)]
    comparison = tuple(rank for rank, _ in groups)
    key = int(category)
    for index in range(5):
        key = (key << 4) | (comparison[index] if index < len(comparison) else 0)
    return LowHand(tuple(cards), category, comparison, key)


def explain_a5(winner: RankedHand, loser: RankedHand) -> Msg:
    """Why ``winner`` beats (or ties) ``loser`` in A-5 lowball (R22)."""
    return explain_low(winner, loser, {"ruling": "R22"}, _explain_categories, _explain_component)


def _explain_categories(winner: RankedHand, loser: RankedHand) -> Msg:
    return msg(N_("{winner} ({winner_category}) beats {loser} ({loser_category}): in A-5 any hand without a pair "
                  "beats any pair, and fewer repeated cards beat more."), ruling="R22", winner=winner.pattern,
               loser=loser.pattern, winner_category=Msg(winner.category.label),
               loser_category=Msg(loser.category.label))


def _explain_component(winner: RankedHand, loser: RankedHand, component: str, ours: int, theirs: int) -> Msg:
    return msg(N_("{winner} beats {loser} at {component}: {ours} against {theirs} (the ace is low; straights and "
                  "flushes do not count)."), ruling="R22", winner=winner.pattern, loser=loser.pattern,
               component=Msg(component), ours=LOW_LABELS[ours], theirs=LOW_LABELS[theirs])
