"""Which game the table plays, as the screens show it (R25): this hand's (or the next hand's), and the table's list."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from ..messages import N_, Msg, msg
from ..rules.games import DEFAULT_GAME, FIXED_LIMIT, GameRules, game_rules
from ..rules.table_state import TableState


class GameView(NamedTuple):
    code: str
    name: Msg
    hand_size: int
    split: bool
    halves: tuple[str, ...]  # "2-7" | "a-5" | "badugi", the five-card half first
    structure: str = FIXED_LIMIT  # "fixed-limit" | "pot-limit" | "no-limit" (R28)
    draws: int = 3  # 3, or 1 in 2-7 Single Draw (R33)


def game_view(game: GameRules) -> GameView:
    """The game as the screens name it: with its structure when not the plain code's fixed limit (R28)."""
    return GameView(game.code, game.full_name, game.hand_size, game.split, tuple(half.code for half in game.halves),
                    game.structure, game.draws)


@lru_cache(maxsize=256)
def _view(code: str) -> GameView:
    return game_view(game_rules(code))


DEFAULT_VIEW = _view(DEFAULT_GAME.code)
DEALERS_CHOICE_LABEL = msg(N_("Dealer's choice"), ruling="R25")


def table_game(table: TableState) -> GameView | None:
    """This hand's game, or the next hand's between hands (None under dealer's choice until the deal names it)."""
    game = table.game
    return _view(game.code) if game is not None else None


def table_games(table: TableState) -> tuple[GameView, ...]:
    return tuple(_view(code) for code in table.games)


def game_json(game: GameView | None, games: tuple[GameView, ...], choice: str) -> dict[str, Any]:
    """The STATE's fields about the game: the table's games, how they are chosen, this hand's game and size."""
    return {"games": [view.code for view in games], "choice": choice, "game": game.code if game else None,
            "hand_size": game.hand_size if game else None,
            "betting": game.structure if game else None, "draws": game.draws if game else None}
