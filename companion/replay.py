"""From stored entries to the engine's results: a game is replayed through
``scoring`` every time it is shown. Nothing here decides a rule."""

from __future__ import annotations

from typing import Any

from companion.models import Game, Round
from scoring.entries import Goal
from scoring.game import GameState
from scoring.record import GameRecord, parse_record, replay, write_record


def round_data(item: Round) -> dict[str, Any]:
    """A stored round as a `bottle-imp/1` round."""
    data: dict[str, Any] = {}
    if item.dealer is not None:
        data["dealer"] = item.dealer
    if item.quick is not None:
        data["quick"] = item.quick
        return data
    data["tricks"] = item.tricks
    if item.imps_trick is not None:
        data["imps_trick"] = item.imps_trick
    if item.lopaka_hand is not None:
        data["lopaka_hand"] = item.lopaka_hand
    if item.open_hands:
        data["open_hands"] = item.open_hands
    return data


def record_data(game: Game, rounds: list[Round] | None = None) -> dict[str, Any]:
    """A stored game as a `bottle-imp/1` record (what export writes)."""
    if rounds is None:
        rounds = list(game.rounds.all())
    goal: dict[str, int] = {}
    if game.goal_rounds:
        goal = {"rounds": game.goal_rounds}
    elif game.goal_target:
        goal = {"target": game.goal_target}
    data: dict[str, Any] = {"format": "bottle-imp/1"}
    if game.edition != "classic":
        data["edition"] = game.edition
    data["variant"] = game.variant
    if game.teams:
        data["teams"] = game.teams
    data.update(
        players=list(game.players),
        first_dealer=game.first_dealer,
        goal=goal,
        rounds=[round_data(item) for item in rounds],
    )
    return data


def game_record(game: Game, rounds: list[Round] | None = None) -> GameRecord:
    """The engine's record of a stored game; raises the engine's findings."""
    return parse_record(record_data(game, rounds))


def game_state(game: Game, rounds: list[Round] | None = None) -> GameState:
    """Replay a stored game through the engine."""
    return replay(game_record(game, rounds))


def goal_of(game: Game) -> Goal:
    """The game's goal as the engine sees it."""
    return Goal(rounds=game.goal_rounds, target=game.goal_target)


__all__ = ["game_record", "game_state", "goal_of", "record_data", "round_data", "write_record"]
