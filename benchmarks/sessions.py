"""Long sessions for the benchmarks: a table's log of N hands, played through the engine with random plausible
inputs (mostly calls and checks, some raises and folds, random draws), optionally with undos mixed in.

Shared by ``benchmarks/storage.py``, ``record.py``, ``replayer.py`` (with their ``--hands``/``--repeat``/``--seed``
options) and the tests' fixtures that need a long table; nothing here is timed.
"""

from __future__ import annotations

import argparse
import random

from dealer import Game
from dealer.rules.entries import Create, Entry, Input, Undo, parse_create
from dealer.rules.legal import Action
from dealer.rules.table_state import Phase

PLAYERS = ("Ana", "Bia", "Caio", "Duda", "Edu", "Fabi")
RANKS = "23456789TJQKA"
SUITS = "cdhs"


def new_table(hands: int, players: int = 6, stack: int = 1_000_000) -> Create:
    """A table that lasts ``hands`` hands: stacks deep enough that nobody goes broke."""
    return parse_create({"players": [{"name": name, "stack": stack} for name in PLAYERS[:players]],
                         "button": PLAYERS[0], "hands": hands})


def next_input(game: Game, rng: random.Random) -> Input | None:
    """A plausible next input for the table as it stands (None once the session is over)."""
    state = game.state
    if state.phase is Phase.OVER:
        return None
    if state.phase is Phase.DEAL:
        return Input(Action.DEAL)
    player = game.to_act
    legal = {option.action for option in game.legal}
    if state.phase is Phase.DRAW:
        return Input(Action.DRAW, player, rng.choice((0, 1, 1, 2, 2, 3)))
    if state.phase is Phase.SHOWDOWN:
        if Action.SHOW in legal and not (state.hand and state.hand.showdown and state.hand.showdown.shown):
            deck = [rank + suit for rank in RANKS for suit in SUITS]
            from dealer.rules.cards import parse_hand

            cards = parse_hand(" ".join(rng.sample(deck, 5)))
            return Input(Action.SHOW, player, cards=cards)
        return Input(Action.MUCK, player)
    roll = rng.random()
    for action, below in ((Action.RAISE, 0.15), (Action.BET, 0.25), (Action.CALL, 0.85), (Action.CHECK, 1.0)):
        if action in legal and roll < below:
            return Input(action, player)
    return Input(Action.FOLD if state.live_count() > 2 else Action.CALL, player)


def session(hands: int, undo_rate: float = 0.0, seed: int = 20261201, players: int = 6,
            stop_before_end: bool = True) -> list[Entry]:
    """The log of a table played for ``hands`` hands, about ``undo_rate`` of its entries undos (each undo takes
    back an input that is then played again, maybe differently, as a dealer correcting a slip does).

    With ``stop_before_end`` the log stops in the middle of the last hand's first betting round, so the table is
    still in play."""
    rng = random.Random(seed)
    game = Game(new_table(hands, players))
    while True:
        entry = next_input(game, rng)
        if entry is None:
            break
        hand = game.state.hand
        if (stop_before_end and game.state.hand_number == hands and game.state.phase is Phase.BET and hand
                and not hand.plan and hand.player_inputs >= 2):
            break
        if game.inputs and rng.random() < undo_rate:
            game.undo()
            continue
        game.push(entry)
    return list(game.entries)


def without_undos(entries: list[Entry]) -> list[Entry]:
    """The same table's log with the undos (and what they took back) left out: its effective inputs only."""
    kept: list[Entry] = [entries[0]]
    for entry in entries[1:]:
        if isinstance(entry, Undo):
            kept.pop()
        else:
            kept.append(entry)
    return kept


def night_options(parser: argparse.ArgumentParser, hands_help: str) -> None:
    """``--hands`` (the nights' lengths), ``--repeat`` and ``--seed``, as the benchmarks that time nights take them."""
    parser.add_argument("--hands", type=int, nargs="+", default=[10, 60, 200], help=hands_help)
    parser.add_argument("--repeat", type=int, default=7, help="rounds (medians reported)")
    parser.add_argument("--seed", type=int, default=20261201)


def nights(parser: argparse.ArgumentParser, args: argparse.Namespace) -> dict[int, list[Entry]]:
    """hands -> a night of that many hands with 5 % undos, for each ``--hands``; sizes out of bounds stop here."""
    if not (all(1 <= hands <= 1000 for hands in args.hands) and 1 <= args.repeat <= 50):
        parser.error("keep it bounded: 1-1,000 hands, 1-50 rounds")
    return {hands: session(hands, undo_rate=0.05, seed=args.seed) for hands in args.hands}
