"""Showdown (§07, §08; rulings R16-R18): who shows first, conceding, and paying each pot separately."""

from __future__ import annotations

from collections.abc import Callable

from ..messages import N_, Msg, msg
from .facts import Awarded
from .outcomes import Award, Pot
from .pots import split
from .ranking import RankedHand
from .split_pots import half_awards, half_sentence
from .table_state import Hand, Seat, Showdown, TableState
from .ties import explain_tie


def showing_order(table: TableState, hand: Hand) -> list[str]:
    """The last bettor or raiser of the final round shows first, else the first live player left of the button
    (R18; R33 in single draw)."""
    betting = hand.betting
    first = None
    if (betting is not None and betting.number == hand.game.betting_rounds and betting.last_aggressor is not None
            and table.seat(betting.last_aggressor).live):
        first = betting.last_aggressor
    if first is None:
        first = next(seat.name for seat in table.clockwise_from(hand.button, include_self=True) if seat.live)
    return _clockwise_live(table, first)


def _clockwise_live(table: TableState, first: str) -> list[str]:
    start = table.index(first)
    count = len(table.seats)
    rotated = [table.seats[(start + step) % count] for step in range(count)]
    return [seat.name for seat in rotated if seat.live]


def settle(table: TableState, hand: Hand, showdown: Showdown) -> list[Msg]:
    """Pay every pot that no longer needs a hand shown: one claimant left, or every claimant has shown."""
    sentences: list[Msg] = []
    for index, pot in enumerate(showdown.pots):
        if index in showdown.awards:
            continue
        claimants = showdown.claimants(pot)
        if hand.game.split:
            if len(claimants) == 1 or (claimants and all(name in showdown.shown for name in claimants)):
                shown = showdown.shown if len(claimants) > 1 else None
                first, second = half_awards(table, hand.button, hand.game, index, pot, claimants, shown)
                showdown.awards[index], showdown.halves[index] = first, second
                for award in (first, second):
                    table.facts.append(Awarded(award, len(showdown.pots)))
                    sentences.append(award_sentence(award, len(showdown.pots)))
            continue
        if len(claimants) == 1:
            award = _award(table, hand, index, pot, claimants, shown=False)
        elif claimants and all(name in showdown.shown for name in claimants):
            best = min(showdown.shown[name].key for name in claimants)
            winners = [name for name in claimants if showdown.shown[name].key == best]
            award = _award(table, hand, index, pot, winners, shown=True,
                           reason=_reason(showdown, claimants, winners, hand.game.halves[0].explain))
        else:
            continue
        showdown.awards[index] = award
        table.facts.append(Awarded(award, len(showdown.pots)))
        sentences.append(award_sentence(award, len(showdown.pots)))
    return sentences


def _reason(showdown: Showdown, claimants: list[str], winners: list[str],
            explain: Callable[[RankedHand, RankedHand], Msg]) -> Msg | None:
    """The sentence that decides the pot: the winner against the best losing hand, or the tie."""
    hands: dict[str, RankedHand] = showdown.shown
    if len(winners) > 1:
        return explain_tie(explain, [hands[name] for name in winners])  # every tied hand named (three or more)
    losers = sorted((name for name in claimants if name not in winners), key=lambda name: hands[name].key)
    return explain(hands[winners[0]], hands[losers[0]]) if losers else None


def _award(table: TableState, hand: Hand, index: int, pot: Pot, winners: list[str], shown: bool,
           reason: Msg | None = None) -> Award:
    shares, odd = split(table, pot.amount, winners, hand.button)
    ordered = tuple(name for name in pot.eligible if name in winners)
    return Award(index, pot.amount, pot.eligible, ordered, shares, odd, shown, reason)


def award_sentence(award: Award, pot_count: int) -> Msg:
    pot_name = pot_label(award.pot, pot_count)
    if award.half is not None:
        return half_sentence(award, pot_name)
    if len(award.winners) == 1:
        return msg(N_("{player} wins the {pot} of {amount}"), rule="08", player=award.winners[0], pot=pot_name,
                   amount=award.amount)
    shares = ", ".join(f"{name} {award.shares[name]}" for name in award.winners)
    if len(award.odd_chips) == 1:
        return msg(N_("The {pot} of {amount} is split: {shares}; odd chip to {odd} (first tied left of the "
                      "button)"), rule="08", ruling="R17", pot=pot_name, amount=award.amount, shares=shares,
                   odd=award.odd_chips[0])
    if award.odd_chips:
        return msg(N_("The {pot} of {amount} is split: {shares}; odd chips to {odd} (first tied left of the "
                      "button)"), rule="08", ruling="R17", pot=pot_name, amount=award.amount, shares=shares,
                   odd=", ".join(award.odd_chips))
    return msg(N_("The {pot} of {amount} is split: {shares}"), rule="08", ruling="R17", pot=pot_name,
               amount=award.amount, shares=shares)


_POT, _MAIN_POT, _SIDE_POT = msg(N_("pot")), msg(N_("main pot")), msg(N_("side pot"))


def pot_label(index: int, count: int) -> Msg:
    if count == 1:
        return _POT
    if index == 0:
        return _MAIN_POT
    if count == 2:
        return _SIDE_POT
    return msg(N_("side pot {number}"), number=index)


def next_to_show(table: TableState, showdown: Showdown) -> Seat | None:
    """The next player in order who still contests a pot that needs hands shown."""
    open_claims = set()
    for index, pot in enumerate(showdown.pots):
        if index not in showdown.awards:
            open_claims.update(showdown.claimants(pot))
    for position in range(showdown.next_index, len(showdown.order)):
        name = showdown.order[position]
        if name in open_claims and name not in showdown.shown and name not in showdown.mucked:
            showdown.next_index = position
            return table.seat(name)
    return None
