"""Undo and replay follow the hand, not the night: whatever path a table took (undos across hands included), the
table it shows is the one its log gives when replayed from scratch, and a log's undos cost no extra replays."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer import Game
from dealer.record.game import effective_inputs
from dealer.rules.entries import Input, Undo
from dealer.view.snapshot_json import state_json

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from sessions import new_table, next_input, session, without_undos


def played(seed: int, steps: int, undo_rate: float) -> Game:
    """A table played live: random inputs, some undone right away, some undone in runs that cross hands, some of
    those redone."""
    rng = random.Random(seed)
    game = Game(new_table(hands=4, players=3, stack=60))
    for step in range(steps):
        if game.inputs and rng.random() < undo_rate:
            for _ in range(rng.choice((1, 1, 2, 5, 12))):
                if game.inputs:
                    game.undo(at=1_700_000_000.0 + step)
            continue
        if game.redoable and rng.random() < 0.3:
            game.redo(at=1_700_000_000.0 + step)
            continue
        entry = next_input(game, rng)
        if entry is None:
            break
        game.push(entry)
    return game


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 160), undo_rate=st.sampled_from((0.0, 0.1, 0.3)))
def test_a_table_played_with_undos_equals_its_log_replayed(seed: int, steps: int, undo_rate: float) -> None:
    game = played(seed, steps, undo_rate)
    replayed = Game.rebuild(game.entries)
    assert state_json(replayed, "t") == state_json(game, "t")
    assert replayed.inputs == game.inputs
    assert replayed.redoable == game.redoable
    assert replayed.session_log() == game.session_log()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(2, 120))
def test_forgetting_the_latest_entry_gives_the_table_before_it(seed: int, steps: int) -> None:
    """What the service does when the disk refuses an input or an undo: the table is as if it never came."""
    game = played(seed, steps, 0.2)
    before = Game.rebuild(game.entries[:-1])
    game.forget_last()
    assert state_json(game, "t") == state_json(before, "t")
    entry = next_input(game, random.Random(seed))
    if entry is not None:  # and the table plays on from there
        game.push(entry)
        before.push(entry)
        assert state_json(game, "t") == state_json(before, "t")


def test_a_log_with_undos_replays_to_the_same_table_as_its_effective_inputs() -> None:
    log = session(hands=8, undo_rate=0.1, seed=7)
    assert any(isinstance(entry, Undo) for entry in log)
    with_undos, plain = Game.rebuild(log), Game.rebuild(without_undos(log))
    assert [entry for _, entry in with_undos.inputs] == [entry for _, entry in plain.inputs]
    mine, theirs = state_json(with_undos, "t"), state_json(plain, "t")
    for field in ("seq", "log", "undo"):  # seqs count the undos too
        mine.pop(field), theirs.pop(field)
    assert mine == theirs


def test_effective_inputs_keep_what_undo_took_back_for_a_redo() -> None:
    log = session(hands=2, seed=3, stop_before_end=False)[:6]
    inputs, undone = effective_inputs([*log, Undo(), Undo()])
    assert [seq for seq, _ in inputs] == [1, 2, 3]
    assert [seq for seq, _ in undone] == [5, 4]  # the latest undone last: a redo would bring back 4 first
    entry = log[1]
    assert isinstance(entry, Input)
    assert effective_inputs([*log, Undo(), entry])[1] == []  # a new input clears what could be redone
