"""How much a group holds: the most games a group (and a group's file) may
have, and the refusals that say so.

A real table plays a few games an evening: 500 games are years of Thursdays.
The limit keeps one group's page, its file and its import within what one
worker does in a moment (issue 23: a 1 MiB file of 6,277 tiny games held the
server for seconds).
"""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.translation import gettext

MAX_GROUP_GAMES = 500
"""The most games a group holds, and a group's file brings."""


def _n(count: int) -> str:
    return number_format(count, force_grouping=True)


def group_full(count: int) -> str:
    """The refusal of a game in a group that holds its most games."""
    return gettext(
        "This group holds %(count)s games, the most a group can hold (%(max)s): "
        "start a new group for the next games."
    ) % {"count": _n(count), "max": _n(MAX_GROUP_GAMES)}


def file_too_many(count: int) -> str:
    """The refusal of a group's file with more games than a group holds."""
    return gettext("A group's file may hold at most %(max)s games; this one holds %(count)s.") % {
        "count": _n(count),
        "max": _n(MAX_GROUP_GAMES),
    }
