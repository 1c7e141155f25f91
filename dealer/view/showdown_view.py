"""The showdown on the screens: who shows first, and where each player in the showing order stands (R18)."""

from __future__ import annotations

from ..messages import N_, msg
from ..rules.cards import Card
from ..rules.games import GameRules
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
    first, later = picker_ranks(table.game) if table.game is not None else ((), ())
    return ShowdownView(sd.order[0], title, tuple(rows), taken, first, later)


ACE, KING = 14, 13
FIRST_RANKS = 8  # a lowball hand that reaches the showdown is nearly always made of the game's eight best ranks
_PICKER_RANKS: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def picker_ranks(game: GameRules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ranks best first for the game's hands, as its ranking says (the ace first where it plays low: A-5,
    badugi; last where it plays high: 2-7), split into the eight a showdown hand is nearly always made of and the
    five others, so the card picker offers those first and the rest after."""
    found = _PICKER_RANKS.get(game.code)
    if found is None:
        rest = [Card(rank, suit) for rank, suit in ((2, "d"), (3, "h"), (4, "s"), (6, "d"))][:game.hand_size - 1]
        rank = game.halves[0].rank  # the five-card half of a split game orders the ranks it is read by first
        ace_low = rank([Card(ACE, "c"), *rest]).key < rank([Card(KING, "c"), *rest]).key
        order = (ACE, *range(2, ACE)) if ace_low else tuple(range(2, ACE + 1))
        found = _PICKER_RANKS[game.code] = (order[:FIRST_RANKS], order[FIRST_RANKS:])
    return found
