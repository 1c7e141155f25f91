"""A tournament's rules at the table (R35-R37): the level each deal uses, breaks, the clock's pause, eliminations
and places, rebuys, the add-on and an agreed chop. Each rule reads the clock at the input's time (``table.now``)
and records what it decided as facts and lines of the input's step.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from ..errors import BadInput, NotAllowed
from ..messages import N_, Msg, msg
from .entries import Input
from .facts import Bought, Busted, ClockStopped, LevelStarted, StakesChanged, TournamentEnded, WentOut
from .legal import Action, Legal, LegalAction
from .table_state import DEALING, OVER, Phase, Seat, TableState
from .tournament import Clock, Place, Tour, add_on_open, read_clock, rebuy_open
from .tournament_clock import clock_text
from .tournament_money import check_chop, money_text
from .tournament_places import out_together, unpaid_prizes

PAUSE, RESUME = LegalAction(Action.PAUSE), LegalAction(Action.RESUME)
MAX_CHOP_PLAYERS = 4


def log(table: TableState, text: Msg) -> None:
    """One sentence of the input being applied (as ``hand_flow.log``, which imports this module)."""
    table.lines.append(text)


def tour_of(table: TableState) -> Tour:
    tour = table.tournament
    assert tour is not None, "only a tournament's table"
    return tour


def clock_now(table: TableState) -> Clock:
    return read_clock(tour_of(table), table.hand_number, table.now)


def before_input(table: TableState, entry: Input) -> None:
    """Every input of a tournament carries its time: the rules read the clock then (R36)."""
    if entry.at is None:
        raise BadInput(N_("A tournament's input needs the time it was recorded (“at”)."), ruling="R36")
    table.now = entry.at


def options(table: TableState) -> Legal:
    """The tournament's inputs allowed now, after the table's own (the clock, rebuys, outs, the add-on, a chop)."""
    tour = tour_of(table)
    if tour.over:
        return ()
    found = list(clock_options(table))
    if table.phase is not DEALING:
        return tuple(found)
    clock = clock_now(table)
    busted = tuple(seat.name for seat in table.seats if seat.busted)
    settings = tour.settings
    if busted and settings.rebuy is not None and rebuy_open(tour, clock):
        found.append(LegalAction(Action.REBUY, amount=settings.rebuy.chips, players=busted,
                                 price=money_text(settings.rebuy.price)))
    if busted:
        found.append(LegalAction(Action.OUT, players=busted))
    takers = tuple(seat.name for seat in table.seats if seat.stack > 0 and seat.name not in tour.add_ons)
    if takers and settings.add_on is not None and add_on_open(tour, clock):
        found.append(LegalAction(Action.ADD_ON, amount=settings.add_on.chips, players=takers,
                                 price=money_text(settings.add_on.price)))
    left = players_left(table)
    if not busted and 2 <= len(left) <= MAX_CHOP_PLAYERS:
        found.append(LegalAction(Action.CHOP, players=left))
    return tuple(found)


def clock_options(table: TableState) -> Legal:
    """Pause while the clock runs, resume while paused: once it has started, until the end (R36)."""
    tour = tour_of(table)
    if not tour.started or tour.over or tour.settings.by_hands:
        return ()
    return (RESUME,) if tour.paused else (PAUSE,)


def players_left(table: TableState) -> tuple[str, ...]:
    """Players still in: with chips, or busted and waiting (R35)."""
    return tuple(seat.name for seat in table.seats if seat.stack > 0 or seat.busted)


def deal_refusal(table: TableState) -> NotAllowed | None:
    """Why no hand may be dealt now: the tournament is over, a break is on (R36), or only one player could be dealt
    in once the busted players go out (R35)."""
    tour = tour_of(table)
    if tour.over:
        return over_refusal(tour)
    clock = clock_now(table)
    if clock.on_break:
        return NotAllowed(N_("Break: play resumes in {time}."), rule="03", ruling="R36",
                          time=clock_text(clock.seconds_left or 0.0))
    if sum(1 for seat in table.seats if seat.stack > 0) < 2:
        return NotAllowed(N_("Only one player has chips: each busted player rebuys or goes out first."), rule="01",
                          ruling="R35")
    return None


def deal_refusal_now(table: TableState) -> None:
    refused = deal_refusal(table)
    if refused is not None:
        raise refused


def over_refusal(tour: Tour) -> NotAllowed:
    winner = next((place.name for place in tour.places if place.place == 1), None)
    if winner is None:
        return NotAllowed(N_("The tournament is over."), rule="08", ruling="R35")
    return NotAllowed(N_("The tournament is over: {player} wins."), rule="08", ruling="R35", player=winner)


def at_deal(table: TableState) -> None:
    """Before the cards: busted players whose rebuy has closed go out, the clock starts at the first deal, and the
    level in force now sets the stakes (a level that ended during the last hand applies from this deal: R36)."""
    deal_refusal_now(table)
    tour = tour_of(table)
    if not tour.started:
        tour = table.tournament = replace(tour, events=tour.events.start(table.now))
    clock = clock_now(table)
    waiting = [seat for seat in table.seats if seat.busted]
    if waiting and not rebuy_open(tour, clock):
        _go_out(table, waiting)
    level = clock.level
    stakes = level.stakes(table.stakes)
    if level.number != tour.level or stakes != table.stakes:
        before, table.stakes = table.stakes, stakes
        if stakes != before:
            table.facts.append(StakesChanged(stakes, before))
        table.facts.append(LevelStarted(level.number))
        log(table, level_sentence(level.number, stakes.small_blind, stakes.big_blind, stakes.small_bet,
                                  stakes.big_bet, stakes.ante))
    table.tournament = replace(tour_of(table), level=level.number, hand_stacks=tuple(
        (seat.name, seat.stack) for seat in table.seats if seat.dealable))


def level_sentence(number: int, sb: int, bb: int, small: int, big: int, ante: int) -> Msg:
    """"Level 2: blinds 15/30, limits 30/60" (and the ante, when there is one)."""
    if ante:
        return msg(N_("Level {number}: blinds {sb}/{bb}, limits {small}/{big}, ante {ante}"), rule="03",
                   ruling="R36", number=number, sb=sb, bb=bb, small=small, big=big, ante=ante)
    return msg(N_("Level {number}: blinds {sb}/{bb}, limits {small}/{big}"), rule="03", ruling="R36",
               number=number, sb=sb, bb=bb, small=small, big=big)


def end_of_hand(table: TableState) -> None:
    """After the pots are paid: each player dealt in with no chips is busted while a rebuy is open, else out (R35);
    the last player with chips wins."""
    tour = tour_of(table)
    dealt = {name for name, _chips in tour.hand_stacks}
    broke = [seat for seat in table.seats if seat.name in dealt and seat.stack == 0 and not seat.busted]
    clock = clock_now(table)
    if broke and rebuy_open(tour, clock):
        started = dict(tour.hand_stacks)
        table.tournament = replace(tour, busted_stacks=(*tour.busted_stacks, *(
            (seat.name, started[seat.name]) for seat in broke)))
        for seat in broke:
            seat.busted = True
            table.facts.append(Busted(seat.name))
            log(table, msg(N_("{player} has no chips left: rebuy or out"), rule="01", ruling="R35",
                           player=seat.name))
    elif broke:
        _go_out(table, broke)
    table.phase = Phase.DEAL
    _maybe_over(table)


def _go_out(table: TableState, seats: list[Seat]) -> None:
    """Players going out at the same moment take the best places not yet taken from the bottom, the one who began
    the hand with more chips finishing higher; equal stacks share the better place (R35, TDA 21)."""
    tour = tour_of(table)
    started = dict(tour.hand_stacks) | dict(tour.busted_stacks)  # a busted player: the hand they busted in
    placed = out_together([(seat.name, started.get(seat.name, 0)) for seat in seats],
                          tour.entrants - len(tour.places))
    for seat in seats:
        seat.busted = False
    found = list(tour.places)
    for name, place, shared in placed:
        found.append(Place(place, name, table.hand_number))
        table.facts.append(WentOut(name, place, table.hand_number, shared))
        log(table, msg(N_("{player} is out in place {place}"), rule="08", ruling="R35", player=name, place=place))
    gone = {seat.name for seat in seats}
    table.tournament = replace(tour, places=tuple(found), busted_stacks=tuple(
        item for item in tour.busted_stacks if item[0] not in gone))


def _maybe_over(table: TableState) -> None:
    """One player left with chips and nobody busted waiting: that player wins (R35)."""
    with_chips = [seat for seat in table.seats if seat.stack > 0]
    if len(with_chips) != 1 or any(seat.busted for seat in table.seats):
        return
    tour = tour_of(table)
    winner = with_chips[0].name
    table.tournament = replace(tour, places=(*tour.places, Place(1, winner, table.hand_number)), over=True)
    _end(table, TournamentEnded(winner))
    log(table, msg(N_("The tournament is over: {player} wins."), rule="08", ruling="R35", player=winner))


def _end(table: TableState, fact: TournamentEnded) -> None:
    table.phase = OVER
    tour = tour_of(table)
    if tour.paused:  # the clock stops for good
        table.tournament = replace(tour, events=tour.events.resume(table.now))
    table.facts.append(fact)


def apply_tournament_input(table: TableState, entry: Input) -> None:
    """Carry out a tournament's own input, or refuse it with the ruling that refuses it."""
    tour = tour_of(table)
    if tour.over:
        raise over_refusal(tour)
    action = entry.action
    if action in (Action.PAUSE, Action.RESUME):
        _clock(table, tour, action is Action.PAUSE)
        return
    if table.phase is not DEALING:
        raise NotAllowed(N_("Between hands only: finish hand {number} first."), rule="01", ruling="R35",
                         number=table.hand_number)
    if action is Action.CHOP:
        _chop(table, entry)
        return
    seat = _named(table, entry.player or "")
    if action is Action.OUT:
        if not seat.busted:
            raise NotAllowed(N_("{player} still has chips: only a busted player goes out."), rule="01",
                             ruling="R35", player=seat.name)
        _go_out(table, [seat])
        _maybe_over(table)
    elif action is Action.REBUY:
        _rebuy(table, tour, seat)
    else:
        _add_on(table, tour, seat)


def _named(table: TableState, name: str) -> Seat:
    seat = next((seat for seat in table.seats if seat.name.casefold() == name.casefold()), None)
    if seat is None:
        raise NotAllowed(N_("There is no player “{player}” at this table."), player=name)
    return seat


def _clock(table: TableState, tour: Tour, pause: bool) -> None:
    if tour.settings.by_hands:
        raise NotAllowed(N_("Levels by hands have no clock to pause."), rule="03", ruling="R36")
    if not tour.started:
        raise NotAllowed(N_("The clock starts with the first deal."), rule="03", ruling="R36")
    if tour.paused == pause:
        raise NotAllowed(N_("The clock is already paused.") if pause else N_("The clock is running."), rule="03",
                         ruling="R36")
    events = tour.events.pause(table.now) if pause else tour.events.resume(table.now)
    table.tournament = replace(tour, events=events)
    clock = clock_now(table)
    left = clock.seconds_left
    table.facts.append(ClockStopped(pause, clock.level.number, left))
    if left is None:
        line = (msg(N_("Clock paused: level {number}"), rule="03", ruling="R36", number=clock.level.number) if pause
                else msg(N_("Clock running again: level {number}"), rule="03", ruling="R36",
                         number=clock.level.number))
    elif pause:
        line = msg(N_("Clock paused: level {number}, {time} left"), rule="03", ruling="R36",
                   number=clock.level.number, time=clock_text(left))
    else:
        line = msg(N_("Clock running again: level {number}, {time} left"), rule="03", ruling="R36",
                   number=clock.level.number, time=clock_text(left))
    log(table, line)


def _rebuy(table: TableState, tour: Tour, seat: Seat) -> None:
    rebuy = tour.settings.rebuy
    if rebuy is None:
        raise NotAllowed(N_("This tournament has no rebuys."), rule="01", ruling="R37")
    if not seat.busted:
        raise NotAllowed(N_("Only a busted player rebuys: {player} is not."), rule="01", ruling="R37",
                         player=seat.name)
    if not rebuy_open(tour, clock_now(table)):
        raise NotAllowed(N_("Rebuys ended with level {number}."), rule="01", ruling="R37",
                         number=rebuy.through_level)
    seat.busted = False
    seat.stack += rebuy.chips
    seat.bought_in += rebuy.chips
    table.tournament = replace(tour, rebuys=tour.rebuys + 1, busted_stacks=tuple(
        item for item in tour.busted_stacks if item[0] != seat.name))
    price = money_text(rebuy.price)
    table.facts.append(Bought(seat.name, "rebuy", rebuy.chips, price))
    log(table, msg(N_("{player} rebuys: {chips} chips for {price}"), rule="01", ruling="R37", player=seat.name,
                   chips=rebuy.chips, price=price))


def _add_on(table: TableState, tour: Tour, seat: Seat) -> None:
    add_on = tour.settings.add_on
    if add_on is None:
        raise NotAllowed(N_("This tournament has no add-on."), rule="01", ruling="R37")
    if seat.name in tour.add_ons:
        raise NotAllowed(N_("{player} has already taken the add-on."), rule="01", ruling="R37", player=seat.name)
    if seat.stack == 0:
        raise NotAllowed(N_("{player} has no chips: only a player still in takes the add-on."), rule="01",
                         ruling="R37", player=seat.name)
    if not add_on_open(tour, clock_now(table)):
        raise NotAllowed(N_("The add-on is taken on the break after level {number}."), rule="01", ruling="R37",
                         number=add_on.at_break)
    seat.stack += add_on.chips
    seat.bought_in += add_on.chips
    table.tournament = replace(tour, add_ons=tour.add_ons | {seat.name})
    price = money_text(add_on.price)
    table.facts.append(Bought(seat.name, "add_on", add_on.chips, price))
    log(table, msg(N_("{player} takes the add-on: {chips} chips for {price}"), rule="01", ruling="R37",
                   player=seat.name, chips=add_on.chips, price=price))


def _chop(table: TableState, entry: Input) -> None:
    tour = tour_of(table)
    left = players_left(table)
    if any(seat.busted for seat in table.seats):
        raise NotAllowed(N_("A busted player is still waiting: rebuy or out first."), rule="08", ruling="R37")
    if not 2 <= len(left) <= MAX_CHOP_PLAYERS:
        raise NotAllowed(N_("A chop is agreed by 2 to 4 players left."), rule="08", ruling="R37")
    agreed = check_chop(dict(entry.amounts or ()), left, unpaid_prizes(tour))
    amounts = tuple((name, money_text(agreed[name])) for name in left)
    table.tournament = replace(tour, chop=tuple((name, agreed[name]) for name in left))
    _end(table, TournamentEnded(None, amounts))
    table.tournament = replace(tour_of(table), over=True)
    log(table, msg(N_("Chop agreed: {amounts}. The tournament is over."), rule="08", ruling="R37",
                   amounts=", ".join(f"{name} {amount}" for name, amount in amounts)))


def total_in(tour: Tour) -> Decimal:
    """Money paid in so far: buy-ins, rebuys and add-ons (R37)."""
    settings = tour.settings
    rebuy = settings.rebuy.price if settings.rebuy else Decimal(0)
    add_on = settings.add_on.price if settings.add_on else Decimal(0)
    return settings.buy_in * tour.entrants + rebuy * tour.rebuys + add_on * len(tour.add_ons)
