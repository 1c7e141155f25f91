"""A tournament's money (R35, R37): prize pool, payouts to the cent, shared places, ICM, chip chop, agreed chop."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.errors import BadInput, DealerError, NotAllowed
from dealer.rules.tournament_money import (
    CENT,
    check_chop,
    chip_chop,
    default_payouts,
    icm,
    money_text,
    parse_money,
    parse_payouts,
    payout_amounts,
    prize_pool,
    shared_amounts,
)

D = Decimal
CENT_FRACTION = Fraction(1, 100)

pools = st.integers(min_value=0, max_value=10**8).map(lambda cents: D(cents) / 100)
stacks = st.lists(st.integers(min_value=1, max_value=10**7), min_size=1, max_size=6)


@st.composite
def percents(draw: st.DrawFn) -> list[Decimal]:
    """Percentages in hundredths adding up to 100 exactly, 1 to 6 places."""
    places = draw(st.integers(min_value=1, max_value=6))
    cuts = sorted(draw(st.lists(st.integers(min_value=1, max_value=9999), min_size=places - 1,
                                max_size=places - 1, unique=True)))
    bounds = [0, *cuts, 10000]
    return [D(high - low) / 100 for low, high in pairwise(bounds)]


@st.composite
def prizes(draw: st.DrawFn) -> list[Decimal]:
    """The prizes of some places, as payouts of a pool (so in cents), best first."""
    return list(payout_amounts(draw(pools), sorted(draw(percents()), reverse=True)))


def cents(amount: Decimal) -> bool:
    return amount == amount.quantize(CENT)


# --- Money and percentages as typed ---------------------------------------------------------------------------

def test_r37_money_is_read_as_people_type_it() -> None:
    assert parse_money("20", "buy_in") == D("20.00")
    assert parse_money(" 12.5 ", "buy_in") == D("12.50")
    assert parse_money(7, "price") == D("7.00")
    assert parse_money(2.25, "price") == D("2.25") and parse_money(D("2.5"), "price") == D("2.50")
    assert parse_money("0", "buy_in") == D("0.00")
    assert parse_money("1000000", "buy_in") == D("1000000.00")
    assert money_text(D("12.5")) == "12.50" and money_text(D(3)) == "3.00" and money_text(D("0.005")) == "0.01"


@pytest.mark.parametrize("value", ["-1", "1.234", "12,50", "1e3", "", "abc", "1000000.01", "١٢", True, None, [],
                                   {}, float("nan"), float("inf"), 1e20, -5, D("NaN"), D("-1"), D("0.001")])
def test_r37_money_that_is_not_money_is_refused_naming_the_field(value: Any) -> None:
    with pytest.raises(BadInput) as refused:
        parse_money(value, "buy_in")
    assert "“buy_in”" in str(refused.value) and refused.value.ruling == "R37"


def test_r37_default_payouts_follow_the_number_of_entrants() -> None:
    assert parse_payouts(None, 2) == parse_payouts(None, 3) == (D(100),) == default_payouts(3)
    for entrants in (4, 5, 6):
        assert parse_payouts(None, entrants) == (D(65), D(35)) == default_payouts(entrants)


def test_r37_payouts_are_percentages_adding_up_to_100() -> None:
    assert parse_payouts([50, 30, 20], 6) == (D(50), D(30), D(20))
    assert parse_payouts(["33.33", "33.33", 33.34], 3) == (D("33.33"), D("33.33"), D("33.34"))
    assert parse_payouts(["100.0"], 2) == (D(100),)


@pytest.mark.parametrize(("value", "words"), [
    ([50, 30], "add up to 80%"),
    ([60, 30, 20], "add up to 110%"),
    ([50, 30, 10, 5, 5], "5 places paid for 4 players"),
    ([100, 0], "more than 0"),
    ([110, -10], "more than 0"),
    (["33.333", "66.667"], "at most two decimals"),
    ([True, 99], "percentage"),
    ("50,50", "list of percentages"),
    ([], "list of percentages"),
    ({"1": 100}, "list of percentages"),
])
def test_r37_payouts_that_do_not_add_up_are_refused_with_a_sentence(value: Any, words: str) -> None:
    with pytest.raises(BadInput) as refused:
        parse_payouts(value, 4)
    assert words in str(refused.value) and refused.value.ruling == "R37"


# --- Prize pool and payouts -----------------------------------------------------------------------------------

def test_r37_prize_pool_counts_buy_ins_rebuys_and_add_ons() -> None:
    assert prize_pool(D(20), 6, 2, D(20), 3, D("12.50")) == D("197.50")
    assert prize_pool(D(0), 4, 0, D(0), 0, D(0)) == D("0.00")


def test_r37_payouts_floor_each_place_and_give_the_cents_left_over_to_first() -> None:
    assert payout_amounts(D("100.01"), [D(50), D(30), D(20)]) == (D("50.01"), D("30.00"), D("20.00"))
    assert payout_amounts(D(10), [D("33.33"), D("33.33"), D("33.34")]) == (D("3.34"), D("3.33"), D("3.33"))
    assert payout_amounts(D("0.01"), [D(65), D(35)]) == (D("0.01"), D("0.00"))
    assert payout_amounts(D(120), [D(65), D(35)]) == (D("78.00"), D("42.00"))


@settings(max_examples=300, deadline=None)
@given(pools, percents())
def test_r37_payouts_add_up_to_the_pool_to_the_cent(pool: Decimal, shares: list[Decimal]) -> None:
    amounts = payout_amounts(pool, shares)
    assert sum(amounts) == pool and all(cents(amount) and amount >= 0 for amount in amounts)
    for amount, share in zip(amounts[1:], shares[1:], strict=True):
        assert amount == (pool * share / 100).quantize(CENT, rounding="ROUND_DOWN")
    assert amounts[0] - pool * shares[0] / 100 < CENT * len(shares)  # 1st gains less than a cent a place


# --- Shared places (R35) --------------------------------------------------------------------------------------

def test_r35_players_sharing_places_split_their_payouts_equally() -> None:
    assert shared_amounts([D(30), D(20)]) == (D(25), D(25))
    assert shared_amounts([D("30.00"), D("20.01")]) == (D("25.01"), D("25.00"))
    assert shared_amounts([D(50), D(30), D("20.02")]) == (D("33.34"), D("33.34"), D("33.34"))
    assert shared_amounts([D(10), D(0), D(0)]) == (D("3.34"), D("3.33"), D("3.33"))
    assert shared_amounts([D(42)]) == (D(42),) and shared_amounts([]) == ()


@settings(max_examples=200, deadline=None)
@given(prizes())
def test_r35_shares_add_up_and_differ_by_less_than_a_cent_a_sharer(amounts: list[Decimal]) -> None:
    shares = shared_amounts(amounts)
    assert sum(shares) == sum(amounts) and len(set(shares[1:])) <= 1
    assert D(0) <= shares[0] - shares[-1] < CENT * len(shares)


# --- ICM (Malmuth-Harville) -----------------------------------------------------------------------------------

def test_r37_icm_known_case_matches_the_hand_computation() -> None:
    """3 players with 50%, 30% and 20% of the chips; payouts 50/30/20 of a pool of 100.00."""
    a, b, c = Fraction(50, 100), Fraction(30, 100), Fraction(20, 100)
    first, second, third = Fraction(50), Fraction(30), Fraction(20)
    # P(X 1st) = X's share; P(X 2nd) = sum over Y 1st of P(Y 1st) * X / (1 - Y); P(X 3rd) = the rest.
    a2, b2, c2 = b * a / (1 - b) + c * a / (1 - c), a * b / (1 - a) + c * b / (1 - c), a * c / (1 - a) + b * c / (1 - b)
    exact = [first * a + second * a2 + third * (1 - a - a2), first * b + second * b2 + third * (1 - b - b2),
             first * c + second * c2 + third * (1 - c - c2)]
    by_hand = [D(int(value * 100 + Fraction(1, 2))) / 100 for value in exact]  # half up, to the cent
    assert by_hand == [D("38.39"), D("32.75"), D("28.86")] and sum(by_hand) == 100  # 38.3928…, 32.75, 28.8571…
    pool = prize_pool(D(25), 4, 0, D(0), 0, D(0))
    assert icm([5000, 3000, 2000], payout_amounts(pool, [D(50), D(30), D(20)])) == tuple(by_hand)


def test_r37_icm_heads_up_is_second_prize_plus_the_chip_share_of_the_difference() -> None:
    assert icm([3000, 1000], [D(70), D(30)]) == (D(60), D(40))  # 30 + 40 * 3/4, 30 + 40 * 1/4
    assert icm([2, 1], [D(100)]) == (D("66.67"), D("33.33"))


def test_r37_icm_with_more_players_than_prizes_or_fewer() -> None:
    # Only 1st is paid: the value is the chip share of it.
    assert icm([500, 300, 200], [D(100)]) == (D(50), D(30), D(20))
    # Two players left, three places paid: the third prize is no longer theirs to share.
    assert icm([1, 1], [D(50), D(30), D(20)]) == (D(40), D(40))
    assert icm([], [D(50)]) == () and icm([7], [D(50), D(30)]) == (D(50),)
    # A player with no chips finishes below everyone with chips; two without share the places below.
    assert icm([0, 10], [D(70), D(30)]) == (D(30), D(70))
    assert icm([0, 0, 10], [D(50), D(30), D(20)]) == (D(25), D(25), D(50))


def test_r37_icm_rounding_misses_go_to_the_largest_stack() -> None:
    # 100/3 each: 33.33 three times misses a cent, which the largest stack (the first of equal ones) gets.
    assert icm([10, 10, 10], [D(60), D(40)]) == (D("33.34"), D("33.33"), D("33.33"))
    assert icm([10, 20, 20], [D("0.01")]) == (D("0.00"), D("0.01"), D("0.00"))


@settings(max_examples=200, deadline=None)
@given(stacks, prizes())
def test_r37_icm_adds_up_to_the_prizes_of_the_players_left(chips: list[int], paid: list[Decimal]) -> None:
    values = icm(chips, paid)
    assert len(values) == len(chips) and all(cents(value) and value >= 0 for value in values)
    assert sum(values) == sum(paid[:len(chips)])


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=6), st.integers(min_value=1, max_value=10**6), prizes())
def test_r37_icm_of_equal_stacks_is_equal_shares_within_a_cent(players: int, chips: int,
                                                                paid: list[Decimal]) -> None:
    values = icm([chips] * players, paid)
    share = Fraction(sum(paid[:players])) / players
    assert all(abs(Fraction(value) - share) <= CENT_FRACTION for value in values)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=10**6), min_size=2, max_size=4, unique=True), prizes())
def test_r37_icm_never_pays_a_smaller_stack_more(chips: list[int], paid: list[Decimal]) -> None:
    values = icm(chips, paid)
    by_chips = [value for _, value in sorted(zip(chips, values, strict=True))]
    assert all(low <= high + CENT for low, high in pairwise(by_chips))


# --- Chip chop ------------------------------------------------------------------------------------------------

def test_r37_chip_chop_shares_by_the_chips() -> None:
    assert chip_chop([5000, 3000, 2000], D(100)) == (D(50), D(30), D(20))
    assert chip_chop([1, 1, 1], D(100)) == (D("33.34"), D("33.33"), D("33.33"))
    assert chip_chop([1, 2], D("0.01")) == (D("0.00"), D("0.01"))


@settings(max_examples=300, deadline=None)
@given(stacks, pools)
def test_r37_chip_chop_is_proportional_to_the_cent(chips: list[int], total: Decimal) -> None:
    values = chip_chop(chips, total)
    assert sum(values) == total and all(cents(value) and value >= 0 for value in values)
    misses = [Fraction(value) - Fraction(total) * stack / sum(chips)
              for value, stack in zip(values, chips, strict=True)]
    # Half a cent of rounding each; the cent or two the rounding misses goes to the largest stacks, a cent each.
    largest = sorted(range(len(chips)), key=lambda player: -chips[player])[:len(chips) // 2 + 1]
    for player, miss in enumerate(misses):
        assert abs(miss) <= (CENT_FRACTION * 3 / 2 if player in largest else CENT_FRACTION / 2), (player, miss)


# --- The agreed chop ------------------------------------------------------------------------------------------

def test_r37_an_agreed_chop_naming_everyone_and_adding_up_is_taken() -> None:
    agreed = check_chop({"Bia": "30", "Ana": 50.5, "Caio": "19.50"}, ["Ana", "Bia", "Caio"], D(100))
    assert agreed == {"Ana": D("50.50"), "Bia": D("30.00"), "Caio": D("19.50")}
    assert list(agreed) == ["Ana", "Bia", "Caio"]
    assert check_chop({"Ana": "0", "Bia": "80"}, ["Ana", "Bia"], D(80)) == {"Ana": D(0), "Bia": D(80)}
    assert check_chop({"Ana": D("79.99"), "Bia": D("0.01")}, ["Ana", "Bia"], D(80))["Bia"] == D("0.01")


@pytest.mark.parametrize(("amounts", "kind", "words"), [
    ({"Ana": "50", "Bia": "30", "Caio": "0"}, NotAllowed,
     "add up to 80.00; they must add up to the unpaid prizes, 100.00"),
    ({"Ana": "50", "Bia": "30", "Caio": "20.01"}, NotAllowed, "add up to 100.01"),
    ({"Ana": "50", "Bia": "50"}, NotAllowed, "leaves out Caio"),
    ({"Ana": "50", "Bia": "30", "Caio": "10", "Eva": "10"}, NotAllowed, "Eva is not among the players still in"),
    ({"Ana": "fifty", "Bia": "30", "Caio": "20"}, BadInput, "Ana's share must be an amount of money"),
    ({"Ana": "-50", "Bia": "130", "Caio": "20"}, BadInput, "Ana's share"),
    ({"Ana": "33.333", "Bia": "33.333", "Caio": "33.334"}, BadInput, "share must be an amount"),
    ({}, BadInput, "“amounts” names each player still in"),
    (["Ana", "50"], BadInput, "“amounts” names each player still in"),
    ("Ana 50, Bia 50", BadInput, "“amounts”"),
    (None, BadInput, "“amounts”"),
])
def test_r37_an_agreed_chop_that_is_wrong_is_refused_with_a_sentence(amounts: Any, kind: type[DealerError],
                                                                     words: str) -> None:
    with pytest.raises(DealerError) as refused:
        check_chop(amounts, ["Ana", "Bia", "Caio"], D(100))
    assert type(refused.value) is kind, refused.value
    assert words in str(refused.value) and refused.value.ruling == "R37"


@settings(max_examples=150, deadline=None)
@given(stacks, st.lists(st.integers(min_value=0, max_value=300).map(lambda cents: D(cents) / 100), min_size=1,
                        max_size=6))
def test_r37_icm_of_any_prizes_adds_up_and_pays_nobody_less_than_nothing(chips: list[int],
                                                                         paid: list[Decimal]) -> None:
    values = icm(chips, paid)  # prizes in any order, even rising with the place
    assert sum(values) == sum(paid[:len(chips)]) and all(value >= 0 for value in values)
