"""A game's seat links, and what the table says of a round from its seats.

Every player of a game has a seat link (:class:`companion.models.Seat`,
Lopaka has none): made the first time a phone asks "Which seat is yours?"
(:func:`seat_links`). A seat that agrees to a round, or flags one of its
tricks, is kept in the round's row with the round's entries as it saw
them (:func:`seen`): once the round changes (a trick fixed), an agreement
or a flag given before no longer counts (:func:`table_says`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from companion.access import GameGone
from companion.models import Game, Round, Seat
from companion.replay import RoundRow

NOTE_MAX = 120
"""The longest note a flag carries: a few words for the table."""


def seat_links(game: Game) -> list[Seat]:
    """Each player's seat link, in seat order; the missing ones made now
    (two phones asking at once make each link once: one per seat)."""
    seats = list(game.seats.order_by("seat"))
    have = {seat.seat for seat in seats}
    missing = [Seat(game=game, seat=n) for n in range(len(game.players)) if n not in have]
    if missing:
        with transaction.atomic():
            if not Game.objects.select_for_update().filter(pk=game.pk).exists():
                raise GameGone()  # deleted since the request found it
            Seat.objects.bulk_create(missing, ignore_conflicts=True)
        seats = list(game.seats.order_by("seat"))
    return seats


def seen(row: Round | RoundRow) -> str:
    """The round's entries as a seat saw them, in a few characters: an
    agreement or a flag counts while the round is still the same."""
    entries = [row.tricks, row.imps_trick, row.quick]
    return hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Flag:
    """A trick a seat flagged, with its note."""

    player: str
    trick: int
    note: str


@dataclass(frozen=True)
class TableSays:
    """What the seats said of a round as it is now: who agreed, who has
    not yet, the tricks flagged; ``required``: every seat must agree before
    Confirm (a setting of the game)."""

    agreed: tuple[str, ...]
    waiting: tuple[str, ...]
    flags: tuple[Flag, ...]
    required: bool

    @property
    def said(self) -> bool:
        """Whether any seat has said anything of the round."""
        return bool(self.agreed or self.flags)

    @property
    def ready(self) -> bool:
        """Whether Confirm may go ahead (every seat agreed, when required)."""
        return not self.required or not self.waiting


def counted(items: list[dict[str, Any]], row: Round | RoundRow) -> list[dict[str, Any]]:
    """The agreements or flags given to the round as it is now."""
    now = seen(row)
    return [item for item in items if isinstance(item, dict) and item.get("seen") == now]


def table_says(game: Game, row: Round | RoundRow) -> TableSays:
    """What the seats said of the round ``row`` as it is now."""
    names = [str(name) for name in game.players]
    agreed = {item.get("player") for item in counted(row.agreed or [], row)}
    flags = tuple(
        Flag(str(item.get("player")), int(item.get("trick", 0)), str(item.get("note", "")))
        for item in counted(row.flags or [], row)
    )
    return TableSays(
        agreed=tuple(name for name in names if name in agreed),
        waiting=tuple(name for name in names if name not in agreed),
        flags=flags,
        required=game.agree_required,
    )
