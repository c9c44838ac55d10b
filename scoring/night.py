"""A game over a night: every player's running total round by round, and
what each player did with the bottle (docs/rules.md, sections 4, 5 and 7).

Read from a :class:`~scoring.game.GameState`, the replay of the entries;
only complete rounds count. A quick round tells its owners and coins but
not its purchases, so :attr:`Night.quick_rounds` says how many rounds the
counts of purchases leave out.

>>> from scoring.entries import Goal, QuickEntry, RoundEntries
>>> from scoring.game import replay_game
>>> from scoring.variants import Table
>>> table = Table.create(("Adam", "Betty", "Christian"), "classic")
>>> rounds = [
...     RoundEntries(quick=QuickEntry((60, 40, None), (2,), 26)),
...     RoundEntries(quick=QuickEntry((None, 50, 60), (0,), 16)),
... ]
>>> night = game_night(replay_game(table, Goal(), 0, rounds))
>>> night.running
((60, 40, -26), (44, 90, 34))
>>> adam = night.players[0]
>>> adam.rounds_with_bottle, adam.coins, adam.best, adam.worst
(1, 60, RoundScore(number=1, score=60), RoundScore(number=2, score=-16))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from scoring.game import GameState
from scoring.story import journeys

__all__ = ["Night", "PlayerNight", "RoundScore", "game_night"]


class RoundScore(NamedTuple):
    """A player's score in one round."""

    number: int
    score: int


@dataclass(frozen=True)
class PlayerNight:
    """One player's game: rounds ended owning a bottle, bottles bought and
    the lowest price paid (card codes; None if never bought), coins won in
    tricks (where counted), and the best and worst round (the earliest of
    equal scores; None before any round is complete)."""

    player: int
    rounds_with_bottle: int
    times_bought: int
    lowest_price: int | None
    coins: int
    best: RoundScore | None
    worst: RoundScore | None


@dataclass(frozen=True)
class Night:
    """The game so far: ``numbers`` of the complete rounds, ``running``
    totals after each of them (by player), each player's
    :class:`PlayerNight`, the target when the goal is one, and how many of
    the rounds were entered quickly (their purchases are not known)."""

    numbers: tuple[int, ...]
    running: tuple[tuple[int, ...], ...]
    players: tuple[PlayerNight, ...]
    target: int | None
    quick_rounds: int


def game_night(game: GameState) -> Night:
    """Running totals and each player's game (see :class:`Night`)."""
    count = len(game.table.players)
    totals = [0] * count
    numbers: list[int] = []
    running: list[tuple[int, ...]] = []
    with_bottle = [0] * count
    bought = [0] * count
    lowest: list[int | None] = [None] * count
    coins = [0] * count
    best: list[RoundScore | None] = [None] * count
    worst: list[RoundScore | None] = [None] * count
    quick = 0
    for state in game.rounds:
        outcome = state.outcome
        if outcome is None:
            continue
        numbers.append(state.number)
        quick += state.is_quick
        for seat, score in enumerate(outcome.scores):
            totals[seat] += score
            if outcome.bottles[seat]:
                with_bottle[seat] += 1
            points = state.trick_points[seat] if seat < len(state.trick_points) else None
            coins[seat] += points or 0
            high, low = best[seat], worst[seat]
            if high is None or score > high.score:
                best[seat] = RoundScore(state.number, score)
            if low is None or score < low.score:
                worst[seat] = RoundScore(state.number, score)
        running.append(tuple(totals))
        for journey in journeys(state):
            for purchase in journey.purchases:
                buyer = purchase.buyer
                if buyer >= count:
                    continue  # Lopaka is not in the standings
                bought[buyer] += 1
                paid = lowest[buyer]
                if paid is None or purchase.price < paid:
                    lowest[buyer] = purchase.price
    players = tuple(
        PlayerNight(
            seat,
            with_bottle[seat],
            bought[seat],
            lowest[seat],
            coins[seat],
            best[seat],
            worst[seat],
        )
        for seat in range(count)
    )
    return Night(tuple(numbers), tuple(running), players, game.goal.target, quick)
