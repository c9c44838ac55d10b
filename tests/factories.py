"""Factories of games (factory-boy), in one place.

A game as the app creates it always has its first round, so
:class:`GameFactory` builds it too (``first_round__tricks=[...]`` fills it).
"""

from __future__ import annotations

import factory

from companion.models import Game, Round


class RoundFactory(factory.django.DjangoModelFactory):
    """A round of a game; the next number by default, no tricks yet."""

    class Meta:
        model = Round

    game = factory.SubFactory("tests.factories.GameFactory", first_round=None)
    number = factory.LazyAttribute(lambda item: item.game.rounds.count() + 1)
    tricks = factory.LazyFunction(list)


class GameFactory(factory.django.DjangoModelFactory):
    """A classic game of three (Adam deals first, so Betty leads; 3 rounds),
    with round 1 open."""

    class Meta:
        model = Game
        skip_postgeneration_save = True

    players = factory.LazyFunction(lambda: ["Adam", "Betty", "Christian"])
    variant = "classic"
    edition = "classic"
    first_dealer = 0
    goal_rounds = 3
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
