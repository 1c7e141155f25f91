"""The card picker's ranks come from each game's own ranking (the snapshot's showdown view): the game's eight best
ranks first, the five others after; the ace first where it plays low, last where it plays high."""

from __future__ import annotations

from dealer.rules.games import GAMES
from dealer.view.showdown_view import picker_ranks

ACE = 14


def test_each_game_offers_its_best_ranks_first() -> None:
    expected_ace_low = {"2-7-triple-draw": False, "a-5-triple-draw": True, "badugi": True, "badeucey": False,
                        "badacey": True}
    for code, game in GAMES.items():
        first, later = picker_ranks(game)
        assert sorted(first + later) == list(range(2, ACE + 1)) and len(first) == 8, code
        if code in expected_ace_low:
            assert (first[0] == ACE) is expected_ace_low[code], code
        low_to_high = list(range(2, ACE))
        assert list(first + later) == ([ACE, *low_to_high] if first[0] == ACE else [*low_to_high, ACE]), code
