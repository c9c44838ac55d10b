"""Factories for the app's models (factory-boy), in one place."""

from __future__ import annotations

import factory

from companion.models import Game, Round


class GameFactory(factory.django.DjangoModelFactory):
    """A classic game of three, dealt first by Adam, to 3 rounds."""

    class Meta:
        model = Game

    players = factory.LazyFunction(lambda: ["Adam", "Betty", "Christian"])
    variant = "classic"
    edition = "classic"
    first_dealer = 0
    goal_rounds = 3


class RoundFactory(factory.django.DjangoModelFactory):
    """A round of a game; the next number by default, no tricks yet."""

    class Meta:
        model = Round

    game = factory.SubFactory(GameFactory)
    number = factory.LazyAttribute(lambda item: item.game.rounds.count() + 1)
    tricks = factory.LazyFunction(list)
