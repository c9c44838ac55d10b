"""Games from the engine's simulator, written straight into the database.

A seeded game has ``history`` complete, confirmed rounds and one more round
in progress with no card entered yet; :attr:`Seeded.cards` are that round's
cards in play order, as the simulator played them, for the bench to enter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.simulate import simulate

VARIANT = "classic"
PLAYERS = 4
EDITION = "classic"


@dataclass
class Seeded:
    """A game in the database and the round still to be entered."""

    pk: int
    edit_token: str
    view_token: str
    history: int
    tricks: list[list[str]]
    """The round in progress, trick by trick (the simulator's legal play)."""
    rounds: list[dict[str, Any]]
    """Further complete rounds, for a table that plays on (load test)."""

    @property
    def cards(self) -> list[tuple[str, bool]]:
        """The cards to enter in order, each with whether it completes a trick."""
        return [
            (card, index == len(trick) - 1)
            for trick in self.tricks
            for index, card in enumerate(trick)
        ]


def seed_game(
    history: int,
    seed: int,
    *,
    variant: str = VARIANT,
    players: int = PLAYERS,
    edition: str = EDITION,
    more_rounds: int = 0,
) -> Seeded:
    """Write a game with ``history`` complete rounds and one round in progress.

    ``more_rounds`` further simulated rounds are returned (not stored) for a
    table that goes on playing.
    """
    from django.db import transaction

    from companion.models import Game, Round
    from companion.transfer import stored_round

    total = history + 1 + more_rounds
    record = simulate(variant, players, rounds=total, seed=seed, edition=edition)
    rounds = record["rounds"]
    with transaction.atomic():
        game = Game.objects.create(
            players=record["players"],
            variant=record["variant"],
            teams=record.get("teams", ""),
            edition=record.get("edition", "classic"),
            first_dealer=record["first_dealer"],
        )
        rows = [
            stored_round(game, n, data, confirmed=True)
            for n, data in enumerate(rounds[:history], 1)
        ]
        rows.append(Round(game=game, number=history + 1))
        Round.objects.bulk_create(rows)
    return Seeded(
        game.pk,
        game.edit_token,
        game.view_token,
        history,
        rounds[history]["tricks"],
        rounds[history + 1 :],
    )
