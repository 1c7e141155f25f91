"""The games through the JSON API (docs/API.md): the table's games, the deal naming one, split awards, compare."""

from __future__ import annotations

from conftest import Api


def test_create_with_dealers_choice_and_deal_each_game(api: Api) -> None:
    table, token, state = api.create(["Ana", "Bia", "Caio"], button="Ana", games=["badugi", "badeucey"],
                                     choice="dealer")
    assert state["games"] == ["badugi", "badeucey"] and state["choice"] == "dealer"
    assert state["game"] is None and state["legal"] == [{"action": "deal", "games": ["badugi", "badeucey"]}]
    status, body = api.act(table, token, "deal")
    assert status == 409 and "name the game" in body["error"] and body["ruling"] == "R25"
    status, body = api.act(table, token, "deal", game="holdem")
    assert status == 400 and "Unknown game" in body["error"]
    status, body = api.act(table, token, "deal", game="2-7-triple-draw")
    assert status == 409
    state = api.ok(table, token, "deal", game="badugi")
    assert state["game"] == "badugi" and state["hand_size"] == 4 and state["deck"]["stub"] == 40


def test_default_table_reports_2_7_and_unknown_codes_are_400(api: Api) -> None:
    _, _, state = api.create(["Ana", "Bia"], button="Ana")
    assert state["games"] == ["2-7-triple-draw"] and state["choice"] == "rotation"
    assert state["game"] == "2-7-triple-draw" and state["hand_size"] == 5 and state["legal"] == [{"action": "deal"}]
    for bad in ({"games": ["omaha"]}, {"games": []}, {"games": "badugi"}, {"choice": "random"},
                {"hands_per_game": 0}):
        status, body = api.request("POST", "/api/tables", dict(bad, players=["Ana", "Bia"]))
        assert status == 400 and body["error"], bad


def test_rotation_deal_may_name_only_the_next_game(api: Api) -> None:
    table, token, state = api.create(["Ana", "Bia"], button="Ana", games=["a-5-triple-draw", "badacey"],
                                     hands_per_game=1)
    assert state["game"] == "a-5-triple-draw"
    assert api.act(table, token, "deal", game="badacey")[0] == 409
    state = api.ok(table, token, "deal", game="a-5-triple-draw")
    state = api.ok(table, token, "fold", player=state["to_act"])
    assert state["game"] == "badacey"


def test_compare_takes_a_game(api: Api) -> None:
    status, body = api.request("POST", "/api/compare", {"game": "badacey",
                                                        "hands": ["5h 4c 3d 2s Ah", "6c 7d 8h 9s Kd"]})
    assert status == 200
    assert [(half["half"], half["ranking"]) for half in body["halves"]] == [("a-5", [[0], [1]]),
                                                                            ("badugi", [[0], [1]])]
    status, body = api.request("POST", "/api/compare", {"game": "badugi", "hands": ["Kc Qd 2h 3s", "Ac 2c 3d 4h"]})
    assert status == 200 and body["ranking"] == [[0], [1]]
    assert "larger set" in body["explanation"]
    status, body = api.request("POST", "/api/compare", {"game": "go fish", "hands": ["Kc Qd 2h 3s", "Ac 2c 3d 4h"]})
    assert status == 400 and "Unknown game" in body["error"]


def test_compare_ranks_2_7_as_every_game_and_answers_as_it_always_did(api: Api) -> None:
    hands = {"hands": ["7c 6d 4s 3h 2h", "7h 5c 4d 3s 2c"]}
    status, plain = api.request("POST", "/api/compare", hands)
    assert status == 200 and "game" not in plain and plain["ranking"] == [[1], [0]]
    assert api.request("POST", "/api/compare", dict(hands, game="2-7-triple-draw")) == (200, plain)
    status, body = api.request("POST", "/api/compare", dict(hands, game="a-5-triple-draw"))
    assert status == 200 and body["game"] == "a-5-triple-draw" and body["ranking"] == [[1], [0]]
    for game, short, words in (("2-7-triple-draw", "7h 5c 4d 3s", "A hand has exactly 5 cards; 4 given."),
                               ("badugi", "7h 5c 4d", "A hand has exactly 4 cards in this game; 3 given.")):
        status, body = api.request("POST", "/api/compare", {"game": game, "hands": [short, "7s 6c 4s 3c"]})
        assert status == 400 and body["error"] == words
