"""The stacks chart: each player's stack before hand 1 and after each hand, as SVG coordinates for a template."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask_babel import gettext

# A long session is sampled, so the page weighs the same at hand 10 and at hand 1,000: each line has at most
# LINE_POINTS points, and at most DOTS of them get a dot with its figure (the first and the latest always do).
LINE_POINTS = 61
DOTS = 11

# Six colours that stay apart on the dark background and for the common colour-vision deficiencies.
SERIES_COLOURS = ("#ffd166", "#6ab0ff", "#ff6b6b", "#5dd39e", "#c792ea", "#ff9f43")


@dataclass(frozen=True)
class Series:
    name: str
    colour: str
    points: str  # SVG polyline points
    dots: tuple[tuple[float, float, int, int], ...]  # x, y, hand index, stack
    last: int
    label_y: float

    @property
    def label(self) -> str:
        """The end label beside the plot: the name (shortened past 8 characters) and the last stack."""
        return f"{_short(self.name)} {self.last}"


LABEL_FONT_WIDTH = 8.5  # px per character of a 13 px bold label, a little generous: no label may be clipped


def _short(name: str, keep: int = 8) -> str:
    return name if len(name) <= keep else name[: keep - 1] + "…"


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int
    top: int
    plot_width: int
    plot_height: int
    series: tuple[Series, ...]
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[tuple[float, int], ...]
    description: str


def stacks_chart(history: Sequence[Mapping[str, int]], names: Sequence[str], width: int = 640,
                 height: int = 260) -> Chart | None:
    """Stacks before hand 1 and after each hand, one line per player, as SVG coordinates."""
    if not history:
        return None
    values_all = [stacks[name] for stacks in history for name in names]
    ticks = nice_ticks(min(values_all), max(values_all))
    longest = max(len(f"{_short(name)} {stacks[name]}") for stacks in history for name in names)
    # Room for the longest tick value on the left (millions fit too) and for the end labels on the right.
    left = max(44, 10 + 7 * max(len(str(value)) for value in ticks))
    top, bottom = 20, 30
    right = 16 + int(LABEL_FONT_WIDTH * longest)  # none is clipped at the right
    plot_w, plot_h = width - left - right, height - top - bottom
    low, high = ticks[0], ticks[-1]
    step = plot_w / max(1, len(history) - 1)

    def y(value: int) -> float:
        return round(top + plot_h - plot_h * (value - low) / max(1, high - low), 1)

    line, dotted = sampled(len(history), LINE_POINTS), sampled(len(history), DOTS)
    series = []
    for index, name in enumerate(names):
        values = [history[hand][name] for hand in line]
        coords = [(round(left + step * hand, 1), y(value)) for hand, value in zip(line, values, strict=True)]
        dots = tuple((round(left + step * hand, 1), y(history[hand][name]), hand, history[hand][name])
                     for hand in dotted)
        series.append(Series(name, SERIES_COLOURS[index % len(SERIES_COLOURS)],
                             " ".join(f"{x},{yy}" for x, yy in coords), dots, values[-1], coords[-1][1]))
    _spread_labels(series, top, top + plot_h)
    every = max(1, (len(history) - 1 + 9) // 10)
    x_ticks = tuple((round(left + step * hand, 1), str(hand)) for hand in range(0, len(history), every))
    y_ticks = tuple((y(value), value) for value in ticks)
    description = gettext("Stacks after each hand: %(list)s",
                          list="; ".join(f"{s.name} {' → '.join(str(d[3]) for d in s.dots)}" for s in series))
    return Chart(width, height, left, top, plot_w, plot_h, tuple(series), x_ticks, y_ticks, description)


def sampled(count: int, most: int) -> list[int]:
    """Which of ``count`` points to draw: all of them, or ``most`` evenly spread, the first and the last included."""
    if count <= most:
        return list(range(count))
    return sorted({round(index * (count - 1) / (most - 1)) for index in range(most)})


def _spread_labels(series: list[Series], low: float, high: float, gap: float = 15.0) -> None:
    """Move the end labels apart vertically so equal stacks do not print on top of each other."""
    order = sorted(range(len(series)), key=lambda index: series[index].label_y)
    placed: list[float] = []
    for index in order:
        wanted = max(series[index].label_y, placed[-1] + gap if placed else low)
        placed.append(wanted)
    overflow = placed[-1] - high if placed else 0
    if overflow > 0:
        placed = [value - overflow for value in placed]
    for index, value in zip(order, placed, strict=True):
        old = series[index]
        series[index] = Series(old.name, old.colour, old.points, old.dots, old.last, round(value + 4, 1))


# 1, 2, 2.5 and 5 times each power of ten, up to tournament stacks (stacks are at most 10^12 each).
_STEPS = tuple(sorted({int(base * 10**power) for power in range(14) for base in (1, 2, 2.5, 5)}))


def nice_ticks(lowest: int, highest: int) -> list[int]:
    """Round gridline values covering [lowest, highest]: at most about six, starting at a multiple of the step."""
    if highest <= lowest:
        highest = lowest + 1
    for step in _STEPS:
        start = lowest // step * step
        end = -(-highest // step) * step
        if (end - start) / step <= 6:
            return list(range(start, end + 1, step))
    return [lowest, highest]
