"""The triple-draw family on one table (rulings R21-R25): the games' rankings, split pots and choosing the game."""

from __future__ import annotations

from typing import Any

import pytest

from dealer import Game
from dealer.errors import BadInput, NotAllowed
from dealer.reference.rulings import ruling
from dealer.rules.cards import parse_cards
from dealer.rules.entries import entry_from_json, parse_create
from dealer.rules.facts import HandDealt
from dealer.rules.game_compare import compare_game
from dealer.rules.games import GAMES
from dealer.rules.ranking_a5 import rank_a5
from dealer.rules.ranking_badugi import rank_badugi
from engine_driver import Table


def a5_better(first: str, second: str) -> bool:
    return rank_a5(parse_cards(first)).key < rank_a5(parse_cards(second)).key


def badugi_key(text: str, ace_high: bool = False) -> int:
    return rank_badugi(parse_cards(text), ace_high).key


def play_to_showdown(table: Table, order: tuple[str, str, str]) -> None:
    """Three players call round 1, then everybody checks and stands pat through the draws: ``order`` is the
    first to act after the blinds (the button when three play), the small blind and the big blind."""
    button, small, big = order
    table.do(f"{button} call", f"{small} call", f"{big} check")
    for _ in range(3):
        table.do(f"{small} draw 0", f"{big} draw 0", f"{button} draw 0", f"{small} check", f"{big} check",
                 f"{button} check")


def test_r21_every_game_keeps_the_card_betting_and_draws_only_the_hand_size_differs() -> None:
    for code, game in GAMES.items():
        table = Table(["Ana", "Bia", "Caio"], games=[code])
        table.do("deal")
        state = table.state
        assert state["game"] == code and state["hand_size"] == game.hand_size
        assert state["players"][1]["committed"] == 1 and state["players"][2]["committed"] == 2  # the blinds
        assert state["deck"]["stub"] == 52 - 3 * game.hand_size
        table.do("Ana raise", "Bia raise", "Caio raise")
        assert table.state["capped"]  # the cap of R8, in every game
        table.do("Ana call", "Bia call")
        assert table.legal["draw"] == {"action": "draw", "min": 0, "max": game.hand_size}
        refused = table.refuse(f"Bia draw {game.hand_size + 1}") if game.hand_size < 5 else None
        assert refused is None or "0 to 4" in refused.message.render()
    assert "only the hand size and the ranking differ" in ruling("R21").text


def test_r21_badugi_shows_four_cards_and_refuses_five() -> None:
    table = Table(["Ana", "Bia", "Caio"], games=["badugi"])
    table.do("deal")
    play_to_showdown(table, ("Ana", "Bia", "Caio"))
    first = table.state["to_act"]
    refusal = table.refuse(f"{first} show 7h 5c 4d 3s 2c")
    assert isinstance(refusal, BadInput) and "4 cards" in refusal.message.render()


def test_r22_a5_lowball_the_ace_is_low_and_straights_and_flushes_do_not_count() -> None:
    assert a5_better("5h 4c 3d 2s Ah", "6h 4c 3d 2s Ah")
    assert not a5_better("5h 4c 3d 2s Ah", "5c 4h 3s 2d Ac") and not a5_better("5c 4h 3s 2d Ac", "5h 4c 3d 2s Ah")
    assert a5_better("5h 4h 3h 2h Ah", "6c 4d 3s 2c Ad")  # a suited wheel is still the best hand
    assert a5_better("8c 7d 6h 5s 4c", "Ac Ad 2h 3s 4d")  # any hand without a pair beats any pair
    assert a5_better("Kc Qd Jh 9s 8c", "Ac Ad 2h 3s 4d")
    assert a5_better("Ac Ad 3h 4s 5d", "2c 2d 3c 4c 5c")  # pairs: the lower pair wins, the ace is low
    assert "5-4-3-2-A is the best hand" in ruling("R22").text


def test_r23_badugi_counts_the_largest_set_of_different_ranks_and_suits() -> None:
    assert badugi_key("Kc Qd 2h 3s") < badugi_key("Ac 2c 3d 4h")  # a four-card badugi beats any three-card hand
    assert badugi_key("Ac 2d 3h 4s") < badugi_key("Ac 2d 3h 5s")  # A-2-3-4 of four suits is the best
    assert badugi_key("4c 3d Ah Ks") < badugi_key("Kc Qd 2h 3s")
    assert badugi_key("Ac 2d 3h 3s") == badugi_key("Ad 2c 3s 3h")  # cards left out never break a tie
    assert badugi_key("Ac 2c 3d 4h") == badugi_key("As 3d 4h 4s")  # the three cards 4-3-A either way
    assert badugi_key("Ac 2d 3h 4s", ace_high=True) > badugi_key("2c 3d 4h 5s", ace_high=True)  # Badeucey's half
    assert "cards left out never break a tie" in ruling("R23").text


def test_r24_split_pot_halves_with_the_odd_chip_to_the_five_card_half() -> None:
    table = Table(["Ana", "Bia", "Caio"], games=["badeucey"])
    table.do("deal", "Ana call", "Bia fold", "Caio check")  # a pot of 5: Bia's small blind stays in
    for _ in range(3):
        table.do("Caio draw 0", "Ana draw 0", "Caio check", "Ana check")
    # Caio has the best 2-7 hand; Ana the best badugi (ace high).
    table.do("Caio show 7h 5c 4d 3h 2h", "Ana show 9c 8d 6h 5s Kh")
    awards = table.state["last_hand"]["awards"]
    assert [(award["half"], award["amount"], award["winners"]) for award in awards] == [
        ("2-7", 3, ["Caio"]), ("badugi", 2, ["Ana"])]


def test_r24_each_half_is_split_among_ties_and_one_player_can_win_both() -> None:
    table = Table(["Ana", "Bia", "Caio"], games=["badacey"])
    table.do("deal")
    play_to_showdown(table, ("Ana", "Bia", "Caio"))
    # Bia and Caio tie the A-5 half; Bia alone has the best badugi (the ace low).
    table.do("Bia show 5h 4c 3d 2s Ah", "Caio show 5c 4d 3h 2c Ad", "Ana show Kc Qd Jh 9s 8c")
    awards = table.state["last_hand"]["awards"]
    assert [award["half"] for award in awards] == ["a-5", "badugi"]
    assert awards[0]["amount"] == 3 and awards[0]["shares"] == {"Bia": 2, "Caio": 1} and awards[0]["odd_chips"] == [
        "Bia"]
    assert awards[1]["winners"] == ["Bia"] and awards[1]["amount"] == 3
    table = Table(["Ana", "Bia", "Caio"], games=["badeucey"])
    table.do("deal")
    play_to_showdown(table, ("Ana", "Bia", "Caio"))
    table.do("Bia show 7h 5c 4d 3s 2h", "Caio show Kc Qd Jh 9s 8c", "Ana show Kd Qc Js 9h 8d")
    assert {award["half"]: award["winners"] for award in table.state["last_hand"]["awards"]} == {
        "2-7": ["Bia"], "badugi": ["Bia"]}
    assert "one player can win both halves" in ruling("R24").text


def test_r25_a_rotation_plays_each_game_for_as_many_hands_as_players() -> None:
    table = Table(["Ana", "Bia"], games=["2-7-triple-draw", "badugi"])
    seen = []
    for _ in range(5):
        seen.append(table.state["game"])
        table.do("deal")
        assert table.state["game"] == seen[-1]
        table.do(f"{table.state['to_act']} fold")
    assert seen == ["2-7-triple-draw", "2-7-triple-draw", "badugi", "badugi", "2-7-triple-draw"]
    named = Table(["Ana", "Bia", "Caio"], games=["badugi", "badacey"], hands_per_game=1)
    assert isinstance(named.refuse("deal badacey"), NotAllowed)  # the rotation's next game is Badugi
    named.do("deal badugi")
    assert named.state["game"] == "badugi"


def test_r25_dealers_choice_names_the_game_at_each_deal_and_a_misdeal_keeps_it() -> None:
    table = Table(["Ana", "Bia", "Caio"], games=["badugi", "badeucey", "a-5-triple-draw"], choice="dealer")
    state = table.state
    assert state["game"] is None and state["legal"] == [
        {"action": "deal", "games": ["badugi", "badeucey", "a-5-triple-draw"]}]
    assert isinstance(table.refuse("deal"), NotAllowed)
    assert isinstance(table.refuse("deal 2-7-triple-draw"), NotAllowed)  # not one of the table's games
    table.do("deal badeucey", "misdeal")
    assert table.state["game"] == "badeucey" and table.state["hand"] == 1
    dealt = [fact for step in table.game.state.record for fact in step.facts if isinstance(fact, HandDealt)]
    assert [fact.game for fact in dealt] == ["badeucey"]
    assert "A misdeal keeps the hand's game" in ruling("R25").text


def test_unknown_game_codes_are_refused_with_a_sentence() -> None:
    with pytest.raises(BadInput):
        parse_create({"players": ["Ana", "Bia"], "games": ["omaha"]})
    with pytest.raises(BadInput):
        parse_create({"players": ["Ana", "Bia"], "choice": "random"})
    with pytest.raises(BadInput):
        Table(["Ana", "Bia"], games=["badugi"], choice="dealer").do("deal omaha")


def test_an_old_log_without_games_loads_as_2_7() -> None:
    old: dict[str, Any] = {"kind": "create", "players": [{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 100}],
                           "stakes": {"blinds": [1, 2], "limits": [2, 4], "raises": 3, "hands": 10, "stack": 100},
                           "button": "Ana", "drawn": False}
    create = entry_from_json(old)
    assert create == parse_create({"players": ["Ana", "Bia"], "button": "Ana"})
    assert create.to_json() == old
    game = Game(create)
    assert game.snapshot().game is not None and game.snapshot().game.code == "2-7-triple-draw"


def test_the_comparator_ranks_each_half_of_a_split_game() -> None:
    compared = compare_game(GAMES["badeucey"], ["7h 5c 4d 3h 2h", "9c 8d 6h 5s Kh"]).to_json(str)
    assert [(half["half"], half["ranking"]) for half in compared["halves"]] == [("2-7", [[0], [1]]),
                                                                                ("badugi", [[1], [0]])]
    badugi = compare_game(GAMES["badugi"], ["Kc Qd 2h 3s", "Ac 2c 3d 4h"]).to_json(str)
    assert badugi["ranking"] == [[0], [1]] and badugi["hands"][0]["category"] == "badugi"
    with pytest.raises(BadInput):
        compare_game(GAMES["badugi"], ["Kc Qd 2h 3s 4s", "Ac 2c 3d 4h"])


def test_exports_name_each_hands_game() -> None:
    from dealer import phh_writer, pokerstars_hand_text

    table = Table(["Ana", "Bia", "Caio"], games=["badugi", "badacey"], choice="dealer")
    table.do("deal badugi", "Ana fold", "Bia fold", "deal badacey", "Bia fold", "Caio fold")
    session = table.game.session_record({})
    first, second = session.hands
    assert (first.game, second.game) == ("badugi", "badacey")
    assert "Hand #1:  Badugi Limit" in pokerstars_hand_text(session, first, "t")
    assert "Hand #2:  Badacey Limit" in pokerstars_hand_text(session, second, "t")
    phh = phh_writer()
    badugi, badacey = (phh.hand_text(session, hand, "t") for hand in session.hands)
    assert "variant = 'FB'" in badugi and "????????'" in badugi and "_game" not in badugi
    assert "variant = 'F2L3D'" in badacey and "_game = 'badacey'" in badacey


def test_a_dealers_choice_session_exports_and_imports_with_its_games() -> None:
    from dealer.formats.session_file import export_document, import_document

    table = Table(["Ana", "Bia", "Caio"], games=["badugi", "badeucey"], choice="dealer", hands_per_game=2)
    table.do("deal badeucey", "Ana fold", "Bia fold", "deal badugi")
    document = export_document(table.game, [0.0] * len(table.game.entries), "t")
    assert document["settings"]["games"] == ["badugi", "badeucey"] and document["settings"]["choice"] == "dealer"
    again = import_document(document).game
    assert again.snapshot().game is not None and again.snapshot().game.code == "badugi"
    assert again.snapshot().hand == 2
