"""A group's history, as its page shows it, and its games as one file.

A group is reached through one of its two links (edit or view), as a game
is, by the same helpers (:func:`companion.access.find_group`). Its page
lists the games played in it and each player's figures across them, all
read from the games' entries by the engine
(:func:`scoring.group.group_history`); nothing is stored twice. Its games
export as one file holding a ``bottle-imp/1`` record each, which imports
back as a new group with new games.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext, ngettext

from companion.access import GroupAccess, find_group
from companion.models import Game, Group
from companion.night import Chart, Rows, line_chart
from companion.present import Replayed
from companion.remembered import variant_title
from companion.replay import record_data
from companion.texts import and_list, say
from companion.transfer import MAX_RECORD_BYTES, RecordRefused, import_record, read_record
from scoring.findings import RecordError
from scoring.group import GroupHistory, group_history
from scoring.names import check_group

GROUP_FORMAT = "bottle-imp-group/1"
"""The format of a group's file: its name, players, and a record per game."""


@dataclass(frozen=True)
class GroupGame:
    """One game of the group as its page lists it."""

    number: int
    date: Any
    variant: str
    players: tuple[str, ...]
    finished: bool
    winners: tuple[str, ...]
    rounds: int
    url_token: str
    """The game's link of the same kind as the group's (edit or view)."""


def games_of(group: Group) -> list[Game]:
    return list(group.games.order_by("created", "pk"))


def group_view(access: GroupAccess) -> dict[str, Any]:
    """The group page's values: its games, each player's figures, the chart."""
    group = access.group
    games = games_of(group)
    states = [Replayed.of(game).confirmed() for game in games]
    history = group_history(states, group.players)
    listed = [
        GroupGame(
            summary.number,
            game.created,
            variant_title(game.variant),
            summary.players,
            summary.finished,
            summary.winners,
            summary.rounds,
            game.edit_token if access.can_edit else game.view_token,
        )
        for game, summary in zip(games, history.games, strict=True)
    ]
    return {
        "group": group,
        "token": access.token,
        "can_edit": access.can_edit,
        "games": listed[::-1],
        "history": history,
        "chart": wins_chart(history),
    }


def wins_chart(history: GroupHistory) -> Chart | None:
    """Every player's wins after each game, or None before a game is won."""
    if not any(any(row) for row in history.wins):
        return None
    names = [player.name for player in history.players]
    last = history.wins[-1]
    leaders = [name for name, wins in zip(names, last, strict=True) if wins == max(last)]
    games = len(history.wins)
    values = {"names": and_list(leaders), "wins": max(last), "n": games}
    if len(leaders) == 1:
        said = ngettext(
            "Wins after %(n)s game: %(names)s leads with %(wins)s.",
            "Wins after %(n)s games: %(names)s leads with %(wins)s.",
            games,
        )
    else:
        said = ngettext(
            "Wins after %(n)s game: %(names)s lead with %(wins)s.",
            "Wins after %(n)s games: %(names)s lead with %(wins)s.",
            games,
        )
    rows = Rows(tuple(range(1, games + 1)), history.wins)
    return line_chart(rows, names, gettext("Wins over time, game by game"), said % values)


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
    try:
        title, names = check_group(data.get("name"), data.get("players"))
    except RecordError as error:
        raise RecordRefused([say(error)]) from None
    checked = []
    for number, record in enumerate(games, 1):
        try:
            checked.append(read_record(_text(record)))
        except RecordRefused as refused:
            raise RecordRefused(
                [
                    gettext("game %(number)s: %(error)s") % {"number": number, "error": error}
                    for error in refused.errors
                ]
            ) from None
    with transaction.atomic():
        group = Group.objects.create(name=title, players=list(names))
        for record in checked:
            game = import_record(record)
            game.group = group
            game.save(update_fields=["group"])
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
    "group_view",
    "import_group",
]
