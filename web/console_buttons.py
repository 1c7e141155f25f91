"""The dealer's buttons: the snapshot's legal actions arranged into the console's zones, labelled as the engine says.

Nothing here decides what is allowed: a button exists only for an option of the snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dealer import TABLE_ACTIONS, Action, LegalAction, Msg, SeatView, Snapshot, Translate, deal_label, draw_label

from .console_tournament import TOURNAMENT_ACTIONS, TournamentControls, tournament_controls

if TYPE_CHECKING:
    from .service import TableAccess

# Rare inputs that change the whole hand, or end a player's night or the table's: one tap only shows what they do,
# a second tap records them.
CONFIRMED_ACTIONS = (Action.MISDEAL.value, Action.EXPOSED.value, Action.LEAVE.value, Action.END.value)


@dataclass(frozen=True)
class Button:
    action: str
    label: str
    kind: str  # fold | passive | aggressive | draw | show | muck | deal | misdeal | exposed
    testid: str
    count: int | None = None
    player: str | None = None
    amount: int | None = None
    help: Msg | None = None  # what a rare input does, with its rule
    game: str | None = None  # deal under dealer's choice: the game this button names


@dataclass(frozen=True)
class Controls:
    fold: Button | None
    passive: Button | None  # check or call: the primary action
    aggressive: Button | None  # bet, raise, complete, all-in
    draws: tuple[Button, ...]
    show: Button | None
    muck: Button | None
    deal: Button | None
    misdeal: Button | None
    exposed: tuple[Button, ...]
    exposed_help: Msg | None
    deals: tuple[Button, ...] = ()  # dealer's choice: one Deal button per game of the table (R25)
    seat_menus: SeatMenus | None = None  # an open game between hands: who comes and goes (R26)
    tournament: TournamentControls | None = None  # a tournament between hands: Rebuy / Out, add-on, chop (R35-R37)

    @property
    def any_player_action(self) -> bool:
        return bool(self.fold or self.passive or self.aggressive or self.draws or self.show or self.muck)

    @property
    def has_bar(self) -> bool:
        return bool(self.passive or self.aggressive or self.draws or self.deal or self.deals)


@dataclass(frozen=True)
class SeatMenu:
    """One seated player's menu between hands of an open game, and the place after them: only what `legal` lists."""

    seat: SeatView
    add_most: int | None  # the most chips this player may add; None: no "Add chips"
    sit: str | None  # "sit_in", "sit_out", or None: neither is offered
    leave: bool
    place_after: bool  # a newcomer may sit after this player


@dataclass(frozen=True)
class SeatMenus:
    """The seat menus of an open game between hands (R26), each entry one of the engine's legal options."""

    seats: tuple[SeatMenu, ...]
    join_most: int | None  # the largest stack a newcomer may bring; None: no join (a full table)
    first_seat: bool  # nobody is seated: a newcomer sits without naming a player to sit after
    end: bool
    stakes: bool = False  # new stakes from the next hand may be set (R34)


def seat_menus(snap: Snapshot, offered: dict[Action, LegalAction]) -> SeatMenus | None:
    """Arrange the open game's legal options by seat, in seat order; None when there are none."""
    if not offered:
        return None
    join, add = offered.get(Action.JOIN), offered.get(Action.ADD_CHIPS)
    adds = dict(zip(add.players, add.most, strict=True)) if add else {}
    named = {action: option.players for action, option in offered.items()}
    after = join.after if join else ()
    menus = []
    for seat in snap.seats:
        sit = next((str(action) for action in (Action.SIT_IN, Action.SIT_OUT) if seat.name in named.get(action, ())),
                   None)
        leave = seat.name in named.get(Action.LEAVE, ())
        if leave or sit or seat.name in adds or seat.name in after:
            menus.append(SeatMenu(seat, adds.get(seat.name), sit, leave, seat.name in after))
    return SeatMenus(tuple(menus), join.most[0] if join else None, join is not None and not after,
                     Action.END in offered, Action.STAKES in offered)


def controls(snap: Snapshot, translate: Translate) -> Controls:
    """One button per legal action (six for a draw: Pat, 1-5; one per player for an exposed card), and an open
    game's seat menus."""
    found: dict[str, Button] = {}
    draws: list[Button] = []
    exposed: list[Button] = []
    exposed_help = None
    deals: list[Button] = []
    offered: dict[Action, LegalAction] = {}
    player = snap.to_act
    for option in snap.options:
        action = option.legal.action
        if action in TOURNAMENT_ACTIONS:
            continue  # the clock strip's Pause / Resume and the tournament's own controls
        label = option.label.render(translate)
        if action in TABLE_ACTIONS:
            offered[action] = option.legal
        elif action is Action.DRAW:
            draws = [Button(action.value, draw_label(count).render(translate), "draw", f"draw-{count}", count=count,
                            player=player) for count in option.legal.counts]
        elif action is Action.DEAL and option.legal.games:
            deals = [Button(action.value, deal_label(snap.hand + 1, game.name).render(translate), "deal",
                            f"deal-{game.code}", game=game.code) for game in snap.games
                     if game.code in option.legal.games]  # the engine's legal deals, named by the snapshot
        elif action is Action.EXPOSED:
            exposed_help = option.help
            exposed = [Button(action.value, f"{label}: {name}", "exposed", f"exposed-{name}", player=name)
                       for name in option.legal.players]
        else:
            kind = _KINDS[action]
            found[kind] = Button(action.value, label, kind, f"act-{action.value}",
                                 player=player if action in _PLAYERS else None, amount=option.legal.amount,
                                 help=option.help)
    return Controls(found.get("fold"), found.get("passive"), found.get("aggressive"), tuple(draws), found.get("show"),
                    found.get("muck"), found.get("deal"), found.get("misdeal"), tuple(exposed), exposed_help,
                    tuple(deals), seat_menus(snap, offered), tournament_controls(snap))


_KINDS = {Action.FOLD: "fold", Action.CHECK: "passive", Action.CALL: "passive", Action.BET: "aggressive",
          Action.RAISE: "aggressive", Action.SHOW: "show", Action.MUCK: "muck", Action.DEAL: "deal",
          Action.MISDEAL: "misdeal"}
_PLAYERS = (Action.FOLD, Action.CHECK, Action.CALL, Action.BET, Action.RAISE, Action.SHOW, Action.MUCK)


@dataclass(frozen=True)
class Confirm:
    """A tap that asks before it records: what it would do (the engine's sentence) and the fields to send again."""

    kind: str  # undo | act
    sentence: Msg
    label: Msg | None
    fields: dict[str, Any] = field(default_factory=dict)


def confirm_first(table: TableAccess, payload: dict[str, Any], confirmed: bool) -> Confirm | None:
    """The confirmation a rare input needs before it is recorded, or None to record it now."""
    action = payload.get("action")
    if confirmed or action not in CONFIRMED_ACTIONS:
        return None
    snap = table.snapshot()
    if payload.get("seq") != snap.seq:
        return None  # a stale screen: the refusal says what changed
    for option in snap.options:
        if option.legal.action.value == action:
            fields = {key: payload[key] for key in ("action", "player") if payload.get(key) is not None}
            return Confirm("act", option.help or option.label, option.label, fields)
    return None  # not open now: the engine refuses it in words


def confirm_undo(table: TableAccess, seq: int, confirmed: bool) -> Confirm | None:
    """An undo across the end of a hand or a deal asks once, in the engine's words; inside a hand it is one tap."""
    snap = table.snapshot()
    if confirmed or seq != snap.seq or snap.undo_confirm is None:
        return None
    return Confirm("undo", snap.undo_confirm, snap.undo)
