"""The night's report: per player hands played and won, showdowns won, the biggest pot won, chips won or lost and
cards drawn, and the biggest pots of the night; read from the record of each hand and the standings (R20)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..messages import Msg
from ..record.hand_record import SessionRecord
from ..rules.facts import StakesChanged
from ..rules.games import DEFAULT_GAMES, game_rules
from ..rules.legal import Action
from ..view.snapshot import StandingRow

BIGGEST_POTS = 5


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
    players = tuple(PlayerNight(row.name, row.place, row.shared, row.stack, row.change, played[row.name],
                                won[row.name], showdowns[row.name], biggest[row.name], drawn[row.name])
                    for row in standings)
    return NightReport(players, tuple(pots[:BIGGEST_POTS]), tuple(hand.number for hand in session.hands),
                       sum(1 for hand in session.hands if hand.result is not None), _games_played(session),
                       stakes_changes(session))


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
