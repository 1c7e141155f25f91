"""PokerKit 0.7.7 is the oracle of every game's ranking (rulings R22-R24): our keys order the hands exactly as
PokerKit's hand types do (ties included), on 100,000 random hands for A-5 and 2-7, on every four-card badugi shape,
and on 30,000 five-card hands drawn evenly over their shapes for Badacey's and Badeucey's badugi halves.

A hand's shape is its ranks and which of its cards share a suit; badugi turns on exactly that. Every four-card shape
(20,488 hands, the suits then named at random) meets all 1,092 badugi values, where 100,000 random hands met 1,088.
Five-card shapes are too many to take all (207,129): 30,000 drawn evenly meet 1,085 badugi values (100,000 random
hands met 1,087) with about as many of the rarest, one-card badugis, at under a third of PokerKit's cost, which is
most of this file's time (docs/TESTING.md).

``RegularLowHand`` is A-5 lowball; ``BadugiHand`` badugi with the ace low (Badugi, and Badacey's badugi half from
the best four of five cards); ``StandardBadugiHand`` badugi with the ace high (Badeucey's badugi half);
``StandardLowHand`` 2-7 (the house card's §02, Badeucey's five-card half).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import pytest

from dealer.rules.cards import FULL_DECK, Card
from dealer.rules.ranking import hand_key
from dealer.rules.ranking_a5 import rank_a5
from dealer.rules.ranking_badugi import rank_badugi

pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is not installed: the oracle tests need it")

HANDS = 100_000
FIVE_CARD_SHAPES = 30_000
RANKS = sorted({card.rank for card in FULL_DECK})
SUITS = sorted({card.suit for card in FULL_DECK})


def random_hands(size: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(FULL_DECK, size)) for _ in range(HANDS)]


def suit_patterns(size: int) -> list[tuple[int, ...]]:
    """Which cards share a suit, as the suits' order of first appearance: (0, 0, 1, 0), (0, 1, 2, 3), …"""
    found: list[tuple[int, ...]] = [()]
    for _ in range(size):
        found = [(*pattern, suit) for pattern in found
                 for suit in range(min(len(SUITS), max(pattern, default=-1) + 2))]
    return found


def shaped_hand(ranks: tuple[int, ...], pattern: tuple[int, ...], rng: random.Random) -> tuple[Card, ...] | None:
    """The hand of these ranks and suit pattern, the suits named at random (None: two equal cards)."""
    if len(set(zip(ranks, pattern, strict=True))) < len(ranks):
        return None
    suits = rng.sample(SUITS, len(SUITS))
    return tuple(Card(rank, suits[suit]) for rank, suit in zip(ranks, pattern, strict=True))


def every_shape(size: int, seed: int) -> list[tuple[Card, ...]]:
    """A hand of every shape: each multiset of ranks with each suit pattern."""
    rng = random.Random(seed)
    hands = (shaped_hand(ranks, pattern, rng) for ranks in itertools.combinations_with_replacement(RANKS, size)
             for pattern in suit_patterns(size))
    return [hand for hand in hands if hand is not None]


def shapes_drawn_evenly(size: int, count: int, seed: int) -> list[tuple[Card, ...]]:
    """``count`` hands whose shapes are drawn evenly, so rare ones (four of a suit, trips) come as often as any."""
    rng = random.Random(seed)
    multisets, patterns = list(itertools.combinations_with_replacement(RANKS, size)), suit_patterns(size)
    found: list[tuple[Card, ...]] = []
    while len(found) < count:
        hand = shaped_hand(rng.choice(multisets), rng.choice(patterns), rng)
        if hand is not None:
            found.append(hand)
    return found


# PokerKit's own card objects, parsed once: parsing a hand's text would take longer than ranking it.
PK_CARDS = {card: next(iter(pokerkit.Card.parse(str(card)))) for card in FULL_DECK}


def text(cards: Sequence[Card]) -> str:
    return "".join(str(card) for card in cards)


def assert_same_order(hands: list[tuple[Card, ...]], ours: Callable[[tuple[Card, ...]], int],
                      theirs: Callable[[list[Any]], Any]) -> None:
    """Sorted by our key (smaller is better), PokerKit's hands must never get better, and tie exactly where ours tie
    (PokerKit's hands compare greater when better)."""
    keyed = sorted((ours(hand), hand) for hand in hands)
    pk = [theirs([PK_CARDS[card] for card in cards]) for _, cards in keyed]
    for (key, cards), (next_key, next_cards), mine, following in zip(keyed, keyed[1:], pk, pk[1:], strict=False):
        if key == next_key:
            assert mine == following, f"{text(cards)} and {text(next_cards)} tie for us, not for PokerKit"
        else:
            assert mine > following, f"{text(cards)} beats {text(next_cards)} for us, not for PokerKit"


def test_r22_a5_lowball_orders_100000_hands_as_pokerkits_regular_low_hand() -> None:
    assert_same_order(random_hands(5, 22), lambda hand: rank_a5(hand).key, pokerkit.RegularLowHand)


def test_r23_badugi_orders_every_four_card_shape_as_pokerkits_badugi_hand() -> None:
    hands = every_shape(4, 23)
    assert len(hands) == 20_488
    assert_same_order(hands, lambda hand: rank_badugi(hand).key, pokerkit.BadugiHand.from_game)


def test_r24_badacey_badugi_half_orders_30000_five_card_shapes_as_pokerkits_badugi_hand() -> None:
    assert_same_order(shapes_drawn_evenly(5, FIVE_CARD_SHAPES, 241), lambda hand: rank_badugi(hand).key,
                      pokerkit.BadugiHand.from_game)


def test_r24_badeucey_badugi_half_orders_30000_five_card_shapes_as_pokerkits_standard_badugi_hand() -> None:
    ranked = partial(rank_badugi, ace_high=True)
    assert_same_order(shapes_drawn_evenly(5, FIVE_CARD_SHAPES, 242), lambda hand: ranked(hand).key,
                      pokerkit.StandardBadugiHand.from_game)


def test_2_7_orders_100000_hands_as_pokerkits_standard_low_hand() -> None:
    assert_same_order(random_hands(5, 27), hand_key, pokerkit.StandardLowHand)
