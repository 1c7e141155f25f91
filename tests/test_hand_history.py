"""Hand histories as text in the PokerStars Triple Draw 2-7 layout: random sessions follow the layout and their chip
arithmetic adds up (each collected amount, the total pot, returned chips, the final stacks)."""

from __future__ import annotations

import random
import re
import time
from collections import defaultdict

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer import Game
from dealer.formats.pokerstars import hand_text, session_text
from dealer.record.hand_record import HandRecord
from engine_driver import Table
from session_driver import random_session

HEADER = re.compile(r"^Triple Draw Dealer Hand #(\d+):  ([\w -]+ (?:No |Pot )?Limit) "
                    r"\((\d+)/(\d+)\) - \d{4}/\d\d/\d\d \d\d:\d\d:\d\d \S+$")
TABLE = re.compile(r"^Table '(\w+)' 6-max Seat #(\d) is the button$")
SEAT = re.compile(r"^Seat (\d): (\w+) \((\d+) in chips\)$")
BLIND = re.compile(r"^(\w+): posts (small|big) blind (\d+)( and is all-in)?$")
ANTE = re.compile(r"^(\w+): posts the ante (\d+)( and is all-in)?$")
ACTION = re.compile(r"^(\w+): (folds|checks|calls (\d+)|bets (\d+)|raises (\d+) to (\d+))( and is all-in)?$")
DRAW = re.compile(r"^(\w+): (discards [1-5] cards?|stands pat)$")
SHOW = re.compile(r"^(\w+): (shows \[(\w\w ){3,4}\w\w\] \(Lo: [^)]+\)|mucks hand|doesn't show hand)$")
RETURNED = re.compile(r"^Uncalled bet \((\d+)\) returned to (\w+)$")
COLLECTED = re.compile(r"^(\w+) collected (\d+) from (pot|main pot|side pot-\d)$")
TOTAL = re.compile(r"^Total pot (\d+)((?: (?:Main pot|Side pot-\d) \d+\.)*) \| Rake 0$")
SUMMARY_SEAT = re.compile(r"^Seat (\d): (\w+)((?: \([a-z ]+\))*) (folded (before|after|during) the .*|showed .* and "
                          r"(won \(\d+\) with|lost with) Lo: .*|mucked( and won \(\d+\))?|collected \(\d+\))$")
SHORT = re.compile(r"^\w+ is short: posts \d+ of the (\d+) (small|big) blind; .*$")
STREETS = ("*** DEALING HANDS ***", "*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***",
           "*** SHOW DOWN ***", "*** SUMMARY ***")
OWN_LINES = re.compile(r"^(Betting is capped|The deck is reshuffled|Reshuffle: .*|Dealer correction \(.*|"
                       r"Undone( at [\d:]+)?: .*|"
                       r"Odd chips? to .*|Misdeal: .*|Card exposed while serving .*|\w+ is short: .*|"
                       r"\w+'s all-in .*|\w+ completes the short all-in .*|Stub short .*)$")


def check_hand(text: str, hand: HandRecord, table_id: str) -> None:
    """Every line is one of the layout's (or one of our own); the chips add up."""
    lines = text.rstrip("\n").split("\n")
    header = HEADER.match(lines[0])
    assert header and int(header[1]) == hand.number
    table, button = TABLE.match(lines[1]).groups()  # type: ignore[union-attr]
    assert table == table_id and int(button) == next(n for n, name, _ in hand.seats if name == hand.button)
    start: dict[str, int] = {}
    position = 2
    while SEAT.match(lines[position]):
        _, name, chips = SEAT.match(lines[position]).groups()  # type: ignore[union-attr]
        start[name] = int(chips)
        position += 1
    assert start == hand.starting
    put_in: dict[str, int] = defaultdict(int)
    street: dict[str, int] = defaultdict(int)
    returned: dict[str, int] = defaultdict(int)
    collected: list[tuple[str, int, str]] = []
    streets: list[str] = []
    summary = None
    full_blind = 0
    for index, line in enumerate(lines[position:], start=position):
        if line in STREETS:
            streets.append(line)
            if line != "*** DEALING HANDS ***":
                street.clear()
                full_blind = 0
            if line == "*** SUMMARY ***":
                summary = index
                break
            continue
        if found := ANTE.match(line):
            put_in[found[1]] += int(found[2])  # dead money: in the pot, not in the round's bets (R32)
        elif found := BLIND.match(line):
            put_in[found[1]] += int(found[3])
            street[found[1]] += int(found[3])
        elif found := ACTION.match(line):
            name = found[1]
            if found[3]:
                added = int(found[3])
            elif found[4]:
                added = int(found[4])
                assert max(street.values(), default=0) == 0
            elif found[5]:
                level = max(max(street.values()), full_blind)  # a short big blind still sets the level (R6)
                assert int(found[5]) == int(found[6]) - level, line
                added = int(found[6]) - street[name]
            else:
                added = 0
            put_in[name] += added
            street[name] += added
            assert put_in[name] <= start[name], line
        elif found := RETURNED.match(line):
            returned[found[2]] += int(found[1])
            street[found[2]] -= int(found[1])
        elif found := SHORT.match(line):
            full_blind = max(full_blind, int(found[1]) if found[2] == "big" else 0)
        elif found := COLLECTED.match(line):
            collected.append((found[1], int(found[2]), found[3]))
        else:
            known = DRAW.match(line) or SHOW.match(line) or OWN_LINES.match(line)
            assert known or line == "*** HAND IN PROGRESS ***", f"not in the layout: {line!r}\n{text}"
    order = [STREETS.index(street) for street in streets]
    assert streets[0] == "*** DEALING HANDS ***" and order == sorted(order), text
    if hand.result is None:
        assert lines[-1] == "*** HAND IN PROGRESS ***" and summary is None
        return
    assert summary is not None
    total_line = TOTAL.match(lines[summary + 1])
    assert total_line, lines[summary + 1]
    total = int(total_line[1])
    pot = sum(put_in.values()) - sum(returned.values())
    assert total == pot == sum(chips for _, chips, _ in collected), text
    pots = {label.lower(): int(amount)
            for label, amount in re.findall(r"(Main pot|Side pot-\d) (\d+)\.", total_line[2])}
    if pots:
        assert sum(pots.values()) == total
        for label, amount in pots.items():
            assert sum(chips for _, chips, source in collected if source == label) == amount, text
    seat_lines = lines[summary + 2:]
    assert len(seat_lines) == len(start) and all(SUMMARY_SEAT.match(line) for line in seat_lines), text
    won: dict[str, int] = defaultdict(int)
    for name, chips, _ in collected:
        won[name] += chips
    final = {name: start[name] - put_in[name] + returned[name] + won[name] for name in start}
    assert hand.final is not None
    assert final == {name: hand.final[name] for name in start}, text


def check_session(game: Game) -> None:
    session = game.session_record({seq: 1_750_000_000.0 + 60 * seq for seq in range(game.seq + 1)})
    whole = session_text(session, "tbl")
    texts = [hand_text(session, hand, "tbl") for hand in session.hands]
    assert whole == "\n\n".join(texts)  # hands separated by blank lines
    for text, hand in zip(texts, session.hands, strict=True):
        check_hand(text, hand, "tbl")
    history = game.state.history
    for hand in session.hands:
        if hand.final is not None:
            assert hand.final == history[hand.number]  # the stacks the API reports after that hand


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_random_sessions_follow_the_layout_and_their_chips_add_up(seed: int) -> None:
    check_session(random_session(random.Random(seed)))


def test_a_worked_hand_reads_as_pokerstars_prints_it() -> None:
    table = Table(["Ana", "Bia", "Caio"]).do("deal", "Ana raise", "Bia call", "Caio fold", "Bia draw 2", "Ana draw 1",
                                             "Bia bet", "Ana raise", "Bia call")
    table.do("Bia draw 0", "Ana draw 0", "Bia check", "Ana bet", "Bia call", "Bia draw 1", "Ana draw 0",
             "Bia check", "Ana bet", "Bia raise", "Ana call", "Bia show 8c 6d 4s 3h 2h", "Ana show 7c 5d 4h 3s 2c")
    session = table.game.session_record({1: 1_750_000_000.0})
    text = hand_text(session, session.hands[0], "tbl")
    for expected in ("Table 'tbl' 6-max Seat #1 is the button", "Seat 1: Ana (100 in chips)",
                     "Bia: posts small blind 1", "Caio: posts big blind 2", "Ana: raises 2 to 4", "Bia: calls 3",
                     "Caio: folds", "*** FIRST DRAW ***", "Bia: discards 2 cards", "Ana: discards 1 card",
                     "Bia: bets 2", "Ana: raises 2 to 4", "*** SECOND DRAW ***", "Bia: stands pat",
                     "*** THIRD DRAW ***", "Bia: raises 4 to 8", "*** SHOW DOWN ***",
                     "Ana: shows [7c 5d 4h 3s 2c] (Lo: 7,5,4,3,2)", "Ana collected 42 from pot",
                     "Bia: shows [8c 6d 4s 3h 2h] (Lo: 8,6,4,3,2)", "*** SUMMARY ***", "Total pot 42 | Rake 0",
                     "Seat 1: Ana (button) showed [7c 5d 4h 3s 2c] and won (42) with Lo: 7,5,4,3,2",
                     "Seat 2: Bia (small blind) showed [8c 6d 4s 3h 2h] and lost with Lo: 8,6,4,3,2",
                     "Seat 3: Caio (big blind) folded before the Draw"):
        assert expected in text.split("\n"), f"{expected!r} missing:\n{text}"
    check_hand(text, session.hands[0], "tbl")


def test_side_pots_capped_betting_all_in_calls_and_uncalled_chips_have_their_lines() -> None:
    table = Table([{"name": "Ana", "stack": 100}, {"name": "Bia", "stack": 100}, {"name": "Caio", "stack": 5},
                   {"name": "Dani", "stack": 100}], button="Dani")
    table.do("deal", "Caio call", "Dani raise", "Ana raise", "Bia raise", "Caio call", "Dani call", "Ana call")
    table.do(*[f"{name} draw 0" for name in ("Ana", "Bia", "Caio", "Dani")], "Ana check", "Bia bet", "Dani fold",
             "Ana raise", "Bia call")
    table.do(*[f"{name} draw 0" for name in ("Ana", "Bia", "Caio")], "Ana check", "Bia check")
    table.do(*[f"{name} draw 0" for name in ("Ana", "Bia", "Caio")], "Ana bet", "Bia fold")
    table.do("Ana show 7c 5d 4h 3s 2c", "Caio show 7d 5c 4s 3h 2h")
    session = table.game.session_record({1: 1_750_000_000.0})
    text = hand_text(session, session.hands[0], "tbl")
    lines = text.split("\n")
    assert "Betting is capped" in lines and "Uncalled bet (4) returned to Ana" in lines
    assert "Caio: calls 3 and is all-in" in lines
    assert "Total pot 37 Main pot 20. Side pot-1 17. | Rake 0" in lines, text
    assert "Ana collected 10 from main pot" in lines and "Caio collected 10 from main pot" in lines
    assert "Ana collected 17 from side pot-1" in lines
    check_hand(text, session.hands[0], "tbl")


def test_an_undone_input_is_printed_as_it_was_at_its_place_marked_undone() -> None:
    table = Table(["Ana", "Bia"]).do("deal", "Ana raise")
    table.game.undo(at=1_700_000_000.0)
    table.do("Ana call", "Bia check")
    session = table.game.session_record()
    text = hand_text(session, session.hands[0], "tbl")
    lines = text.split("\n")
    when = time.strftime("%H:%M:%S", time.localtime(1_700_000_000.0))
    undone = lines.index(f"Undone at {when}: Ana: raises 2 to 4")
    assert lines[undone - 1] == "*** DEALING HANDS ***"
    assert lines[undone + 1] == "Ana: calls 1"
    assert "Ana: raises 2 to 4" not in lines  # never as an action a tracking tool would count
    check_hand(text, session.hands[0], "tbl")


def test_a_redo_note_comes_before_the_line_it_re_applied() -> None:
    table = Table(["Ana", "Bia"]).do("deal", "Ana raise")
    table.game.undo()
    table.game.redo()
    session = table.game.session_record()
    lines = hand_text(session, session.hands[0], "tbl").split("\n")
    raised = lines.index("Ana: raises 2 to 4")
    assert lines[raised - 2].startswith("Undone") and lines[raised - 2].endswith(": Ana: raises 2 to 4")
    note = lines[raised - 1]
    assert note.startswith("Dealer correction (redo") and "re-applies “Ana raises to 4”" in note
    assert lines.count("Ana: raises 2 to 4") == 1


def test_undone_inputs_read_in_the_order_they_were_played_after_a_replay() -> None:
    table = Table(["Ana", "Bia"]).do("deal", "Ana raise", "Bia call")
    table.game.undo()
    table.game.undo()
    table.do("Ana call")
    replayed = Game.rebuild(table.game.entries)
    for game in (table.game, replayed):
        session = game.session_record()
        lines = hand_text(session, session.hands[0], "tbl").split("\n")
        undone = [line for line in lines if line.startswith("Undone")]
        assert undone == ["Undone: Ana: raises 2 to 4", "Undone: Bia: calls 2"]
        assert lines[lines.index(undone[1]) + 1] == "Ana: calls 1"
