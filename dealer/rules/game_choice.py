"""Which game each hand plays (ruling R25): one game for the session, a rotation, or dealer's choice.

A rotation plays each game of the table's list for the same number of hands (by default as many as the players
at the start), in order, and starts over; under dealer's choice the dealer names the game at each deal. A misdeal
keeps the hand's game (the hand is dealt again, not a new hand).
"""

from __future__ import annotations

from typing import Any

from ..errors import BadInput, NotAllowed
from ..messages import N_
from .games import (
    ALL_GAMES,
    CHOICES,
    DEALERS_CHOICE,
    DEFAULT_GAMES,
    PREFIXES,
    ROTATION,
    GameRules,
    find_game,
    game_rules,
)
from .stakes import positive_int

__all__ = ["DEFAULT_GAMES", "ROTATION", "choose_game", "next_game", "parse_game", "parse_schedule", "schedule_json"]

MAX_HANDS_PER_GAME = 1000
_CODES = ", ".join(ALL_GAMES)


def parse_game(value: Any) -> str | None:
    """A game's code as the deal names it (trimmed, lower case, with its structure prefix, R28), or None; an
    unknown code or prefix is refused (400)."""
    if value is None:
        return None
    code = value.strip().lower() if isinstance(value, str) else None
    if code is None or find_game(code) is None:
        raise BadInput(N_("Unknown game “{game}”: use one of {games}, each optionally prefixed by {prefixes}."),
                       ruling="R25", game=str(value)[:30], games=", ".join(ALL_GAMES), prefixes=", ".join(PREFIXES))
    return code


def parse_schedule(data: dict[str, Any]) -> tuple[tuple[str, ...], str, int]:
    """The table's games, how the next one is chosen, and the hands of each in a rotation (R25)."""
    games = data.get("games", list(DEFAULT_GAMES))
    if not isinstance(games, list) or not games or len(games) > 10:
        raise BadInput(N_("“games” is a list of 1 to 10 game codes: {games}."), ruling="R25", games=_CODES)
    codes = tuple(code for code in (parse_game(game) for game in games) if code is not None)
    if len(codes) != len(games):
        raise BadInput(N_("“games” is a list of 1 to 10 game codes: {games}."), ruling="R25", games=_CODES)
    choice = data.get("choice", ROTATION)
    if choice not in CHOICES:
        raise BadInput(N_("“choice” is “rotation” or “dealer”."), ruling="R25")
    per_game = data.get("hands_per_game")
    hands = 0 if per_game is None else positive_int(per_game, "hands_per_game", maximum=MAX_HANDS_PER_GAME)
    return codes, str(choice), hands


def schedule_json(games: tuple[str, ...], choice: str, hands_per_game: int) -> dict[str, Any]:
    """The stored settings of the schedule; none for the house card's single game (old logs stay as they were)."""
    if games == DEFAULT_GAMES and choice == ROTATION and not hands_per_game:
        return {}
    return {"games": list(games), "choice": choice, "hands_per_game": hands_per_game}


def rotation_game(games: tuple[str, ...], hands_per_game: int, hand_number: int) -> GameRules:
    """The game of hand ``hand_number`` (1 for the first) in a rotation."""
    per_game = max(1, hands_per_game)
    return game_rules(games[((hand_number - 1) // per_game) % len(games)])


def next_game(games: tuple[str, ...], choice: str, hands_per_game: int, hand_number: int) -> GameRules | None:
    """The game of the next hand (``hand_number`` hands played so far); None under dealer's choice."""
    if choice == DEALERS_CHOICE:
        return None
    return rotation_game(games, hands_per_game, hand_number + 1)


def choose_game(games: tuple[str, ...], choice: str, hands_per_game: int, hand_number: int,
                named: str | None) -> GameRules:
    """The game the deal of the next hand plays, or a refusal (409) saying which games the deal may name."""
    if choice == DEALERS_CHOICE:
        if named is None:
            raise NotAllowed(N_("Dealer's choice: name the game of this hand ({games})."), ruling="R25",
                             games=", ".join(games))
        if named not in games:
            raise NotAllowed(N_("{game} is not one of this table's games ({games})."), ruling="R25",
                             game=named, games=", ".join(games))
        return game_rules(named)
    game = rotation_game(games, hands_per_game, hand_number + 1)
    if named is not None and named != game.code:
        raise NotAllowed(N_("The rotation's next game is {game}, not {named}."), ruling="R25", game=game.code,
                         named=named)
    return game
