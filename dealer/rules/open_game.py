"""An open game's inputs between hands (R26): a player joins, leaves, sits out or comes back, chips are added, the
stakes change (R34), and the dealer ends the night. Each is refused in a session (R1) and during a hand; each
records its fact.

Chips enter only by a join or an addition and leave only when a player leaves, so the chips on the table are always
the chips bought in minus the chips taken away (``TableState.total``).
"""

from __future__ import annotations

from ..errors import NotAllowed
from ..messages import N_, Msg, msg
from .entries import Input
from .facts import ChipsAdded, Joined, Left, NightEnded, SatIn, SatOut, StakesChanged
from .hand_flow import log
from .legal import Action, Legal, LegalAction
from .names import name_key, refuse_look_alike
from .settlement import leaver_transfers, money
from .stakes import MAX_CHIPS, MAX_PLAYERS, Stakes
from .table_state import Phase, Seat, TableState
from .tournament_inputs import deal_refusal as tournament_deal_refusal
from .tournament_inputs import options as tournament_options


def apply_table_input(table: TableState, entry: Input) -> None:
    """Carry out an open game's input between hands, or refuse it with the rule that refuses it."""
    if entry.action is Action.STAKES:
        _change_stakes(table, entry)
        return
    _check_allowed(table, entry)
    if entry.action is Action.END:
        _end(table)
    elif entry.action is Action.JOIN:
        _join(table, entry)
    else:
        seat = _listed(table, entry.player or "")
        if entry.action is Action.LEAVE:
            _leave(table, seat)
        elif entry.action is Action.SIT_OUT:
            _sit_out(table, seat)
        elif entry.action is Action.SIT_IN:
            _sit_in(table, seat)
        else:
            _add_chips(table, seat, entry.amount or 0)


def table_options(table: TableState) -> Legal:
    """An open game's inputs between hands (R26), with whom and how much each allows: who may leave, sit out or come
    back, after whom a newcomer may sit (none at a full table), the most chips each player may add; none in a session
    (R1) or during a hand. The refusals below say the same in words."""
    if table.tournament is not None:
        return tournament_options(table)  # the clock, rebuys, outs, the add-on, a chop (R35-R37)
    if not table.settings.is_open or table.phase is not Phase.DEAL:
        return ()
    seated = _seated(table)
    names = tuple(seat.name for seat in seated)
    options = []
    if len(seated) < MAX_PLAYERS:
        options.append(LegalAction(Action.JOIN, after=names, most=(_ceiling(table),)))
    if seated:
        options.append(LegalAction(Action.LEAVE, players=names))
    for action, sitting_out in ((Action.SIT_OUT, False), (Action.SIT_IN, True)):
        players = tuple(seat.name for seat in seated if seat.sitting_out is sitting_out)
        if players:
            options.append(LegalAction(action, players=players))
    room = tuple((seat.name, most) for seat in seated if (most := _room(table, seat)) > 0)
    if room:
        options.append(LegalAction(Action.ADD_CHIPS, players=tuple(name for name, _ in room),
                                   most=tuple(most for _, most in room)))
    options.append(LegalAction(Action.END))
    options.append(STAKES)  # last: the options before it keep their places (R34)
    return tuple(options)


STAKES = LegalAction(Action.STAKES)  # new blinds, limits, raises or ante from the next hand (R34)


def _seated(table: TableState) -> list[Seat]:
    return [seat for seat in table.seats if not seat.left]


def _ceiling(table: TableState) -> int:
    """The most chips a player may have after buying chips: the settings' max_buy_in, else what an input can carry."""
    ceiling = table.settings.max_buy_in
    return MAX_CHIPS if ceiling is None else ceiling


def _room(table: TableState, seat: Seat) -> int:
    """The most chips ``seat`` may add now."""
    if table.settings.max_buy_in is None:
        return MAX_CHIPS
    return max(0, table.settings.max_buy_in - seat.stack)


def _check_allowed(table: TableState, entry: Input) -> None:
    if not table.settings.is_open:
        if entry.action is Action.END:
            raise NotAllowed(N_("A session ends after its set number of hands, not when the dealer says: the same "
                                "players keep the same chips all night."), rule="01", ruling="R1")
        raise NotAllowed(N_("This is a session: players do not join, leave, sit out or add chips; the same players "
                            "keep the same chips all night."), rule="01", ruling="R1")
    if table.phase is Phase.OVER:
        raise NotAllowed(N_("The night is over."), rule="01", ruling="R26")
    if table.phase is not Phase.DEAL:
        raise NotAllowed(N_("Chips enter or leave only between hands: finish hand {number} first."), rule="01",
                         ruling="R26", number=table.hand_number)


def _listed(table: TableState, name: str) -> Seat:
    seat = _find(table, name)
    if seat is None:
        raise NotAllowed(N_("There is no player “{player}” at this table."), player=name)
    if seat.left:
        raise NotAllowed(N_("{player} has left the table: seat them again to play."), rule="01", ruling="R26",
                         player=seat.name)
    return seat


def _find(table: TableState, name: str) -> Seat | None:
    folded = name_key(name)  # "Ａｎａ" and "ANA" are Ana
    return next((seat for seat in table.seats if name_key(seat.name) == folded), None)


def _check_buy_in(table: TableState, name: str, stack: int) -> None:
    ceiling = table.settings.max_buy_in
    if ceiling is not None and stack > ceiling:
        raise NotAllowed(N_("The most a player may have after buying chips is {maximum}: {player} would have "
                            "{stack}."), rule="01", ruling="R26", maximum=ceiling, player=name, stack=stack)


def _join(table: TableState, entry: Input) -> None:
    name, chips = entry.player or "", entry.amount or 0
    seated = _seated(table)
    if len(seated) >= MAX_PLAYERS:
        raise NotAllowed(N_("Every seat is taken: a table has at most {maximum} players."), rule="01",
                         ruling="R26", maximum=MAX_PLAYERS)
    again = _find(table, name)
    if again is not None and not again.left:
        raise NotAllowed(N_("{player} is already at the table."), rule="01", player=again.name)
    refuse_look_alike(name, (seat.name for seat in table.seats if seat is not again))
    after = _after(table, entry.after, seated)
    _check_buy_in(table, name, chips)
    seats = [seat for seat in table.seats if seat is not again]
    if again is not None:
        again.left, again.stack, again.bought_in = False, chips, again.bought_in + chips
        newcomer = again
    else:
        newcomer = Seat(name, chips, bought_in=chips)
    place = next((index + 1 for index, seat in enumerate(seats) if seat.name == after), len(seats))
    seats.insert(place, newcomer)
    table.reseat(seats)
    table.facts.append(Joined(newcomer.name, after, chips))
    if after is None:
        log(table, msg(N_("{player} sits down with {chips} chips; dealt in from the next hand"), rule="01",
                       ruling="R26", player=newcomer.name, chips=chips))
    else:
        log(table, msg(N_("{player} sits down after {after} with {chips} chips; dealt in from the next hand"),
                       rule="01", ruling="R26", player=newcomer.name, after=after, chips=chips))


def _after(table: TableState, named: str | None, seated: list[Seat]) -> str | None:
    """The seated player the newcomer sits after (clockwise); required while anyone is seated."""
    if named is None:
        if seated:
            raise NotAllowed(N_("Say after whom the new player sits (“after”)."), rule="01", ruling="R26")
        return None
    seat = _listed(table, named)
    return seat.name


def _leave(table: TableState, seat: Seat) -> None:
    chips = seat.stack
    seat.taken += chips
    seat.stack = 0
    seat.left, seat.sitting_out = True, False
    paid = leaver_transfers(table, seat.name)  # final: later hands never change what settled the leaver (R27)
    table.settled += paid
    table.facts.append(Left(seat.name, chips, paid))
    log(table, msg(N_("{player} leaves the table and takes {chips} chips away"), rule="01", ruling="R26",
                   player=seat.name, chips=chips))
    value, unit = table.settings.value, f" {table.settings.currency}" if table.settings.currency else ""
    for payer, payee, amount in paid:
        if value is None:
            log(table, msg(N_("Settled now: {payer} pays {payee} {chips} chips"), ruling="R27", payer=payer,
                           payee=payee, chips=amount))
        else:
            log(table, msg(N_("Settled now: {payer} pays {payee} {amount}"), ruling="R27", payer=payer,
                           payee=payee, amount=f"{money(amount, value)}{unit}"))


def _sit_out(table: TableState, seat: Seat) -> None:
    if seat.sitting_out:
        raise NotAllowed(N_("{player} is already sitting out."), rule="01", ruling="R26", player=seat.name)
    seat.sitting_out = True
    table.facts.append(SatOut(seat.name))
    log(table, msg(N_("{player} sits out: no cards, no button, no blinds until coming back"), rule="01",
                   ruling="R26", player=seat.name))


def _sit_in(table: TableState, seat: Seat) -> None:
    if not seat.sitting_out:
        raise NotAllowed(N_("{player} is not sitting out."), rule="01", ruling="R26", player=seat.name)
    seat.sitting_out = False
    table.facts.append(SatIn(seat.name))
    log(table, msg(N_("{player} comes back: dealt in from the next hand, without an extra blind"), rule="01",
                   ruling="R26", player=seat.name))


def _add_chips(table: TableState, seat: Seat, chips: int) -> None:
    _check_buy_in(table, seat.name, seat.stack + chips)
    seat.stack += chips
    seat.bought_in += chips
    table.facts.append(ChipsAdded(seat.name, chips))
    log(table, msg(N_("{player} adds {chips} chips (now {stack})"), rule="01", ruling="R26", player=seat.name,
                   chips=chips, stack=seat.stack))


def _end(table: TableState) -> None:
    table.phase = Phase.OVER
    table.facts.append(NightEnded(table.hand_number))
    log(table, msg(N_("The dealer ends the night after hand {number}"), rule="08", ruling="R26",
                   number=table.hand_number))


def deal_refusal(table: TableState) -> Msg | None:
    """Why the next hand cannot be dealt in an open game (fewer than two players sitting in with chips)."""
    if table.tournament is not None:  # a break, the end, or busted players to settle first (R35, R36)
        refused = tournament_deal_refusal(table)
        return refused.message if refused is not None else None
    if not table.settings.is_open or sum(1 for seat in table.seats if seat.dealable) >= 2:
        return None
    return msg(N_("At least two players sitting in with chips are needed to deal: seat a player, add chips or end "
                  "the night."), rule="01", ruling="R26")


def _change_stakes(table: TableState, entry: Input) -> None:
    """New blinds, limits, raises or ante, played from the next hand on (R34); refused in a session (R1), during a
    hand, once the night is over, and when nothing would change."""
    if not table.settings.is_open:
        raise NotAllowed(N_("This is a session: the stakes stay as they were set for the whole night."), rule="01",
                         ruling="R1")
    if table.phase is Phase.OVER:
        raise NotAllowed(N_("The night is over."), rule="01", ruling="R26")
    if table.phase is not Phase.DEAL:
        raise NotAllowed(N_("The stakes change only between hands: finish hand {number} first."), rule="01",
                         ruling="R34", number=table.hand_number)
    assert entry.stakes is not None, "parse_input reads a stakes input's fields"
    before, after = table.stakes, entry.stakes.applied_to(table.stakes)
    if after == before:
        raise NotAllowed(N_("These are already the stakes: nothing changes."), rule="01", ruling="R34")
    table.stakes = after
    table.facts.append(StakesChanged(after, before))
    log(table, stakes_sentence(after, table.hand_number + 1))


def stakes_sentence(stakes: Stakes, number: int) -> Msg:
    """"New stakes from hand 5: blinds 2/4 · limits 4/8 · a bet and 3 raises" (and the ante, when there is one)."""
    if stakes.ante:
        return msg(N_("New stakes from hand {number}: blinds {sb}/{bb} · limits {small}/{big} · a bet and {raises} "
                      "raises · ante {ante}"), rule="01", ruling="R34", number=number, sb=stakes.small_blind,
                   bb=stakes.big_blind, small=stakes.small_bet, big=stakes.big_bet, raises=stakes.raises,
                   ante=stakes.ante)
    return msg(N_("New stakes from hand {number}: blinds {sb}/{bb} · limits {small}/{big} · a bet and {raises} "
                  "raises"), rule="01", ruling="R34", number=number, sb=stakes.small_blind, bb=stakes.big_blind,
               small=stakes.small_bet, big=stakes.big_bet, raises=stakes.raises)
