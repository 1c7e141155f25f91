"""The draws (three, or one in 2-7 Single Draw: R33) and the short deck (§05; rulings R12-R14).

The engine never sees the cards: it counts piles. Everyone live announces in turn; after the last
announcement one card is burned and each player is served all replacements in a row. When the stub runs
short, the reshuffle takes exactly the piles R13 allows.
"""

from __future__ import annotations

from ..errors import NotAllowed
from ..messages import N_, Msg, msg
from .deal_plan import plan_sentence
from .facts import Announced, CardExposed
from .outcomes import PileCount, PlanStep, Reshuffle
from .table_state import DRAWING, Deck, DrawRound, Hand, Seat, Serving, TableState


def start_draw(table: TableState, hand: Hand, number: int) -> DrawRound:
    """Live players, all-in included, announce from the first left of the button (R12)."""
    order = [seat.name for seat in table.clockwise_from(hand.button, include_self=True)
             if seat.in_hand and not seat.folded]  # seat.live, without a property call per seat
    hand.draw = DrawRound(number, order)
    return hand.draw


def next_to_announce(table: TableState, draw: DrawRound) -> Seat | None:
    announced = draw.announced
    for name in draw.order:
        if name not in announced:  # asked first: a dict lookup, where the seat's ``live`` is a property call
            seat = table.seat(name)
            if seat.in_hand and not seat.folded:
                return seat
    return None


def announcements(table: TableState) -> tuple[tuple[str, int | None], ...]:
    """The draw being announced: every live player (all-in included) in the order they announce, from the first
    left of the button (R12), with the cards each has announced so far (None: not yet); nothing outside the
    announcements."""
    hand = table.hand
    if table.phase is not DRAWING or hand is None or hand.draw is None:
        return ()
    announced, order = hand.draw.announced, hand.draw.order
    live = [seat.name for seat in table.seats if seat.live]
    ordered = [name for name in order if name in live] + [name for name in live if name not in order]
    return tuple((name, announced.get(name)) for name in ordered)


def announce(table: TableState, hand: Hand, seat: Seat, count: int) -> Msg:
    """Record a discard of ``count`` cards (0 = stand pat); the discards count as discards at once."""
    draw = hand.draw
    assert draw is not None and 0 <= count <= hand.game.hand_size
    draw.announced[seat.name] = count
    seat.draws.append(count)
    seat.cards_held -= count
    hand.deck.current[seat.name] = count
    table.facts.append(Announced(seat.name, draw.number, count))
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
    seats = [table.seat(name) for name in draw.order]
    order = tuple(PileCount(seat.name, draw.announced.get(seat.name, 0)) for seat in seats
                  if seat.in_hand and not seat.folded)  # seat.live, without a property call per seat
    serving = Serving(hand.deck.copy(), order)
    steps = _serve(hand.deck, serving)
    assert steps is not None, "R13 always leaves enough cards for the planned serving"
    serving.steps = steps
    hand.serving = serving
    for pile in order:
        table.seat(pile.player).cards_held += pile.cards
    return steps


_BURN = PlanStep("burn")  # a value: built once, shared by every draw


class _Short(Exception):
    """The stub and every pile R13 allows cannot give the cards needed (only after exposed cards)."""


def _serve(deck: Deck, serving: Serving) -> list[PlanStep] | None:
    """Serve a draw on ``deck`` in order, each exposed card burned at its player's turn; None if cards run out."""
    steps: list[PlanStep] = []
    waiting = [pile.player for pile in serving.order]
    exposed = list(serving.exposed)
    try:
        _burn(deck, steps, None, waiting)
        steps.append(_BURN)
        for position, pile in enumerate(serving.order):
            if pile.cards > 0:
                left = waiting[position:]
                _ensure(deck, pile.cards, steps, pile.player, left)
                resumed = bool(exposed) and exposed[0] == pile.player
                if resumed:  # cards exposed while serving this player are burned: the stub may run short again
                    while exposed and exposed[0] == pile.player:
                        exposed.pop(0)
                        _burn(deck, steps, pile.player, left)
                        steps.append(PlanStep("exposed", player=pile.player))
                    _ensure(deck, pile.cards, steps, pile.player, left)
                deck.stub -= pile.cards
                steps.append(PlanStep("serve", player=pile.player, cards=pile.cards, resumed=resumed))
            deck.served.add(pile.player)
        assert not exposed, "an exposure is accepted only at or after the latest one, in serving order"
    except _Short:
        return None
    # The draw is over: its discards become earlier discards for the next draw.
    deck.earlier += sum(deck.current.values())
    deck.current = {}
    deck.served = set()
    return steps


def _ensure(deck: Deck, needs: int, steps: list[PlanStep], before: str | None, waiting: list[str]) -> None:
    """Reshuffle as R13 says when the stub holds fewer than ``needs``; _Short when even that is not enough."""
    if deck.stub < needs:
        steps.append(_reshuffle(deck, before, waiting))
        if deck.stub < needs:
            raise _Short


def _burn(deck: Deck, steps: list[PlanStep], before: str | None, waiting: list[str]) -> None:
    """One card off the stub to the burned cards: the burn, or a replacement card exposed while serving."""
    _ensure(deck, 1, steps, before, waiting)
    deck.stub -= 1
    deck.burned += 1


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


def exposure_players(hand: Hand) -> tuple[str, ...]:
    """Who can still have a replacement card exposed: those served in the latest draw, from the latest exposure on."""
    serving = hand.serving
    if serving is None:
        return ()
    names = [pile.player for pile in serving.order if pile.cards > 0]
    if serving.exposed:
        names = names[names.index(serving.exposed[-1]):]
    return tuple(names)


def expose(table: TableState, hand: Hand, name: str) -> list[Msg]:
    """A replacement card meant for ``name`` was exposed: it joins the burned cards, and the draw's serving is
    planned again from that player on, who still gets every replacement (R14, R13)."""
    serving = hand.serving
    assert serving is not None and hand.draw is not None
    trial = Serving(serving.start.copy(), serving.order, [*serving.exposed, name])
    deck = trial.start.copy()
    steps = _serve(deck, trial)
    if steps is None:
        raise NotAllowed(N_("No more exposed cards can be set aside: the cards R13 allows to reshuffle could not "
                            "serve this draw."), rule="05", ruling="R14")
    if _later_draws_starve(table, hand, deck):
        raise NotAllowed(N_("No more exposed cards can be set aside: the deck would run out for the remaining "
                            "draws."), rule="05", ruling="R14")
    trial.steps = steps
    hand.serving = trial
    hand.deck = deck
    latest = max(position for position, step in enumerate(steps) if step.step == "exposed")
    hand.plan = steps[latest:]
    table.facts.append(CardExposed(name, tuple(hand.plan)))
    sentences = [msg(N_("Card exposed while serving {player}: it goes out with the burned cards, and {player} still "
                        "gets every replacement"), rule="05", ruling="R14", player=name)]
    sentences.extend(plan_sentence(step) for step in hand.plan if step.step == "reshuffle")
    return sentences


def _later_draws_starve(table: TableState, hand: Hand, deck: Deck) -> bool:
    """True when the burned cards would leave a later draw unable to serve a player five cards."""
    assert hand.draw is not None
    remaining_burns = hand.game.draws - hand.draw.number
    if remaining_burns == 0:
        return False
    # At any later serve: stub + reshufflable piles = 52 - 5 x live players - burned cards (R13 keeps the rest).
    size = hand.game.hand_size
    worst_available = 52 - size * len(table.live_seats()) - deck.burned - remaining_burns
    return worst_available < size
