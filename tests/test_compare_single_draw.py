"""The rule reference's "Who wins?" offers 2-7 Single Draw (ruling R33): its hands rank exactly as 2-7 Triple Draw's
(the card's §02), on the page, through the API, and for random hands."""

from __future__ import annotations

import html
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Api
from dealer.rules.cards import FULL_DECK, format_cards
from dealer.rules.game_compare import COMPARATORS, compare_game, compare_hands
from dealer.rules.games import ALL_GAMES, SINGLE_DRAW_27
from test_console import text as page_text

SINGLE_DRAW = ALL_GAMES[SINGLE_DRAW_27]


def text(answer: Any) -> str:
    return html.unescape(page_text(answer))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.permutations(FULL_DECK).map(lambda deck: format_cards(deck[:5])), min_size=2, max_size=6))
def test_r33_single_draw_hands_rank_as_2_7(hands: list[str]) -> None:
    cards = [card for hand in hands for card in hand.split()]
    if len(set(cards)) != len(cards):
        return  # the same card in two hands: refused alike, not a ranking
    ours = compare_game(SINGLE_DRAW, hands, 2, 6).halves[0]
    house = compare_hands(hands, 2, 6)
    assert ours.groups == house.groups and ours.steps == house.steps


def test_every_game_a_table_may_deal_has_its_comparator() -> None:
    assert set(COMPARATORS) == set(ALL_GAMES)


def test_the_comparator_page_offers_2_7_single_draw_and_ranks_it(client: Any) -> None:
    page = client.get("/compare")
    assert f'<option value="{SINGLE_DRAW_27}"' in page.get_data(as_text=True)
    answer = client.post("/compare", data={"game": SINGLE_DRAW_27, "hand1": "8c 6d 4s 3h 2h",
                                           "hand2": "7h 5c 4d 3s 2c"})
    assert answer.status_code == 200
    words = text(answer)
    assert "In 2-7 the lowest hand wins" in words and "A-2-3-4-5 is not the best hand" in words
    assert answer.get_data(as_text=True).count('data-testid="compare-result"') == 1


def test_the_compare_api_names_2_7_single_draw_in_its_answer(api: Api) -> None:
    hands = {"hands": ["8c 6d 4s 3h 2h", "7h 5c 4d 3s 2c"]}
    status, plain = api.request("POST", "/api/compare", hands)
    status, body = api.request("POST", "/api/compare", dict(hands, game=SINGLE_DRAW_27))
    assert status == 200 and body == dict(plain, game=SINGLE_DRAW_27) and body["ranking"] == [[1], [0]]
    short = {"game": SINGLE_DRAW_27, "hands": ["7h 5c 4d 3s", "8c 6d 4s 3h"]}
    status, body = api.request("POST", "/api/compare", short)
    assert status == 400 and body["error"] == "A hand has exactly 5 cards in this game; 4 given."
