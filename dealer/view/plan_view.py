"""The deal plan of a draw in words: the checklist the dealer follows and the short-deck reshuffle box (R12, R13).

``rules/draws.py`` counts the piles and ``rules/deal_plan.py`` says each step; this module builds what the screens
show of them, once, for every display.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..messages import N_, Msg, msg
from ..rules.deal_plan import plan_sentence
from ..rules.outcomes import PileCount, PlanStep, Reshuffle
from .snapshot import PlanItem, ReshuffleBox


def plan_title(draw: int) -> Msg:
    return msg(N_("Deal plan, draw {number}"), rule="05", ruling="R12", number=draw)


def plan_items(steps: Sequence[PlanStep]) -> tuple[PlanItem, ...]:
    """The checklist: each step with its sentence, and the reshuffle box where the stub runs short."""
    items = []
    for position, step in enumerate(steps):
        box = None
        if step.reshuffle is not None:
            box = reshuffle_box(step.reshuffle, _needs(steps[position + 1:]))
        items.append(PlanItem(step.step, plan_sentence(step), step.player, step.cards, box))
    return tuple(items)


def _needs(after: Sequence[PlanStep]) -> int:
    """Cards the player about to be served needs (the next serve step after the reshuffle; 1 for the burn)."""
    for step in after:
        if step.step == "serve":
            return step.cards
        if step.step == "burn":
            return 1
    return 0


def cards(count: int) -> Msg:
    if count == 1:
        return msg(N_("1 card"))
    return msg(N_("{count} cards"), count=count)


def reshuffle_box(detail: Reshuffle, needs: int) -> ReshuffleBox:
    """The short-deck protocol (R13) in plain words: what to gather, what to keep apart, the new stub's size."""
    return ReshuffleBox(detail.before, needs, detail.stub, detail.cards, _headline(detail, needs), _gather(detail),
                        _keep_apart(detail), msg(N_("Shuffle them together: the new stub holds {cards}."),
                                                 cards=cards(detail.cards)), detail)


def _headline(detail: Reshuffle, needs: int) -> Msg:
    if detail.before:
        return msg(N_("The stub is short: {player} needs {needs}, the stub holds {stub}."), rule="05", ruling="R13",
                   player=detail.before, needs=needs, stub=detail.stub)
    return msg(N_("The stub is empty before the burn."), rule="05", ruling="R13")


def _gather(detail: Reshuffle) -> tuple[Msg, ...]:
    if detail.stub == 1:
        gather = [msg(N_("the stub's last card"))]
    elif detail.stub:
        gather = [msg(N_("the stub's {count} cards"), count=detail.stub)]
    else:
        gather = [msg(N_("the stub is empty"))]
    if detail.earlier_discards:
        gather.append(msg(N_("the discards of earlier draws ({cards})"), cards=cards(detail.earlier_discards)))
    if detail.folded:
        gather.append(msg(N_("the folded hands ({cards})"), cards=cards(detail.folded)))
    if detail.served:
        gather.append(msg(N_("this draw's discards of the players already served: {piles}"),
                          piles=piles(detail.served)))
    return tuple(gather)


def _keep_apart(detail: Reshuffle) -> tuple[Msg, ...]:
    keep = []
    serving = [pile for pile in detail.keep_apart if pile.player == detail.before]
    waiting = [pile for pile in detail.keep_apart if pile.player != detail.before]
    if serving:
        keep.append(msg(N_("the discards of {piles}, being served now"), piles=piles(serving)))
    if waiting:
        keep.append(msg(N_("the discards of the players still waiting: {piles}"), piles=piles(waiting)))
    if detail.burned == 1:
        keep.append(msg(N_("the burned card")))
    else:
        keep.append(msg(N_("the burned cards ({count})"), count=detail.burned))
    keep.append(msg(N_("every live hand")))
    return tuple(keep)


def piles(found: Sequence[PileCount]) -> Msg:
    """ "Bia 5, Caio 5 (10 cards)" or "Fay (5 cards)"."""
    total = cards(sum(pile.cards for pile in found))
    if len(found) == 1:
        return msg(N_("{player} ({cards})"), player=found[0].player, cards=total)
    return msg(N_("{piles} ({cards})"), piles=", ".join(f"{pile.player} {pile.cards}" for pile in found), cards=total)
