"""The games on the screens (R25): the start form's games, a Deal button per game under dealer's choice, the game
named on the console, the phones and the TV, a four-card picker in Badugi, each half of a split pot."""

from __future__ import annotations

import html
import re
from typing import Any

from test_console import act, create, ok, state
from test_console import text as page_text


def text(answer: Any) -> str:
    return html.unescape(page_text(answer))


def _to_showdown(client: Any, table: str) -> None:
    """Three players limp in, stand pat and check every round to the showdown."""
    for move in ("call", "call", "check"):
        ok(client, table, move)
    for _ in range(3):
        for _player in range(3):
            ok(client, table, "draw", count="0")
        for _player in range(3):
            ok(client, table, "check")


def test_dealers_choice_console_names_each_game_and_shows_both_halves(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], games=["badugi", "badeucey", "a-5-triple-draw"],
                   choice="dealer")
    console = client.get(f"/t/{table}/dealer")
    words = text(console)
    assert all(f"Deal hand 1: {name}" in words for name in ("Badugi", "Badeucey", "A-5 Triple Draw"))
    assert "Dealer's choice" in words
    ok(client, table, "deal", game="badugi")
    page = client.get(f"/t/{table}/dealer")
    assert "Badugi" in text(page)
    _to_showdown(client, table)
    picker = client.get(f"/t/{table}/dealer").get_data(as_text=True)
    assert 'data-hand-size="4"' in picker and "four cards" in picker
    assert act(client, table, "show", card=["Ah", "2c", "3d", "4s", "5h"]).status_code == 400
    ok(client, table, "show", card=["Ah", "2c", "3d", "4s"])
    ok(client, table, "muck")
    ok(client, table, "muck")
    ok(client, table, "deal", game="badeucey")
    _to_showdown(client, table)
    first = state(client, table)["to_act"]
    ok(client, table, "show", player=first, typed="7h 5c 4d 3h 2h")
    ok(client, table, "show", typed="9c 8d 6h 5s Kh")
    after = ok(client, table, "show", typed="Kc Qd Jh 9s 8c")
    assert [award["half"] for award in after["last_hand"]["awards"]] == ["2-7", "badugi"]
    words = text(client.get(f"/t/{table}/dealer"))
    assert "2-7 half" in words and "badugi half" in words
    phone = text(client.get(f"/t/{table}"))
    assert "2-7 half" in phone and "Dealer's choice" in phone
    tv = text(client.get(f"/t/{table}/tv"))
    assert "Dealer's choice" in tv


def test_the_house_card_table_shows_no_game_name(client: Any) -> None:
    table = create(client, ["Ana", "Bia"])
    page = client.get(f"/t/{table}/dealer")
    assert "Deal hand 1" in text(page) and 'data-testid="game-name"' not in page.get_data(as_text=True)


def test_who_wins_ranks_each_half_of_a_split_game_and_four_card_badugi_hands(client: Any) -> None:
    answer = client.post("/compare", data={"game": "badeucey", "hand1": "7h 5c 4d 3h 2h", "hand2": "9c 8d 6h 5s Kh"})
    assert answer.status_code == 200
    words = text(answer)
    assert "2-7 lowball: Ranking, best first" in words and "badugi, ace high: Ranking, best first" in words
    assert answer.get_data(as_text=True).count('data-testid="compare-result"') == 2
    badugi = client.post("/compare", data={"game": "badugi", "hand1": "Kc Qd 2h 3s", "hand2": "Ac 2c 3d 4h"})
    assert badugi.status_code == 200 and "a larger set of different ranks and suits always wins" in text(badugi)
    five = client.post("/compare", data={"game": "badugi", "hand1": "Kc Qd 2h 3s 4c", "hand2": "Ac 2c 3d 4h"})
    assert five.status_code == 400 and "exactly 4 cards" in text(five)


def test_the_report_says_how_many_hands_of_each_game_and_each_big_pots_game(client: Any) -> None:
    table = create(client, ["Ana", "Bia"], games=["badugi", "badacey"], choice="dealer")
    for game in ("badugi", "badacey", "badugi"):
        ok(client, table, "deal", game=game)
        ok(client, table, "fold")
    words = text(client.get(f"/t/{table}/report"))
    assert "Badugi: 2 hands" in words and "Badacey: 1 hand" in words
    assert "· Badacey" in words


def _summary(page: Any, hand: int) -> str:
    found = re.search(rf'data-testid="log-hand-{hand}"><a[^>]*>([^<]*)</a>', page.get_data(as_text=True))
    assert found, f"no line for hand {hand}"
    return html.unescape(found.group(1))


def test_r25_earlier_hands_name_the_game_each_played(client: Any) -> None:
    table = create(client, ["Ana", "Bia", "Caio"], games=["badugi", "a-5-triple-draw"], choice="dealer")
    for game in ("badugi", "a-5-triple-draw", "badugi"):
        ok(client, table, "deal", game=game)
        ok(client, table, "fold")
        ok(client, table, "fold")  # the big blind wins the blinds
    for page in (client.get(f"/t/{table}/dealer"), client.get(f"/t/{table}")):
        assert _summary(page, 1).startswith("Hand 1: ") and _summary(page, 1).endswith(" · Badugi")
        assert _summary(page, 2).endswith(" · A-5 Triple Draw")
    plain = create(client, ["Ana", "Bia"])  # the house card's one game: the lines stay as they were
    for _ in range(2):
        ok(client, plain, "deal")
        ok(client, plain, "fold")
    line = _summary(client.get(f"/t/{plain}/dealer"), 1)
    assert line.startswith("Hand 1: ") and "·" not in line
