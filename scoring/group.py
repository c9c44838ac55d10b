"""A group's history: the games one table played together, across evenings.

For each player, known by name (equal ignoring case, as within a game): the
games played and won, the average score of a round, the rounds ended with
the bottle, and the best game (the highest final total); and every
player's wins, game by game, for a chart of wins over time. Read from the
replayed games (:class:`~scoring.game.GameState`, in the order they were
played); only complete rounds count, and only finished games have winners.

What the history needs of one game is small (:class:`GameFigures`, by
:func:`game_figures`): an app may keep it for each game, and combine the
kept figures (:func:`combine`) without replaying a game that has not
changed. ``group_history(games)`` is ``combine`` of each game's figures.

>>> from scoring.entries import Goal, QuickEntry, RoundEntries
>>> from scoring.game import replay_game
>>> from scoring.variants import Table
>>> def quick(names, points, owner, imps):
...     table = Table.create(names, "classic")
...     entry = RoundEntries(quick=QuickEntry(points, (owner,), imps))
...     return replay_game(table, Goal(rounds=1), 0, [entry])
>>> first = quick(("Ann", "Ben", "Cleo"), (60, 40, None), 2, 26)
>>> second = quick(("Ben", "Cleo", "Dora"), (50, None, 40), 1, 36)
>>> history = group_history([first, second], ["Ann", "Ben"])
>>> for p in history.players:
...     print(p.name, p.games, p.wins, p.best)
Ann 1 1 BestGame(game=1, total=60)
Ben 2 1 BestGame(game=2, total=50)
Cleo 2 0 BestGame(game=1, total=-26)
Dora 1 0 BestGame(game=2, total=40)
>>> history.wins
((1, 0, 0, 0), (1, 1, 0, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from scoring.game import GameState

__all__ = [
    "BestGame",
    "GameFigures",
    "GameSummary",
    "GroupHistory",
    "PlayerHistory",
    "combine",
    "game_figures",
    "group_history",
]


class BestGame(NamedTuple):
    """A player's highest final total: in which game (from 1), and the total."""

    game: int
    total: int


@dataclass(frozen=True)
class GameFigures:
    """What a group's history reads of one game: its players, totals,
    winners once finished, and per seat the sum of the complete rounds'
    scores and the rounds ended with the bottle."""

    players: tuple[str, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[str, ...]
    rounds: int
    """Its complete rounds."""
    points: tuple[int, ...]
    bottles: tuple[int, ...]


def game_figures(game: GameState) -> GameFigures:
    """One replayed game's figures, for :func:`combine`."""
    players = tuple(game.table.players)
    outcomes = [state.outcome for state in game.rounds if state.outcome is not None]
    seats = range(len(players))
    return GameFigures(
        players,
        tuple(game.totals),
        game.finished,
        tuple(players[seat] for seat in game.winners) if game.finished else (),
        len(outcomes),
        tuple(sum(outcome.scores[seat] for outcome in outcomes) for seat in seats),
        tuple(sum(bool(outcome.bottles[seat]) for outcome in outcomes) for seat in seats),
    )


@dataclass(frozen=True)
class GameSummary:
    """One game of the group: its players, totals, and winners once finished."""

    number: int
    players: tuple[str, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[str, ...]
    rounds: int
    """Its complete rounds."""


@dataclass(frozen=True)
class PlayerHistory:
    """One player across the group's games (the name as first written)."""

    name: str
    games: int
    wins: int
    rounds: int
    """Complete rounds played."""
    points: int
    """The sum of the player's round scores."""
    rounds_with_bottle: int
    best: BestGame | None
    """None before the player has a complete round."""

    @property
    def average(self) -> float | None:
        """The average score of a round, or None before any complete round."""
        return None if not self.rounds else self.points / self.rounds


@dataclass(frozen=True)
class GroupHistory:
    """The group's games and players; ``wins`` holds, after each game, every
    player's wins so far (in the order of ``players``)."""

    games: tuple[GameSummary, ...]
    players: tuple[PlayerHistory, ...]
    wins: tuple[tuple[int, ...], ...]


def _key(name: str) -> str:
    return name.casefold()


def _player(name: str, tally: list[int], best: BestGame | None) -> PlayerHistory:
    games, wins, rounds, points, bottles = tally
    return PlayerHistory(name, games, wins, rounds, points, bottles, best)


def group_history(games: Sequence[GameState], names: Sequence[str] = ()) -> GroupHistory:
    """The history of ``games``, played in this order; ``names`` are the
    group's players, listed first in their order (the others follow as they
    first play)."""
    return combine([game_figures(game) for game in games], names)


def combine(games: Sequence[GameFigures], names: Sequence[str] = ()) -> GroupHistory:
    """The history of the games of these figures (:func:`game_figures`),
    played in this order; ``names`` as for :func:`group_history`."""
    order: dict[str, str] = {}
    for name in [*names, *(player for game in games for player in game.players)]:
        order.setdefault(_key(name), name)
    keys = list(order)
    tally = {key: [0, 0, 0, 0, 0] for key in keys}  # games, wins, rounds, points, bottles
    best: dict[str, BestGame] = {}
    summaries = []
    wins: list[tuple[int, ...]] = []
    for number, game in enumerate(games, 1):
        winners = set(game.winners)
        for seat, name in enumerate(game.players):
            key = _key(name)
            row = tally[key]
            row[0] += 1
            row[1] += name in winners
            row[2] += game.rounds
            row[3] += game.points[seat]
            row[4] += game.bottles[seat]
            total = game.totals[seat]
            if game.rounds and (key not in best or total > best[key].total):
                best[key] = BestGame(number, total)
        summaries.append(
            GameSummary(number, game.players, game.totals, game.finished, game.winners, game.rounds)
        )
        wins.append(tuple(tally[key][1] for key in keys))
    history = tuple(_player(order[key], tally[key], best.get(key)) for key in keys)
    return GroupHistory(tuple(summaries), history, tuple(wins))
