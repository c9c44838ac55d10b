"""The game over a night, as the game page shows it: a chart of every
player's running total after each round (SVG coordinates for
``imp/night.html``), and each player's figures in words.

Nothing here decides a score: the totals and figures are the engine's
(:func:`scoring.night.game_night`); this module only scales them to the
drawing and words them. Each player's line has its own dash pattern and end
marker as well as its colour, and is named at its end, so colour is never
the only sign.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext, ngettext

from companion.texts import and_list, card_number
from scoring.game import GameState
from scoring.night import Night, PlayerNight, RoundScore, game_night

WIDTH = 340
HEIGHT = 200
LEFT = 34
"""Room for the totals written along the left edge."""
RIGHT = 76
"""Room for the players' names at the lines' ends."""
TOP = 10
BOTTOM = 22
"""Room for the round numbers along the bottom."""
LABEL_GAP = 15
"""Least distance between two names at the lines' ends (their text is 11
units tall: 15 leaves a clear gap, at any text size, as the drawing scales)."""
MOST_LABELS = 11
"""The most names written at the lines' ends (11 of them 15 apart fill the
plot's height); a chart of more players names them in a legend below."""
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 4", "10 4")
MARKERS = (
    ("m-3.5 0a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0 -7 0z", False),  # disc
    ("m-3 -3h6v6h-6z", False),  # square
    ("m0 -4l4 7h-8z", False),  # triangle
    ("m0 -4.5l4.5 4.5l-4.5 4.5l-4.5 -4.5z", False),  # diamond
    ("m-3.5 0a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0 -7 0z", True),  # ring
    ("m-3.5 -3.5l7 7m0 -7l-7 7", True),  # cross
)
"""Each player's end marker (a path from the line's end) and whether it is hollow."""


@dataclass(frozen=True)
class Line:
    """One player's running totals as a polyline."""

    name: str
    series: int
    """0–5: the line's colour class, dash pattern and marker."""
    points: str
    """``x,y x,y …`` from round 0 (every total 0) to the last round."""
    dash: str
    marker: str
    """The end marker's shape: a path ``d`` (circle, square, triangle…)."""
    hollow: bool
    """Whether the marker is drawn as an outline (ring, cross)."""
    end_x: float
    end_y: float
    label_x: float
    label_y: float
    """Where the name is written: beside the line's end, kept clear of the others."""
    total: int

    @property
    def mark(self) -> str:
        """The end marker's path from any point (the legend draws it)."""
        return MARKERS[self.series][0]


@dataclass(frozen=True)
class Tick:
    at: float
    """Where along its axis (y for a total, x for a round)."""
    text: str


@dataclass(frozen=True)
class Chart:
    """What the template draws, in the SVG's own units (``viewBox``)."""

    width: int
    height: int
    plot_left: int
    plot_right: int
    plot_top: int
    plot_bottom: int
    lines: tuple[Line, ...]
    rounds: tuple[Tick, ...]
    totals: tuple[Tick, ...]
    zero_y: float
    target_y: float | None
    target: int | None
    title: str
    description: str
    total_x: int
    """Where the totals are written (right-aligned), left of the plot."""
    round_y: int
    """Where the round numbers are written, below the plot."""
    legend: bool = False
    """Whether the names are in a legend below the drawing (more than
    MOST_LABELS players), not at the lines' ends."""


def running_chart(night: Night, names: tuple[str, ...] | list[str]) -> Chart | None:
    """The chart of a night, or None before its first complete round."""
    if not night.running:
        return None
    if night.target is None:
        title = gettext("Running totals, round by round")
    else:
        title = gettext("Running totals, round by round, with the target %(target)s") % {
            "target": night.target
        }
    rows = Rows(night.numbers, night.running, night.target)
    return line_chart(rows, names, title, _describe(night, names))


@dataclass(frozen=True)
class Rows:
    """What a line chart draws: a value per player after each step (a round,
    a game) numbered ``numbers``, from 0 for everyone before the first."""

    numbers: tuple[int, ...]
    running: tuple[tuple[int, ...], ...]
    target: int | None = None


def line_chart(rows: Rows, names: Sequence[str], title: str, description: str) -> Chart:
    """Every player's values as a line, scaled to the drawing."""
    low, high = _range(rows)
    right = WIDTH - RIGHT
    bottom = HEIGHT - BOTTOM
    steps = len(rows.running)

    def x_of(index: int) -> float:
        return round(LEFT + (right - LEFT) * index / steps, 1)

    def y_of(total: int) -> float:
        return round(bottom - (bottom - TOP) * (total - low) / (high - low), 1)

    lines = []
    for seat, name in enumerate(names):
        totals = [0, *(row[seat] for row in rows.running)]
        points = " ".join(f"{x_of(i)},{y_of(total)}" for i, total in enumerate(totals))
        end_x, end_y = x_of(steps), y_of(totals[-1])
        series = seat % len(MARKERS)
        path, hollow = MARKERS[series]
        marker = f"M{end_x} {end_y}{path}"
        line = Line(
            name, series, points, DASHES[series], marker, hollow,
            end_x, end_y, end_x + 7, end_y, totals[-1],
        )  # fmt: skip
        lines.append(line)
    lines = _spread_labels(lines, TOP + 4, bottom)
    target = rows.target
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        plot_left=LEFT,
        plot_right=right,
        plot_top=TOP,
        plot_bottom=bottom,
        lines=tuple(lines),
        rounds=_round_ticks(rows.numbers, x_of),
        totals=tuple(Tick(y_of(value), str(value)) for value in _total_ticks(low, high)),
        zero_y=y_of(0),
        target_y=None if target is None else y_of(target),
        target=target,
        title=title,
        description=description,
        total_x=LEFT - 4,
        round_y=HEIGHT - 6,
        legend=len(names) > MOST_LABELS,
    )


def _range(rows: Rows) -> tuple[int, int]:
    """The values the drawing spans: every value, 0, and the target."""
    values = [0, *(total for row in rows.running for total in row)]
    if rows.target is not None:
        values.append(rows.target)
    low, high = min(values), max(values)
    if low == high:
        high = low + 10
    return low, high


def _total_ticks(low: int, high: int) -> list[int]:
    """Round totals to mark along the left edge: 0 and a few steps of 1, 2 or 5 × 10ⁿ."""
    span = high - low
    step = 1
    while span / step > 5:
        for factor in (2, 5, 10):
            if span / (step * factor) <= 5:
                step *= factor
                break
        else:
            step *= 10
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def _round_ticks(numbers: tuple[int, ...], x_of: Callable[[int], float]) -> tuple[Tick, ...]:
    """Round numbers along the bottom: all of them, or every n-th when they are many."""
    every = max(1, -(-len(numbers) // 10))
    ticks = []
    for index, number in enumerate(numbers, 1):
        if index % every == 0 or index == len(numbers):
            ticks.append(Tick(x_of(index), str(number)))
    return tuple(ticks)


def _spread_labels(lines: list[Line], top: float, bottom: float) -> list[Line]:
    """Move the names at the lines' ends apart so none is written over another."""
    order = sorted(range(len(lines)), key=lambda i: lines[i].end_y)
    placed: dict[int, float] = {}
    previous = top - LABEL_GAP
    for index in order:
        y = max(lines[index].end_y, previous + LABEL_GAP)
        placed[index] = y
        previous = y
    overflow = previous - bottom
    if overflow > 0:
        for index in placed:
            placed[index] -= overflow
    return [replace(line, label_y=round(placed[i] + 4, 1)) for i, line in enumerate(lines)]


def _describe(night: Night, names: Sequence[str]) -> str:
    """The chart in one sentence, for a screen reader."""
    last = night.running[-1]
    leaders = [names[seat] for seat, total in enumerate(last) if total == max(last)]
    rounds = len(night.running)
    values = {"names": and_list(leaders), "total": max(last), "n": rounds}
    if len(leaders) == 1:
        said = ngettext(
            "Running totals after %(n)s round: %(names)s leads with %(total)s.",
            "Running totals after %(n)s rounds: %(names)s leads with %(total)s.",
            rounds,
        )
    else:
        said = ngettext(
            "Running totals after %(n)s round: %(names)s lead with %(total)s.",
            "Running totals after %(n)s rounds: %(names)s lead with %(total)s.",
            rounds,
        )
    return said % values


@dataclass(frozen=True)
class Figures:
    """One player's night in words, for the game page."""

    name: str
    rounds_with_bottle: int
    times_bought: int
    lowest_price: str
    """The lowest price paid as a card ("3.5"), or "–" if never bought."""
    coins: int
    best: str
    worst: str


@dataclass(frozen=True)
class Running:
    """The totals after one round, by player (the chart's numbers as a table)."""

    number: int
    totals: tuple[int, ...]


@dataclass(frozen=True)
class NightView:
    chart: Chart | None
    running: tuple[Running, ...]
    figures: tuple[Figures, ...]
    quick_rounds: int
    """Rounds entered quickly: their purchases are not known."""


def night_view(state: GameState) -> NightView:
    """The chart and each player's figures of a replayed game."""
    night = game_night(state)
    names = state.table.players
    figures = tuple(_figures(names[item.player], item) for item in night.players)
    running = tuple(Running(n, row) for n, row in zip(night.numbers, night.running, strict=True))
    return NightView(running_chart(night, names), running, figures, night.quick_rounds)


def _figures(name: str, player: PlayerNight) -> Figures:
    lowest = "–" if player.lowest_price is None else card_number(player.lowest_price)
    return Figures(
        name,
        player.rounds_with_bottle,
        player.times_bought,
        lowest,
        player.coins,
        _round_score(player.best),
        _round_score(player.worst),
    )


def _round_score(item: RoundScore | None) -> str:
    """ "round 3 (+60)", or "–" before any round."""
    if item is None:
        return "–"
    return gettext("round %(number)s (%(score)s)") % {
        "number": item.number,
        "score": f"{item.score:+d}",
    }
