"""Confirm as a moment for the whole table: after a round is confirmed,
every phone of the game shows that round's story (its page, right after
Confirm: ``rounds/<n>/?confirmed``) until the next round's first entry — a
card, a quick entry, a face-up hand — and then the round being played.

A phone that showed round ``n`` being played (its round screen polls with
``?round=n``) is led to the story when it finds round ``n`` confirmed; a
phone on the story is led to the round screen once the moment is over
(the next round has begun, or the Confirm was undone). *Next round* on the
story moves that phone on (to the round screen) and changes nothing
stored; a phone opening the round screen is past the story too. Nothing
here decides a rule: which rounds are confirmed is stored, and the engine
made the story."""

from __future__ import annotations

from collections.abc import Sequence

from django.urls import reverse

from companion.models import Game, Round
from companion.replay import RoundRow

SHOWN = "round"
"""The live poll's query value: the round the polling screen shows being played."""

CONFIRMED = "confirmed"
"""The round page's query flag: the moment right after Confirm."""


def has_begun(row: Round | RoundRow) -> bool:
    """Whether anything of the round is entered: a card, a quick entry, a
    face-up hand (naming its dealer alone does not begin it)."""
    return bool(row.tricks or row.quick or row.lopaka_hand or row.open_hands)


def is_story_moment(rows: Sequence[Round | RoundRow], number: int) -> bool:
    """Whether round ``number``'s story is what the table looks at: it is
    confirmed, and no later round has begun (``rows``: the game's rounds in
    order, or its last rounds from ``number`` on)."""
    found = [row for row in rows if row.number >= number]
    if not found or found[0].number != number or not found[0].confirmed:
        return False
    return not any(has_begun(row) for row in found[1:])


def story_url(token: str, number: int) -> str:
    """The story of round ``number``, as shown right after its Confirm."""
    return reverse("imp:round_detail", args=[token, number]) + f"?{CONFIRMED}"


def rows_from(game: Game, number: int) -> list[Round]:
    """The game's rounds from ``number`` on (the round and the one after it:
    a confirmed round is followed by one round at most), in one query."""
    return list(Round.objects.filter(game_id=game.pk, number__gte=number).order_by("number")[:2])


def shown_round(value: str | None) -> int | None:
    """The round a polling screen says it shows (``?round=n``), or None."""
    if value is None or not value.isdigit() or len(value) > 6:
        return None
    return int(value)
