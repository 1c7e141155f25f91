"""Tied hands in words: one sentence naming every tied hand (three or more too), and the steps of a ranking.

Each game's ``explain`` words a pair (R22, R23, §02); a tie of three or more keeps that game's sentence and names
every tied hand in it ("7-5-4-3-2, 7-5-4-3-2 and 7-5-4-3-2 tie: …"), so a three-way split never reads as two hands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from ..messages import N_, Msg, msg


class Ranked(Protocol):
    """A ranked hand as the sentences name it (dealer/rules/ranking.py's RankedHand, read without importing it)."""

    @property
    def pattern(self) -> str: ...


Hand = TypeVar("Hand", bound=Ranked)


def explain_tie(explain: Callable[[Hand, Hand], Msg], hands: Sequence[Hand]) -> Msg:
    """Why ``hands`` (two or more, equal) tie, in one sentence naming them all."""
    sentence = explain(hands[0], hands[-1])
    if len(hands) < 3 or "first" not in sentence.args:
        return sentence
    first: Msg | str = hands[0].pattern
    for hand in hands[1:-1]:
        first = msg(N_("{first}, {second}"), first=first, second=hand.pattern)
    return Msg(sentence.text, {**sentence.args, "first": first}, sentence.rule, sentence.ruling)


def ranking_steps(explain: Callable[[Hand, Hand], Msg], hands: Sequence[Hand],
                  groups: Sequence[Sequence[int]]) -> tuple[Msg, ...]:
    """One sentence per tied group (naming all its hands), and one per pair of adjacent groups, best first."""
    steps: list[Msg] = []
    for index, group in enumerate(groups):
        if len(group) > 1:
            steps.append(explain_tie(explain, [hands[other] for other in group]))
        if index + 1 < len(groups):
            steps.append(explain(hands[group[0]], hands[groups[index + 1][0]]))
    return tuple(steps)
