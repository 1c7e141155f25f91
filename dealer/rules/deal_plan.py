"""Each step of a draw's deal plan in one sentence: the log line the rules write as they serve (R12-R14).

``draws.py`` counts the piles; the checklist and the reshuffle box the screens show are ``view/plan_view.py``.
"""

from __future__ import annotations

from ..messages import N_, Msg, msg
from .outcomes import PlanStep


def plan_sentence(step: PlanStep) -> Msg:
    """The log line of one step of the plan."""
    if step.step == "burn":
        return msg(N_("Burn 1"), rule="05", ruling="R12")
    if step.step == "exposed":
        return msg(N_("Put the card exposed while serving {player} with the burned cards"), rule="05", ruling="R14",
                   player=step.player or "")
    if step.step == "serve" and step.resumed:
        if step.cards == 1:
            return msg(N_("Serve {player} 1 replacement card (the exposed card does not count)"), rule="05",
                       ruling="R14", player=step.player or "")
        return msg(N_("Serve {player} the rest of their {count} replacement cards (the exposed card does not "
                      "count)"), rule="05", ruling="R14", player=step.player or "", count=step.cards)
    if step.step == "serve":
        if step.cards == 1:
            return msg(N_("Serve {player} 1 card"), rule="05", ruling="R12", player=step.player or "")
        return msg(N_("Serve {player} {count} cards"), rule="05", ruling="R12", player=step.player or "",
                   count=step.cards)
    if step.player:
        return msg(N_("Stub short for {player}: reshuffle into a new stub of {count} cards"), rule="05", ruling="R13",
                   player=step.player, count=step.cards)
    return msg(N_("Stub empty before the burn: reshuffle into a new stub of {count} cards"), rule="05", ruling="R13",
               count=step.cards)
