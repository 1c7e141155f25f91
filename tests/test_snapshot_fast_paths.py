"""The snapshot's fast paths show what reading the table from scratch shows.

After a player's action that keeps the phase and the round, the read model reads again only the seat rows that
action can change and keeps the pots after a check, an announcement or a shown hand (``LiveParts.moved``). Over
random sessions of every structure, with undos and redos, every snapshot's seat rows and pots must equal those read
from scratch from the same table, and the STATE must equal the one a game rebuilt from the log serves.
"""

from __future__ import annotations

import random

import pytest

from dealer import Game
from dealer.errors import DealerError
from dealer.rules.entries import parse_create
from dealer.view.live_parts import LiveParts
from dealer.view.read_model import ReadCache
from dealer.view.snapshot_json import state_json
from session_driver import pick, random_big_bet_create, random_create

GAMES = ("nl-2-7-single-draw", "pl-2-7-triple-draw", "nl-badugi", "pl-a-5-triple-draw")


def from_scratch(game: Game) -> tuple[object, object]:
    """The snapshot's seat rows and pots, read by a read model that has seen nothing before."""
    snap = game.snapshot()
    live = LiveParts()
    live.moved(game.state, snap.to_act, snap.in_hand, -1, None)
    rows = live.seat_rows(game.state, snap.to_act, snap.in_hand)
    pots = ReadCache().pot_views(game.state, None) if snap.in_hand else ()
    return rows, pots


@pytest.mark.parametrize("seed", range(12))
def test_the_rows_and_pots_kept_after_an_action_are_those_read_from_scratch(seed: int) -> None:
    rng = random.Random(seed)
    create = random_create(rng) if seed % 2 else random_big_bet_create(rng, tuple(rng.sample(GAMES, 2)))
    game = Game(parse_create(create))
    for _ in range(300):
        if not game.legal:
            break
        roll = rng.random()
        try:
            if game.inputs and roll < 0.05:
                game.undo()
            elif roll < 0.08:
                game.redo()
            else:
                game.push(pick(game, rng))
        except DealerError:
            continue
        snap = game.snapshot()
        assert (snap.seats, snap.pots) == from_scratch(game), f"seq {game.seq}"
    assert state_json(Game.rebuild(game.entries), "t") == state_json(game, "t")
