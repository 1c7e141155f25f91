"""Which game the table plays, as the screens show it (R25): this hand's (or the next hand's), and the table's list."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..messages import N_, Msg, msg
from ..rules.games import DEFAULT_GAME, GAMES, GameRules
from ..rules.table_state import TableState


class GameView(NamedTuple):
    code: str
    name: Msg
    hand_size: int
    split: bool
    halves: tuple[str, ...]  # "2-7" | "a-5" | "badugi", the five-card half first


def game_view(game: GameRules) -> GameView:
    return GameView(game.code, game.name, game.hand_size, game.split, tuple(half.code for half in game.halves))


_VIEWS = {code: game_view(game) for code, game in GAMES.items()}
DEFAULT_VIEW = _VIEWS[DEFAULT_GAME.code]
DEALERS_CHOICE_LABEL = msg(N_("Dealer's choice"), ruling="R25")


def table_game(table: TableState) -> GameView | None:
    """This hand's game, or the next hand's between hands (None under dealer's choice until the deal names it)."""
    game = table.game
    return _VIEWS[game.code] if game is not None else None


def table_games(table: TableState) -> tuple[GameView, ...]:
    return tuple(_VIEWS[code] for code in table.games)


def game_json(game: GameView | None, games: tuple[GameView, ...], choice: str) -> dict[str, Any]:
    """The STATE's fields about the game: the table's games, how they are chosen, this hand's game and size."""
    return {"games": [view.code for view in games], "choice": choice, "game": game.code if game else None,
            "hand_size": game.hand_size if game else None}
