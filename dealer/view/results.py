"""The last hand's result in words: each pot's winners and shares, the odd chips, how it was decided (§07, §08)."""

from __future__ import annotations

from ..messages import N_, Msg, msg
from ..rules.outcomes import Award, HandResult
from ..rules.pots import returned_sentence
from ..rules.showdown import pot_label
from ..rules.split_pots import HALF_NAMES
from .snapshot import AwardView, ResultView, Returned, ShownHand


def result_view(result: HandResult) -> ResultView:
    count = len({award.pot for award in result.awards})
    awards = tuple(_award_view(award, count, result.uncontested, tuple(result.shown)) for award in result.awards)
    shown = tuple(ShownHand(name, ranked.cards, ranked.name, ranked.category.label)
                  for name, ranked in result.shown.items())
    returned = tuple(Returned(name, chips, returned_sentence(name, chips)) for name, chips in result.returned.items())
    return ResultView(result.hand, awards, shown, returned, result.uncontested)


def odd_chip_sentence(odd_chips: tuple[str, ...]) -> Msg | None:
    """Who got the odd chips of a split pot, and why them (R17)."""
    if not odd_chips:
        return None
    if len(odd_chips) == 1:
        return msg(N_("Odd chip to {players}: the first tied player left of the button."), rule="08", ruling="R17",
                   players=odd_chips[0])
    return msg(N_("Odd chips to {players}: one each to the first tied players left of the button."), rule="08",
               ruling="R17", players=", ".join(odd_chips))


def how_decided(award: Award, uncontested: bool, shown: tuple[str, ...] = ()) -> Msg:
    """One sentence saying how the pot was decided: the comparison, everyone folding, or the last claimant."""
    if award.reason is not None:
        return award.reason
    if uncontested:
        return msg(N_("Everyone else folded: no hand is shown."), rule="04", ruling="R10")
    if len(award.winners) == 1 and award.winners[0] in shown:
        return msg(N_("{player} showed, and every other player claiming this pot mucked: no comparison was "
                      "needed."), rule="08", ruling="R18", player=award.winners[0])
    return msg(N_("Only one player still claimed this pot: paid without showing."), rule="08", ruling="R18")


def _award_view(award: Award, count: int, uncontested: bool, shown: tuple[str, ...]) -> AwardView:
    return AwardView(award.pot, pot_label(award.pot, count), award.amount, award.eligible, award.winners,
                     tuple((name, award.shares[name]) for name in award.winners), award.odd_chips,
                     odd_chip_sentence(award.odd_chips), award.reason, how_decided(award, uncontested, shown),
                     award.half, HALF_NAMES[award.half] if award.half else None)
