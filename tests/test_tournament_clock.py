"""The tournament clock's arithmetic (R36): levels and breaks on running time, pauses, levels by hands."""

from __future__ import annotations

from decimal import Decimal
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.rules.tournament_clock import (
    ClockEvents,
    Schedule,
    build_schedule,
    clock_text,
    level_at,
    level_for_hand,
    level_hands_left,
    on_break_at,
    read_clock,
)

START = 1_764_700_000.25  # an epoch time like the ones stamped on inputs, with a fraction
# Levels of 10, 10 and 5 minutes, then the last one; a 3-minute break after level 2.
SCHEDULE = build_schedule([10, 10, 5, 20], {2: 3})


def at(seconds: float) -> float:
    return START + seconds


def test_r36_the_clock_waits_for_the_first_deal() -> None:
    reading = read_clock(SCHEDULE, ClockEvents(), at(3600))
    assert not reading.started and reading.running == 0
    assert (reading.level, reading.on_break, reading.seconds_left, reading.seconds_to_break) == (1, False, 600, 1200)
    assert read_clock(SCHEDULE, ClockEvents().start(at(100)), at(50)).running == 0  # nothing before the start


def test_r36_levels_follow_their_minutes_then_the_break_then_the_last_level_never_ends() -> None:
    events = ClockEvents().start(at(0))
    expected = [  # running seconds: level, on break, seconds left, seconds to the break
        (0, 1, False, 600, 1200), (599.5, 1, False, 0.5, 600.5), (600, 2, False, 600, 600),
        (1199, 2, False, 1, 1), (1200, 3, True, 180, None), (1379, 3, True, 1, None), (1380, 3, False, 300, None),
        (1680, 4, False, 0, None), (99999, 4, False, 0, None),
    ]
    for running, level, on_break, left, to_break in expected:
        reading = read_clock(SCHEDULE, events, at(running))
        assert (reading.level, reading.on_break, reading.seconds_left, reading.seconds_to_break) == \
            (level, on_break, left, to_break), running
        assert reading.started and not reading.paused and reading.running == running
    on_break = read_clock(SCHEDULE, events, at(1250))
    assert on_break.after_level == 2 and read_clock(SCHEDULE, events, at(1500)).after_level is None
    assert level_at(SCHEDULE, events, at(1250)) == 3 and on_break_at(SCHEDULE, events, at(1250))
    assert not on_break_at(SCHEDULE, events, at(1380))


def test_r36_a_pause_stops_the_clock_and_a_resume_runs_it_from_where_it_stopped() -> None:
    events = ClockEvents().start(at(0)).pause(at(100))
    paused = read_clock(SCHEDULE, events, at(5000))
    assert paused.paused and paused.running == 100 and paused.seconds_left == 500 and paused.level == 1
    events = events.resume(at(400))
    running = read_clock(SCHEDULE, events, at(500))
    assert not running.paused and running.running == 200 and running.seconds_left == 400
    assert read_clock(SCHEDULE, events, at(900)).level == 2  # level 1 ended 300 s late, the paused time
    assert read_clock(SCHEDULE, events, at(899.9)).level == 1


def test_r36_the_events_fold_the_log_and_ignore_what_changes_nothing() -> None:
    events = ClockEvents().start(at(0)).start(at(50))  # later deals do not restart it
    assert events.started == at(0)
    assert events.resume(at(10)) == events  # nothing to resume
    assert events.pause(at(5)).pause(at(8)) == events.pause(at(5))  # paused once, from the first time
    events = events.pause(at(10)).resume(at(20)).pause(at(30))
    assert events.pauses == ((at(10), at(20)), (at(30), None)) and events.paused


def test_r36_decimal_minutes_make_short_levels() -> None:
    schedule = build_schedule([Decimal("0.02"), "0.02", 1], {1: 0.01})  # 1.2 s, a break of 0.6 s, 1.2 s
    events = ClockEvents().start(at(0))
    assert [period.seconds for period in schedule.periods] == [1.2, 0.6, 1.2, None]
    assert read_clock(schedule, events, at(1.2)).on_break and read_clock(schedule, events, at(1.19)).level == 1
    assert read_clock(schedule, events, at(1.8)).level == 2 and not read_clock(schedule, events, at(1.8)).on_break
    assert read_clock(schedule, events, at(3.0)).level == 3


def test_r36_one_level_alone_never_ends_and_no_break_is_ahead() -> None:
    reading = read_clock(build_schedule([15]), ClockEvents().start(at(0)), at(10**6))
    assert (reading.level, reading.seconds_left, reading.seconds_to_break, reading.period_key) == (1, 0, None, 0)


def test_r36_the_period_key_changes_exactly_when_a_level_or_a_break_begins() -> None:
    events = ClockEvents().start(at(0))
    keys = [read_clock(SCHEDULE, events, at(second)).period_key for second in range(0, 2000, 10)]
    changes = [second * 10 for second, (before, after) in enumerate(pairwise(keys), start=1) if before != after]
    assert changes == [600, 1200, 1380, 1680]


def test_r36_levels_by_hands() -> None:
    assert [level_for_hand(hand, 5, 3) for hand in range(1, 17)] == [1] * 5 + [2] * 5 + [3] * 6
    assert [level_for_hand(hand, [2, 1, 3], 4) for hand in range(1, 10)] == [1, 1, 2, 3, 3, 3, 4, 4, 4]
    assert [level_hands_left(hand, 5, 3) for hand in (1, 5, 6, 10, 11, 500)] == [5, 1, 5, 1, None, None]
    assert level_for_hand(1, 5, 1) == 1 and level_hands_left(1, 5, 1) is None


@pytest.mark.parametrize(("seconds", "text"), [
    (0, "0:00"), (-3, "0:00"), (0.2, "0:01"), (59.5, "1:00"), (461, "7:41"), (460.2, "7:41"), (3900, "1:05:00"),
    (1.2, "0:02"),
])
def test_r36_countdowns_read_as_the_room_reads_them(seconds: float, text: str) -> None:
    assert clock_text(seconds) == text


# --- Properties -----------------------------------------------------------------------------------------------

minutes = st.decimals(min_value=Decimal("0.01"), max_value=Decimal(30), places=2)


@st.composite
def schedules(draw: st.DrawFn) -> Schedule:
    levels = draw(st.lists(minutes, min_size=1, max_size=8))
    breaks = draw(st.dictionaries(st.integers(min_value=1, max_value=max(1, len(levels) - 1)), minutes,
                                  max_size=len(levels) - 1))
    return build_schedule(levels, breaks)


@st.composite
def clocks(draw: st.DrawFn) -> tuple[ClockEvents, list[float]]:
    """Events from a start, alternate pauses and resumes (the last pause may still hold), and times to read at."""
    start = at(draw(st.floats(min_value=0, max_value=10**5)))
    events = ClockEvents().start(start)
    moment = start
    for step in range(draw(st.integers(min_value=0, max_value=6))):
        moment += draw(st.floats(min_value=0.001, max_value=3000))
        events = events.pause(moment) if step % 2 == 0 else events.resume(moment)
    reads = sorted(draw(st.lists(st.floats(min_value=-100, max_value=20000), min_size=2, max_size=12)))
    return events, [start + offset for offset in reads]


@settings(max_examples=200, deadline=None)
@given(schedules(), clocks())
def test_r36_running_time_never_exceeds_wall_time_and_never_goes_back(schedule: Schedule,
                                                                      clock: tuple[ClockEvents, list[float]]) -> None:
    events, moments = clock
    assert events.started is not None
    readings = [read_clock(schedule, events, moment) for moment in moments]
    for moment, reading in zip(moments, readings, strict=True):
        assert 0 <= reading.running <= max(0.0, moment - events.started) + 1e-6
        assert reading.seconds_left >= 0 and (reading.seconds_to_break is None or reading.seconds_to_break >= 0)
    for before, after in pairwise(readings):
        assert before.running <= after.running
        assert before.level <= after.level and before.period <= after.period  # levels only go up


@settings(max_examples=200, deadline=None)
@given(schedules(), st.floats(min_value=0, max_value=20000), st.floats(min_value=0.001, max_value=20000),
       st.floats(min_value=0, max_value=20000))
def test_r36_a_paused_clock_reads_the_same_until_it_resumes(schedule: Schedule, before: float, pause: float,
                                                           later: float) -> None:
    events = ClockEvents().start(at(0)).pause(at(before))
    stopped = read_clock(schedule, events, at(before))
    assert stopped.paused and read_clock(schedule, events, at(before + pause)) == stopped
    resumed = events.resume(at(before + pause))
    after = read_clock(schedule, resumed, at(before + pause + later))
    assert abs(after.running - (stopped.running + later)) <= 1e-5  # the paused span does not count


@settings(max_examples=200, deadline=None)
@given(schedules(), st.floats(min_value=0, max_value=50000))
def test_r36_the_last_level_runs_out_at_zero_and_a_break_names_the_level_play_resumes_with(
        schedule: Schedule, running: float) -> None:
    reading = read_clock(schedule, ClockEvents().start(at(0)), at(running))
    if reading.level == schedule.levels and not reading.on_break:
        assert reading.seconds_left == 0 and reading.seconds_to_break is None
    if reading.on_break:
        assert reading.after_level == reading.level - 1 >= 1 and reading.seconds_left > 0
