"""The flow of a hand: the deal and blinds, betting rounds, draws, the showdown and the end of the hand (§03, §08).

Each function moves the table to its next stage and writes the log sentences of that move; which input is
allowed, and why not, is decided in ``inputs.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..messages import N_, Msg, msg
from . import antes, betting, draws, pots, showdown
from .cards import DECK_SIZE
from .deal_plan import plan_sentence
from .facts import (
    Awarded,
    BlindPosted,
    HandDealt,
    HandEnded,
    NotAsked,
    RoundSkipped,
    Served,
    SessionEnded,
    ShowdownBegan,
)
from .games import DEFAULT_GAME, DEFAULT_GAMES, GameRules
from .outcomes import Award, HandResult
from .split_pots import half_awards
from .stakes import ANTE_BIG_BLIND, ANTE_EACH
from .table_state import AT_SHOWDOWN, BETTING, DEALING, DRAWING, OVER, Deck, Hand, Showdown, TableState
from .tournament_inputs import end_of_hand


def next_button(table: TableState) -> str:
    """Hand 1: the named or drawn button; then the next seat clockwise whose player has chips (R5), skipping in an
    open game those who sit out or have left (R26: no dead button)."""
    if table.hand is None:
        if table.seat(table.first_button).dealable or not table.settings.is_open:
            return table.first_button
        from_seat = table.first_button
    else:
        from_seat = table.hand.button
    return next((seat.name for seat in table.clockwise_from(from_seat) if seat.dealable), from_seat)


def start_hand(table: TableState, game: GameRules = DEFAULT_GAME) -> None:
    button = next_button(table)
    table.hand_number += 1
    for seat in table.seats:
        seat.in_hand = seat.dealable  # R2: a player with no chips is out; R26: nor one sitting out or gone
        seat.folded = False
        seat.bet = seat.committed = 0
        seat.acted_level = None
        seat.cards_held = game.hand_size if seat.in_hand else 0
        seat.draws = []
    dealt = [seat for seat in table.seats if seat.in_hand]
    heads_up = len(dealt) == 2
    small = button if heads_up else _next_with_chips(table, button)
    big = _next_with_chips(table, small)
    hand = Hand(table.hand_number, button, small, big, Deck(stub=DECK_SIZE - game.hand_size * len(dealt)), game=game)
    table.hand = hand
    table.phase = BETTING
    table.facts.append(HandDealt(hand.number, button, small, big, tuple(
        (position, seat.name, seat.stack) for position, seat in enumerate(table.seats, start=1) if seat.in_hand),
        game.code))
    if table.games != DEFAULT_GAMES:
        log(table, msg(N_("Hand {number} plays {game}"), ruling="R25", number=hand.number, game=game.full_name))
    stakes = table.stakes
    ante_lines = antes.post_each(table, dealt) if stakes.ante and stakes.ante_by == ANTE_EACH else []
    small_posted = _post(table, small, "small", stakes.small_blind)
    big_posted = _post(table, big, "big", stakes.big_blind)
    hand.blind_shortfall = stakes.small_blind - small_posted + stakes.big_blind - big_posted
    log(table, msg(N_("Deal hand {number}: button {button}; {small} posts {small_amount}, {big} posts {big_amount}"),
                   rule="03", ruling="R5", number=hand.number, button=button, small=small,
                   small_amount=small_posted, big=big, big_amount=big_posted))
    for name, posted, blind in ((small, small_posted, table.stakes.small_blind),
                                (big, big_posted, table.stakes.big_blind)):
        if posted < blind:
            log(table, msg(N_("{player} is short: posts {amount} and is all-in"), rule="06", ruling="R6",
                           player=name, amount=posted))
        elif table.seat(name).stack == 0:
            log(table, msg(N_("{player} posts {amount}, the whole stack, and is all-in"), rule="06", ruling="R6",
                           player=name, amount=posted))
    if stakes.ante and stakes.ante_by == ANTE_BIG_BLIND:  # the blind first, then the ante (R32, TDA RP-11)
        ante_lines = antes.post_big_blind(table, big)
    for line in ante_lines:
        log(table, line)
    start_betting(table, hand, 1)


def _next_with_chips(table: TableState, name: str) -> str:
    return next(seat.name for seat in table.clockwise_from(name) if seat.stack > 0 and seat.in_hand)


def _post(table: TableState, name: str, which: str, blind: int) -> int:
    """Post a blind, or the whole stack when it is shorter (R6)."""
    seat = table.seat(name)
    amount = min(blind, seat.stack)
    seat.put_in(amount)
    table.facts.append(BlindPosted(name, which, amount, blind, seat.stack == 0))
    return amount


def start_betting(table: TableState, hand: Hand, number: int) -> None:
    table.phase = BETTING
    hand.phase = BETTING
    round_ = betting.start_round(table, hand, number)
    first = betting.first_to_act(table, hand, round_)
    if first is not None:
        hand.to_act = first.name
        return
    round_.skipped = True
    table.facts.append(RoundSkipped(number))
    log(table, msg(N_("Betting round {number} skipped: at most one player can bet and nobody owes chips"),
                   rule="04", ruling="R11", number=number))
    finish_betting(table, hand)


def after_bet(table: TableState, hand: Hand, last: str) -> None:
    """The next player who must act, or the end of the round."""
    assert hand.betting is not None
    following = betting.next_to_act(table, hand.betting, last)
    if following is not None:
        hand.to_act = following.name
    else:
        finish_betting(table, hand)


def finish_betting(table: TableState, hand: Hand) -> None:
    """Close the round: give back uncalled chips, then the next draw or the showdown."""
    assert hand.betting is not None
    if not hand.betting.skipped:
        table.facts.extend(NotAsked(seat.name, hand.betting.number) for seat in table.seats
                           if seat.acted_level is None and seat.in_hand and not seat.folded and seat.stack > 0)
        # (seat.active, without two property calls per seat at the end of every round)
    note = pots.return_uncalled(table, hand.returned)
    if note is not None:
        log(table, note)
    betting.reset_round(table)
    hand.to_act = None
    if hand.betting.number == hand.game.betting_rounds:
        start_showdown(table, hand)
        return
    table.phase = DRAWING
    hand.phase = DRAWING
    draws.start_draw(table, hand, hand.betting.number)
    continue_draw(table, hand)


def continue_draw(table: TableState, hand: Hand) -> None:
    """The next player to announce, or (after the last announcement) the deal plan and the next betting round."""
    assert hand.draw is not None
    following = draws.next_to_announce(table, hand.draw)
    if following is not None:
        hand.to_act = following.name
        return
    hand.plan = draws.serve_all(table, hand)
    table.facts.append(Served(hand.draw.number, tuple(hand.plan)))
    hand.exposed_open = True
    for step in hand.plan:
        log(table, plan_sentence(step))
    start_betting(table, hand, hand.draw.number + 1)


def start_showdown(table: TableState, hand: Hand) -> None:
    order = showdown.showing_order(table, hand)
    hand.showdown = Showdown(order, pots.build_pots(table.seats))
    table.facts.append(ShowdownBegan(tuple(order)))
    table.phase = AT_SHOWDOWN
    hand.phase = AT_SHOWDOWN
    log(table, msg(N_("Showdown: {player} shows first; order {order}"), rule="08", ruling="R18", player=order[0],
                   order=", ".join(order)))
    continue_showdown(table, hand)


def continue_showdown(table: TableState, hand: Hand) -> None:
    """Pay what can be paid; then the next player who must show, or the end of the hand."""
    sd = hand.showdown
    assert sd is not None
    for sentence in showdown.settle(table, hand, sd):
        log(table, sentence)
    following = showdown.next_to_show(table, sd)
    if following is not None:
        hand.to_act = following.name
        return
    awards = tuple(award for index in sorted(sd.awards)
                   for award in (sd.awards[index], *((sd.halves[index],) if index in sd.halves else ())))
    end_hand(table, hand, awards, uncontested=False)


def win_uncontested(table: TableState, hand: Hand) -> None:
    """Everyone else folded: the last player takes every pot at once, without showing (R10)."""
    note = pots.return_uncalled(table, hand.returned)
    if note is not None:
        log(table, note)
    winner = table.live_seats()[0].name
    awards = []
    built = pots.build_pots(table.seats)
    for index, pot in enumerate(built):
        paid = (half_awards(table, hand.button, hand.game, index, pot, [winner], None) if hand.game.split else
                (Award(index, pot.amount, pot.eligible, (winner,), {winner: pot.amount}, (), shown=False),))
        for award in paid:
            awards.append(award)
            table.facts.append(Awarded(award, len(built)))
            log(table, showdown.award_sentence(award, len(built)))
    end_hand(table, hand, tuple(awards), uncontested=True)


def end_hand(table: TableState, hand: Hand, awards: Sequence[Award], uncontested: bool) -> None:
    for award in awards:
        for name, chips in award.shares.items():
            table.seat(name).stack += chips
    shown = dict(hand.showdown.shown) if hand.showdown else {}
    for seat in table.seats:
        seat.bet = seat.committed = 0
        seat.acted_level = None
        seat.in_hand = False
        seat.folded = False
        seat.cards_held = 0
    hand.ended = True
    hand.to_act = None
    hand.exposed_open = False
    hand.deck = Deck()  # all 52 are gathered and shuffled before the next hand (§08)
    table.last_hand = HandResult(hand.number, tuple(awards), dict(hand.returned), shown, uncontested)
    table.history.append({seat.name: seat.stack for seat in table.seats})
    table.facts.append(HandEnded(table.last_hand, tuple((seat.name, seat.stack) for seat in table.seats)))
    assert sum(seat.stack for seat in table.seats) == table.total, "R1, R26: chips enter or leave only between hands"
    with_chips = [seat for seat in table.seats if seat.stack > 0]
    if table.tournament is not None:
        end_of_hand(table)  # busted or out, places, the winner (R35)
    elif table.settings.is_open:
        table.phase = DEALING  # the dealer ends an open game (R26)
    elif table.hand_number >= table.stakes.hands or len(with_chips) <= 1:
        table.phase = OVER
        table.facts.append(SessionEnded(hand.number))
        log(table, msg(N_("Session over after hand {number}"), rule="08", ruling="R20", number=hand.number))
    else:
        table.phase = DEALING
    hand.phase = table.phase


def log(table: TableState, text: Msg) -> None:
    """One sentence of the input being applied: ``apply_input`` keeps it in the input's step."""
    table.lines.append(text)
