"""Corrections in words: undo and redo are recorded inputs, and nothing a dealer takes back leaves the record.

An undone input's log lines stay, struck through and marked with the time of the undo; redo re-applies the inputs
undone last; an undo that would take back the end of a hand or a deal says what it reverts, so the console can ask
for a second tap; a tap made on a screen another tablet has since changed is told what that tablet recorded.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..messages import N_, Msg, msg
from ..rules.entries import Entry, Input, Redo, Undo
from ..rules.legal import BETWEEN_ACTIONS, Action
from ..rules.table_state import DEALING, OVER, TableState

# Enum members read through their class cost about 100 ns each in CPython 3.11, and this runs for every input:
# read once here.
_DEAL = Action.DEAL
_MISDEAL = Action.MISDEAL
_EXPOSED = Action.EXPOSED

MISDEAL_RECORDED = msg(N_("Misdeal recorded: shuffle all 52 and deal again."), rule="08", ruling="R19")


def boundary_sentence(table: TableState, last: Input | None) -> Msg | None:
    """What an undo would revert when it crosses the end of a hand (pots paid) or a deal; None inside a hand."""
    if last is None or last.action in BETWEEN_ACTIONS:  # an open game's input between hands crosses nothing (R26)
        return None
    hand = table.hand
    if last.action is _DEAL and hand is not None:
        return msg(N_("Undo the deal of hand {number}: the blinds go back to {small} and {big}, and the cards are "
                      "gathered."), number=hand.number, small=hand.small_blind, big=hand.big_blind)
    result = table.last_hand
    if table.phase not in (DEALING, OVER) or result is None or result.hand != table.hand_number:
        return None
    won: dict[str, int] = {}
    for award in result.awards:
        for name, amount in award.shares.items():
            won[name] = won.get(name, 0) + amount
    if len(won) == 1:
        ((name, amount),) = won.items()
        return msg(N_("Undo the end of hand {number}: the {amount} chips {player} won go back to the pot."),
                   rule="08", number=result.hand, amount=amount, player=name)
    paid = ", ".join(f"{name} {amount}" for name, amount in won.items())
    return msg(N_("Undo the end of hand {number}: the chips paid ({paid}) go back to the pots."), rule="08",
               number=result.hand, paid=paid)


def recorded_notice(table: TableState, last: Input | None, lines: Sequence[Msg]) -> Msg | None:
    """A rare input just recorded, said where the dealer looks: the console must look different afterwards."""
    if last is None or table.hand is None or table.hand.ended:
        return None
    if last.action is _MISDEAL:
        return MISDEAL_RECORDED
    if last.action is _EXPOSED and lines:
        return msg(N_("Exposed card recorded: {what}"), rule="05", ruling="R14", what=lines[0])
    return None


def recorded_since(entries: Sequence[Entry], given: int, last_label: Msg | None) -> Msg | None:
    """What another device recorded after the screen at seq ``given``: "Another tablet recorded “Bruno calls 2”…".

    ``last_label`` is the latest entry in words when it is an input. None when ``given`` is not an earlier seq."""
    current = len(entries) - 1
    if not 0 <= given < current:
        return None
    count = current - given
    latest = entries[-1]
    if isinstance(latest, Undo):
        what = msg(N_("an undo"))
    elif isinstance(latest, Redo):
        what = msg(N_("a redo"))
    else:
        what = msg(N_("“{input}”"), input=last_label or msg(""))
    if count == 1:
        return msg(N_("Another tablet recorded {what} meanwhile; here is the table now."), what=what)
    return msg(N_("Another tablet recorded {count} inputs meanwhile, the last: {what}; here is the table now."),
               count=count, what=what)
