"""Games dealt by the engine's simulator, for tests that need whole rounds."""

from __future__ import annotations

from typing import Any

from companion import actions
from companion.models import Game
from scoring.simulate import simulate


def simulated(
    variant: str,
    players: int,
    rounds: int = 1,
    seed: int = 1,
    teams: str | None = None,
    edition: str | None = None,
) -> dict[str, Any]:
    """A random legal record (see :func:`scoring.simulate.simulate`)."""
    return simulate(variant, players, rounds, seed, teams, edition)


def game_for(record: dict[str, Any]) -> Game:
    """A new game with the record's table, first dealer and goal."""
    goal = record["goal"]
    return actions.create_game(
        players=record["players"],
        variant=record["variant"],
        teams=record.get("teams", ""),
        edition=record.get("edition", "classic"),
        first_dealer=record["first_dealer"],
        goal_rounds=goal.get("rounds"),
        goal_target=goal.get("target"),
    )


def cards_of(round_record: dict[str, Any]) -> list[str]:
    """A simulated round's cards in the order they were played."""
    return [card for trick in round_record["tricks"] for card in trick]
