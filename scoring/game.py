"""A whole game: rounds in order, running totals, the end and the winners
(docs/rules.md, sections 2 and 7).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.entries import Goal, RoundEntries
from scoring.findings import GameOver, RecordError
from scoring.rounds import replay_round
from scoring.state import RoundState
from scoring.texts import Text
from scoring.variants import Table


@dataclass(frozen=True)
class GameState:
    """A game replayed from its entries.

    ``totals`` add up the complete rounds; ``winners`` is empty until the
    game is ``finished``, then holds every seat with the highest total.
    """

    table: Table
    goal: Goal
    rounds: tuple[RoundState, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    next_dealer: int

    @property
    def current(self) -> RoundState | None:
        """The round being played, if the last one is unfinished."""
        if self.rounds and not self.rounds[-1].complete:
            return self.rounds[-1]
        return None

    @property
    def complete_rounds(self) -> int:
        """How many rounds are complete."""
        return sum(1 for state in self.rounds if state.complete)


def next_dealer_after(table: Table, dealer: int) -> int:
    """The player left of the dealer deals next (docs/rules.md, section 2)."""
    return (dealer + 1) % len(table.players)


def dealer_of_round(
    table: Table, first_dealer: int, number: int, entered: Iterable[tuple[int, int]] = ()
) -> int:
    """The dealer of round ``number``, as :func:`replay_game` has it.

    ``entered`` holds the rounds whose dealer was entered, as (round number,
    seat); from the nearest of them at or before ``number`` (else from the
    first dealer in round 1) the deal passes one seat to the left a round.

    >>> table = Table.create(("Adam", "Betty", "Christian"), "classic")
    >>> dealer_of_round(table, 0, 5), dealer_of_round(table, 0, 5, entered=[(2, 2), (4, 0)])
    (1, 1)
    >>> dealer_of_round(table, 0, 3, entered=[(2, 2), (4, 0)])
    0
    """
    start, dealer = max(
        ((round_, seat) for round_, seat in entered if round_ <= number), default=(1, first_dealer)
    )
    for _ in range(number - start):
        dealer = next_dealer_after(table, dealer)
    return dealer


def suggested_rounds(players: int) -> int:
    """The books' suggestion for a game of rounds (docs/rules.md, section 7): each
    player deals twice; 4 rounds in the two-player variants.

    >>> suggested_rounds(3), suggested_rounds(2)
    (6, 4)
    """
    return 4 if players == 2 else 2 * players


def is_finished(goal: Goal, complete_rounds: int, totals: Sequence[int]) -> bool:
    """Whether the goal is reached (docs/rules.md, section 7).

    >>> is_finished(Goal(target=200), 5, [180, 201, 50])
    True
    """
    if goal.rounds is not None:
        return complete_rounds >= goal.rounds
    if goal.target is not None:
        return complete_rounds > 0 and max(totals) >= goal.target
    return False


def replay_game(
    table: Table, goal: Goal, first_dealer: int, rounds: Sequence[RoundEntries]
) -> GameState:
    """Replay every round of a game in order; errors name their round."""
    totals = [0] * len(table.players)
    states: list[RoundState] = []
    dealer = first_dealer
    finished = False
    complete = 0
    for number, entries in enumerate(rounds, 1):
        if finished:
            raise GameOver(Text("game.over", round=number - 1), round=number)
        if states and not states[-1].complete:
            raise RecordError(Text("game.unfinished", round=number - 1), round=number - 1)
        if entries.dealer is not None:
            dealer = entries.dealer
        state = replay_round(table, entries, number, dealer)
        states.append(state)
        if state.complete and state.outcome is not None:
            complete += 1
            for seat, score in enumerate(state.outcome.scores):
                totals[seat] += score
            finished = is_finished(goal, complete, totals)
        dealer = next_dealer_after(table, dealer)
    winners: tuple[int, ...] = ()
    if finished:
        best = max(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == best)
    return GameState(table, goal, tuple(states), tuple(totals), finished, winners, dealer)
