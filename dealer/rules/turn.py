"""Whose turn it is and the legal actions of the moment: one value, read by every display and the JSON API."""

from __future__ import annotations

from . import betting, draws
from .games import DEALERS_CHOICE
from .legal import DEAL, FOLD, MISDEAL, MUCK, SHOW, Action, Legal, LegalAction, draw_option, exposed_option
from .open_game import deal_refusal, table_options
from .table_state import AT_SHOWDOWN, BETTING, DEALING, DRAWING, OVER, Hand, Seat, TableState
from .tournament_inputs import clock_options

# Enum members read through their class cost about 100 ns each in CPython 3.11, and this runs for every input:
# read once here.
_DEAL = Action.DEAL


def to_act(table: TableState) -> Seat | None:
    """The player the table waits for, or None between hands, after the session, or while nobody owes an input."""
    hand = table.hand
    if hand is None or hand.ended or table.phase in (DEALING, OVER):
        return None
    return table.seat(hand.to_act) if hand.to_act else None


def legal_actions(table: TableState) -> Legal:
    """Every input the rules allow now, with its amounts: the buttons of every display come from this value."""
    if table.phase is OVER:
        return ()
    if table.phase is DEALING:
        if deal_refusal(table) is not None:
            deal: Legal = ()
        elif table.choice == DEALERS_CHOICE:
            deal = (LegalAction(_DEAL, games=table.games),)
        else:
            deal = (DEAL,)
        return deal + table_options(table)  # an open game: who comes and goes between hands (R26)
    hand = table.hand
    assert hand is not None
    # to_act, the phase known here; the seat looked up inline (table.seat is a method call, on every input)
    seat = table.seats[table.positions[hand.to_act]] if hand.to_act and not hand.ended else None
    choices: list[LegalAction] = []
    if seat is not None:
        if table.phase is BETTING:
            choices.extend(betting.options(table, hand, seat))
        elif table.phase is DRAWING:
            choices.extend((draw_option(hand.game.hand_size), FOLD))
        elif table.phase is AT_SHOWDOWN:
            choices.extend((SHOW, MUCK))
    if misdeal_open(table, hand):
        choices.append(MISDEAL)
    exposable = draws.exposure_players(hand) if hand.exposed_open else ()
    if exposable:
        choices.append(exposed_option(exposable))
    if table.tournament is not None:  # pause or resume the clock, mid-hand too (R36)
        choices.extend(clock_options(table))
    return tuple(choices)


def misdeal_open(table: TableState, hand: Hand) -> bool:
    """A misdeal voids the first deal only before any player input of the hand (R19)."""
    return hand.player_inputs == 0 and not hand.plan and table.phase in (BETTING, DRAWING)  # the phase asked last:
    # a tuple's ``in`` compares strings, and after the first input of a hand the answer is already known
