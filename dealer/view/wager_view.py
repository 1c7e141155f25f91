"""The amount entry of big-bet play (R29-R31): the range, the presets and their words, for the console and phones."""

from __future__ import annotations

from ..messages import N_, msg
from ..rules import betting, big_bet
from ..rules.legal import WAGERS, Action, Legal
from ..rules.table_state import Seat, TableState
from .snapshot import WagerPreset, WagerRange

_BET = Action.BET
_LABELS = {"min": msg(N_("Min"), ruling="R29"), "half_pot": msg(N_("½ Pot"), ruling="R31"),
           "pot": msg(N_("Pot"), ruling="R31"), "all_in": msg(N_("All-in"))}


def wager_range(table: TableState, seat: Seat | None, legal: Legal) -> WagerRange | None:
    """The bet or raise range of the player to act in big-bet play; None otherwise."""
    hand = table.hand
    option = next((option for option in legal if option.action in WAGERS), None)
    if seat is None or hand is None or option is None or option.min_to is None or hand.betting is None:
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
