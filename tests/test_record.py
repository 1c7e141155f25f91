"""One record of what happened: the engine records what each input did as it applies it, and the hand histories,
PHH and the report read that record. These tests hold the record to what the engine did (the JSON STATE), to itself
(built input by input or by a replay of the stored log, undos and redos included), and to its reuse per hand."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from dealer import Game
from dealer.errors import DealerError
from dealer.formats import pokerstars
from dealer.rules.entries import parse_create, parse_input
from dealer.view.snapshot_json import state_json
from session_driver import pick, random_create

ROOT = Path(__file__).resolve().parent.parent
RETURNED = re.compile(r"^Uncalled bet \((\d+)\) returned to (.+)$")
COLLECTED = re.compile(r"^(.+) collected (\d+) from ")
POSTS = re.compile(r"^(.+): posts (small|big) blind (\d+)")
SEAT = re.compile(r"^Seat \d+: (.+) \((\d+) in chips\)$")
DEAL_LINE = re.compile(r"^Deal hand \d+: button .+; (.+) posts (\d+), (.+) posts (\d+)$")


def play(game: Game, *inputs: dict[str, object]) -> None:
    for data in inputs:
        game.push(parse_input(data))


def hand_lines(game: Game, number: int) -> list[str]:
    session = game.session_record()
    hand = session.hand(number)
    assert hand is not None
    return pokerstars.hand_text(session, hand, "tbl").splitlines()


def test_r06_r15_heads_up_short_small_blind_history_says_what_the_engine_posted_and_returned() -> None:
    """Heads-up, the small blind all-in for 1 chip and the big blind with 50: the engine posts the full big blind
    of 2 and gives back the uncalled 1 (R15: nobody could call it). The history says exactly that; it used to
    print a short big blind of 1, which nobody posted."""
    game = Game(parse_create({"players": [{"name": "Ana", "stack": 50}, {"name": "Bia", "stack": 1}],
                              "button": "Bia", "hands": 1}))
    play(game, {"action": "deal"})
    for _ in range(3):
        for name in ("Ana", "Bia"):
            play(game, {"action": "draw", "player": name, "count": 1})
    play(game, {"action": "show", "player": "Ana", "cards": "7h5c4d3s2c"},
         {"action": "show", "player": "Bia", "cards": "8h6c4c3d2d"})
    state = state_json(game, "tbl")
    assert state["last_hand"]["returned"] == {"Ana": 1}
    lines = hand_lines(game, 1)
    assert "Bia: posts small blind 1 and is all-in" in lines
    assert "Ana: posts big blind 2" in lines
    assert not any("is short" in line for line in lines)
    assert "Uncalled bet (1) returned to Ana" in lines
    assert "Ana collected 2 from pot" in lines


def played_hands(seed: int) -> list[tuple[Game, dict[str, object], dict[str, object] | None]]:
    """A random session, with the STATE right after each hand's deal and right after its end."""
    rng = random.Random(seed)
    game = Game(parse_create(random_create(rng)))
    found: list[tuple[Game, dict[str, object], dict[str, object] | None]] = []
    dealt: dict[str, object] | None = None
    for _ in range(300):
        if not game.legal:
            break
        try:
            game.push(pick(game, rng))
        except DealerError:
            continue
        state = state_json(game, "tbl")
        if game.inputs[-1][1].action == "deal":
            dealt = state
        result = state["last_hand"]
        if dealt is not None and isinstance(result, dict) and result["hand"] == state["hand"] \
                and state["phase"] in ("deal", "over"):
            found.append((game, dealt, state))
            dealt = None
    return found


@pytest.mark.parametrize("seed", range(40))
def test_history_lines_agree_with_the_state_in_random_sessions(seed: int) -> None:
    """After every hand: the blinds the history says were posted are the deal's, the uncalled chips and the
    collected amounts are the STATE's `returned` and awards, and the next hand starts from the STATE's stacks."""
    for game, dealt, ended in played_hands(seed):
        assert ended is not None
        number = ended["hand"]
        assert isinstance(number, int)
        lines = hand_lines(game, number)
        deal_line = next(line["text"] for line in dealt["log"] if line["text"].startswith("Deal hand"))  # type: ignore[index, union-attr]
        small, small_amount, big, big_amount = DEAL_LINE.match(deal_line).groups()  # type: ignore[union-attr]
        posted = {match.group(1): int(match.group(3)) for line in lines if (match := POSTS.match(line))}
        assert posted == {small: int(small_amount), big: int(big_amount)}
        returned: Counter[str] = Counter()
        collected: Counter[str] = Counter()
        for line in lines:
            if match := RETURNED.match(line):
                returned[match.group(2)] += int(match.group(1))
            elif match := COLLECTED.match(line):
                collected[match.group(1)] += int(match.group(2))
        last_hand = ended["last_hand"]
        assert isinstance(last_hand, dict)
        assert dict(returned) == last_hand["returned"]
        shares: Counter[str] = Counter()
        for award in last_hand["awards"]:
            shares.update({name: chips for name, chips in award["shares"].items() if chips})
        assert collected == shares
        record = game.session_record().hand(number)
        assert record is not None and record.final is not None
        assert record.final == {player["name"]: player["stack"] for player in ended["players"]}  # type: ignore[union-attr, index]


def test_the_next_hand_starts_from_the_stacks_the_state_ended_with() -> None:
    for game, _, ended in played_hands(7)[:-1]:
        assert ended is not None
        following = game.session_record().hand(int(str(ended["hand"])) + 1)
        if following is None:
            continue
        stacks = {player["name"]: player["stack"] for player in ended["players"]}  # type: ignore[union-attr, index]
        lines = pokerstars.hand_text(game.session_record(), following, "tbl").splitlines()
        seats = {match.group(1): int(match.group(2)) for line in lines if (match := SEAT.match(line))}
        assert seats and all(stacks[name] == chips for name, chips in seats.items())


@pytest.mark.parametrize("seed", range(60))
def test_the_record_built_input_by_input_equals_the_record_of_the_replayed_log(seed: int) -> None:
    """push, undo and redo build the record as they apply; a replay of the stored log builds the same one (the
    corrections included, each in its hand, with what it took back or re-applied)."""
    from session_driver import random_session

    game = random_session(random.Random(seed), undos=0.1)
    replayed = Game.rebuild(game.entries)
    assert replayed.hands() == game.hands()
    assert replayed.corrections == game.corrections
    assert [correction.kind for correction in game.corrections] == [
        entry.to_json()["kind"] for entry in game.entries if entry.to_json()["kind"] in ("undo", "redo")]


def test_a_finished_hand_is_recorded_once_and_reused_until_an_undo_reaches_back_into_it() -> None:
    game = Game(parse_create({"players": ["Ana", "Bia", "Caio"], "button": "Ana", "hands": 3}))
    play(game, {"action": "deal"}, {"action": "fold", "player": "Ana"}, {"action": "fold", "player": "Bia"})
    first = game.hands()[0]
    assert first.result is not None and first.final == {"Ana": 100, "Bia": 99, "Caio": 101}
    play(game, {"action": "deal"}, {"action": "call", "player": "Bia"})
    assert game.hands()[0] is first  # the same object: nothing of hand 1 was written again
    assert len(game.hands()) == 2
    game.undo()
    game.undo()
    game.undo()  # the fold that ended hand 1
    again = game.hands()
    assert len(again) == 1 and again[0] is not first and again[0].result is None
    assert [correction.kind for correction in again[0].corrections] == ["undo", "undo", "undo"]


def test_only_the_game_applies_inputs() -> None:
    """No reader replays inputs on its own: `apply_input` is called by the game (push, undo, redo, replay) alone."""
    callers = []
    for path in sorted([*(ROOT / "dealer").rglob("*.py"), *(ROOT / "web").rglob("*.py")]):
        text = path.read_text()
        if re.search(r"\bapply_input\(", text) and path.relative_to(ROOT).as_posix() != "dealer/rules/inputs.py":
            callers.append(path.relative_to(ROOT).as_posix())
    assert callers == ["dealer/record/game.py"]
