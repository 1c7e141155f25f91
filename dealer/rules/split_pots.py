"""Split games (ruling R24): each pot is halved, the odd chip of the halving to the five-card half; each half goes
to its best hand (ties split with R17's odd-chip order); one player can win both halves; no qualifier."""

from __future__ import annotations

from ..messages import N_, Msg, msg
from .games import GameRules, SplitHand
from .outcomes import Award, Pot
from .pots import split
from .ranking import RankedHand
from .table_state import TableState
from .ties import explain_tie

HALF_NAMES = {"2-7": msg(N_("2-7 half")), "a-5": msg(N_("A-5 half")), "badugi": msg(N_("badugi half"))}


def halve(amount: int) -> tuple[int, int]:
    """The five-card half's chips, then the badugi half's: the odd chip of the halving to the five-card half."""
    return amount - amount // 2, amount // 2


def half_awards(table: TableState, button: str, game: GameRules, index: int, pot: Pot, claimants: list[str],
                shown: dict[str, RankedHand] | None) -> tuple[Award, Award]:
    """The two awards of a pot of a split game: each half to its best hand among ``claimants`` (shown hands
    compared when ``shown`` is given, else the one claimant takes both)."""
    awards = []
    for position, (half, amount) in enumerate(zip(game.halves, halve(pot.amount), strict=True)):
        winners, reason = list(claimants), None
        if shown is not None and len(claimants) > 1:
            ranked = {name: _half(shown[name], position) for name in claimants}
            best = min(hand.key for hand in ranked.values())
            winners = [name for name in claimants if ranked[name].key == best]
            losers = sorted((name for name in claimants if name not in winners), key=lambda name: ranked[name].key)
            if len(winners) > 1:
                reason = explain_tie(half.explain, [ranked[name] for name in winners])
            elif losers:
                reason = half.explain(ranked[winners[0]], ranked[losers[0]])
        shares, odd = split(table, amount, winners, button)
        ordered = tuple(name for name in pot.eligible if name in winners)
        awards.append(Award(index, amount, pot.eligible, ordered, shares, odd, shown is not None, reason, half.code))
    return awards[0], awards[1]


def _half(hand: RankedHand, position: int) -> RankedHand:
    assert isinstance(hand, SplitHand)
    return hand.halves[position]


def half_sentence(award: Award, pot_name: Msg) -> Msg:
    half = HALF_NAMES[award.half or "badugi"]
    if len(award.winners) == 1:
        return msg(N_("{player} wins the {half} of the {pot}: {amount}"), rule="08", ruling="R24",
                   player=award.winners[0], half=half, pot=pot_name, amount=award.amount)
    shares = ", ".join(f"{name} {award.shares[name]}" for name in award.winners)
    if award.odd_chips:
        return msg(N_("The {half} of the {pot} ({amount}) is split: {shares}; odd chips to {odd} (first tied left "
                      "of the button)"), rule="08", ruling="R24", half=half, pot=pot_name, amount=award.amount,
                   shares=shares, odd=", ".join(award.odd_chips))
    return msg(N_("The {half} of the {pot} ({amount}) is split: {shares}"), rule="08", ruling="R24", half=half,
               pot=pot_name, amount=award.amount, shares=shares)
