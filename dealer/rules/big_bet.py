"""Pot-limit and no-limit amounts (rulings R28-R31): the smallest and largest total of a bet or raise, reopening.

Fixed limit keeps its own path in ``betting.py`` (the unit, the cap, §06's half-unit reopening); this module holds
what differs in big-bet play. ``top`` is the round's current bet (pre-draw never below the full big blind, R29) and
``level`` what the player to act must reach (R6); both come from ``betting.py``.
"""

from __future__ import annotations

from ..errors import BadInput, NotAllowed
from ..messages import N_, Msg, msg
from .facts import COMPLETE, INCOMPLETE
from .legal import Action, LegalAction
from .table_state import BettingRound, Hand, Seat, TableState

_BET = Action.BET


def pot_after_call(table: TableState, hand: Hand, seat: Seat, top: int) -> int:
    """Every chip in the middle once ``seat`` has called: earlier rounds, antes, the bets on the table, the call;
    before the first draw a short blind counts as full (R31, TDA 54-B)."""
    pot = sum(other.committed for other in table.seats) + max(0, top - seat.bet)
    betting = hand.betting
    if betting is not None and betting.number == 1:
        pot += hand.blind_shortfall
    return pot


def pot_size_to(table: TableState, hand: Hand, seat: Seat, top: int) -> int:
    """The pot-size raise: call, then raise the whole pot (R31)."""
    return top + pot_after_call(table, hand, seat, top)


def bounds(table: TableState, hand: Hand, seat: Seat, top: int) -> tuple[int, int]:
    """The smallest and largest total ``seat`` may bet or raise to: the current bet plus the last full bet or raise
    (R29) up to the whole stack in no-limit or the pot in pot-limit (R31); only the all-in when the stack is
    shorter than the minimum."""
    betting = hand.betting
    assert betting is not None
    own = seat.bet + seat.stack
    low = top + betting.full_raise
    if own <= low:
        return own, own
    high = own if not betting.pot_limit else min(own, max(low, pot_size_to(table, hand, seat, top)))
    return low, high


def blocker(table: TableState, betting: BettingRound, seat: Seat, top: int, level: int) -> Msg | None:
    """Why ``seat`` may not bet or raise now in big-bet play, or None when it may (R30, R6, R11)."""
    if seat.acted_level is not None and top - seat.acted_level < betting.full_raise:
        return msg(N_("Raise not offered: {player} already acted and has not faced a full raise since; the short "
                      "all-in did not reopen the betting: call or fold."), rule="06", ruling="R30", player=seat.name)
    return chips_blocker(table, seat, level)


def chips_blocker(table: TableState, seat: Seat, level: int) -> Msg | None:
    """Why nobody's chips allow a raise over ``level`` (every structure: R6, R11), or None when they do."""
    if seat.bet + seat.stack <= level:
        return msg(N_("Raise not offered: {player} has no chips beyond the call."), rule="06", player=seat.name)
    if not any(other.active and other.bet + other.stack > level for other in table.seats if other is not seat):
        return msg(N_("Raise not offered: nobody left could call more, the extra would only come back."),
                   rule="04", ruling="R11")
    return None


def aggressive_option(table: TableState, hand: Hand, seat: Seat, action: Action, top: int) -> LegalAction:
    """The bet or raise entry of ``legal``: its range as totals for the round (its ``to`` is the minimum)."""
    low, high = bounds(table, hand, seat, top)
    return LegalAction(action, amount=low - seat.bet, to=low, all_in=low == seat.bet + seat.stack, min_to=low,
                       max_to=high)


def chosen(table: TableState, hand: Hand, seat: Seat, option: LegalAction, to: int | None) -> LegalAction:
    """The bet or raise to the declared total ``to`` (TDA 43-B: a declared amount is the total), or a refusal:
    400 without a whole number, 409 outside the range, which names it and its rule (R29, R31)."""
    low, high = option.min_to, option.max_to
    assert low is not None and high is not None
    if to is None:
        raise BadInput(N_("Say the amount: “to” is {player}'s total for the round, {low} to {high}."), rule="04",
                       ruling="R29", player=seat.name, low=low, high=high)
    if not low <= to <= high:
        raise range_refusal(table, hand, seat, option, to)
    own = seat.bet + seat.stack
    return LegalAction(option.action, amount=to - seat.bet, to=to, all_in=to == own, min_to=low, max_to=high)


def range_refusal(table: TableState, hand: Hand, seat: Seat, option: LegalAction, to: int) -> NotAllowed:
    """A declared total outside the range, in one sentence naming the range and the rule."""
    words = range_words(table, hand, seat, option, over=to > (option.max_to or 0))
    return NotAllowed(words.text, rule=words.rule, ruling=words.ruling, **dict(words.args))


def range_words(table: TableState, hand: Hand, seat: Seat, option: LegalAction, over: bool = True) -> Msg:
    """The range of a bet or raise and the rule that sets it: "Between 12 and 57: a raise must add at least 5."
    (R29), or the pot-limit maximum when ``over`` it (R31)."""
    betting = hand.betting
    assert betting is not None and option.min_to is not None and option.max_to is not None
    low, high = option.min_to, option.max_to
    if low == high:
        return msg(N_("{player} can only go all-in: to {max}."), rule="06", ruling="R29", player=seat.name,
                   max=high)
    if over and betting.pot_limit and high < seat.bet + seat.stack:
        return msg(N_("Between {min} and {max}: in pot-limit the most is the pot, {max}."), rule="04",
                   ruling="R31", min=low, max=high)
    if option.action is _BET:
        return msg(N_("Between {min} and {max}: a bet is at least the big blind, {step}."), rule="04",
                   ruling="R29", min=low, max=high, step=table.stakes.big_blind)
    return msg(N_("Between {min} and {max}: a raise must add at least {step}."), rule="04", ruling="R29",
               min=low, max=high, step=betting.full_raise)


def settle_wager(betting: BettingRound, seat: Seat, to: int, top: int) -> str:
    """Record a bet or raise to ``to`` over the current bet ``top``: a full one sets the next minimum raise and
    reopens the betting; a short all-in does neither (R30: unlike §06's half unit, on purpose)."""
    betting.last_aggressor = seat.name
    increase = to - top
    if increase >= betting.full_raise:
        kind = COMPLETE
        if betting.has_bet:
            betting.raises += 1
        betting.has_bet = True
        betting.full_raise = increase
        betting.level = to
    else:
        kind = INCOMPLETE
    seat.acted_level = max(to, top)
    return kind


def short_note() -> Msg:
    """The note of a short all-in in big-bet play (R30)."""
    return msg(N_("incomplete: does not reopen the betting for players who already acted"), rule="06", ruling="R30")


NO_CAP = msg(N_("no cap in pot-limit and no-limit play"), rule="04", ruling="R28")
