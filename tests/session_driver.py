"""Random whole sessions through the engine: every input picked among the legal actions, with undos, misdeals,
exposed cards and shown hands, for the property tests of the hand histories and the session document."""

from __future__ import annotations

import random
from typing import Any

from dealer import Game
from dealer.errors import DealerError
from dealer.rules.cards import FULL_DECK, format_cards
from dealer.rules.entries import Input, parse_create, parse_input
from dealer.rules.legal import Action

NAMES = ("Ana", "Bia", "Caio", "Dani", "Edu", "Fabi")


def random_create(rng: random.Random) -> dict[str, Any]:
    players = rng.randint(2, 6)
    deep = rng.random() < 0.5
    stacks = [rng.randint(1, 30) if not deep or rng.random() < 0.3 else rng.randint(40, 150) for _ in range(players)]
    if sum(1 for stack in stacks if stack > 0) < 2:
        stacks[:2] = [20, 20]
    return {"players": [{"name": name, "stack": stack} for name, stack in zip(NAMES, stacks, strict=False)],
            "button": NAMES[rng.randrange(players)], "hands": rng.randint(1, 6)}


def random_big_bet_create(rng: random.Random, games: tuple[str, ...]) -> dict[str, Any]:
    """A table dealing ``games`` (big-bet codes), with random blinds and, half the time, antes of either kind."""
    create = random_create(rng)
    create.update(games=list(games), blinds=rng.choice([[1, 2], [2, 5], [5, 10]]))
    if rng.random() < 0.5:
        create.update(ante=rng.randint(1, 3), ante_by=rng.choice(["each", "big-blind"]))
    return create


def random_session(rng: random.Random, undos: float = 0.05, inputs: int = 400,
                   create: dict[str, Any] | None = None) -> Game:
    """A session played at random until it ends (or ``inputs`` inputs): undos and redos, a few misdeals and exposed
    cards. ``create``: the table (a random fixed-limit one by default)."""
    game = Game(parse_create(create or random_create(rng)))
    for _ in range(inputs):
        if not game.legal:
            break
        roll = rng.random()
        try:
            if game.inputs and roll < undos:
                game.undo()
            elif roll < 1.5 * undos:
                game.redo()  # re-applies what was undone last; refused when a new input came since
            else:
                game.push(pick(game, rng))
        except DealerError:
            continue  # an exposed card the deck cannot spare, a card already shown: pick again
    return game


def pick(game: Game, rng: random.Random) -> Input:
    legal = {option.action: option for option in game.legal}
    player = game.to_act
    if Action.MISDEAL in legal and rng.random() < 0.05:
        return parse_input({"action": "misdeal"})
    if Action.EXPOSED in legal and rng.random() < 0.08:
        return parse_input({"action": "exposed", "player": rng.choice(legal[Action.EXPOSED].players)})
    if Action.DEAL in legal:
        return parse_input({"action": "deal"})
    if Action.DRAW in legal:
        if rng.random() < 0.02:
            return parse_input({"action": "fold", "player": player})
        return parse_input({"action": "draw", "player": player, "count": rng.choice((0, 1, 1, 2, 2, 3, 5))})
    if Action.SHOW in legal:
        if rng.random() < 0.2:
            return parse_input({"action": "muck", "player": player})
        return parse_input({"action": "show", "player": player, "cards": fresh_hand(game, rng)})
    choices = [action for action in (Action.CHECK, Action.CALL) if action in legal] * 4
    choices += [action for action in (Action.BET, Action.RAISE) if action in legal] * 3
    choices += [Action.FOLD] if Action.CHECK not in legal else []
    chosen = rng.choice(choices)
    request: dict[str, Any] = {"action": chosen.value, "player": player}
    option = legal.get(chosen)  # a fold is tried even where none is offered (refused, picked again)
    low, high = (option.min_to, option.max_to) if option is not None else (None, None)
    if low is not None and high is not None:  # big-bet play: a total in the range, its ends more often
        request["to"] = rng.choice([low, high, rng.randint(low, high)])
    return parse_input(request)


def fresh_hand(game: Game, rng: random.Random) -> str:
    """Five cards nobody has shown yet this hand; sometimes the same ranks as a shown hand (a tie)."""
    hand = game.state.hand
    taken = {card for ranked in (hand.showdown.shown.values() if hand and hand.showdown else ()) for card in
             ranked.cards}
    deck = [card for card in FULL_DECK if card not in taken]
    if taken and rng.random() < 0.4:
        ranks = sorted({card.rank for card in next(iter(hand.showdown.shown.values())).cards})  # type: ignore[union-attr]
        same = [next((card for card in deck if card.rank == rank), None) for rank in ranks]
        if len(ranks) == 5 and all(same):
            return format_cards([card for card in same if card is not None])
    return format_cards(rng.sample(deck, 5))
