"""PokerKit 0.7.7 is the oracle of every game's ranking (rulings R22-R24): on 100,000 random hands each, our keys
order the hands exactly as PokerKit's hand types do (ties included).

``RegularLowHand`` is A-5 lowball; ``BadugiHand`` badugi with the ace low (Badugi, and Badacey's badugi half from
the best four of five cards); ``StandardBadugiHand`` badugi with the ace high (Badeucey's badugi half);
``StandardLowHand`` 2-7 (the house card's §02, Badeucey's five-card half).
"""

from __future__ import annotations

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


def random_hands(size: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(FULL_DECK, size)) for _ in range(HANDS)]


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


def test_r23_badugi_orders_100000_four_card_hands_as_pokerkits_badugi_hand() -> None:
    assert_same_order(random_hands(4, 23), lambda hand: rank_badugi(hand).key, pokerkit.BadugiHand.from_game)


def test_r24_badacey_badugi_half_orders_100000_five_card_hands_as_pokerkits_badugi_hand() -> None:
    assert_same_order(random_hands(5, 241), lambda hand: rank_badugi(hand).key, pokerkit.BadugiHand.from_game)


def test_r24_badeucey_badugi_half_orders_100000_hands_as_pokerkits_standard_badugi_hand() -> None:
    ranked = partial(rank_badugi, ace_high=True)
    assert_same_order(random_hands(5, 242), lambda hand: ranked(hand).key, pokerkit.StandardBadugiHand.from_game)


def test_2_7_orders_100000_hands_as_pokerkits_standard_low_hand() -> None:
    assert_same_order(random_hands(5, 27), hand_key, pokerkit.StandardLowHand)
