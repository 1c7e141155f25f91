"""The three draws and the short deck (§05; rulings R12-R14).

The engine never sees the cards: it counts piles. Everyone live announces in turn; after the last
announcement one card is burned and each player is served all replacements in a row. When the stub runs
short, the reshuffle takes exactly the piles R13 allows.
"""

from __future__ import annotations

from .cards import HAND_SIZE
from .config import DRAWS
from .deal_plan import plan_sentence
from .errors import NotAllowed
from .messages import N_, Msg, msg
from .state import Deck, DrawRound, Hand, PileCount, PlanStep, Reshuffle, Seat, TableState


def start_draw(table: TableState, hand: Hand, number: int) -> DrawRound:
    """Live players, all-in included, announce from the first left of the button (R12)."""
    order = [seat.name for seat in table.clockwise_from(hand.button, include_self=True) if seat.live]
    hand.draw = DrawRound(number, order)
    return hand.draw


def next_to_announce(table: TableState, draw: DrawRound) -> Seat | None:
    for name in draw.order:
        seat = table.seat(name)
        if seat.live and name not in draw.announced:
            return seat
    return None


def announce(table: TableState, hand: Hand, seat: Seat, count: int) -> Msg:
    """Record a discard of ``count`` cards (0 = stand pat); the discards count as discards at once."""
    draw = hand.draw
    assert draw is not None and 0 <= count <= HAND_SIZE
    draw.announced[seat.name] = count
    seat.draws.append(count)
    seat.cards_held -= count
    hand.deck.current[seat.name] = count
    if count == 0:
        return msg(N_("{player} stands pat"), rule="05", player=seat.name)
    if count == 1:
        return msg(N_("{player} draws 1 card"), rule="05", player=seat.name)
    return msg(N_("{player} draws {count} cards"), rule="05", player=seat.name, count=count)


def fold_in_draw(hand: Hand, seat: Seat) -> None:
    """A player folding instead of announcing: the whole hand goes to the folded pile (R10)."""
    seat.folded = True
    hand.deck.folded += seat.cards_held
    seat.cards_held = 0


def serve_all(table: TableState, hand: Hand) -> list[PlanStep]:
    """After the last announcement: burn one (reshuffling first if the stub is empty), then serve in order."""
    draw = hand.draw
    assert draw is not None
    deck = hand.deck
    steps: list[PlanStep] = []
    waiting = [name for name in draw.order if table.seat(name).live]
    if deck.stub == 0:
        steps.append(_reshuffle(deck, before=None, waiting=waiting))
    deck.stub -= 1
    deck.burned += 1
    steps.append(PlanStep("burn"))
    for name in waiting:
        count = draw.announced.get(name, 0)
        if count > 0:
            if deck.stub < count:
                steps.append(_reshuffle(deck, before=name, waiting=waiting[waiting.index(name):]))
            assert deck.stub >= count, "R13 always leaves enough cards (see exposed_would_starve)"
            deck.stub -= count
            table.seat(name).cards_held += count
        deck.served.add(name)
        if count > 0:
            steps.append(PlanStep("serve", player=name, cards=count))
    # The draw is over: its discards become earlier discards for the next draw.
    deck.earlier += sum(deck.current.values())
    deck.current = {}
    deck.served = set()
    return steps


def _reshuffle(deck: Deck, before: str | None, waiting: list[str]) -> PlanStep:
    """Shuffle the stub with earlier discards, folded hands and served players' discards of this draw (R13)."""
    served = tuple(PileCount(name, cards) for name, cards in deck.current.items()
                   if name in deck.served and cards > 0)
    keep_apart = tuple(PileCount(name, deck.current[name]) for name in waiting
                       if name not in deck.served and deck.current.get(name, 0) > 0)
    new_stub = deck.stub + deck.earlier + deck.folded + sum(pile.cards for pile in served)
    detail = Reshuffle(before=before, stub=deck.stub, earlier_discards=deck.earlier, folded=deck.folded,
                       served=served, keep_apart=keep_apart, burned=deck.burned, cards=new_stub)
    deck.stub = new_stub
    deck.earlier = 0
    deck.folded = 0
    for pile in served:
        deck.current[pile.player] = 0
    return PlanStep("reshuffle", player=before, cards=new_stub, reshuffle=detail)


def expose(table: TableState, hand: Hand, name: str) -> Msg:
    """A replacement card meant for ``name`` was exposed: it joins the burned cards, the next is served (R14)."""
    if exposed_would_starve(table, hand):
        raise NotAllowed(N_("No more exposed cards can be set aside: the deck would run out for the remaining "
                            "draws."), rule="05", ruling="R14")
    deck = hand.deck
    note: Msg | None = None
    if deck.stub == 0:
        step = _reshuffle(deck, before=name, waiting=[])
        note = plan_sentence(step)
    deck.stub -= 1
    deck.burned += 1
    sentence = msg(N_("Card exposed while serving {player}: it goes out with the burned cards and the next card is "
                      "served"), rule="05", ruling="R14", player=name)
    if note is not None:
        return msg(N_("{sentence} — {note}"), rule="05", ruling="R14", sentence=sentence, note=note)
    return sentence


def exposed_would_starve(table: TableState, hand: Hand) -> bool:
    """True when setting one more card aside would leave no card for it, or a later draw short of five."""
    deck = hand.deck
    if deck.stub + deck.earlier + deck.folded < 1:
        return True
    remaining_burns = DRAWS - (hand.draw.number if hand.draw else 0)
    if remaining_burns == 0:
        return False
    # At any later serve: stub + reshufflable piles = 52 - 5 x live players - burned cards (R13 keeps the rest).
    worst_available = 52 - HAND_SIZE * len(table.live_seats()) - (deck.burned + 1) - remaining_burns
    return worst_available < HAND_SIZE
