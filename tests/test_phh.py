"""Hand histories as PHH (variant F2L3D): every hand of hundreds of random sessions loads in PokerKit 0.7.7, and
those inside the rules PokerKit shares with the house card replay there to our final stacks."""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pokerkit", reason="pokerkit writes and reads PHH")

from pokerkit import HandHistory

from dealer import Game
from dealer.formats import phh
from engine_driver import Table
from session_driver import random_session

KNOWN_RULES = {phh.SHORT_BLINDS, phh.HALF_UNIT, phh.SHORT_RAISE, phh.COMPLETION, phh.UNLIMITED, phh.DRAW_FOLD,
               phh.POT_KEPT, phh.ODD_CHIPS, phh.NOT_SHOWN}


def replayed_stacks(history: HandHistory) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about a fold with nothing to call (R10 allows it)
        states = list(history)
    state = states[-1]
    assert not state.status, "PokerKit still waits for an action"
    return list(state.stacks)


def check_session(game: Game) -> tuple[int, int]:
    """Every hand loads; shared-rule hands replay to our stacks. Returns (shared hands, flagged hands)."""
    session = game.session_record({seq: 1_750_000_000.0 + seq for seq in range(game.seq + 1)})
    whole = list(HandHistory.loads_all(phh.session_text(session, "tbl")))
    assert len(whole) == len(session.hands)
    shared = flagged = 0
    for hand, from_session in zip(session.hands, whole, strict=True):
        text = phh.hand_text(session, hand, "tbl")
        loaded = HandHistory.loads(text)
        assert loaded.variant == "F2L3D" and from_session.actions == loaded.actions
        assert loaded.players is not None and loaded.players[-1] == hand.button  # PokerKit's last player: the button
        assert all(action.split()[-1].strip("?") == "" for action in loaded.actions if " dh " in action)  # unknown
        for step in hand.steps:
            if step.entry.cards is not None:  # the shown cards, as shown
                player = f"p{loaded.players.index(step.entry.player or '') + 1}"
                assert f"{player} sm {''.join(str(card) for card in step.entry.cards)}" in loaded.actions
        if hand.result is None:
            continue
        assert loaded.finishing_stacks == hand.final_in(loaded.players)
        rules = loaded.user_defined_fields.get("_house_rules")
        if rules:
            assert set(rules) <= KNOWN_RULES, rules
            flagged += 1
            continue
        assert replayed_stacks(loaded) == hand.final_in(loaded.players), text
        shared += 1
    return shared, flagged


@pytest.mark.parametrize("first", range(0, 240, 60))
def test_every_hand_of_random_sessions_loads_and_shared_rule_hands_replay_to_our_stacks(first: int) -> None:
    shared = flagged = 0
    for seed in range(first, first + 60):
        found = check_session(random_session(random.Random(seed)))
        shared, flagged = shared + found[0], flagged + found[1]
    assert shared > 50 and flagged > 5  # both kinds are exercised


def one_hand(table: Table) -> HandHistory:
    session = table.game.session_record()
    return HandHistory.loads(phh.hand_text(session, session.hands[0], "tbl"))


def test_heads_up_unlimited_raises_are_exported_with_the_rule_named() -> None:
    table = Table(["Ana", "Bia"]).do("deal", "Ana call", "Bia check", "Bia draw 0", "Ana draw 0",
                                     "Bia bet", "Ana raise", "Bia raise", "Ana raise", "Bia raise", "Ana fold")
    history = one_hand(table)
    assert history.user_defined_fields["_house_rules"] == [phh.UNLIMITED]
    assert history.actions[-6:] == ["p1 cbr 2", "p2 cbr 4", "p1 cbr 6", "p2 cbr 8", "p1 cbr 10", "p2 f"]


def test_a_fold_in_a_draw_is_exported_with_the_rule_named() -> None:
    table = Table(["Ana", "Bia", "Caio"]).do("deal", "Ana call", "Bia call", "Caio check", "Bia fold", "Caio draw 1",
                                             "Ana draw 2")
    table.do("Caio bet", "Ana fold")
    history = one_hand(table)
    assert history.user_defined_fields["_house_rules"] == [phh.DRAW_FOLD]
    assert history.finishing_stacks == [98, 104, 98]  # Bia, Caio, Ana: PokerKit's order, the button last


def test_a_shared_rule_hand_is_pokerkits_own_history_with_our_names_and_the_shown_cards() -> None:
    table = Table(["Ana", "Bia", "Caio"]).do("deal", "Ana raise", "Bia call", "Caio call",
                                             *["Bia draw 1", "Caio draw 2", "Ana draw 0"], "Bia check", "Caio check",
                                             "Ana check")
    table.do(*["Bia draw 0", "Caio draw 0", "Ana draw 0"], "Bia check", "Caio check", "Ana check",
             *["Bia draw 0", "Caio draw 0", "Ana draw 0"], "Bia check", "Caio bet", "Ana call", "Bia call",
             "Caio show 7h 5c 4d 3s 2c", "Ana show 8h 6c 4c 3d 2d", "Bia show 9h 7c 5d 4s 3h")
    history = one_hand(table)
    assert "_house_rules" not in history.user_defined_fields
    assert history.players == ["Bia", "Caio", "Ana"] and history.seats == [2, 3, 1]
    assert history.actions[:3] == ["d dh p1 ??????????", "d dh p2 ??????????", "d dh p3 ??????????"]
    assert "p2 sm 7h5c4d3s2c" in history.actions
    assert replayed_stacks(history) == [92, 116, 92] == history.finishing_stacks
