"""Badugi hand ranking (ruling R23): only the largest set of cards with different ranks and different suits counts.

A four-card badugi beats any three-card hand, a three-card hand any two-card one; equal-sized sets compare from
their highest card down, the lower wins; cards left out never break a tie. Badugi plays the ace low; the badugi
half of Badeucey plays it high (the best four of its five cards). Keys are integers: the smaller is the better.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..errors import BadInput
from ..messages import N_, Msg, msg
from .cards import SUIT_CHARS, Card
from .ranking import RANK_LABELS, BadugiCategory, RankedHand
from .ranking_a5 import LOW_LABELS

_BY_SIZE = {4: BadugiCategory.BADUGI, 3: BadugiCategory.THREE_CARD, 2: BadugiCategory.TWO_CARD,
            1: BadugiCategory.ONE_CARD}
_PLACES = (N_("the highest card"), N_("the second card"), N_("the third card"), N_("the fourth card"))


@dataclass(frozen=True)
class BadugiHand(RankedHand):
    """A badugi hand: ``comparison`` holds the counted cards' ranks, highest first (the ace as 1 when low);
    ``counted`` the cards themselves."""

    counted: tuple[Card, ...] = ()
    ace_high: bool = False

    def label(self, rank: int) -> str:
        return RANK_LABELS[rank] if self.ace_high else LOW_LABELS[rank]

    @property
    def name(self) -> Msg:
        ranks = "-".join(self.label(rank) for rank in self.comparison)
        if self.category is BadugiCategory.BADUGI:
            return msg(N_("{ranks} badugi"), ranks=ranks)
        return msg(N_("{ranks} ({category})"), ranks=ranks, category=Msg(self.category.label))

    @property
    def pattern(self) -> str:
        return "-".join(self.label(rank) for rank in self.comparison)

    @property
    def compared_order(self) -> tuple[Card, ...]:
        left_out = tuple(sorted((card for card in self.cards if card not in self.counted),
                                key=lambda card: (-card.rank, SUIT_CHARS.index(card.suit))))
        return self.counted + left_out


def _rank(card: Card, ace_high: bool) -> int:
    return 1 if card.rank == 14 and not ace_high else card.rank


def _key(ranks_desc: tuple[int, ...]) -> int:
    key = 4 - len(ranks_desc)
    for index in range(4):
        key = (key << 4) | (ranks_desc[index] if index < len(ranks_desc) else 0)
    return key


def rank_badugi(cards: Sequence[Card], ace_high: bool = False) -> BadugiHand:
    """The best badugi among ``cards`` (four, or the best four of five in the split games)."""
    if len(cards) not in (4, 5) or len(set(cards)) != len(cards):
        raise BadInput(N_("A badugi hand has 4 distinct cards."), ruling="R23")
    best: tuple[int, tuple[Card, ...]] | None = None
    for size in (4, 3, 2, 1):
        for subset in combinations(cards, size):
            if len({card.rank for card in subset}) != size or len({card.suit for card in subset}) != size:
                continue
            ordered = tuple(sorted(subset, key=lambda card: -_rank(card, ace_high)))
            key = _key(tuple(_rank(card, ace_high) for card in ordered))
            if best is None or key < best[0]:
                best = (key, ordered)
        if best is not None:
            break
    assert best is not None
    key, counted = best
    comparison = tuple(_rank(card, ace_high) for card in counted)
    return BadugiHand(tuple(cards), _BY_SIZE[len(counted)], comparison, key, counted, ace_high)


def explain_badugi(winner: RankedHand, loser: RankedHand) -> Msg:
    """Why ``winner`` beats (or ties) ``loser`` in badugi (R23)."""
    if winner.key > loser.key:
        winner, loser = loser, winner
    if winner.key == loser.key:
        return msg(N_("{first} and {second} tie: the same counted ranks; cards left out and suits never break a "
                      "tie."), ruling="R23", first=winner.pattern, second=loser.pattern)
    if winner.category != loser.category:
        return msg(N_("{winner} ({winner_category}) beats {loser} ({loser_category}): a larger set of different "
                      "ranks and suits always wins."), ruling="R23", winner=winner.pattern, loser=loser.pattern,
                   winner_category=Msg(winner.category.label), loser_category=Msg(loser.category.label))
    assert isinstance(winner, BadugiHand)
    for index, (ours, theirs) in enumerate(zip(winner.comparison, loser.comparison, strict=True)):
        if ours != theirs:
            return msg(N_("{winner} beats {loser} at {component}: {ours} against {theirs}."), ruling="R23",
                       winner=winner.pattern, loser=loser.pattern, component=Msg(_PLACES[index]),
                       ours=winner.label(ours), theirs=winner.label(theirs))
    raise AssertionError("different keys must differ somewhere")
