"""Betting rounds (§03, §04, §06; rulings R6-R11): whose turn, what each action costs, caps and reopening.

Pot-limit and no-limit amounts and reopening (R28-R31) are in ``big_bet.py``; the rest is shared."""

from __future__ import annotations

from ..errors import NotAllowed
from ..messages import N_, Msg, msg
from . import big_bet
from .facts import COMPLETE, INCOMPLETE, QUALIFIES, Wagered
from .games import POT_LIMIT
from .legal import CHECK, FOLD, Action, LegalAction, wager
from .table_state import BettingRound, Hand, Seat, TableState

# Enum members read through their class cost about 100 ns each in CPython 3.11, and this runs for every input:
# read once here.
_FOLD = Action.FOLD
_CHECK = Action.CHECK
_CALL = Action.CALL
_BET = Action.BET
_RAISE = Action.RAISE


def start_round(table: TableState, hand: Hand, number: int) -> BettingRound:
    """Open betting round ``number``; round 1 starts at the big blind's level, which counts as the bet."""
    stakes = table.stakes
    game = hand.game
    if game.big_bet:  # R28, R29: the big blind is the smallest bet and the first full one
        betting = BettingRound(number, stakes.big_blind, level=stakes.big_blind if number == 1 else 0,
                               has_bet=number == 1, big_bet=True, pot_limit=game.structure == POT_LIMIT,
                               full_raise=stakes.big_blind)
        hand.betting = betting
        return betting
    unit = stakes.unit(number, game.draws)
    if number == 1:
        betting = BettingRound(number, unit, level=stakes.big_blind, has_bet=True)
    else:
        betting = BettingRound(number, unit, level=0, has_bet=False)
    hand.betting = betting
    update_uncapped(table, betting)
    return betting


def current_bet(table: TableState, betting: BettingRound) -> int:
    """The level to call: the qualifying level, or higher after an incomplete all-in (the full BB when short)."""
    top = betting.level
    for seat in table.seats:
        if seat.bet > top:
            top = seat.bet
    return top


def call_level(table: TableState, betting: BettingRound, seat: Seat, top: int | None = None) -> int:
    """What ``seat`` must reach this round: nobody is asked for more than a live opponent can have in (R6)."""
    reach = 0
    for other in table.seats:
        if other is not seat and other.in_hand and not other.folded and other.bet + other.stack > reach:
            reach = other.bet + other.stack
    return min(current_bet(table, betting) if top is None else top, reach)


def owed(table: TableState, betting: BettingRound, seat: Seat, top: int | None = None) -> int:
    """Chips ``seat`` must add to stay in (before being limited by its own stack)."""
    return max(0, call_level(table, betting, seat, top) - seat.bet)


def others_can_respond(table: TableState, seat: Seat) -> bool:
    return any(other.active for other in table.seats if other is not seat)


def needs_action(table: TableState, betting: BettingRound, seat: Seat, top: int | None = None) -> bool:
    """A player must act when owing chips, or when not yet acted and someone could still answer (R11)."""
    if not seat.active:
        return False
    if owed(table, betting, seat, top) > 0:
        return True
    return seat.acted_level is None and others_can_respond(table, seat)


def next_to_act(table: TableState, betting: BettingRound, after: str) -> Seat | None:
    """The first player clockwise after ``after`` (``after`` last) who must act: ``needs_action`` for each, with
    one pass over the seats for what it asks (the level to call, the two largest reaches, who can still bet)."""
    top = betting.level
    first = second = active = 0  # the two largest totals live players can have in this round; players with chips
    top_seat: Seat | None = None
    seats = table.seats
    for seat in seats:
        bet = seat.bet
        if bet > top:
            top = bet
        if seat.in_hand and not seat.folded:
            stack = seat.stack
            reach = bet + stack
            if reach > first:
                first, second, top_seat = reach, first, seat
            elif reach > second:
                second = reach
            if stack:
                active += 1
    answerable = active > 1  # someone could still answer a player who has not acted (R11)
    start = table.positions[after] + 1 - len(seats)
    # Negative indexes wrap around: this range reads the seats clockwise from left of ``after`` to ``after`` itself
    # (clockwise_from's order) without building rotated lists, for every betting input.
    for index in range(start, start + len(seats)):
        seat = seats[index]
        if not seat.in_hand or seat.folded or not seat.stack:
            continue
        if seat.acted_level is None and answerable:
            return seat
        reach = second if seat is top_seat else first
        if (top if top < reach else reach) > seat.bet:  # call_level: min(top, reach), without a builtin call
            return seat
    return None


def first_to_act(table: TableState, hand: Hand, betting: BettingRound) -> Seat | None:
    """Round 1 starts left of the big blind; later rounds at the first active player left of the button (§03)."""
    start = hand.big_blind if betting.number == 1 else hand.button
    return next_to_act(table, betting, start)


def raise_blocker(table: TableState, betting: BettingRound, seat: Seat) -> Msg | None:
    """Why ``seat`` may not bet or raise now, or None when it may."""
    level = call_level(table, betting, seat)
    if betting.big_bet:
        return big_bet.blocker(table, betting, seat, current_bet(table, betting), level)
    if betting.capped:
        return msg(N_("Raise not offered: betting is capped for this round."), rule="04", ruling="R8")
    if seat.acted_level is not None and seat.acted_level >= betting.level and not betting.has_bet:
        return msg(N_("Raise not offered: {player} already checked and the short all-in bet did not reopen the "
                      "betting; call or fold."), rule="06", ruling="R7", player=seat.name)
    if seat.acted_level is not None and seat.acted_level >= betting.level:
        return msg(N_("Raise not offered: {player} already acted at this level and the short all-in did not "
                      "reopen the betting; call or fold."), rule="06", ruling="R7", player=seat.name)
    return big_bet.chips_blocker(table, seat, level)


def options(table: TableState, hand: Hand, seat: Seat) -> list[LegalAction]:
    """The betting actions open to ``seat`` (the player to act), with their amounts.

    One pass over the seats gathers what R6, R7, R8 and R11 ask (the same answers as ``call_level`` and
    ``raise_blocker``, which explain them in words)."""
    betting = hand.betting
    assert betting is not None
    if betting.big_bet:
        return _big_bet_options(table, hand, seat, betting)
    top = betting.level  # current_bet
    live_reach = active_reach = 0  # the most a live (an active) opponent can have in this round
    anybody_in = False
    for other in table.seats:
        bet = other.bet
        if bet:
            anybody_in = True
            if bet > top:
                top = bet
        if other is not seat and other.in_hand and not other.folded:
            reach = bet + other.stack
            if reach > live_reach:
                live_reach = reach
            if other.stack and reach > active_reach:
                active_reach = reach
    level = top if top < live_reach else live_reach  # call_level: min(top, live_reach), without a builtin call
    own = seat.bet + seat.stack
    choices = [FOLD]
    due = level - seat.bet
    if due <= 0:
        choices.append(CHECK)
    else:
        amount = min(due, seat.stack)
        choices.append(wager(_CALL, amount, all_in=amount == seat.stack))
    if not betting.capped and (seat.acted_level is None or seat.acted_level < betting.level) \
            and own > level and active_reach > level:  # raise_blocker(...) is None
        to = min(betting.level + betting.unit, own)
        choices.append(wager(_RAISE if anybody_in else _BET, to - seat.bet, to, to == own,
                             top > betting.level and anybody_in))
    return choices


def _big_bet_options(table: TableState, hand: Hand, seat: Seat, betting: BettingRound) -> list[LegalAction]:
    """Fold, check or call as in fixed limit; the bet or raise with its range of totals (R29-R31)."""
    top = current_bet(table, betting)
    level = call_level(table, betting, seat, top)
    due = level - seat.bet
    choices = [FOLD]
    if due <= 0:
        choices.append(CHECK)
    else:
        amount = min(due, seat.stack)
        choices.append(wager(_CALL, amount, all_in=amount == seat.stack))
    if big_bet.blocker(table, betting, seat, top, level) is None:
        anybody_in = any(other.bet for other in table.seats)
        choices.append(big_bet.aggressive_option(table, hand, seat, _RAISE if anybody_in else _BET, top))
    return choices


def with_amount(table: TableState, hand: Hand, seat: Seat, option: LegalAction, to: int | None) -> LegalAction:
    """The bet or raise the dealer entered: in big-bet play the declared total ``to`` within the range (R29, R31);
    in fixed limit the one amount, which ``to`` may repeat (R28)."""
    if option.min_to is not None:
        return big_bet.chosen(table, hand, seat, option, to)
    if to is not None and to != option.to:
        raise NotAllowed(N_("In fixed limit this {action} is to {to}, no other amount."), rule="04", ruling="R28",
                         action=str(option.action), to=option.to or 0)
    return option


def apply(table: TableState, hand: Hand, seat: Seat, option: LegalAction) -> Msg:
    """Carry out a legal betting action of the player to act; returns the log sentence and records what it did."""
    betting = hand.betting
    assert betting is not None
    before, capped_before, kind = current_bet(table, betting), betting.capped, None
    if option.action is _FOLD:
        sentence = fold(table, hand, seat)
    elif option.action is _CHECK:
        seat.acted_level = current_bet(table, betting) if betting.big_bet else betting.level
        sentence = msg(N_("{player} checks"), rule="04", player=seat.name)
    elif option.action is _CALL:
        assert option.amount is not None
        seat.put_in(option.amount)
        seat.acted_level = current_bet(table, betting) if betting.big_bet else betting.level
        update_uncapped(table, betting)
        if option.all_in:
            sentence = msg(N_("{player} calls {amount} and is all-in"), rule="06", player=seat.name,
                           amount=option.amount)
        else:
            sentence = msg(N_("{player} calls {amount}"), rule="04", player=seat.name, amount=option.amount)
    elif option.action in (_BET, _RAISE):
        sentence, kind = _wager(table, betting, seat, option)
    else:
        raise NotAllowed(N_("That is not a betting action."), rule="04")
    # tuple.__new__ builds the NamedTuple without its Python-level __new__ (a lambda): most inputs are wagers.
    table.facts.append(tuple.__new__(Wagered, (
        seat.name, option.action, option.amount or 0, seat.bet, betting.number, betting.unit, before, kind,
        betting.capped and not capped_before, betting.raises, betting.uncapped, bool(option.all_in),
        option.completes and kind == COMPLETE)))
    return sentence


def fold(table: TableState, hand: Hand, seat: Seat) -> Msg:
    seat.folded = True
    hand.deck.folded += seat.cards_held
    seat.cards_held = 0
    if hand.betting is not None:
        update_uncapped(table, hand.betting)
    return msg(N_("{player} folds"), rule="04", ruling="R10", player=seat.name)


def _wager(table: TableState, betting: BettingRound, seat: Seat, option: LegalAction) -> tuple[Msg, str]:
    """A bet or raise to ``option.to``: exactly B+u, or an all-in for less that may or may not qualify (R7, R8)."""
    assert option.to is not None and option.amount is not None
    to = option.to
    # The option was offered on this state: a bet exactly when nobody has chips in this round (``options``), which
    # is what opening means here; no walk over the seats again.
    was_opening = option.action is _BET
    if betting.big_bet:
        top = current_bet(table, betting)
        seat.put_in(option.amount)
        kind = big_bet.settle_wager(betting, seat, to, top)
        return _wager_sentence(seat, option, was_opening, kind, betting), kind
    seat.put_in(option.amount)
    betting.last_aggressor = seat.name
    previous_level = betting.level
    if to == previous_level + betting.unit:
        kind = COMPLETE
        if betting.has_bet:
            betting.raises += 1
        betting.has_bet = True
        betting.level = to
    elif 2 * (to - previous_level) >= betting.unit:
        kind = QUALIFIES  # reopens, but does not count toward the cap
        betting.has_bet = True
        betting.level = to
    else:
        kind = INCOMPLETE  # B stays: players who acted at B may only call or fold
    seat.acted_level = betting.level
    if kind == COMPLETE and not betting.uncapped and betting.has_bet and betting.raises >= table.stakes.raises:
        betting.capped = True
    update_uncapped(table, betting)
    return _wager_sentence(seat, option, was_opening, kind, betting), kind


def _wager_sentence(seat: Seat, option: LegalAction, was_opening: bool, kind: str, betting: BettingRound) -> Msg:
    name, to = seat.name, option.to or 0
    if was_opening:
        sentence = msg(N_("{player} bets {to}"), rule="04", player=name, to=to)
    elif option.completes and kind == COMPLETE:
        sentence = msg(N_("{player} completes to {to}"), rule="06", ruling="R7", player=name, to=to)
    else:
        sentence = msg(N_("{player} raises to {to}"), rule="04", player=name, to=to)
    notes: list[Msg] = []
    if option.all_in:
        notes.append(msg(N_("all-in"), rule="06"))
    if kind == INCOMPLETE and betting.big_bet:
        notes.append(big_bet.short_note())
    elif kind == INCOMPLETE:
        notes.append(msg(N_("incomplete: does not reopen the betting for players who already acted"), rule="06",
                         ruling="R7"))
    elif kind == QUALIFIES:
        notes.append(msg(N_("adds at least half a bet: reopens the betting"), rule="06", ruling="R7"))
    if betting.capped and kind == COMPLETE:
        notes.append(msg(N_("capped"), rule="04", ruling="R8"))
    for note in notes:
        sentence = msg(N_("{sentence} — {note}"), rule=note.rule or sentence.rule,
                       ruling=note.ruling or sentence.ruling, sentence=sentence, note=note)
    return sentence


def refusal(table: TableState, betting: BettingRound, seat: Seat, action: Action) -> NotAllowed:
    """Why a betting action of the player to act is refused, in one sentence with its rule."""
    if action is _CHECK:
        return NotAllowed(N_("{player} cannot check: {amount} to call."), rule="04", player=seat.name,
                          amount=min(owed(table, betting, seat), seat.stack))
    if action is _CALL:
        return NotAllowed(N_("Nothing to call: {player} can check."), rule="04", player=seat.name)
    blocker = raise_blocker(table, betting, seat)
    if blocker is not None:
        return NotAllowed(blocker.text, rule=blocker.rule, ruling=blocker.ruling, **dict(blocker.args))
    if action is _BET:
        return NotAllowed(N_("There is already a wager this round: the aggressive action is a raise."), rule="04")
    return NotAllowed(N_("Nobody has bet this round yet: the aggressive action is a bet."), rule="04")


def update_uncapped(table: TableState, betting: BettingRound) -> None:
    """Heads-up (at most two players who can still bet) before the cap: raises are unlimited (R9)."""
    if betting.capped or betting.uncapped or betting.big_bet:
        return
    able = 0  # table.active_count(), counted here to stop at the third: run after every call, fold and wager
    for seat in table.seats:
        if seat.in_hand and not seat.folded and seat.stack > 0:
            able += 1
            if able > 2:
                return
    betting.uncapped = True


def cap_state(table: TableState, betting: BettingRound) -> Msg:
    """The cap in words for the dealer and the players: "2 raises left", "capped", "heads-up: no cap"."""
    if betting.big_bet:
        return big_bet.NO_CAP
    if betting.capped:
        return msg(N_("capped"), rule="04", ruling="R8")
    if betting.uncapped:
        return msg(N_("heads-up: no cap"), rule="04", ruling="R9")
    left = table.stakes.raises - betting.raises
    if not betting.has_bet and current_bet(table, betting) > 0:
        # A short all-in opening bet (R8): the round has no bet yet, but a wager stands.
        if left == 1:
            return msg(N_("short all-in bet: completing it to {unit} is the bet, then 1 raise allowed"), rule="04",
                       ruling="R8", unit=betting.unit)
        return msg(N_("short all-in bet: completing it to {unit} is the bet, then {count} raises allowed"),
                   rule="04", ruling="R8", unit=betting.unit, count=left)
    if not betting.has_bet:
        if left == 1:
            return msg(N_("no bet yet: a bet and 1 raise allowed"), rule="04", ruling="R8")
        return msg(N_("no bet yet: a bet and {count} raises allowed"), rule="04", ruling="R8", count=left)
    if left == 1:
        return msg(N_("1 raise left"), rule="04", ruling="R8")
    return msg(N_("{count} raises left"), rule="04", ruling="R8", count=left)


def reset_round(table: TableState) -> None:
    for seat in table.seats:
        seat.bet = 0
        seat.acted_level = None
