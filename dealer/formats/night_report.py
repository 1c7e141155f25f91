"""The night's report: per player hands played and won, showdowns won, the biggest pot won, chips won or lost and
cards drawn, and the biggest pots of the night; read from the record of each hand and the standings (R20)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..messages import Msg
from ..record.hand_record import SessionRecord
from ..rules.facts import Bought, StakesChanged
from ..rules.games import DEFAULT_GAMES, game_rules
from ..rules.legal import Action
from ..view.snapshot import StandingRow

BIGGEST_POTS = 5
REBUY, ADD_ON = "rebuy", "add_on"  # the kinds of a tournament's purchases (Bought)


@dataclass(frozen=True)
class PlayerNight:
    name: str
    place: int
    shared: bool  # equal stacks share a place (R20)
    stack: int
    change: int  # chips won (+) or lost (-) against the starting stack
    hands_played: int
    hands_won: int  # hands in which the player took chips from a pot
    showdowns_won: int  # of those, won at a showdown
    biggest_pot: int  # the most chips taken in one hand
    cards_drawn: int
    rebuys: int = 0  # a tournament's rebuys and add-ons bought by the player (R37)
    add_ons: int = 0


@dataclass(frozen=True)
class BigPot:
    hand: int
    amount: int
    winners: tuple[str, ...]
    showdown: bool
    game: Msg | None = None  # the hand's game, at a table of several games or another game than 2-7 (R25)


@dataclass(frozen=True)
class NightReport:
    players: tuple[PlayerNight, ...]  # in standings order, best first
    biggest_pots: tuple[BigPot, ...]
    hands: tuple[int, ...]  # every hand dealt, for the links to their histories
    finished_hands: int
    games: tuple[tuple[Msg, int], ...] = ()  # hands dealt of each game, where the table played other games (R25)
    stakes_changes: tuple[Msg, ...] = ()  # an open game's new stakes between hands, in order (R34)
    rebuys: int = 0  # a tournament's rebuys and add-ons, all players (R37)
    add_ons: int = 0


def night_report(session: SessionRecord, standings: Sequence[StandingRow]) -> NightReport:
    names = [row.name for row in standings]
    played = dict.fromkeys(names, 0)
    won = dict.fromkeys(names, 0)
    showdowns = dict.fromkeys(names, 0)
    biggest = dict.fromkeys(names, 0)
    drawn = dict.fromkeys(names, 0)
    pots: list[BigPot] = []
    for hand in session.hands:
        for name in hand.names:
            played[name] += 1
        for step in hand.steps:
            if step.entry.action is Action.DRAW and step.entry.player in drawn:
                drawn[step.entry.player] += step.entry.count or 0
        result = hand.result
        if result is None:
            continue
        taken: dict[str, int] = {}
        for award in result.awards:
            for name, chips in award.shares.items():
                taken[name] = taken.get(name, 0) + chips
        for name, chips in taken.items():
            if chips > 0:
                won[name] += 1
                showdowns[name] += 0 if result.uncontested else 1
                biggest[name] = max(biggest[name], chips)
        winners = tuple(name for name in hand.names if taken.get(name, 0) > 0)
        pots.append(BigPot(hand.number, sum(award.amount for award in result.awards), winners,
                           not result.uncontested, _game_name(session, hand.game)))
    pots.sort(key=lambda pot: (-pot.amount, pot.hand))
    bought = purchases(session)
    players = tuple(PlayerNight(row.name, row.place, row.shared, row.stack, row.change, played[row.name],
                                won[row.name], showdowns[row.name], biggest[row.name], drawn[row.name],
                                bought[REBUY][row.name], bought[ADD_ON][row.name])
                    for row in standings)
    return NightReport(players, tuple(pots[:BIGGEST_POTS]), tuple(hand.number for hand in session.hands),
                       sum(1 for hand in session.hands if hand.result is not None), _games_played(session),
                       stakes_changes(session), bought[REBUY].total(), bought[ADD_ON].total())


def purchases(session: SessionRecord) -> dict[str, Counter[str]]:
    """A tournament's rebuys and add-ons per player, as recorded (R37); nobody's in a session or an open game."""
    found: dict[str, Counter[str]] = {REBUY: Counter(), ADD_ON: Counter()}
    steps = (*session.before, *(step for hand in session.hands for step in (*hand.steps, *hand.between)))
    for step in steps:
        for fact in step.facts:
            if isinstance(fact, Bought) and fact.kind in found:
                found[fact.kind][fact.player] += 1
    return found


def stakes_changes(session: SessionRecord) -> tuple[Msg, ...]:
    """Each change of the stakes between hands, in the words the log recorded ("New stakes from hand 5: …", R34)."""
    steps = (*session.before, *(step for hand in session.hands for step in hand.between))
    return tuple(step.lines[0] for step in steps if step.lines
                 and any(isinstance(fact, StakesChanged) for fact in step.facts))


def _several_games(session: SessionRecord) -> bool:
    return session.create.games != DEFAULT_GAMES


def _game_name(session: SessionRecord, code: str) -> Msg | None:
    return game_rules(code).full_name if _several_games(session) else None


def _games_played(session: SessionRecord) -> tuple[tuple[Msg, int], ...]:
    """Hands dealt of each game, in the table's order (none for the house card's single 2-7 game)."""
    if not _several_games(session):
        return ()
    counts = Counter(hand.game for hand in session.hands)
    return tuple((game_rules(code).full_name, counts[code]) for code in dict.fromkeys(session.create.games))
