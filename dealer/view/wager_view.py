"""The amount entry of big-bet play (R29-R31): the range, the presets and their words, for the console and phones."""

from __future__ import annotations

from typing import NamedTuple

from ..messages import N_, Msg, msg
from ..rules import betting, big_bet
from ..rules.legal import WAGERS, Action, Legal
from ..rules.table_state import Seat, TableState
from .snapshot import Snapshot, WagerPreset, WagerRange

_BET, _CALL = Action.BET, Action.CALL
_LABELS = {"min": msg(N_("Min"), ruling="R29"), "half_pot": msg(N_("½ Pot"), ruling="R31"),
           "pot": msg(N_("Pot"), ruling="R31"), "all_in": msg(N_("All-in"))}


def wager_range(table: TableState, seat: Seat | None, legal: Legal) -> WagerRange | None:
    """The bet or raise range of the player to act in big-bet play; None otherwise."""
    hand = table.hand
    if seat is None or hand is None or hand.betting is None or not hand.betting.big_bet:
        return None  # fixed limit: one amount, no range (R28)
    option = next((option for option in legal if option.action in WAGERS), None)
    if option is None or option.min_to is None:
        return None
    low, high = option.min_to, option.max_to or option.min_to
    top = betting.current_bet(table, hand.betting)
    pot = big_bet.pot_after_call(table, hand, seat, top)
    own = seat.bet + seat.stack
    amounts = (("min", low), ("half_pot", top + pot // 2), ("pot", top + pot), ("all_in", own))
    presets = tuple(WagerPreset(key, _LABELS[key], to) for key, to in amounts if low <= to <= high)
    is_bet = option.action is _BET
    template = N_("Bet {to}") if is_bet else N_("Raise to {to}")
    if hand.betting.pot_limit:
        hint = msg(N_("Pot-size bet: {to}") if is_bet else N_("Pot-size raise: to {to}"), ruling="R31", to=high)
    else:
        hint = msg(N_("Min bet: {to}") if is_bet else N_("Min raise: to {to}"), ruling="R29", to=low)
    return WagerRange(option.action, seat.name, low, high, presets, msg(template, to=low), msg(template, to="{to}"),
                      msg(N_("All-in {amount}"), amount=high) if high == own else msg(template, to=high), hint,
                      big_bet.range_words(table, hand, seat, option, over=True))


class PushedReading(NamedTuple):
    """What chips pushed forward without a word count as (TDA 43-A): a call or a bet/raise, to a total."""

    action: Action  # call, bet or raise
    to: int  # the player's total for the round
    returned: int  # chips pushed beyond it, given back
    words: Msg


def read_pushed(snap: Snapshot, pushed: int) -> PushedReading | None:
    """Chips pushed by the player to act without a word, read as the rules read them (TDA 43-A, R29): under half
    the minimum raise over the call, a call and the rest returned; half or more, a raise, made at least the minimum
    (and at most the maximum); with nothing to call, a bet of at least the big blind. In fixed limit (no range) the
    chips are a call. None when nobody is to bet or call."""
    wager = snap.wager_range
    seat = next((row for row in snap.seats if row.name == snap.to_act), None)
    if seat is None or snap.to_call is None or pushed <= 0 or (wager is None and not snap.to_call):
        return None
    call_to = seat.bet + snap.to_call
    total = seat.bet + pushed
    if wager is None or (snap.to_call and 2 * (total - call_to) < wager.min - call_to):
        words = msg(N_("Chips pushed without a word: less than half the minimum raise over the call, so {player} "
                       "calls {call}."), ruling="R29", player=seat.name, call=snap.to_call)
        return _reading(_CALL, call_to, total, words, seat.name)
    to = min(max(total, wager.min), wager.max)
    action = msg(N_("Bet {to}") if wager.action is _BET else N_("Raise to {to}"), to=to)
    words = msg(N_("Chips pushed without a word: {action} (at least {min}, at most {max})."), ruling="R29",
                action=action, min=wager.min, max=wager.max)
    return _reading(wager.action, to, total, words, seat.name)


def _reading(action: Action, to: int, total: int, words: Msg, player: str) -> PushedReading:
    returned = max(0, total - to)
    if returned:
        words = msg(N_("{sentence} {returned} go back to {player}."), ruling="R29", sentence=words,
                    returned=returned, player=player)
    return PushedReading(action, to, returned, words)
