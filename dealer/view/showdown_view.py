"""The showdown on the screens: who shows first, and where each player in the showing order stands (R18)."""

from __future__ import annotations

from ..messages import N_, msg
from ..rules.table_state import TableState
from .snapshot import ShowdownView, ShowRow, ShowState

_SHOW_LABELS = {ShowState.SHOWN: N_("shows"), ShowState.MUCKED: N_("mucked"), ShowState.TO_SHOW: N_("to show now"),
                ShowState.NOT_NEEDED: N_("no need to show"), ShowState.WAITING: N_("waiting")}


def showdown_view(table: TableState, to_act: str | None) -> ShowdownView | None:
    """Who shows first, and where each player in the showing order stands (R18); kept until the next deal."""
    hand = table.hand
    if hand is None or hand.showdown is None:
        return None
    sd = hand.showdown
    rows = []
    passed_turn = True
    for name in sd.order:
        if name in sd.shown:
            ranked = sd.shown[name]
            rows.append(ShowRow(name, ShowState.SHOWN, msg(_SHOW_LABELS[ShowState.SHOWN]), ranked.cards, ranked.name,
                                ranked.category.label))
            continue
        if name in sd.mucked:
            state = ShowState.MUCKED
        elif name == to_act:
            passed_turn = False
            state = ShowState.TO_SHOW
        else:
            state = ShowState.NOT_NEEDED if passed_turn else ShowState.WAITING
        rows.append(ShowRow(name, state, msg(_SHOW_LABELS[state])))
    taken = frozenset(str(card) for ranked in sd.shown.values() for card in ranked.cards)
    title = msg(N_("Showdown: {player} shows first"), rule="08", ruling="R18", player=sd.order[0])
    return ShowdownView(sd.order[0], title, tuple(rows), taken)
