"""Deuce-to-seven lowball hand ranking (house card §02).

The ace is always high, straights and flushes count against the hand, suits never break a tie. Every hand
gets an integer key: the smaller key is the better hand, equal keys tie.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations_with_replacement
from math import prod
from typing import Any, NamedTuple

from ..errors import BadInput
from ..messages import N_, Msg, Translate, msg
from .cards import HAND_SIZE, SUIT_CHARS, Card


class Category(IntEnum):
    """Best category first (§02)."""

    NO_PAIR = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """English name, as the JSON API reports it (translate with the same msgid)."""
        return CATEGORY_NAMES[self]


CATEGORY_NAMES = {
    Category.NO_PAIR: N_("no pair"),
    Category.ONE_PAIR: N_("one pair"),
    Category.TWO_PAIR: N_("two pair"),
    Category.THREE_OF_A_KIND: N_("three of a kind"),
    Category.STRAIGHT: N_("straight"),
    Category.FLUSH: N_("flush"),
    Category.FULL_HOUSE: N_("full house"),
    Category.FOUR_OF_A_KIND: N_("four of a kind"),
    Category.STRAIGHT_FLUSH: N_("straight flush"),
}


class BadugiCategory(IntEnum):
    """Badugi (R23): the size of the largest set of different ranks and suits, best first."""

    BADUGI = 9
    THREE_CARD = 10
    TWO_CARD = 11
    ONE_CARD = 12

    @property
    def label(self) -> str:
        return BADUGI_NAMES[self]


BADUGI_NAMES = {
    BadugiCategory.BADUGI: N_("badugi"),
    BadugiCategory.THREE_CARD: N_("three-card hand"),
    BadugiCategory.TWO_CARD: N_("two-card hand"),
    BadugiCategory.ONE_CARD: N_("one-card hand"),
}

RANK_LABELS = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A",
}
RANK_WORDS = {
    2: N_("deuce"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"), 8: N_("eight"),
    9: N_("nine"), 10: N_("ten"), 11: N_("jack"), 12: N_("queen"), 13: N_("king"), 14: N_("ace"),
}
RANK_PLURALS = {
    2: N_("deuces"), 3: N_("threes"), 4: N_("fours"), 5: N_("fives"), 6: N_("sixes"), 7: N_("sevens"),
    8: N_("eights"), 9: N_("nines"), 10: N_("tens"), 11: N_("jacks"), 12: N_("queens"), 13: N_("kings"),
    14: N_("aces"),
}

# "-high" names of the top card of a straight or a flush: their own words, so languages can use an article
# ("sequência ao rei", "escalera a la reina").
RANK_HIGH = {
    6: N_("six-high"), 7: N_("seven-high"), 8: N_("eight-high"), 9: N_("nine-high"), 10: N_("ten-high"),
    11: N_("jack-high"), 12: N_("queen-high"), 13: N_("king-high"), 14: N_("ace-high"),
}

# What each position of the comparison ranks means, per category (the order the card compares them in).
COMPONENTS: dict[Category, tuple[str, ...]] = {
    Category.NO_PAIR: (N_("the first card"), N_("the second card"), N_("the third card"), N_("the fourth card"),
                       N_("the fifth card")),
    Category.FLUSH: (N_("the first card"), N_("the second card"), N_("the third card"), N_("the fourth card"),
                     N_("the fifth card")),
    Category.ONE_PAIR: (N_("the pair"), N_("the highest other card"), N_("the middle other card"),
                        N_("the lowest other card")),
    Category.TWO_PAIR: (N_("the higher pair"), N_("the lower pair"), N_("the odd card")),
    Category.THREE_OF_A_KIND: (N_("the three of a kind"), N_("the higher other card"), N_("the lower other card")),
    Category.STRAIGHT: (N_("the top card"),),
    Category.FULL_HOUSE: (N_("the three of a kind"), N_("the pair")),
    Category.FOUR_OF_A_KIND: (N_("the four of a kind"), N_("the odd card")),
    Category.STRAIGHT_FLUSH: (N_("the top card"),),
}

_SHIFT = 4  # ranks fit in 4 bits


def _classify(ranks_desc: tuple[int, ...], flush: bool) -> tuple[Category, tuple[int, ...]]:
    """Category and comparison ranks (in the order §02 compares them) of five ranks sorted high to low."""
    counts: dict[int, int] = {}
    for rank in ranks_desc:
        counts[rank] = counts.get(rank, 0) + 1
    # Groups: larger groups first, then higher rank first (the card compares repeated ranks first).
    groups = sorted(counts.items(), key=lambda item: (-item[1], -item[0]))
    shape = tuple(count for _, count in groups)
    ordered = tuple(rank for rank, _ in groups)
    straight = len(counts) == HAND_SIZE and ranks_desc[0] - ranks_desc[-1] == 4  # A-5-4-3-2 never is
    if straight and flush:
        return Category.STRAIGHT_FLUSH, (ranks_desc[0],)
    if shape == (4, 1):
        return Category.FOUR_OF_A_KIND, ordered
    if shape == (3, 2):
        return Category.FULL_HOUSE, ordered
    if flush:
        return Category.FLUSH, ranks_desc
    if straight:
        return Category.STRAIGHT, (ranks_desc[0],)
    if shape == (3, 1, 1):
        return Category.THREE_OF_A_KIND, ordered
    if shape == (2, 2, 1):
        return Category.TWO_PAIR, ordered
    if shape == (2, 1, 1, 1):
        return Category.ONE_PAIR, ordered
    return Category.NO_PAIR, ranks_desc


def _encode(category: Category, comparison: tuple[int, ...]) -> int:
    key = int(category)
    for index in range(HAND_SIZE):
        key = (key << _SHIFT) | (comparison[index] if index < len(comparison) else 0)
    return key


# hand_key looks hands up by the product of one prime per rank: equal products <=> equal rank multisets.
_RANK_PRIMES = (0, 0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # indexed by rank 2..14


def _key_tables() -> tuple[dict[int, int], dict[int, int]]:
    """Keys of all 7,462 classes, by rank product: (not flush, flush). Built once, at import (~20 ms)."""
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for ranks_desc in combinations_with_replacement(range(14, 1, -1), HAND_SIZE):
        if ranks_desc.count(ranks_desc[2]) == HAND_SIZE:  # five of a rank: not a hand
            continue
        product = prod(_RANK_PRIMES[rank] for rank in ranks_desc)
        plain[product] = _encode(*_classify(ranks_desc, False))
        if len(set(ranks_desc)) == HAND_SIZE:
            flush[product] = _encode(*_classify(ranks_desc, True))
    return plain, flush


_PLAIN_KEYS, _FLUSH_KEYS = _key_tables()


def hand_key(cards: Sequence[Card]) -> int:
    """Comparable key of a five-card hand: smaller is better, equal keys tie (suits never break a tie)."""
    (r1, s1), (r2, s2), (r3, s3), (r4, s4), (r5, s5) = cards  # Card is a NamedTuple: unpacking beats .rank
    primes = _RANK_PRIMES
    product = primes[r1] * primes[r2] * primes[r3] * primes[r4] * primes[r5]
    if s1 == s2 == s3 == s4 == s5:
        return _FLUSH_KEYS[product]
    return _PLAIN_KEYS[product]


@dataclass(frozen=True)
class RankedHand:
    cards: tuple[Card, ...]
    category: Category | BadugiCategory
    comparison: tuple[int, ...]
    key: int

    @property
    def name(self) -> Msg:
        return hand_name(self)

    @property
    def pattern(self) -> str:
        """The ranks in the order they are compared, e.g. ``7-5-4-3-2`` or ``3-3-8-5-2``."""
        counts: dict[int, int] = {}
        for card in self.cards:
            counts[card.rank] = counts.get(card.rank, 0) + 1
        ordered = sorted(counts.items(), key=lambda item: (-item[1], -item[0]))
        return "-".join(RANK_LABELS[rank] for rank, count in ordered for _ in range(count))

    @property
    def compared_order(self) -> tuple[Card, ...]:
        """The cards in the order §02 compares them (repeated ranks first, then high to low; suits in a fixed order
        only so that a hand always prints the same way): 7-5-4-3-2, 3-3-8-5-2."""
        counts: dict[int, int] = {}
        for card in self.cards:
            counts[card.rank] = counts.get(card.rank, 0) + 1
        return tuple(sorted(self.cards, key=lambda card: (-counts[card.rank], -card.rank, SUIT_CHARS.index(card.suit))))


def rank_hand(cards: Sequence[Card]) -> RankedHand:
    if len(cards) != HAND_SIZE or len(set(cards)) != HAND_SIZE:
        raise BadInput(N_("A hand has exactly 5 distinct cards."), rule="02")
    key = hand_key(cards)
    # The key packs the category and the comparison ranks (4 bits each, 0 = unused): unpack instead of redoing it.
    nibbles = [(key >> (_SHIFT * index)) & 0xF for index in range(HAND_SIZE - 1, -1, -1)]
    comparison = tuple(rank for rank in nibbles if rank)
    return RankedHand(tuple(cards), Category(key >> (_SHIFT * HAND_SIZE)), comparison, key)


def hand_name(hand: RankedHand) -> Msg:
    """The name players use: "7-5", "pair of threes", "ace-high flush"."""
    top = hand.comparison[0]
    category = hand.category
    if category is Category.NO_PAIR:
        return msg(N_("{first}-{second}"), first=RANK_LABELS[top], second=RANK_LABELS[hand.comparison[1]])
    if category is Category.ONE_PAIR:
        return msg(N_("pair of {rank}"), rank=Msg(RANK_PLURALS[top]))
    if category is Category.TWO_PAIR:
        return msg(N_("two pair, {high} and {low}"), high=Msg(RANK_PLURALS[top]),
                   low=Msg(RANK_PLURALS[hand.comparison[1]]))
    if category is Category.THREE_OF_A_KIND:
        return msg(N_("three {rank}"), rank=Msg(RANK_PLURALS[top]))
    if category is Category.STRAIGHT:
        return msg(N_("{high} straight"), high=Msg(RANK_HIGH[top]))
    if category is Category.FLUSH:
        return msg(N_("{high} flush"), high=Msg(RANK_HIGH[top]))
    if category is Category.FULL_HOUSE:
        return msg(N_("{trips} full of {pair}"), trips=Msg(RANK_PLURALS[top]),
                   pair=Msg(RANK_PLURALS[hand.comparison[1]]))
    if category is Category.FOUR_OF_A_KIND:
        return msg(N_("four {rank}"), rank=Msg(RANK_PLURALS[top]))
    return msg(N_("{high} straight flush"), high=Msg(RANK_HIGH[top]))


def _is_ace_to_five(hand: RankedHand) -> bool:
    return sorted(card.rank for card in hand.cards) == [2, 3, 4, 5, 14]


def explain(winner: RankedHand, loser: RankedHand) -> Msg:
    """One sentence saying why ``winner`` beats (or ties) ``loser``, citing §02."""
    return explain_low(winner, loser, {"rule": "02"}, _explain_categories, _explain_component)


Worded = Callable[[RankedHand, RankedHand], Msg]


def explain_low(winner: RankedHand, loser: RankedHand, cite: dict[str, str], categories: Worded,
                component: Callable[[RankedHand, RankedHand, str, int, int], Msg]) -> Msg:
    """Why ``winner`` beats (or ties) ``loser`` in a five-card lowball game (2-7, A-5): the better hand first, a tie,
    then a difference of category or the first component that differs, each worded by the game (``categories``,
    ``component``) and cited by it (``cite``)."""
    if winner.key > loser.key:
        winner, loser = loser, winner
    if winner.key == loser.key:
        return msg(N_("{first} and {second} tie: the same ranks, and suits never break a tie."), **cite,
                   first=winner.pattern, second=loser.pattern)
    if winner.category != loser.category:
        return categories(winner, loser)
    assert isinstance(winner.category, Category)
    components = COMPONENTS[winner.category]
    for index, (ours, theirs) in enumerate(zip(winner.comparison, loser.comparison, strict=True)):
        if ours != theirs:
            return component(winner, loser, components[index], ours, theirs)
    raise AssertionError("different keys must differ somewhere")


def _explain_component(winner: RankedHand, loser: RankedHand, component: str, ours: int, theirs: int) -> Msg:
    if winner.category is Category.NO_PAIR and _is_ace_to_five(loser):
        return msg(N_("{winner} beats {loser} at {component}: {ours} against {theirs} (A-5-4-3-2 is not a "
                      "straight in 2-7: it is ace-high)."), rule="02", winner=winner.pattern, loser=loser.pattern,
                   component=Msg(component), ours=RANK_LABELS[ours], theirs=RANK_LABELS[theirs])
    return msg(N_("{winner} beats {loser} at {component}: {ours} against {theirs}."), rule="02",
               winner=winner.pattern, loser=loser.pattern, component=Msg(component), ours=RANK_LABELS[ours],
               theirs=RANK_LABELS[theirs])


_MADE = (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH)


def _explain_categories(winner: RankedHand, loser: RankedHand) -> Msg:
    if winner.category is Category.NO_PAIR and loser.category is Category.ONE_PAIR:
        text = N_("{winner} beats {loser}: any hand without a pair beats any pair.")
    elif loser.category in _MADE and winner.category < Category.STRAIGHT:
        text = N_("{winner} ({winner_category}) beats {loser} ({loser_category}): straights and flushes count "
                  "against you.")
    else:
        # A straight against a flush, a flush against a full house…: only the order of the categories decides.
        text = N_("{winner} ({winner_category}) beats {loser} ({loser_category}): the order of hands, best first, "
                  "is no pair, one pair, two pair, three of a kind, straight, flush, full house, four of a kind, "
                  "straight flush.")
    return msg(text, rule="02", winner=winner.pattern, loser=loser.pattern,
               winner_category=Msg(winner.category.label), loser_category=Msg(loser.category.label))


def rank_groups(hands: Sequence[RankedHand]) -> list[list[int]]:
    """Indices of ``hands`` grouped best first; tied hands share a group (in input order)."""
    order = sorted(range(len(hands)), key=lambda index: (hands[index].key, index))
    groups: list[list[int]] = []
    for index in order:
        if groups and hands[groups[-1][0]].key == hands[index].key:
            groups[-1].append(index)
        else:
            groups.append([index])
    return groups


class Placed(NamedTuple):
    """One compared hand in the ranking: where it finished."""

    given: int  # its position among the hands given (0 for the first)
    place: int  # 1 for the best; tied hands share a place and the next place is skipped (1, 1, 3)
    tied: bool
    hand: RankedHand


@dataclass(frozen=True)
class Comparison:
    hands: tuple[RankedHand, ...]
    groups: list[list[int]]
    explanation: Msg
    steps: tuple[Msg, ...]  # one sentence per adjacent pair of groups, and one per tied group (naming all its hands)

    @property
    def placed(self) -> tuple[Placed, ...]:
        """Every hand best first, with its place (tied hands share it, the next is skipped)."""
        found: list[Placed] = []
        for group in self.groups:
            place = len(found) + 1
            found += [Placed(index, place, len(group) > 1, self.hands[index]) for index in group]
        return tuple(found)

    def to_json(self, translate: Translate) -> dict[str, Any]:
        """The answer of ``POST /api/compare`` (docs/API.md)."""
        return {
            "ranking": self.groups,
            "hands": [{"cards": " ".join(str(card) for card in hand.cards), "category": hand.category.label,
                       "name": hand.name.render(translate)} for hand in self.hands],
            "explanation": self.explanation.render(translate),
            "steps": [step.render(translate) for step in self.steps],
        }


def hands_to_compare(payload: object) -> list[str]:
    """The hands of a comparison request ``{"hands": ["7h 5c 4d 3s 2c", …]}``, or a refusal saying what to send."""
    hands = payload.get("hands") if isinstance(payload, dict) else None
    if not isinstance(hands, list) or not all(isinstance(hand, str) for hand in hands):
        raise BadInput(N_("Send {{\"hands\": [\"7h 5c 4d 3s 2c\", …]}} with 2 to 10 hands."), rule="02")
    return hands
