"""The notes of the moment in the snapshot: why a raise is not offered, a short all-in, whose announcement or
showdown the table waits for; each sentence with its rule."""

from __future__ import annotations

from ..messages import N_, Msg, msg
from ..rules import betting
from ..rules.legal import WAGERS, Legal
from ..rules.table_state import Phase, Seat, TableState

# Enum members read through their class are slow in CPython 3.11, and the notes are read after every input.
DEAL, BET, DRAW, SHOWDOWN, OVER = Phase.DEAL, Phase.BET, Phase.DRAW, Phase.SHOWDOWN, Phase.OVER


def notes(table: TableState, seat: Seat | None, legal: Legal = ()) -> tuple[Msg, ...]:
    """Notable facts of the moment, each with its rule: why a raise is not offered (``legal``: the legal actions),
    a short all-in, and so on."""
    hand = table.hand
    if table.phase is DEAL:
        return (msg(N_("Shuffle all 52 cards, then deal hand {number}."), rule="08", number=table.hand_number + 1),)
    if table.phase is OVER or hand is None:
        return ()
    found: list[Msg] = []
    if table.phase is BET and hand.betting is not None and seat is not None:
        round_ = hand.betting
        level = betting.current_bet(table, round_)
        if round_.big_bet and level > round_.level:
            found.append(msg(N_("A short all-in made it {level}: it reopens the betting only for a player who now "
                                "faces a full raise of {step} since acting."), rule="06", ruling="R30", level=level,
                             step=round_.full_raise))
        elif level > round_.level and not round_.has_bet:
            found.append(msg(N_("A short all-in bet of {level} is not a full bet: players who already checked may "
                                "only call or fold; the others may call or complete it to {unit}."), rule="06",
                             ruling="R7", level=level, unit=round_.unit))
        elif level > round_.level:
            found.append(msg(N_("A short all-in made it {level}: it does not reopen the betting for players who "
                                "already acted at {qualifying}."), rule="06", ruling="R7", level=level,
                             qualifying=round_.level))
        # A bet or raise the rules offer has no blocker (betting.options asks what raise_blocker explains).
        blocker = None if any(option.action in WAGERS for option in legal) else betting.raise_blocker(
            table, round_, seat)
        if blocker is not None:
            found.append(blocker)
    if table.phase is DRAW and seat is not None:
        found.append(msg(N_("{player} announces how many cards to discard (0-5) or folds."), rule="05", ruling="R12",
                         player=seat.name))
    if table.phase is SHOWDOWN and hand.showdown is not None and seat is not None:
        found.append(msg(N_("{player} shows or mucks."), rule="08", ruling="R18", player=seat.name))
    return tuple(found)
