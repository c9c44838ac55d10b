"""The game's standings as its page shows them: the goal, each round's
scores, the totals and the winners, from the engine's replay."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

from companion.models import Game
from companion.present import (
    Replayed,
)
from companion.screens.result import ending_view
from scoring.rounds import RoundState


def goal_text(game: Game, players: int) -> str:
    """The game's goal in words: "3 rounds", "first to 200 coins"."""
    if game.goal_rounds:
        n = game.goal_rounds
        return ngettext("%(n)s round", "%(n)s rounds", n) % {"n": n}
    if game.goal_target:
        n = game.goal_target
        return ngettext("first to %(n)s coin", "first to %(n)s coins", n) % {"n": n}
    return gettext("no end: the totals just keep going")


def standings(replayed: Replayed) -> dict[str, Any]:
    """Totals and ranks of the confirmed rounds (equal totals share a rank),
    the progress towards the goal, the rounds table, the winners."""
    game = replayed.game
    counted = replayed.counted
    state = counted.state
    players = state.table.players
    order = sorted(range(len(players)), key=lambda seat: -state.totals[seat])
    rows: list[dict[str, Any]] = []
    for place, seat in enumerate(order):
        total = state.totals[seat]
        rank = place + 1
        if place and total == state.totals[order[place - 1]]:
            rank = rows[-1]["rank"]
        rows.append(
            {"rank": rank, "name": players[seat], "total": total, "wins": seat in state.winners}
        )
    progress: dict[str, Any] | None = None
    if game.goal_rounds:
        progress = {
            "value": state.complete_rounds,
            "max": game.goal_rounds,
            "text": ngettext(
                "%(done)s of %(n)s round played",
                "%(done)s of %(n)s rounds played",
                game.goal_rounds,
            )
            % {"done": state.complete_rounds, "n": game.goal_rounds},
        }
    elif game.goal_target:
        best = max(state.totals) if state.totals else 0
        progress = {
            "value": max(0, min(best, game.goal_target)),
            "max": game.goal_target,
            "text": gettext("Best total %(best)s of %(target)s")
            % {"best": best, "target": game.goal_target},
        }
    table_rows = [
        round_row(round_state) for round_state in state.rounds if round_state.outcome is not None
    ]
    winners = [players[seat] for seat in state.winners]
    return {
        "rows": rows,
        "players": players,
        "totals": list(state.totals),
        "progress": progress,
        "rounds": table_rows,
        "waiting": None if counted.waiting is None else round_row(counted.waiting),
        "ending": ending_view(counted),
        "finished": state.finished,
        "winners": winners,
        "tie": len(winners) > 1,
        "goal": goal_text(game, len(players)),
        "next_dealer": players[replayed.state.next_dealer],
    }


def round_row(state: RoundState) -> dict[str, Any]:
    """A complete round's line of the standings: its number, dealer,
    each player's score and who ends with a bottle."""
    names = state.shape.names
    return {
        "number": state.number,
        "dealer": names[state.shape.dealer],
        "scores": [] if state.outcome is None else list(state.outcome.scores),
        "bottle": ", ".join(names[seat] for seat in state.bottle_owners),
    }
