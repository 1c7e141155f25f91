"""2-7 ranking (§02, R3), the card's worked example (§10) and the FAQ."""

from __future__ import annotations

import pytest

from dealer.errors import BadInput
from dealer.rules.cards import high_first, parse_cards, parse_hand, shared_cards
from dealer.rules.game_compare import compare_hands
from dealer.rules.ranking import Category, rank_hand


def ranked(text: str):  # type: ignore[no-untyped-def]
    return rank_hand(parse_hand(text))


def better(first: str, second: str) -> bool:
    return ranked(first).key < ranked(second).key


def test_r03_ace_king_queen_jack_ten_is_the_worst_straight() -> None:
    broadway = ranked("Ac Kd Qh Js Tc")
    assert broadway.category is Category.STRAIGHT
    assert better("9c 8d 7h 6s 5c", "Ac Kd Qh Js Tc")  # the lower straight is better
    assert str(broadway.name) == "ace-high straight"


def test_r03_ace_five_four_three_two_is_never_a_straight_it_is_ace_high() -> None:
    wheel = ranked("As 5c 4d 3s 2c")
    assert wheel.category is Category.NO_PAIR and str(wheel.name) == "A-5"
    assert better("Kh Qc 9d 8s 7c", "As 5c 4d 3s 2c")
    result = compare_hands(["As 5c 4d 3s 2c", "Kh Qc 9d 8s 7c"])
    assert result.groups == [[1], [0]] and "ace-high" in str(result.explanation)


def test_r03_suited_ace_to_ten_is_the_worst_hand_of_all() -> None:
    royal = ranked("Ah Kh Qh Jh Th")
    assert royal.category is Category.STRAIGHT_FLUSH
    for other in ("Ac Ad As Ah Kc", "Kc Kd Ks Ah Ad", "2h 3h 4h 5h 6h", "Ac Kd Qh Js Tc"):
        assert better(other, "Ah Kh Qh Jh Th")


def test_r03_category_order_governs_a_pair_of_aces_beats_any_two_pair() -> None:
    assert better("Ac Ad Kh Qs Jc", "3c 3d 2h 2s 4c")
    order = ["7c 5d 4h 3s 2c", "2c 2d 5h 4s 3c", "3c 3d 2h 2s 4c", "2c 2d 2h 4s 3c", "6c 5d 4h 3s 2c",
             "8h 6h 4h 3h 2h", "2c 2d 2h 3s 3c", "2c 2d 2h 2s 3c", "6h 5h 4h 3h 2h"]
    keys = [ranked(text).key for text in order]
    assert keys == sorted(keys)
    assert [ranked(text).category for text in order] == list(Category)


def test_r03_suits_never_break_a_tie() -> None:
    result = compare_hands(["7h 5c 4d 3s 2c", "7c 5d 4s 3h 2d"])
    assert result.groups == [[0, 1]] and "suits never break a tie" in str(result.explanation)


def test_s02_lowest_first_differing_card_wins_and_repeated_ranks_compare_first() -> None:
    assert better("7c 5d 4h 3s 2c", "7h 6c 4s 3c 2d")
    assert better("3c 3d 8h 5s 2c", "4c 4d 7h 5s 2c")  # lower pair is better
    assert better("9c 9d 4h 4s 3c", "9h 9s 5c 5d 2d")  # two pair: higher pair, lower pair, kicker
    assert better("3c 3d 3h 9s 9c", "4c 4d 4h 2s 2c")  # full house: the three of a kind decides
    assert better("8h 6h 4h 3h 2h", "8c 7c 4c 3c 2c")  # flushes compare every card high to low
    assert better("Kh Qc 9d 8s 7c", "2c 2d 5h 4s 3c")  # any no-pair hand beats any pair


def test_s10_worked_example_draw_to_the_number_one() -> None:
    before = ranked("2c 3d 4h 7s Kc")
    after = ranked("2c 3d 4h 7s 5d")
    assert str(before.name) == "K-7" and str(after.name) == "7-5"
    result = compare_hands(["2c 3d 4h 7s 5d", "7h 6c 4s 3c 2d"])
    assert result.groups == [[0], [1]]
    assert str(result.explanation) == "7-5-4-3-2 beats 7-6-4-3-2 at the second card: 5 against 6."


def test_faq_ace_to_five_is_not_the_best_hand() -> None:
    assert better("7c 5d 4h 3s 2c", "As 5c 4d 3s 2c")


@pytest.mark.parametrize("text", ["7h5c4d3s2c", "7H 5C 4D 3S 2C", "7♥ 5♣ 4♦ 3♠ 2♣", "7h, 5c, 4d, 3s, 2c"])
def test_cards_are_read_in_every_documented_form(text: str) -> None:
    assert [str(card) for card in parse_cards(text)] == ["7h", "5c", "4d", "3s", "2c"]
    assert [str(card) for card in parse_cards("10h Tc")] == ["Th", "Tc"]


@pytest.mark.parametrize("text", ["7h 5c 4d 3s", "7h 7h 4d 3s 2c", "7x 5c 4d 3s 2c", "1h 5c 4d 3s 2c", ""])
def test_bad_hands_are_refused_with_a_sentence(text: str) -> None:
    with pytest.raises(BadInput) as refusal:
        parse_hand(text)
    assert len(str(refusal.value)) > 10


def test_places_skip_after_a_tie_and_hands_read_in_compared_order() -> None:
    """"Who wins?" prints the engine's places (1, 1, 3) and each hand in the order §02 compares it."""
    result = compare_hands(["8h 6c 4d 3s 2c", "7s 5d 4h 3d 2h", "7c 5h 4s 3c 2s"])
    assert [(placed.given, placed.place, placed.tied) for placed in result.placed] == [
        (1, 1, True), (2, 1, True), (0, 3, False)]
    pair = rank_hand(parse_hand("8h 3c 5d 3s 2c"))
    assert [str(card) for card in pair.compared_order] == ["3c", "3s", "8h", "5d", "2c"]


def test_s01_cards_two_hands_share_are_named_for_each_hand() -> None:
    hands = [parse_hand("7h 5c 4d 3s 2c"), parse_hand("8h 6c 4d 3c 2d"), parse_hand("9h 6d 5s 3d 2s")]
    assert shared_cards(hands) == (parse_cards("4d")[0], parse_cards("4d")[0], None)


def test_picked_cards_read_highest_first() -> None:
    assert high_first(["2c", "7h", "Ks", "4d", "x"]) == ["Ks", "7h", "4d", "2c", "x"]


def test_a_three_way_tie_is_one_sentence_naming_all_three_hands_never_repeated() -> None:
    result = compare_hands(["7h 5c 4d 3s 2c", "7c 5d 4s 3h 2h", "7d 5h 4c 3c 2d", "8c 6d 4h 3d 2s"])
    steps = [str(step) for step in result.steps]
    assert steps == ["7-5-4-3-2, 7-5-4-3-2 and 7-5-4-3-2 tie: the same ranks, and suits never break a tie.",
                     "7-5-4-3-2 beats 8-6-4-3-2 at the first card: 7 against 8."]
    assert len(set(steps)) == len(steps)
