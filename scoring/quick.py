"""Quick rounds: coins, bottle owners and the Imp's Trick entered without cards
(GAME-RECORD.md, ``quick``; RULES.md section 5).
"""

from __future__ import annotations

from scoring.entries import QuickEntry
from scoring.findings import QuickRoundError
from scoring.rounds import RoundState
from scoring.scores import score_round
from scoring.variants import RoundShape, Table


def replay_quick(table: Table, shape: RoundShape, quick: QuickEntry, number: int) -> RoundState:
    """Check a quick round and score it."""
    try:
        _check(table, shape, quick)
    except QuickRoundError as error:
        raise error.located(number) from None
    owners = tuple(quick.bottle)
    penalty = quick.imps_trick_points
    outcome = score_round(table, shape, quick.points, owners, penalty)
    return RoundState(
        number=number,
        shape=shape,
        tricks=(),
        prices=(),
        owners=owners,
        trick_points=quick.points if quick.lopaka_known else quick.points[:-1],
        complete=True,
        imps_trick=None,
        penalty=penalty,
        outcome=outcome,
        warnings=(),
        next_leader=shape.first_leader,
        is_quick=True,
    )


def _check(table: Table, shape: RoundShape, quick: QuickEntry) -> None:
    bottles = table.variant.bottles
    if len(quick.bottle) != bottles:
        word = "one bottle" if bottles == 1 else f"{bottles} bottles"
        raise QuickRoundError(
            f"this game has {word}, so {bottles} bottle owner(s) must be named, "
            f"not {len(quick.bottle)}"
        )
    deck_total = table.deck.total
    for seat, points in enumerate(quick.points):
        name = shape.names[seat]
        if points is None:
            if seat not in quick.bottle and not (seat == shape.lopaka and not quick.lopaka_known):
                raise QuickRoundError(f"{name}'s coins are missing, and {name} owns no bottle")
        elif not 0 <= points <= deck_total:
            raise QuickRoundError(
                f"{name}'s coins must be between 0 and {deck_total}, not {points}"
            )
    if not 0 <= quick.imps_trick_points <= deck_total:
        raise QuickRoundError(
            "the Imp's Trick's coins must be between 0 and "
            f"{deck_total}, not {quick.imps_trick_points}"
        )
    known = all(points is not None for points in quick.points) and quick.lopaka_known
    if known:
        total = sum(points or 0 for points in quick.points) + quick.imps_trick_points
        if total != deck_total:
            raise QuickRoundError(
                f"the coins entered and the Imp's Trick make {total}, "
                f"but the deck holds {deck_total}"
            )
