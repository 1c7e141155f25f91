"""Display data for the dealer console and the player view: a pure reading of engine values, no rule logic.

``present(game, table_id)`` turns a :class:`dealer.session.Game` into plain values the templates print: seat rows
with their markers, pots with who can win them, the deal checklist and its reshuffle box, the showdown, the last
hand's result, the hand log grouped by hand, the standings and the stacks chart. Every decision (whose turn, what
is legal, who wins, which piles are reshuffled) is the engine's; this module only words and arranges it.

The player view reuses the partials in ``templates/partials/`` with the same ``table`` value::

    from web.presenter import present
    render_template("player.html", table=present(game, table_id))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from flask_babel import gettext, ngettext

from dealer import betting
from dealer.config import MAX_DISCARD
from dealer.cards import RANK_CHARS, SUIT_CHARS, Card, format_cards
from dealer.legal import LegalAction
from dealer.messages import Msg, Translate
from dealer.session import Game, next_button
from dealer.showdown import pot_label
from dealer.state import Award, PileCount, Phase, PlanStep, Reshuffle, TableState
from dealer.view import legal_label, notes, pots_now, standings, undo_label

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RED_SUITS = frozenset("dh")
# Six colours that stay apart on the dark background and for the common colour-vision deficiencies.
SERIES_COLOURS = ("#ffd166", "#6ab0ff", "#ff6b6b", "#5dd39e", "#c792ea", "#ff9f43")


# --- citations ------------------------------------------------------------------------------------------------

def rule_href(rule: str | None, ruling: str | None) -> str:
    """The rule reference anchor: ``/rules#r07`` for ruling R7, ``/rules#s04`` for section 04, else ``/rules``."""
    if ruling and ruling[1:].isdigit():
        return f"/rules#r{int(ruling[1:]):02d}"
    if rule and rule.isdigit():
        return f"/rules#s{int(rule):02d}"
    return "/rules"


def rule_cite(rule: str | None, ruling: str | None) -> str:
    """How a citation reads: "§04 · R8", "§05" or ""."""
    parts = [f"§{rule}" if rule else "", ruling or ""]
    return " · ".join(part for part in parts if part)


@dataclass(frozen=True)
class Line:
    """One sentence with the house-card section (and ruling) it comes from."""

    text: str
    rule: str | None = None
    ruling: str | None = None
    seq: int | None = None

    @property
    def href(self) -> str:
        return rule_href(self.rule, self.ruling)

    @property
    def cite(self) -> str:
        return rule_cite(self.rule, self.ruling)


def line(message: Msg, translate: Translate, seq: int | None = None) -> Line:
    return Line(message.render(translate), message.rule, message.ruling, seq)


# --- values the templates print -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Marker:
    code: str  # "button" | "sb" | "bb"
    short: str  # "D", "SB", "BB"
    title: str  # spelled out for screen readers and tooltips


@dataclass(frozen=True)
class SeatRow:
    name: str
    stack: int
    bet: int
    committed: int
    status: str  # active | all_in | folded | out
    status_label: str
    markers: tuple[Marker, ...]
    to_act: bool
    draws: tuple[str, ...]  # "pat", "2", ... for this hand's draws
    cards: str | None  # shown at this hand's showdown
    position: int  # seat number, 1-based, clockwise


@dataclass(frozen=True)
class PotRow:
    label: str
    amount: int
    eligible: tuple[str, ...]

    @property
    def eligible_text(self) -> str:
        return ", ".join(self.eligible)


@dataclass(frozen=True)
class ReshuffleBox:
    before: str | None  # the player about to be served; None when the burn needed it
    needs: int  # cards that player needs (0 for the burn)
    stub: int  # cards left in the stub when it ran short
    gather: tuple[str, ...]  # plain sentences: what goes into the new stub
    keep_apart: tuple[str, ...]  # plain sentences: what stays out
    cards: int  # size of the new stub
    headline: str
    result: str


@dataclass(frozen=True)
class PlanItem:
    kind: str  # burn | serve | reshuffle
    text: str
    player: str | None = None
    cards: int = 0
    reshuffle: ReshuffleBox | None = None


@dataclass(frozen=True)
class ShowRow:
    name: str
    state: str  # shown | mucked | to_show | waiting | not_needed
    state_label: str
    cards: str | None = None
    pretty: tuple[tuple[str, bool], ...] = ()  # (card text with suit symbol, red?)
    hand_name: str | None = None


@dataclass(frozen=True)
class ShowdownView:
    first: str
    order: tuple[ShowRow, ...]
    taken: frozenset[str]  # cards already shown, e.g. "7h"


@dataclass(frozen=True)
class AwardRow:
    label: str  # "main pot", "side pot", "pot"
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    shares: tuple[tuple[str, int], ...]
    split: bool
    odd_chips: tuple[str, ...]
    odd_line: Line | None
    reason: Line | None
    how: Line  # one line saying how the pot was decided


@dataclass(frozen=True)
class ShownHand:
    name: str
    cards: str
    pretty: tuple[tuple[str, bool], ...]
    hand_name: str


@dataclass(frozen=True)
class ResultView:
    hand: int
    awards: tuple[AwardRow, ...]
    shown: tuple[ShownHand, ...]
    returned: tuple[Line, ...]
    uncontested: bool


@dataclass(frozen=True)
class LogGroup:
    hand: int
    title: str
    lines: tuple[Line, ...]
    current: bool


@dataclass(frozen=True)
class StandingRow:
    place: int
    name: str
    stack: int
    shared: bool
    change: int  # against the starting stack


@dataclass(frozen=True)
class Series:
    name: str
    colour: str
    points: str  # SVG polyline points
    dots: tuple[tuple[float, float, int, int], ...]  # x, y, hand index, stack
    last: int
    label_y: float


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int
    top: int
    plot_width: int
    plot_height: int
    series: tuple[Series, ...]
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[tuple[float, int], ...]
    description: str


@dataclass(frozen=True)
class TableView:
    table_id: str
    seq: int
    phase: str
    hand: int
    hands: int
    hand_label: str  # "Hand 3 of 10"
    stage: str  # "Betting round 2", "Draw 1 of 3", "Showdown", ...
    unit_label: str | None  # "small bet: 2"
    cap_label: str | None  # "2 raises left", "capped", "heads-up: no cap"
    cap_line: Line | None
    capped: bool
    to_call: int
    button_next: str | None  # who holds the button for the next hand (between hands)
    seats: tuple[SeatRow, ...]
    pots: tuple[PotRow, ...]
    pot_total: int
    to_act: str | None
    notes: tuple[Line, ...]
    plan: tuple[PlanItem, ...]
    plan_draw: int | None  # the draw the plan belongs to
    plan_fresh: bool  # right after the last announcement: the dealer is serving now
    showdown: ShowdownView | None
    result: ResultView | None
    log: tuple[LogGroup, ...]
    standings: tuple[StandingRow, ...]
    chart: Chart | None
    total: int
    stacks_sum: int
    over: bool
    stakes_text: str
    misdeals: int
    undo: str | None
    legal: tuple[LegalAction, ...] = field(default=())

    @property
    def total_ok(self) -> bool:
        return self.total == self.stacks_sum + self.pot_total

    @property
    def current_log(self) -> LogGroup | None:
        return next((group for group in self.log if group.current), None)

    @property
    def earlier_log(self) -> tuple[LogGroup, ...]:
        return tuple(group for group in reversed(self.log) if not group.current)


# --- building the view ----------------------------------------------------------------------------------------

def _tr(text: str) -> str:
    return gettext(text)


def present(game: Game, table_id: str, translate: Translate = _tr) -> TableView:
    table = game.state
    hand = table.hand
    phase = table.phase
    in_hand = hand is not None and not hand.ended and phase in (Phase.BET, Phase.DRAW, Phase.SHOWDOWN)
    round_ = hand.betting if (phase is Phase.BET and hand is not None) else None
    cap = betting.cap_state(table, round_) if round_ is not None else None
    pots = _pots(table, translate) if in_hand else ()
    seats = _seats(table, game.to_act, in_hand)
    return TableView(
        table_id=table_id,
        seq=game.seq,
        phase=phase.value,
        hand=table.hand_number,
        hands=table.stakes.hands,
        hand_label=gettext("Hand %(number)s of %(hands)s", number=table.hand_number, hands=table.stakes.hands)
        if table.hand_number else gettext("No hand dealt yet (%(hands)s hands)", hands=table.stakes.hands),
        stage=_stage(table),
        unit_label=_unit_label(table),
        cap_label=cap.render(translate) if cap is not None else None,
        cap_line=line(cap, translate) if cap is not None else None,
        capped=bool(round_ is not None and round_.capped),
        to_call=betting.current_bet(table, round_) if round_ is not None else 0,
        button_next=next_button(table) if phase is Phase.DEAL else None,
        seats=seats,
        pots=pots,
        pot_total=sum(pot.amount for pot in pots),
        to_act=game.to_act,
        notes=tuple(line(note, translate) for note in notes(table) if note != cap),
        plan=_plan(hand.plan, translate) if in_hand and hand is not None else (),
        plan_draw=hand.draw.number if in_hand and hand is not None and hand.draw and hand.plan else None,
        plan_fresh=bool(in_hand and hand is not None and hand.plan and hand.exposed_open),
        showdown=_showdown(table, game.to_act, translate) if in_hand else None,
        result=_result(table, translate),
        log=_log(table, translate),
        standings=_standings(table),
        chart=stacks_chart(table.history, [seat.name for seat in table.seats]),
        total=table.total,
        stacks_sum=sum(seat.stack for seat in table.seats),
        over=phase is Phase.OVER,
        stakes_text=stakes_text(table),
        misdeals=table.misdeals,
        undo=undo_label(game, translate),
        legal=tuple(game.legal),
    )


def stakes_text(table: TableState) -> str:
    stakes = table.stakes
    return gettext("Blinds %(sb)s/%(bb)s · limits %(small)s/%(big)s · a bet and %(raises)s raises · %(hands)s hands",
                   sb=stakes.small_blind, bb=stakes.big_blind, small=stakes.small_bet, big=stakes.big_bet,
                   raises=stakes.raises, hands=stakes.hands)


def present_stage(table: TableState) -> str:
    """Where the table stands, in words: "Betting round 2 of 4", "Draw 1 of 3", "Session over"…"""
    return _stage(table)


def _stage(table: TableState) -> str:
    hand = table.hand
    if table.phase is Phase.OVER:
        return gettext("Session over")
    if table.phase is Phase.DEAL:
        return gettext("Ready to deal hand %(number)s", number=table.hand_number + 1)
    if table.phase is Phase.BET and hand and hand.betting:
        return gettext("Betting round %(number)s of 4", number=hand.betting.number)
    if table.phase is Phase.DRAW and hand and hand.draw:
        return gettext("Draw %(number)s of 3", number=hand.draw.number)
    return gettext("Showdown")


def _unit_label(table: TableState) -> str | None:
    hand = table.hand
    if table.phase is not Phase.BET or hand is None or hand.betting is None:
        return None
    if hand.betting.number <= 2:
        return gettext("small bet: %(unit)s", unit=hand.betting.unit)
    return gettext("big bet: %(unit)s", unit=hand.betting.unit)


def status_label(status: str) -> str:
    if status == "all_in":
        return gettext("All-in")
    if status == "folded":
        return gettext("Folded")
    if status == "out":
        return gettext("Out")
    return ""


def _seats(table: TableState, to_act: str | None, in_hand: bool) -> tuple[SeatRow, ...]:
    hand = table.hand
    shown = {}
    if hand is not None and hand.showdown is not None:
        shown = {name: format_cards(ranked.cards) for name, ranked in hand.showdown.shown.items()}
    rows = []
    for position, seat in enumerate(table.seats, start=1):
        markers: list[Marker] = []
        if hand is not None and in_hand:
            if seat.name == hand.button:
                markers.append(Marker("button", "D", gettext("button")))
            if seat.name == hand.small_blind:
                markers.append(Marker("sb", gettext("SB"), gettext("small blind")))
            if seat.name == hand.big_blind:
                markers.append(Marker("bb", gettext("BB"), gettext("big blind")))
        elif table.phase is Phase.DEAL and seat.name == next_button(table):
            markers.append(Marker("button", "D", gettext("button for the next hand")))
        status = seat.status.value
        draws = tuple(gettext("pat") if count == 0 else str(count) for count in seat.draws) if in_hand else ()
        rows.append(SeatRow(seat.name, seat.stack, seat.bet if in_hand else 0, seat.committed if in_hand else 0,
                            status, status_label(status), tuple(markers), seat.name == to_act, draws,
                            shown.get(seat.name) if in_hand else None, position))
    return tuple(rows)


def _pots(table: TableState, translate: Translate) -> tuple[PotRow, ...]:
    found = pots_now(table)
    return tuple(PotRow(pot_label(index, len(found)).render(translate), pot.amount, pot.eligible)
                 for index, pot in enumerate(found))


def _plan(steps: Sequence[PlanStep], translate: Translate) -> tuple[PlanItem, ...]:
    items = []
    for step in steps:
        if step.step == "burn":
            items.append(PlanItem("burn", gettext("Burn 1")))
        elif step.step == "serve":
            items.append(PlanItem("serve", ngettext("Serve %(player)s %(num)s card", "Serve %(player)s %(num)s cards",
                                                    step.cards, player=step.player or ""),
                                  step.player, step.cards))
        else:
            box = reshuffle_box(step.reshuffle, _needs(steps, step)) if step.reshuffle else None
            items.append(PlanItem("reshuffle", gettext("Reshuffle: new stub of %(count)s cards", count=step.cards),
                                  step.player, step.cards, box))
    return tuple(items)


def _needs(steps: Sequence[PlanStep], reshuffle: PlanStep) -> int:
    """Cards the player about to be served needs (the next serve step after the reshuffle)."""
    after = list(steps)[list(steps).index(reshuffle) + 1:]
    for step in after:
        if step.step == "serve":
            return step.cards
        if step.step == "burn":
            return 1
    return 0


def _cards(count: int) -> str:
    return ngettext("%(num)s card", "%(num)s cards", count)


def reshuffle_box(detail: Reshuffle, needs: int) -> ReshuffleBox:
    """The short-deck protocol (R13) in plain words: what to gather, what to keep apart, the new stub's size."""
    gather = [ngettext("the stub's last card", "the stub's %(num)s cards", detail.stub) if detail.stub
              else gettext("the stub is empty")]
    if detail.earlier_discards:
        gather.append(gettext("the discards of earlier draws (%(cards)s)", cards=_cards(detail.earlier_discards)))
    if detail.folded:
        gather.append(gettext("the folded hands (%(cards)s)", cards=_cards(detail.folded)))
    if detail.served:
        gather.append(gettext("this draw's discards of the players already served: %(piles)s",
                              piles=_piles(detail.served)))
    keep = []
    serving = [pile for pile in detail.keep_apart if pile.player == detail.before]
    waiting = [pile for pile in detail.keep_apart if pile.player != detail.before]
    if serving:
        keep.append(gettext("the discards of %(piles)s, being served now", piles=_piles(serving)))
    if waiting:
        keep.append(gettext("the discards of the players still waiting: %(piles)s", piles=_piles(waiting)))
    keep.append(ngettext("the burned card", "the burned cards (%(num)s)", detail.burned))
    keep.append(gettext("every live hand"))
    if detail.before:
        headline = gettext("The stub is short: %(player)s needs %(needs)s, the stub holds %(stub)s.",
                           player=detail.before, needs=needs, stub=detail.stub)
    else:
        headline = gettext("The stub is empty before the burn.")
    result = gettext("Shuffle them together: the new stub holds %(cards)s.", cards=_cards(detail.cards))
    return ReshuffleBox(detail.before, needs, detail.stub, tuple(gather), tuple(keep), detail.cards, headline, result)


def _piles(piles: Sequence[PileCount]) -> str:
    """ "Bia 5, Caio 5 (10 cards)" or "Fay (5 cards)"."""
    total = sum(pile.cards for pile in piles)
    if len(piles) == 1:
        return f"{piles[0].player} ({_cards(total)})"
    return ", ".join(f"{pile.player} {pile.cards}" for pile in piles) + f" ({_cards(total)})"


def pretty_cards(text: str) -> tuple[tuple[str, bool], ...]:
    """ "7h 5c" -> (("7♥", True), ("5♣", False)): rank and suit symbol, and whether to print it red."""
    out = []
    for token in text.split():
        rank, suit = token[:-1], token[-1]
        out.append((("10" if rank == "T" else rank) + SUIT_SYMBOLS.get(suit, suit), suit in RED_SUITS))
    return tuple(out)


def _showdown(table: TableState, to_act: str | None, translate: Translate) -> ShowdownView | None:
    hand = table.hand
    if hand is None or hand.showdown is None or table.phase is not Phase.SHOWDOWN:
        return None
    sd = hand.showdown
    rows = []
    passed_turn = True
    for name in sd.order:
        if name in sd.shown:
            ranked = sd.shown[name]
            text = format_cards(ranked.cards)
            rows.append(ShowRow(name, "shown", gettext("shows"), text, pretty_cards(text), ranked.name.render(translate)))
        elif name in sd.mucked:
            rows.append(ShowRow(name, "mucked", gettext("mucked")))
        elif name == to_act:
            passed_turn = False
            rows.append(ShowRow(name, "to_show", gettext("to show now")))
        elif passed_turn:
            rows.append(ShowRow(name, "not_needed", gettext("no need to show")))
        else:
            rows.append(ShowRow(name, "waiting", gettext("waiting")))
    taken = frozenset(str(card) for ranked in sd.shown.values() for card in ranked.cards)
    return ShowdownView(sd.order[0], tuple(rows), taken)


def _result(table: TableState, translate: Translate) -> ResultView | None:
    result = table.last_hand
    if result is None:
        return None
    count = len(result.awards)
    awards = tuple(_award_row(award, count, result.uncontested, translate) for award in result.awards)
    shown = []
    for name, ranked in result.shown.items():
        text = format_cards(ranked.cards)
        shown.append(ShownHand(name, text, pretty_cards(text), ranked.name.render(translate)))
    returned = tuple(Line(gettext("%(amount)s uncalled returned to %(player)s", amount=chips, player=name), "07", "R15")
                     for name, chips in result.returned.items())
    return ResultView(result.hand, awards, tuple(shown), returned, result.uncontested)


def _award_row(award: Award, count: int, uncontested: bool, translate: Translate) -> AwardRow:
    label = pot_label(award.pot, count).render(translate)
    split = len(award.winners) > 1
    odd_line = None
    if award.odd_chips:
        odd_line = Line(ngettext("Odd chip to %(players)s: the first tied player left of the button.",
                                 "Odd chips to %(players)s: one each to the first tied players left of the button.",
                                 len(award.odd_chips), players=", ".join(award.odd_chips)), "08", "R17")
    if award.reason is not None:
        how = line(award.reason, translate)
    elif uncontested:
        how = Line(gettext("Everyone else folded: no hand is shown."), "04", "R10")
    else:
        how = Line(gettext("Only one player still claimed this pot: paid without showing."), "08", "R18")
    return AwardRow(label, award.amount, award.eligible, award.winners,
                    tuple((name, award.shares[name]) for name in award.winners), split, award.odd_chips, odd_line,
                    line(award.reason, translate) if award.reason is not None else None, how)


def _log(table: TableState, translate: Translate) -> tuple[LogGroup, ...]:
    groups: dict[int, list[Line]] = {}
    for entry in table.log:
        groups.setdefault(entry.hand, []).append(line(entry.text, translate, entry.seq))
    out = []
    for number, lines in groups.items():
        title = gettext("Hand %(number)s", number=number) if number else gettext("Table created")
        out.append(LogGroup(number, title, tuple(lines), number == table.hand_number))
    return tuple(out)


def _standings(table: TableState) -> tuple[StandingRow, ...]:
    rows = standings(table)
    places = [row["place"] for row in rows]
    start = table.history[0]
    return tuple(StandingRow(row["place"], row["name"], row["stack"], places.count(row["place"]) > 1,
                             row["stack"] - start[row["name"]]) for row in rows)


def stacks_chart(history: Sequence[dict[str, int]], names: Sequence[str], width: int = 640,
                 height: int = 260) -> Chart | None:
    """Stacks before hand 1 and after each hand, one line per player, as SVG coordinates."""
    if not history:
        return None
    left, right, top, bottom = 44, 96, 14, 30
    plot_w, plot_h = width - left - right, height - top - bottom
    values_all = [stacks[name] for stacks in history for name in names]
    ticks = nice_ticks(min(values_all), max(values_all))
    low, high = ticks[0], ticks[-1]
    step = plot_w / max(1, len(history) - 1)

    def y(value: int) -> float:
        return round(top + plot_h - plot_h * (value - low) / max(1, high - low), 1)

    series = []
    for index, name in enumerate(names):
        values = [stacks[name] for stacks in history]
        coords = [(round(left + step * hand, 1), y(value)) for hand, value in enumerate(values)]
        series.append(Series(name, SERIES_COLOURS[index % len(SERIES_COLOURS)],
                             " ".join(f"{x},{yy}" for x, yy in coords),
                             tuple((x, yy, hand, value) for hand, ((x, yy), value) in enumerate(zip(coords, values))),
                             values[-1], coords[-1][1]))
    _spread_labels(series, top, top + plot_h)
    every = max(1, (len(history) - 1 + 9) // 10)
    x_ticks = tuple((round(left + step * hand, 1), str(hand)) for hand in range(0, len(history), every))
    y_ticks = tuple((y(value), value) for value in ticks)
    description = gettext("Stacks after each hand: %(list)s",
                          list="; ".join(f"{s.name} {' → '.join(str(d[3]) for d in s.dots)}" for s in series))
    return Chart(width, height, left, top, plot_w, plot_h, tuple(series), x_ticks, y_ticks, description)


def _spread_labels(series: list[Series], low: float, high: float, gap: float = 15.0) -> None:
    """Move the end labels apart vertically so equal stacks do not print on top of each other."""
    order = sorted(range(len(series)), key=lambda index: series[index].label_y)
    placed: list[float] = []
    for index in order:
        wanted = max(series[index].label_y, placed[-1] + gap if placed else low)
        placed.append(wanted)
    overflow = placed[-1] - high if placed else 0
    if overflow > 0:
        placed = [value - overflow for value in placed]
    for index, value in zip(order, placed):
        old = series[index]
        series[index] = Series(old.name, old.colour, old.points, old.dots, old.last, round(value + 4, 1))


def nice_ticks(lowest: int, highest: int) -> list[int]:
    """Round gridline values covering [lowest, highest]: at most about six, starting at a multiple of the step."""
    if highest <= lowest:
        highest = lowest + 1
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 25000, 50000,
                 100000, 250000, 500000, 1000000):
        start = lowest // step * step
        end = -(-highest // step) * step
        if (end - start) / step <= 6:
            return list(range(start, end + 1, step))
    return [lowest, highest]


# --- the card picker ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PickerCard:
    code: str  # "7h"
    rank: str  # "7", "10", "A"
    symbol: str  # "♥"
    red: bool
    taken: bool
    picked: bool


def picker(taken: frozenset[str], picked: Sequence[str] = ()) -> tuple[tuple[str, tuple[PickerCard, ...]], ...]:
    """13 ranks (deuce first: the good end of 2-7) by 4 suits; cards already shown are taken."""
    chosen = {code.lower() for code in picked}
    ranks = []
    for rank_char in RANK_CHARS:
        label = "10" if rank_char == "T" else rank_char
        cards = []
        for suit in SUIT_CHARS:
            code = str(Card(RANK_CHARS.index(rank_char) + 2, suit))
            cards.append(PickerCard(code, label, SUIT_SYMBOLS[suit], suit in RED_SUITS, code in taken,
                                    code.lower() in chosen))
        ranks.append((label, tuple(cards)))
    return tuple(ranks)


# --- the dealer's buttons (console only) ----------------------------------------------------------------------

@dataclass(frozen=True)
class Button:
    action: str
    label: str
    kind: str  # fold | passive | aggressive | draw | show | muck | deal | misdeal | exposed
    testid: str
    count: int | None = None
    player: str | None = None
    amount: int | None = None


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

    @property
    def any_player_action(self) -> bool:
        return bool(self.fold or self.passive or self.aggressive or self.draws or self.show or self.muck)


def controls(legal: Sequence[LegalAction], to_act: str | None, translate: Callable[[str], str] = _tr,
             next_hand: int = 1) -> Controls:
    """The engine's legal actions as buttons, labelled with ``dealer.view.legal_label``.

    The deal button names the hand it starts: "Deal hand 1", then "Next hand: deal hand 2"."""
    fold = passive = aggressive = muck = deal = misdeal = None
    draws: list[Button] = []
    exposed: list[Button] = []
    show = None
    for option in legal:
        label = legal_label(option).render(translate)
        if option.action == "fold":
            fold = Button("fold", label, "fold", "act-fold", player=to_act)
        elif option.action in ("check", "call"):
            passive = Button(option.action, label, "passive", f"act-{option.action}", player=to_act,
                             amount=option.amount)
        elif option.action in ("bet", "raise"):
            aggressive = Button(option.action, label, "aggressive", f"act-{option.action}", player=to_act,
                                amount=option.amount)
        elif option.action == "draw":
            for count in range(0, MAX_DISCARD + 1):
                text = gettext("Pat") if count == 0 else str(count)
                draws.append(Button("draw", text, "draw", f"draw-{count}", count=count, player=to_act))
        elif option.action == "show":
            show = Button("show", label, "show", "act-show", player=to_act)
        elif option.action == "muck":
            muck = Button("muck", label, "muck", "act-muck", player=to_act)
        elif option.action == "deal":
            label = gettext("Deal hand %(number)s", number=next_hand) if next_hand == 1 else \
                gettext("Next hand: deal hand %(number)s", number=next_hand)
            deal = Button("deal", label, "deal", "act-deal")
        elif option.action == "misdeal":
            misdeal = Button("misdeal", label, "misdeal", "act-misdeal")
        elif option.action == "exposed":
            for name in option.players:
                exposed.append(Button("exposed", gettext("%(label)s: %(player)s", label=label, player=name),
                                      "exposed", f"exposed-{name}", player=name))
    return Controls(fold, passive, aggressive, tuple(draws), show, muck, deal, misdeal, tuple(exposed))
