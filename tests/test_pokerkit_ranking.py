"""Differential test: our 2-7 ranking (§02) orders every hand class exactly as PokerKit's ``StandardLowHand``.

PokerKit ranks 2-7 correctly from 0.7.5 on (earlier versions wrapped A-2-3-4-5 into a straight); CI pins 0.7.7.
Ranking all 2,598,960 hands with both engines takes about 10 s on one core, so instead we rank one representative
of each of the 7,462 hand classes (every multiset of ranks, plus the all-one-suit version of every five distinct
ranks) and compare the two orders with ties grouped. Random hands (hypothesis) then check that any real hand ranks
like its class, whatever its suits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cmp_to_key
from itertools import combinations_with_replacement
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dealer.rules.cards import FULL_DECK, HAND_SIZE, SUIT_CHARS, Card, parse_hand
from dealer.rules.ranking import Category, hand_key, rank_hand

pokerkit = pytest.importorskip(
    "pokerkit", reason="pokerkit is not installed: the differential ranking test needs it (CI installs it)"
)
StandardLowHand = pokerkit.StandardLowHand
Label = pokerkit.lookups.Label

HAND_CLASSES = 7_462

# The same category names on both sides (PokerKit calls "no pair" "high card").
LABELS = {
    Category.NO_PAIR: Label.HIGH_CARD,
    Category.ONE_PAIR: Label.ONE_PAIR,
    Category.TWO_PAIR: Label.TWO_PAIR,
    Category.THREE_OF_A_KIND: Label.THREE_OF_A_KIND,
    Category.STRAIGHT: Label.STRAIGHT,
    Category.FLUSH: Label.FLUSH,
    Category.FULL_HOUSE: Label.FULL_HOUSE,
    Category.FOUR_OF_A_KIND: Label.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH: Label.STRAIGHT_FLUSH,
}


def pk_hand(cards: Sequence[Card]) -> Any:
    """PokerKit's hand for our cards (our ``str(card)`` is PokerKit's notation, e.g. ``Th``)."""
    return StandardLowHand("".join(str(card) for card in cards))


def representatives() -> list[tuple[Card, ...]]:
    """One hand per 2-7 class: each rank multiset (at most four of a rank) off-suit, and suited when it can be."""
    hands: list[tuple[Card, ...]] = []
    for ranks in combinations_with_replacement(range(2, 15), HAND_SIZE):
        if any(ranks.count(rank) > 4 for rank in ranks):
            continue
        # The n-th copy of a rank gets the n-th suit, so a repeated rank never repeats a card (and the hand has
        # clubs and diamonds: no flush); five distinct ranks get their last card in diamonds: no flush either.
        seen: dict[int, int] = {}
        cards = []
        for rank in ranks:
            cards.append(Card(rank, SUIT_CHARS[seen.get(rank, 0)]))
            seen[rank] = seen.get(rank, 0) + 1
        if len(seen) == HAND_SIZE:
            cards[-1] = Card(ranks[-1], "d")
            hands.append(tuple(Card(rank, "c") for rank in ranks))
        hands.append(tuple(cards))
    return hands


def tie_groups(hands: Sequence[tuple[Card, ...]], compare: Callable[[int, int], int]) -> list[list[int]]:
    """Indices of ``hands`` best first, tied hands in one group, using only one engine's comparison
    (``compare(a, b)`` < 0 when hand ``a`` is better)."""
    order = sorted(range(len(hands)), key=cmp_to_key(compare))
    groups: list[list[int]] = []
    for index in order:
        if groups and compare(groups[-1][0], index) == 0:
            groups[-1].append(index)
        else:
            groups.append([index])
    return [sorted(group) for group in groups]


@pytest.fixture(scope="module")
def classes() -> tuple[list[tuple[Card, ...]], list[int], list[Any]]:
    hands = representatives()
    return hands, [hand_key(hand) for hand in hands], [pk_hand(hand) for hand in hands]


def test_there_are_7462_classes_on_both_sides(classes: tuple[list[tuple[Card, ...]], list[int], list[Any]]) -> None:
    hands, ours, theirs = classes
    assert len(hands) == HAND_CLASSES
    assert all(len(set(hand)) == HAND_SIZE for hand in hands)
    assert len(set(ours)) == HAND_CLASSES
    assert len(set(theirs)) == HAND_CLASSES  # PokerKit hands hash and compare by their lookup entry


def test_order_of_all_classes_matches_pokerkit(classes: tuple[list[tuple[Card, ...]], list[int], list[Any]]) -> None:
    hands, ours, theirs = classes
    # Smaller key = better for us; a greater StandardLowHand is the stronger (lower) hand for PokerKit.
    our_groups = tie_groups(hands, lambda a, b: (ours[a] > ours[b]) - (ours[a] < ours[b]))
    their_groups = tie_groups(hands, lambda a, b: (theirs[a] < theirs[b]) - (theirs[a] > theirs[b]))
    assert len(our_groups) == len(their_groups) == HAND_CLASSES
    for rank, (our_group, their_group) in enumerate(zip(our_groups, their_groups, strict=True)):
        assert our_group == their_group, (
            f"class #{rank} differs: ours {[hands[i] for i in our_group]}, PokerKit {[hands[i] for i in their_group]}"
        )


def test_categories_match_pokerkit(classes: tuple[list[tuple[Card, ...]], list[int], list[Any]]) -> None:
    hands, _, theirs = classes
    for hand, their_hand in zip(hands, theirs, strict=True):
        assert LABELS[rank_hand(hand).category] == their_hand.entry.label, hand


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("7h 5c 4d 3s 2c", "7c 6d 4h 3s 2c"),  # §02: 7-6 loses at the 6 against the 5
        ("Kc 5d 4h 3s 2c", "Ac 5d 4h 3s 2d"),  # A-5-4-3-2 is ace-high, not a straight
        ("Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c"),  # any no-pair beats any pair
        ("6c 5d 4h 3s 2c", "Kh 9h 7h 4h 2h"),  # a straight beats a flush (both count against you)
    ],
)
def test_landmark_pairs_agree(better: str, worse: str) -> None:
    ours_better, ours_worse = parse_hand(better), parse_hand(worse)
    assert hand_key(ours_better) < hand_key(ours_worse)
    assert pk_hand(ours_better) > pk_hand(ours_worse)


hands_of_two = st.lists(st.sampled_from(FULL_DECK), min_size=2 * HAND_SIZE, max_size=2 * HAND_SIZE, unique=True)
# One suit renaming per rank: cards of one rank stay distinct, yet any suit pattern can come out.
suit_maps = st.lists(st.permutations(SUIT_CHARS), min_size=13, max_size=13)


def is_flush(cards: Sequence[Card]) -> bool:
    return len({card.suit for card in cards}) == 1


@settings(max_examples=300, deadline=None)
@given(cards=hands_of_two)
def test_random_hands_compare_alike(cards: list[Card]) -> None:
    first, second = tuple(cards[:HAND_SIZE]), tuple(cards[HAND_SIZE:])
    ours = (hand_key(first) > hand_key(second)) - (hand_key(first) < hand_key(second))  # 1 = first is worse
    theirs = (pk_hand(first) < pk_hand(second)) - (pk_hand(first) > pk_hand(second))
    assert ours == theirs


@settings(max_examples=300, deadline=None)
@given(cards=hands_of_two, maps=suit_maps)
def test_suits_never_break_a_tie(cards: list[Card], maps: list[list[str]]) -> None:
    # Same ranks, other suits, still (not) a flush: both engines must call it a tie.
    hand = tuple(cards[:HAND_SIZE])
    if is_flush(hand):
        maps = [maps[0]] * 13  # one renaming for all keeps the flush
    resuited = tuple(Card(card.rank, maps[card.rank - 2][SUIT_CHARS.index(card.suit)]) for card in hand)
    assume(is_flush(resuited) == is_flush(hand))
    assert hand_key(resuited) == hand_key(hand)
    assert pk_hand(resuited) == pk_hand(hand)
