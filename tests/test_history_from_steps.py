"""The record's steps are the only history: whatever a dealer does (undos and redos across hands included), the log
every screen shows (the STATE's ``log``, the pages' session log) is the one read from the public record: each
step's sentences, and those of each step an undo took back, struck through with the time of the undo."""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer import Game, LogLine, Msg, SessionRecord, parse_create, state_json
from dealer.errors import DealerError
from dealer.rules.facts import Step
from session_driver import pick, random_create

START = 1_750_000_000.0


def played(seed: int, undos: float, redos: float, inputs: int) -> Game:
    """A table played at random from its legal actions, undone and redone at random (each with its time)."""
    rng = random.Random(seed)
    game = Game(parse_create(random_create(rng)))
    for count in range(inputs):
        if not game.legal:
            break
        roll, at = rng.random(), START + 7 * count
        try:
            if game.inputs and roll < undos:
                for _ in range(rng.choice((1, 1, 1, 3, 8))):
                    if game.inputs:
                        game.undo(at=at)
            elif game.redoable and roll < undos + redos:
                game.redo(at=at)
            else:
                game.push(pick(game, rng))
        except DealerError:
            continue  # an exposed card the deck cannot spare, a card already shown: pick again
    return game


def said(message: Msg) -> dict[str, Any]:
    return {"text": message.render(), "rule": message.rule, "ruling": message.ruling}


def expected_lines(record: SessionRecord) -> list[tuple[int, int, dict[str, Any], str | None]]:
    """The whole log as the public record gives it: (hand, seq, sentence, "undone at …" or None), in seq order."""
    create = record.create
    how = "drawn by lot" if create.drawn else "named by the dealer"
    lines = [(0, 0, {"text": f"First button {how}: {create.button}", "rule": "03", "ruling": "R4"}, None)]
    steps: list[Step] = [*record.before, *(step for hand in record.hands for step in (*hand.steps, *hand.between))]
    for step in steps:
        lines.extend((step.hand, step.seq, said(text), None) for text in step.lines)
    for correction in record.corrections:
        step = correction.step
        if correction.kind == "undo" and step is not None:
            when = time.strftime("%H:%M:%S", time.localtime(correction.at)) if correction.at else None
            mark = f"undone at {when}" if when else "undone"
            lines.extend((step.hand, step.seq, said(text), mark) for text in step.lines)
    return sorted(lines, key=lambda line: line[1])  # stable: one step's lines keep their order


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), undos=st.sampled_from((0.0, 0.05, 0.15)), redos=st.sampled_from((0.0, 0.1)),
       inputs=st.integers(1, 160))
def test_the_log_every_screen_shows_is_read_from_the_record(seed: int, undos: float, redos: float,
                                                            inputs: int) -> None:
    game = played(seed, undos, redos, inputs)
    record = game.session_record()
    everything = expected_lines(record)
    state = state_json(game, "t")
    hand = state["hand"]
    assert state["log"] == [dict(line, seq=seq, undone=undone)
                            for number, seq, line, undone in everything if number == hand]
    shown = [(log.hand, line.seq, said(line.text), line.undone.render() if line.undone else None)
             for log in game.session_log() for line in log.lines]
    assert shown == sorted(everything, key=lambda line: line[0])  # grouped by hand, in seq order within each
    for number in {line[0] for line in everything}:
        one = game.hand_log(number)
        if one is not None:
            assert [line.seq for line in one.lines] == [seq for hand_of, seq, _, _ in everything if hand_of == number]
    in_force = sorted([*record.before, *(step for one in record.hands for step in (*one.steps, *one.between))],
                      key=lambda step: step.seq)
    if in_force and in_force[-1].lines:  # Undo names the latest input in force by its first line
        assert state["undo"] == in_force[-1].lines[0].render()


def test_the_game_keeps_no_second_store_of_lines() -> None:
    """Neither the table's state nor the game holds a list of log lines: the steps (and the corrections carrying the
    steps an undo took back) are the only history."""
    game = played(7, 0.1, 0.1, 200)
    assert game.corrections and game.session_log()
    for owner in (game, game.state):
        for name, value in vars(owner).items():
            held = value.values() if isinstance(value, dict) else value if isinstance(value, list | tuple) else ()
            assert not any(isinstance(item, LogLine) for item in held), f"{type(owner).__name__}.{name}"
    assert not any(field.name == "log" for field in dataclasses.fields(game.state))


def mutable_parts(value: Any, where: str = "") -> list[str]:
    """Every place inside a record that could still be changed: a list, dict or set, or a dataclass not frozen
    (sentences are values of their own: a ``Msg`` is left out)."""
    if isinstance(value, Msg | str | int | float | bool | type(None)):
        return []
    if isinstance(value, list | dict | set):
        return [where]
    if isinstance(value, tuple | frozenset):
        return [found for item in value for found in mutable_parts(item, where)]
    if isinstance(value, Mapping):  # a read-only mapping (FrozenMap)
        return [found for item in value.items() for found in mutable_parts(item, where)]
    if dataclasses.is_dataclass(value):
        name = type(value).__name__
        found = [] if getattr(type(value), "__dataclass_params__").frozen else [name]  # noqa: B009
        for field in dataclasses.fields(value):
            found += mutable_parts(getattr(value, field.name), f"{name}.{field.name}")
        return found
    return []


def test_the_records_are_frozen_all_the_way_down() -> None:
    """A step (its facts included), a correction, a hand's and the session's record hold tuples and read-only
    mappings, never a list, a dict or a set."""
    game = played(11, 0.1, 0.1, 300)
    record = game.session_record({seq: START + seq for seq in range(game.seq + 1)})
    assert any(hand.result for hand in record.hands) and record.corrections
    assert mutable_parts(record) == []
