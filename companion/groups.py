"""A group's games as one file, and such a file imported as a new group.

A group is reached through one of its two links (edit or view), as a game
is, by the same helpers (:func:`companion.access.find_group`); its page is
:mod:`companion.group_page`. Its games export as one file holding a
``bottle-imp/1`` record each, which imports back as a new group with new
games (at most :data:`~companion.limits.MAX_GROUP_GAMES`).
"""

from __future__ import annotations

import json
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from companion.access import GroupAccess, find_group
from companion.limits import MAX_GROUP_GAMES, file_too_many
from companion.models import Game, Group
from companion.replay import record_data
from companion.texts import say
from companion.transfer import (
    MAX_RECORD_BYTES,
    RecordRefused,
    read_record,
    record_ends,
    store_records,
)
from scoring.findings import RecordError
from scoring.names import check_group

GROUP_FORMAT = "bottle-imp-group/1"
"""The format of a group's file: its name, players, and a record per game."""


def games_of(group: Group) -> list[Game]:
    return list(group.games.order_by("created", "pk"))


def export_group(group: Group) -> dict[str, Any]:
    """The group's games as one file: a `bottle-imp/1` record each."""
    return {
        "format": GROUP_FORMAT,
        "name": group.name,
        "players": list(group.players),
        "games": [record_data(game) for game in games_of(group)],
    }


def group_file(raw: bytes | str) -> dict[str, Any] | None:
    """The file as a group's (a JSON object of the group format), or None:
    then it is read as one game's record."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if isinstance(data, dict) and data.get("format") == GROUP_FORMAT:
        return data
    return None


def import_group(data: dict[str, Any]) -> Group:
    """A new group, and a new game for each record of the file, in one
    transaction; RecordRefused (naming the game) if any record is refused."""
    games = data.get("games")
    if not isinstance(games, list):
        raise RecordRefused(['a group\'s file lists its games under "games"'])
    if len(games) > MAX_GROUP_GAMES:  # before any game is read (issue 23)
        raise RecordRefused([file_too_many(len(games))])
    try:
        title, names = check_group(data.get("name"), data.get("players"))
    except RecordError as error:
        raise RecordRefused([say(error)]) from None
    checked = []
    for number, record in enumerate(games, 1):
        try:
            data = read_record(_text(record))
            checked.append((data, record_ends(data)))
        except RecordRefused as refused:
            raise RecordRefused(
                [
                    gettext("game %(number)s: %(error)s") % {"number": number, "error": error}
                    for error in refused.errors
                ]
            ) from None
    with transaction.atomic():
        group = Group.objects.create(name=title, players=list(names))
        store_records(checked, group)
    return group


def _text(record: object) -> str:
    text = json.dumps(record)
    if len(text) > MAX_RECORD_BYTES:
        raise RecordRefused(
            [gettext("the record is larger than %(n)s KiB") % {"n": MAX_RECORD_BYTES // 1024}]
        )
    return text


__all__ = [
    "GroupAccess",
    "export_group",
    "find_group",
    "group_file",
    "import_group",
]
