"""Ranking speed: our ``hand_key`` against PokerKit's 2-7 evaluator on the same random hands.

Goal: ours ranks at least 5x as many hands per second as PokerKit. Both sides get their cards already built (our
``Card`` tuples, PokerKit ``Card`` tuples), so neither pays for parsing text. PokerKit is timed three public ways:
building a ``StandardLowHand`` (validates the cards), building it and reading its ``entry`` (the value hands
compare by), and ``StandardLowHand.lookup.get_entry`` directly (the fastest, and the one the ratio uses). Each
figure is the best of a few runs; ours also shows its first run, when its cache of hand classes is still cold.

Run: ``.venv/bin/python benchmarks/ranking.py [--hands N] [--seed S] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from dealer.rules.cards import FULL_DECK, HAND_SIZE, Card
from dealer.rules.ranking import hand_key

GOAL = 5.0


def random_hands(count: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(FULL_DECK, HAND_SIZE)) for _ in range(count)]


def time_once(rank: Callable[[Any], object], hands: Sequence[Any]) -> float:
    start = time.perf_counter()
    for hand in hands:
        rank(hand)
    return time.perf_counter() - start


def rate(rank: Callable[[Any], object], hands: Sequence[Any], repeat: int) -> tuple[float, float]:
    """Hands per second: (first run, best run)."""
    times = [time_once(rank, hands) for _ in range(repeat)]
    return len(hands) / times[0], len(hands) / min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=20240607)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    hands = random_hands(args.hands, args.seed)
    # Timed first, so its first run really starts with a cold cache.
    ours_first, ours_best = rate(hand_key, hands, args.repeat)
    print(f"{args.hands:,} random hands (seed {args.seed}), best of {args.repeat} runs")
    print(f"  ours      hand_key                          {ours_best:>12,.0f} hands/s"
          f"   (first run, cold cache: {ours_first:,.0f})")
    try:
        from pokerkit import Card as PokerKitCard
        from pokerkit import StandardLowHand
    except ImportError:
        print("  pokerkit is not installed: no comparison (pip install -r requirements-test.txt)")
        return 1

    theirs = [tuple(PokerKitCard.parse("".join(str(card) for card in hand))) for hand in hands]
    ways: list[tuple[str, Callable[[Any], object]]] = [
        ("StandardLowHand(cards)", StandardLowHand),
        ("StandardLowHand(cards).entry", lambda cards: StandardLowHand(cards).entry),
        ("StandardLowHand.lookup.get_entry", StandardLowHand.lookup.get_entry),
    ]
    fastest = 0.0
    for label, rank in ways:
        _, best = rate(rank, theirs, args.repeat)
        fastest = max(fastest, best)
        print(f"  pokerkit  {label:<34}{best:>12,.0f} hands/s   ours/pokerkit {ours_best / best:5.2f}x")
    ratio = ours_best / fastest
    verdict = "met" if ratio >= GOAL else "NOT met"
    print(f"ours {ours_best:,.0f} vs pokerkit {fastest:,.0f} hands/s (fastest way): {ratio:.2f}x, "
          f"goal {GOAL:.0f}x {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
