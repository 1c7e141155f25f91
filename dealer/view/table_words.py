"""The table's words of the moment: the hand label, the stage, the stakes line, the earlier hands in one line
each and the chip check, for a session (R1, R20) and for an open game (R26)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..messages import N_, Msg, msg
from ..record.hand_record import HandRecord
from ..rules.games import game_rules
from ..rules.stakes import ANTE_BIG_BLIND
from ..rules.table_state import BETTING, DEALING, DRAWING, OVER, TableState
from .snapshot import HandSummary, StandingRow

EARLIER_HANDS = 10  # earlier hands summed up on the console and the phones: their pages stay the same size


def hand_summaries(records: Sequence[HandRecord], games: Mapping[int, str],
                   count: int = EARLIER_HANDS + 1) -> tuple[HandSummary, ...]:
    """The latest finished hands in one line each, latest first: what each player won or lost in that hand, read
    from the hand's record (its chips at the deal and after the hand: the blinds, wagers, returns and awards), so
    chips bought, added or taken away between hands never count (R26); they add up to nothing. The hand's game is
    named where ``games`` names it (a table of several games, R25)."""
    found = []
    for record in reversed(records):
        final = record.final
        if final is None:  # the hand in play
            continue
        changes = tuple((name, final[name] - chips) for _, name, chips in record.seats
                        if final.get(name, chips) != chips)
        number = record.number
        if changes:
            text = msg(N_("Hand {number}: {changes}"), number=number, changes=", ".join(
                f"{name} {'+' if change > 0 else '−'}{abs(change)}" for name, change in changes))
        else:
            text = msg(N_("Hand {number}: no chips changed hands"), number=number)
        if number in games:
            text = msg(N_("{summary} · {game}"), summary=text, game=game_rules(games[number]).full_name)
        found.append(HandSummary(number, text, changes))
        if len(found) == count:
            break
    return tuple(found)


def stakes_text(table: TableState) -> Msg:
    """The stakes in one line; a table of big-bet games only has no limits to name (R28), antes are named (R32)."""
    text = _limits_text(table)
    stakes = table.stakes
    if stakes.ante and stakes.ante_by == ANTE_BIG_BLIND:
        return msg(N_("{stakes} · big-blind ante {ante}"), ruling="R32", stakes=text, ante=stakes.ante)
    if stakes.ante:
        return msg(N_("{stakes} · ante {ante}"), ruling="R32", stakes=text, ante=stakes.ante)
    return text


def _limits_text(table: TableState) -> Msg:
    stakes = table.stakes
    if table.tournament is not None:  # its stakes are its level's (R36)
        if all(game_rules(code).big_bet for code in table.games):
            return msg(N_("Blinds {sb}/{bb} · tournament"), ruling="R36", sb=stakes.small_blind,
                       bb=stakes.big_blind)
        return msg(N_("Blinds {sb}/{bb} · limits {small}/{big} · a bet and {raises} raises · tournament"),
                   rule="01", ruling="R36", sb=stakes.small_blind, bb=stakes.big_blind, small=stakes.small_bet,
                   big=stakes.big_bet, raises=stakes.raises)
    if all(game_rules(code).big_bet for code in table.games):
        if table.settings.is_open:
            return msg(N_("Blinds {sb}/{bb} · open game"), ruling="R28", sb=stakes.small_blind, bb=stakes.big_blind)
        return msg(N_("Blinds {sb}/{bb} · {hands} hands"), ruling="R28", sb=stakes.small_blind,
                   bb=stakes.big_blind, hands=stakes.hands)
    if table.settings.is_open:
        return msg(N_("Blinds {sb}/{bb} · limits {small}/{big} · a bet and {raises} raises · open game"),
                   rule="01", ruling="R26", sb=stakes.small_blind, bb=stakes.big_blind, small=stakes.small_bet,
                   big=stakes.big_bet, raises=stakes.raises)
    return msg(N_("Blinds {sb}/{bb} · limits {small}/{big} · a bet and {raises} raises · {hands} hands"),
               sb=stakes.small_blind, bb=stakes.big_blind, small=stakes.small_bet, big=stakes.big_bet,
               raises=stakes.raises, hands=stakes.hands)


def hand_label(table: TableState) -> Msg:
    if table.settings.is_open or table.tournament is not None:
        if table.hand_number:
            return msg(N_("Hand {number}"), number=table.hand_number)
        if table.tournament is not None:
            return msg(N_("No hand dealt yet (tournament)"), ruling="R36")
        return msg(N_("No hand dealt yet (open game)"), ruling="R26")
    if table.hand_number:
        return msg(N_("Hand {number} of {hands}"), number=table.hand_number, hands=table.stakes.hands)
    return msg(N_("No hand dealt yet ({hands} hands)"), hands=table.stakes.hands)


def stage(table: TableState) -> Msg:
    """Where the table stands, in words: "Betting round 2 of 4", "Draw 1 of 3", "Session over"…"""
    hand = table.hand
    if table.phase is OVER:
        if table.tournament is not None:
            return msg(N_("The tournament is over."), rule="08", ruling="R35")
        return msg(N_("The night is over"), ruling="R26") if table.settings.is_open else msg(N_("Session over"))
    if table.phase is DEALING:
        return msg(N_("Ready to deal hand {number}"), number=table.hand_number + 1)
    if table.phase is BETTING and hand and hand.betting:
        if hand.game.draws != 3:
            return msg(N_("Betting round {number} of {rounds}"), number=hand.betting.number,
                       rounds=hand.game.betting_rounds)
        return msg(N_("Betting round {number} of 4"), number=hand.betting.number)
    if table.phase is DRAWING and hand and hand.draw:
        if hand.game.draws == 1:
            return msg(N_("The draw"), rule="05", ruling="R33")
        return msg(N_("Draw {number} of 3"), number=hand.draw.number)
    return msg(N_("Showdown"))


def chip_check(is_open: bool, total: int, stacks: int, pots: int, bought: int, taken: int) -> Msg:
    """The chip count against the table total (R1); in an open game, bought in minus taken away (R26)."""
    if is_open:
        return msg(N_("Chip check: stacks {stacks} + pots {pots} = {sum}; bought in {bought} − taken away {taken} "
                      "= {total}"), rule="01", ruling="R26", stacks=stacks, pots=pots, sum=stacks + pots,
                   bought=bought, taken=taken, total=total)
    if pots:
        return msg(N_("Chip check: stacks {stacks} + pots {pots} = {sum}; table total {total}"), rule="01",
                   ruling="R1", stacks=stacks, pots=pots, sum=stacks + pots, total=total)
    return msg(N_("Chip check: stacks add up to {sum}; table total {total}"), rule="01", ruling="R1",
               sum=stacks, total=total)


def ranked(players: Iterable[tuple[str, int, int]]) -> tuple[StandingRow, ...]:
    """Players as (name, stack, start), best stack first; equal stacks share a place, the next is skipped (R20);
    ``change`` is the stack against the start."""
    order = sorted(players, key=_by_stack)
    amounts = [stack for _, stack, _ in order]  # best first: a place is 1 + the first index of its amount
    return tuple(StandingRow(amounts.index(stack) + 1, name, stack, amounts.count(stack) > 1, stack - start)
                 for name, stack, start in order)


def _by_stack(player: tuple[str, int, int]) -> int:
    return -player[1]
