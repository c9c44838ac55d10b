"""Scoring a complete round (docs/rules.md, sections 5 and 6).

Every player scores the coins of the tricks they won, except a bottle's
owner, who scores minus the Imp's Trick's coins (the penalty) instead, once
per bottle. In team mode partners add their results, a team with the bottle
scores minus the penalty each, and a player alone scores double.

>>> from scoring.variants import Table
>>> table = Table.create(("Adam", "Betty", "Christian", "Doris"), "teams", "2-1-1")
>>> outcome = score_round(table, table.shape(0), [40, 12, 0, 61], [2], 13)
>>> outcome.scores
(80, 73, -26, 73)
>>> [line.how for line in outcome.lines]
['alone', 'team', 'alone', 'team']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from scoring.texts import Text
from scoring.variants import RoundShape, Table


class ScoreLine(NamedTuple):
    """One player's score for a round, with what it is made of.

    ``result`` is the player's own result (coins, or minus the penalty per
    bottle owned); ``how`` is 'own' (no teams), 'team' or 'alone' (doubled).
    """

    player: int
    result: int
    bottles: int
    partner: int | None
    partner_result: int | None
    team_has_bottle: bool
    how: str
    score: int


@dataclass(frozen=True)
class RoundOutcome:
    """The scores of a complete round, per player, with what they are made of.

    ``results`` are the players' own results (coins, or minus the penalty
    per bottle owned); :attr:`lines` explains each score.
    """

    penalty: int
    scores: tuple[int, ...]
    results: tuple[int, ...]
    bottles: tuple[int, ...]
    teams: tuple[tuple[int, int], ...] = ()
    individuals: tuple[int, ...] = ()
    lopaka_has_bottle: bool = False

    @property
    def lines(self) -> tuple[ScoreLine, ...]:
        """One :class:`ScoreLine` a player, by seat."""
        results, bottles, scores = self.results, self.bottles, self.scores
        lines = [
            ScoreLine(seat, results[seat], bottles[seat], None, None, False, "own", scores[seat])
            for seat in range(len(scores))
        ]
        for first, second in self.teams:
            has_bottle = bool(bottles[first] or bottles[second])
            for seat, partner in ((first, second), (second, first)):
                lines[seat] = lines[seat]._replace(
                    partner=partner,
                    partner_result=results[partner],
                    team_has_bottle=has_bottle,
                    how="team",
                )
        for seat in self.individuals:
            lines[seat] = lines[seat]._replace(how="alone")
        return tuple(lines)


def score_round(
    table: Table,
    shape: RoundShape,
    trick_points: Sequence[int | None],
    owners: Sequence[int | None],
    penalty: int,
) -> RoundOutcome:
    """Score a complete round from the coins won, the bottle owners and the penalty."""
    count = len(table.players)
    bottles = [0] * shape.participants
    for owner in owners:
        if owner is not None:
            bottles[owner] += 1
    results = [
        -penalty * bottles[seat] if bottles[seat] else (trick_points[seat] or 0)
        for seat in range(count)
    ]
    lopaka_owns = shape.lopaka is not None and bottles[shape.lopaka] > 0
    scores = list(results)
    for first, second in shape.teams:
        if bottles[first] or bottles[second]:
            scores[first] = scores[second] = -penalty
        else:
            scores[first] = scores[second] = results[first] + results[second]
    for seat in shape.individuals:
        scores[seat] = 2 * results[seat]
    return RoundOutcome(
        penalty,
        tuple(scores),
        tuple(results),
        tuple(bottles[:count]),
        shape.teams,
        shape.individuals,
        lopaka_owns,
    )


def reason(
    line: ScoreLine,
    names: Sequence[str],
    trick_points: int | None,
    penalty: int,
    edition: str = "classic",
) -> Text:
    """Why a player scores what they score, in plain words; the Imp's Trick
    named as the ``edition``'s players name it (Matagot: the Devil's Trick).

    >>> print(reason(ScoreLine(0, 40, 0, None, None, False, "alone", 80), ["Adam"], 40, 13))
    40 coins in tricks; plays alone, so doubled: 2 × 40 = 80
    >>> print(reason(ScoreLine(0, -13, 1, None, None, False, "own", -13), ["Adam"], 4, 13,
    ...              "matagot"))
    owns the bottle: minus the Devil's Trick's 13 coins = -13
    """
    own: Text
    if line.bottles:
        code = OWNER_REASONS[edition][line.bottles == 2]
        own = Text(code, penalty=penalty, result=line.result)
    else:
        coins = trick_points if trick_points is not None else line.result
        own = Text("reason.coins", coins=coins)
    if line.how == "alone":
        return Text("reason.alone", own=own, result=line.result, score=line.score)
    if line.how == "team" and line.partner is not None:
        partner = names[line.partner]
        if line.team_has_bottle:
            if line.bottles:
                return Text("reason.team_owner", own=own, partner=partner)
            return Text("reason.team_partner_owns", partner=partner, penalty=penalty)
        return Text(
            "reason.team",
            own=own,
            partner=partner,
            result=line.result,
            partner_result=line.partner_result or 0,
            score=line.score,
        )
    return own


OWNER_REASONS: dict[str, dict[bool, str]] = {
    "classic": {False: "reason.owns_bottle", True: "reason.owns_both"},
    "matagot": {False: "reason.owns_bottle.matagot", True: "reason.owns_both.matagot"},
}
"""The reason of a bottle's owner (one bottle, both) by edition: each
names the Imp's Trick as its players do (docs/rules.md, on names)."""
