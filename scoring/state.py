"""The state of a round as the engine replays it: values, never entries
(docs/rules.md, sections 3, 4, 5 and 8).

:func:`scoring.rounds.replay_round` builds a :class:`RoundState` from a
round's entries, one :class:`TrickPlay` a trick; a quick round
(:mod:`scoring.quick`) builds one without tricks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from scoring.cards import dearer
from scoring.findings import Revoke
from scoring.scores import RoundOutcome
from scoring.variants import RoundShape


class TrickPlay(NamedTuple):
    """One trick as played: who played which card, and the ruling.

    ``winner`` and ``price`` are None while the trick is incomplete; ``price``
    is the price after the trick (the dearer bottle's with two bottles).
    """

    leader: int
    players: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int | None
    price: int | None
    bottle: int | None
    old_price: int
    points: int

    @property
    def is_complete(self) -> bool:
        """Whether every card of the trick is in."""
        return self.winner is not None


@dataclass(frozen=True)
class RoundState:
    """A round replayed from its entries, finished or not.

    ``trick_points`` are the coins each participant has won in tricks so far
    (None where a quick entry did not count them). ``outcome`` is None until
    the round is complete.
    """

    number: int
    shape: RoundShape
    tricks: tuple[TrickPlay, ...]
    prices: tuple[int, ...]
    owners: tuple[int | None, ...]
    trick_points: tuple[int | None, ...]
    complete: bool
    imps_trick: tuple[int, ...] | None
    penalty: int | None
    outcome: RoundOutcome | None
    warnings: tuple[Revoke, ...]
    next_leader: int
    is_quick: bool = False

    @property
    def price(self) -> int:
        """The price now: the dearer bottle's (:func:`scoring.cards.dearer`)."""
        return dearer(self.prices)

    @property
    def bottle_owners(self) -> tuple[int, ...]:
        """Seats owning a bottle now, one entry per bottle (a seat twice with both)."""
        return tuple(owner for owner in self.owners if owner is not None)
