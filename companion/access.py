"""Who may do what: a game's two capability links (no accounts).

The edit link's token lets its holder change the game; the view link's
token only lets them look. A token that matches neither is a 404 with no
hint of which part was wrong.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import connection
from django.http import Http404

from companion.models import Game

TOKEN_MAX = 64


@dataclass(frozen=True)
class Access:
    """A game reached through one of its links, and whether it may be changed."""

    game: Game
    token: str
    can_edit: bool

    def require_edit(self) -> None:
        """403 unless this is the edit link."""
        if not self.can_edit:
            raise PermissionDenied("This is the view link: it cannot change the game.")


def find_game(token: str, *, lock: bool = False) -> Access:
    """The game whose edit or view token this is, or 404.

    The database finds the row by its unique token; the token is then
    compared again in constant time before it is trusted.
    """
    if not token or len(token) > TOKEN_MAX:
        raise Http404("No such game.")
    # One query for both links (each column has its own unique index), in
    # plain SQL: every page and change starts here, and the ORM took longer
    # to compile the query than the database to answer it.
    sql = f"SELECT * FROM {Game._meta.db_table} WHERE edit_token = %s OR view_token = %s"
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    found = list(Game.objects.raw(sql, [token, token]))
    for game in found:
        if secrets.compare_digest(game.edit_token, token):
            return Access(game, token, True)
    for game in found:
        if secrets.compare_digest(game.view_token, token):
            return Access(game, token, False)
    raise Http404("No such game.")
