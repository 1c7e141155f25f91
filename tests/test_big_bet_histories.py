"""Histories of big-bet hands (rulings R28-R33): the PokerStars layout names the game with its structure and the
blinds ("2-7 Single Draw No Limit (1/2)"), prints antes and raises to a total ("raises 5 to 7"); PHH writes no-limit
2-7 Single Draw as PokerKit's own variant N2L1D, which PokerKit replays to our final stacks; a big-bet table's
session document exports and imports to the same table."""

from __future__ import annotations

import json
import random
import warnings

import pytest

pytest.importorskip("pokerkit", reason="pokerkit writes and reads PHH")

from pokerkit import HandHistory

from dealer import Game
from dealer.formats import phh
from dealer.formats.pokerstars import hand_text
from dealer.formats.session_file import export_document, import_document
from dealer.rules.entries import parse_input
from dealer.view.snapshot_json import state_json
from engine_driver import Table
from session_driver import random_big_bet_create, random_session
from test_hand_history import check_session as check_pokerstars_session

SINGLE_DRAW_GAMES = ("nl-2-7-single-draw", "2-7-single-draw", "pl-2-7-single-draw")
BIG_BET_MIX = ("nl-2-7-triple-draw", "pl-badugi", "pl-2-7-single-draw", "nl-a-5-triple-draw", "pl-badeucey")
KNOWN_RULES = {phh.SHORT_BLINDS, phh.COMPLETION, phh.DRAW_FOLD, phh.POT_KEPT, phh.ODD_CHIPS, phh.NOT_SHOWN,
               phh.BIG_BLIND_ANTE, "a house rule PokerKit plays differently"}


def wager(table: Table, move: str, to: int) -> Table:
    name, action = move.split()
    table.game.push(parse_input({"action": action, "player": name, "to": to}))
    return table


def text_of(table: Table) -> list[str]:
    session = table.game.session_record({1: 1_750_000_000.0})
    return hand_text(session, session.hands[0], "tbl").split("\n")


def test_pokerstars_layout_of_a_no_limit_single_draw_hand_with_antes() -> None:
    table = Table(["Ana", "Bia", "Caio"], games=["2-7-single-draw"], ante=1).do("deal")
    wager(table, "Ana raise", 7)
    table.do("Bia call")
    wager(table, "Caio raise", 20)
    table.do("Ana fold", "Bia call", "Bia draw 1", "Caio draw 0")
    wager(table, "Bia bet", 10)
    table.do("Caio call", "Bia show 8c 6d 4s 3h 2h", "Caio show 7c 5d 4h 3s 2c")
    lines = text_of(table)
    assert lines[0].startswith("Triple Draw Dealer Hand #1:  2-7 Single Draw No Limit (1/2) - ")
    for expected in ("Ana: posts the ante 1", "Bia: posts the ante 1", "Caio: posts the ante 1",
                     "Bia: posts small blind 1", "Caio: posts big blind 2", "Ana: raises 5 to 7", "Bia: calls 6",
                     "Caio: raises 13 to 20", "Ana: folds", "*** FIRST DRAW ***", "Bia: discards 1 card",
                     "Bia: bets 10", "Caio: calls 10", "Caio collected 70 from pot", "Total pot 70 | Rake 0"):
        assert expected in lines, f"{expected!r} missing:\n" + "\n".join(lines)
    antes = [index for index, line in enumerate(lines) if "ante" in line]
    assert max(antes) < lines.index("Bia: posts small blind 1")  # each player's ante before the blinds (R32)


@pytest.mark.parametrize(("code", "title"), [
    ("2-7-single-draw", "2-7 Single Draw No Limit (1/2)"), ("fl-2-7-single-draw", "2-7 Single Draw Limit (2/4)"),
    ("pl-badugi", "Badugi Pot Limit (1/2)"), ("nl-2-7-triple-draw", "Triple Draw 2-7 Lowball No Limit (1/2)"),
    ("2-7-triple-draw", "Triple Draw 2-7 Lowball Limit (2/4)"),
    ("pl-a-5-triple-draw", "Triple Draw A-5 Lowball Pot Limit (1/2)")])
def test_pokerstars_header_names_the_game_its_structure_and_the_blinds_or_limits(code: str, title: str) -> None:
    table = Table(["Ana", "Bia", "Caio"], games=[code]).do("deal", "Ana fold", "Bia fold")
    assert text_of(table)[0].startswith(f"Triple Draw Dealer Hand #1:  {title} - ")


def test_pokerstars_prints_the_big_blinds_ante_after_its_blind() -> None:
    table = Table(["Ana", "Bia", "Caio"], games=["pl-badugi"], ante=2, ante_by="big-blind").do("deal", "Ana fold",
                                                                                                "Bia fold")
    lines = text_of(table)
    assert lines.index("Caio: posts big blind 2") + 1 == lines.index("Caio: posts the ante 2")


def test_pokerstars_says_a_short_all_in_does_not_reopen_big_bet_betting() -> None:
    table = Table([{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 100}, {"name": "Caio", "stack": 13}],
                  games=["nl-2-7-triple-draw"]).do("deal", "Ana call", "Bia call", "Caio check")
    table.do("Bia draw 0", "Caio draw 0", "Ana draw 0")
    wager(table, "Bia bet", 10)
    wager(table, "Caio raise", 11)  # all-in, 1 more: less than a full raise (R30)
    lines = text_of(table)
    assert "Caio: raises 1 to 11 and is all-in" in lines
    assert ("Caio's all-in is less than a full raise: the betting is not reopened for players who already acted "
            "(house ruling R30)") in lines


@pytest.mark.parametrize("first", range(0, 60, 30))
def test_random_big_bet_sessions_follow_the_layout_and_their_chips_add_up(first: int) -> None:
    for seed in range(first, first + 30):
        rng = random.Random(seed)
        check_pokerstars_session(random_session(rng, create=random_big_bet_create(rng, BIG_BET_MIX)))


def replayed_stacks(history: HandHistory) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about a fold with nothing to call (R10 allows it)
        states = list(history)
    assert not states[-1].status, "PokerKit still waits for an action"
    return list(states[-1].stacks)


def check_phh_session(game: Game, variant: str) -> tuple[int, int]:
    """Every hand loads as ``variant``; hands inside the shared rules replay in PokerKit to our final stacks."""
    session = game.session_record({seq: 1_750_000_000.0 + seq for seq in range(game.seq + 1)})
    assert len(list(HandHistory.loads_all(phh.session_text(session, "tbl")))) == len(session.hands)
    replayed = flagged = 0
    for hand in session.hands:
        text = phh.hand_text(session, hand, "tbl")
        loaded = HandHistory.loads(text)
        assert loaded.variant == variant, text
        if hand.result is None:
            continue
        rules = loaded.user_defined_fields.get("_house_rules")
        if rules:
            assert set(rules) <= KNOWN_RULES, rules
            flagged += 1
            continue
        assert replayed_stacks(loaded) == hand.final_in(loaded.players or []), text
        replayed += 1
    return replayed, flagged


@pytest.mark.parametrize("first", range(0, 80, 40))
def test_no_limit_single_draw_is_phh_n2l1d_and_replays_in_pokerkit_to_our_stacks(first: int) -> None:
    replayed = flagged = 0
    for seed in range(first, first + 40):
        rng = random.Random(seed)
        game = random_session(rng, create=random_big_bet_create(rng, SINGLE_DRAW_GAMES[seed % 2:seed % 2 + 1]))
        found = check_phh_session(game, "N2L1D")
        replayed, flagged = replayed + found[0], flagged + found[1]
    assert replayed > 40


def test_pot_limit_single_draw_is_written_as_n2l1d_named_pot_limit_and_replays() -> None:
    replayed = 0
    for seed in range(30):
        rng = random.Random(seed)
        game = random_session(rng, create=random_big_bet_create(rng, ("pl-2-7-single-draw",)))
        replayed += check_phh_session(game, "N2L1D")[0]
        session = game.session_record()
        if session.hands:
            fields = phh.hand_phh(session, session.hands[0], "tbl").user_defined_fields
            assert (fields["_game"], fields["_betting"], fields["_game_name"]) == (
                "pl-2-7-single-draw", "pot-limit", "Pot-Limit 2-7 Single Draw")
    assert replayed > 10  # PokerKit's no-limit accepts every pot-limit amount


def test_other_big_bet_games_load_named_in_user_fields() -> None:
    table = Table(["Ana", "Bia", "Caio"], games=["pl-badugi", "nl-2-7-triple-draw"], choice="dealer", ante=1)
    table.do("deal pl-badugi", "Ana fold", "Bia fold", "deal nl-2-7-triple-draw", "Bia fold", "Caio fold")
    session = table.game.session_record()
    first, second = (HandHistory.loads(phh.hand_text(session, hand, "tbl")) for hand in session.hands)
    assert (first.variant, first.user_defined_fields["_betting"], first.antes) == ("FB", "pot-limit", [1, 1, 1])
    assert (second.variant, second.user_defined_fields["_game"]) == ("F2L3D", "nl-2-7-triple-draw")


def test_a_big_bet_table_with_antes_exports_and_imports_to_the_same_table() -> None:
    for seed in range(12):
        rng = random.Random(seed)
        game = random_session(rng, create=random_big_bet_create(rng, BIG_BET_MIX + SINGLE_DRAW_GAMES))
        times = [1_750_000_000.0 + seq for seq in range(game.seq + 1)]
        document = json.loads(json.dumps(export_document(game, times, "tbl")))
        imported = import_document(document).game
        assert state_json(imported, "tbl") == state_json(game, "tbl")
        assert [entry.to_json() for entry in imported.entries] == [entry.to_json() for entry in game.entries]
