"""Factories of games being played (factory-boy), in one place.

A game as the app creates it always has its first round, so these build it
too. The base factories live in :mod:`tests.factories`.
"""

from __future__ import annotations

import factory

from tests.factories import GameFactory as BaseGameFactory
from tests.factories import RoundFactory


class GameFactory(BaseGameFactory):
    """A classic game of three (Adam deals first, 3 rounds), round 1 open."""

    class Meta:
        skip_postgeneration_save = True

    first_round = factory.RelatedFactory(RoundFactory, factory_related_name="game", number=1)


class LopakaGameFactory(GameFactory):
    """Adam and Betty against Lopaka; Adam deals first, so Betty leads."""

    players = factory.LazyFunction(lambda: ["Adam", "Betty"])
    variant = "lopaka"
    goal_rounds = 4


class TeamsGameFactory(GameFactory):
    """Four players, teams 2-1-1, to a target of 300."""

    players = factory.LazyFunction(lambda: ["Adam", "Betty", "Christian", "Doris"])
    variant = "teams"
    teams = "2-1-1"
    goal_rounds = None
    goal_target = 300


__all__ = ["GameFactory", "LopakaGameFactory", "RoundFactory", "TeamsGameFactory"]
