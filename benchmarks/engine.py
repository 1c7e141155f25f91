"""Engine speed: the same random six-handed hands played to the end through our engine and through PokerKit.

Goals (issue 26): ``Game.push`` plays at least 4x as many hands per second as PokerKit, and ``Game.push`` with
the JSON STATE after every input at least 0.8x.

The hands are scripted once, outside the timing, by the differential test's lockstep driver
(``tests/test_pokerkit_betting.py``): each hand is played through both engines with random inputs inside the rules
both share (so both accept every input), and both are checked to agree after every input. The script of each side
is then replayed alone, timed:

- ours: ``Game(create)`` (a fresh table of six, 100 chips each, the button drawn per hand), then ``game.push(input)``
  for every input ("deal", the betting actions, the draw announcements, the showdown) — the engine as the service
  layer uses it, legal actions checked on every input. A second figure adds what the API does after every input:
  the JSON STATE (``state_json``).
- PokerKit: ``create_state`` (the driver's automations: antes, blinds, bet collection, hand killing, chips pushing
  and pulling; cash-game mode), then its manual operations for the same hand: dealing unknown cards ``??``, the
  betting actions, draws, burns and serving, showing the real cards or mucking. Its warning about folding when a
  check is free is silenced (the warning machinery is not what we measure).

Both sides get their inputs ready-made (our ``Input`` records, PokerKit's cards parsed), so neither pays for
parsing text. Each figure is the best of a few runs, the contenders taking turns.

The scripted hands (half a million objects of the benchmark's own) are moved out of the garbage collector's sight
(``gc.freeze()``) before anything is timed, for both engines alike: otherwise every full collection walks them, and
the figure measures how much this benchmark keeps alive rather than either engine (a server keeps no such script).
The garbage each engine makes while it plays is still collected as usual.

No-limit 2-7 Single Draw (issue 27, ``--game nl-2-7-single-draw``): the same, the hands scripted by the big-bet
differential test's driver (``tests/test_pokerkit_big_bet.py``: bets and raises to random totals in the range,
blinds 1/2, 100 chips each) against PokerKit's ``NoLimitDeuceToSevenLowballSingleDraw``; goal: ``Game.push`` at
least 4x PokerKit, as for triple draw.

Run: ``.venv/bin/python benchmarks/engine.py [--game CODE] [--hands N] [--seed S] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import warnings
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # run as a script from anywhere; the lockstep driver is a test

from dealer import Game  # noqa: E402
from dealer.rules.entries import Create, Input  # noqa: E402
from dealer.view.snapshot_json import state_json  # noqa: E402

GOAL = 4.0  # Game.push against PokerKit (issue 26)
GOAL_WITH_STATE = 0.8  # Game.push + state_json against PokerKit
PLAYERS = 6
STACK = 100

Script = tuple[Create, list[Input]]
Operation = tuple[Callable[..., Any], tuple[Any, ...]]


FIXED_LIMIT_GAME = "2-7-triple-draw"
BIG_BET_GAME = "nl-2-7-single-draw"


def scripts(count: int, seed: int, game: str = FIXED_LIMIT_GAME
            ) -> tuple[list[Script], list[tuple[list[int], list[Operation]]]]:
    """``count`` random six-handed hands of ``game``, each as our script and PokerKit's, checked to agree input by
    input."""
    from pokerkit import (
        CardBurning,
        CheckingOrCalling,
        CompletionBettingOrRaisingTo,
        Folding,
        HoleCardsShowingOrMucking,
        HoleDealing,
        StandingPatOrDiscarding,
        State,
    )

    from test_pokerkit_betting import Duo, Picker
    from test_pokerkit_big_bet import BigBetDuo

    manual: dict[type, Callable[[Any], Operation]] = {
        HoleDealing: lambda op: (State.deal_hole, (op.cards, op.player_index)),
        CardBurning: lambda op: (State.burn_card, (op.card,)),
        StandingPatOrDiscarding: lambda op: (State.stand_pat_or_discard, (op.cards,)),
        Folding: lambda op: (State.fold, ()),
        CheckingOrCalling: lambda op: (State.check_or_call, ()),
        CompletionBettingOrRaisingTo: lambda op: (State.complete_bet_or_raise_to, (op.amount,)),
        HoleCardsShowingOrMucking: lambda op: (State.show_or_muck_hole_cards, (op.hole_cards or False,)),
    }
    rng = random.Random(seed)
    ours: list[Script] = []
    theirs: list[tuple[list[int], list[Operation]]] = []
    for _ in range(count):
        button = rng.randrange(PLAYERS)
        duo = Duo([STACK] * PLAYERS, button) if game == FIXED_LIMIT_GAME else BigBetDuo([STACK] * PLAYERS, button, game)
        pick = Picker(rng=rng)
        while not duo.over:
            if duo.phase == "showdown" and not duo.cards:
                duo.deal_showdown(random.Random(rng.getrandbits(32)))
            duo.play(pick.choice(duo.choices()))
        table = duo.ours.game
        ours.append((table.created, [entry for _, entry in table.inputs]))
        state = duo.theirs.state
        operations = [manual[type(op)](op) for op in state.operations if type(op) in manual]
        theirs.append((list(state.starting_stacks), operations))
    return ours, theirs


def play_ours(hands: list[Script]) -> None:
    for create, inputs in hands:
        game = Game(create)
        for entry in inputs:
            game.push(entry)


def play_ours_with_state(hands: list[Script]) -> None:
    for create, inputs in hands:
        game = Game(create)
        for entry in inputs:
            game.push(entry)
            state_json(game, "t")


def play_pokerkit(hands: list[tuple[list[int], list[Operation]]], game: str = FIXED_LIMIT_GAME) -> None:
    from pokerkit import FixedLimitDeuceToSevenLowballTripleDraw, Mode, NoLimitDeuceToSevenLowballSingleDraw

    from pokerkit_driver import AUTOMATIONS

    if game == FIXED_LIMIT_GAME:
        create = partial(FixedLimitDeuceToSevenLowballTripleDraw.create_state, AUTOMATIONS, True, 0, (1, 2), 2, 4)
    else:
        create = partial(NoLimitDeuceToSevenLowballSingleDraw.create_state, AUTOMATIONS, True, 0, (1, 2), 2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for stacks, operations in hands:
            state = create(stacks, PLAYERS, mode=Mode.CASH_GAME)
            for operation, args in operations:
                operation(state, *args)
            assert not state.status, "every scripted hand is played to the end"


def best_rates(contenders: list[tuple[Callable[[Any], None], list[Any]]], repeat: int) -> list[float]:
    """Hands per second of each contender, best of ``repeat`` runs; the runs take turns, so a busy machine slows
    every contender alike."""
    best = [float("inf")] * len(contenders)
    for _ in range(repeat):
        for index, (play, hands) in enumerate(contenders):
            start = time.perf_counter()
            play(hands)
            best[index] = min(best[index], time.perf_counter() - start)
    return [len(hands) / seconds for (_, hands), seconds in zip(contenders, best, strict=True)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=(FIXED_LIMIT_GAME, BIG_BET_GAME), default=FIXED_LIMIT_GAME,
                        help="fixed-limit 2-7 Triple Draw (the house card's) or no-limit 2-7 Single Draw")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20240607)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        print("pokerkit is not installed: no comparison (pip install -r requirements-test.txt)")
        return 1

    started = time.perf_counter()
    ours, theirs = scripts(args.hands, args.seed, args.game)
    inputs = sum(len(entries) for _, entries in ours)
    operations = sum(len(ops) for _, ops in theirs)
    print(f"{args.hands:,} random six-handed hands of {args.game} (seed {args.seed}; scripted and checked in "
          f"{time.perf_counter() - started:.1f} s): {inputs / args.hands:.1f} inputs per hand in ours, "
          f"{operations / args.hands:.1f} manual operations per hand in PokerKit; best of {args.repeat} runs")
    gc.collect()
    gc.freeze()  # the scripts are the benchmark's, not the engines': out of every collection's walk (see above)
    ours_rate, with_state, theirs_rate = best_rates(
        [(play_ours, ours), (play_ours_with_state, ours), (partial(play_pokerkit, game=args.game), theirs)],
        args.repeat)
    print(f"  ours      Game.push                        {ours_rate:>10,.0f} hands/s   "
          f"ours/pokerkit {ours_rate / theirs_rate:5.2f}x")
    print(f"  ours      Game.push + state_json each input{with_state:>10,.0f} hands/s   "
          f"ours/pokerkit {with_state / theirs_rate:5.2f}x")
    print(f"  pokerkit  create_state + operations        {theirs_rate:>10,.0f} hands/s")
    for name, ratio, goal in (("Game.push", ours_rate / theirs_rate, GOAL),
                              ("Game.push + state_json", with_state / theirs_rate, GOAL_WITH_STATE)):
        verdict = "met" if ratio >= goal else "NOT met"
        print(f"{name}: {ratio:.2f}x PokerKit, goal {goal:g}x {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
