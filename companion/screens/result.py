"""A complete round's result as the round screen shows it: each player's
score, the new total and why, the Imp's Trick, Lopaka's coins, and whether
Confirm ends the game. Nothing here decides a rule: the engine scores."""

from __future__ import annotations

from dataclasses import dataclass

from companion.present import CardFace, Replay, Replayed, face
from companion.replay import Counted
from companion.texts import say
from scoring.rounds import RoundState
from scoring.scores import reason


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """A player's score in a complete round, the new total, and why."""

    name: str
    score: int
    total: int
    reason: str


@dataclass(frozen=True, slots=True)
class LopakaResult:
    """Lopaka's coins in a round, and whether he ended with the bottle."""

    points: int | None
    has_bottle: bool


@dataclass(frozen=True, slots=True)
class Ending:
    """Who wins when the round waiting for Confirm ends the game."""

    winners: tuple[str, ...]
    tie: bool


@dataclass(frozen=True, slots=True)
class ResultView:
    """A complete round's result: the Imp's Trick, the penalty, each
    player's line, Lopaka's coins, and the game's end if Confirm ends it."""

    imps_trick: tuple[CardFace, ...]
    penalty: int
    lines: tuple[ScoreLine, ...]
    lopaka: LopakaResult | None
    ending: Ending | None


def result_view(replayed: Replay, state: RoundState) -> ResultView | None:
    """A complete round's result: each player's score, the new total and why
    (the Imp's Trick, the reasons); for the round waiting for Confirm,
    whether Confirm ends the game and who then wins (the engine says). The
    round being played alone has none (it is not complete)."""
    outcome = state.outcome
    if outcome is None or not isinstance(replayed, Replayed):
        return None
    deck, names = replayed.deck, state.shape.names
    totals = replayed.state.totals
    lines = tuple(
        ScoreLine(
            name=names[line.player],
            score=line.score,
            total=totals[line.player],
            reason=say(
                reason(line, names, state.trick_points[line.player], outcome.penalty, deck.edition)
            ),
        )
        for line in outcome.lines
    )
    lopaka = state.shape.lopaka
    waiting = replayed.counted.waiting
    return ResultView(
        imps_trick=tuple(face(deck, card) for card in state.imps_trick or ()),
        penalty=outcome.penalty,
        lines=lines,
        lopaka=None
        if lopaka is None
        else LopakaResult(state.trick_points[lopaka], outcome.lopaka_has_bottle),
        ending=None
        if waiting is None or waiting.number != state.number
        else ending_view(replayed.counted),
    )


def ending_view(counted: Counted) -> Ending | None:
    """Whether the round waiting for Confirm ends the game, and who then
    wins (the engine's replay of every round says): None if it does not."""
    if not counted.ends_game:
        return None
    players = counted.after.table.players
    winners = tuple(players[seat] for seat in counted.after.winners)
    return Ending(winners, len(winners) > 1)
