"""Who may do what: a game's capability links (no accounts).

The edit link's token lets its holder change the game; the view link's
token only lets them look; a seat link's token (one per player,
:class:`companion.models.Seat`) looks, and enters its own player's cards,
agrees to a round and flags a trick. A token that matches none is a 404
with no hint of which part was wrong.
"""

from __future__ import annotations

import secrets
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition

from companion.models import SEAT_TOKEN_LENGTH, Game, Group, Seat

TOKEN_MAX = 64

edit_link_opened: ContextVar[bool] = ContextVar("edit_link_opened", default=False)
"""Whether the request being answered opened a game or group by its edit
link (or a game by a seat link, which enters cards too): its answer then
carries that token (companion.offline marks it ``no-store``). Set by
:func:`find_linked` and :func:`find_seat`, reset for each request."""


class SeatOnly(PermissionDenied):
    """A change a seat link asked for that only the edit link makes: its
    403 page says, in words, what the seat link may do."""


class GameGone(Http404):
    """The game was found, then deleted before the request was answered:
    a 404 like any unknown game."""

    def __init__(self) -> None:
        super().__init__("No such game.")


class GroupGone(Http404):
    """The group was found, then deleted before a game could join it: a 404
    like any unknown group."""

    def __init__(self) -> None:
        super().__init__("No such group.")


def find_linked[Linked: (Game, Group)](
    rows: QuerySet[Linked], token: str, what: str
) -> tuple[Linked, bool]:
    """The game or group (of ``rows``) whose edit or view token this is, and
    whether it is the edit link; 404 ("No such ``what``.") otherwise.

    The database finds the row by its unique token; the token is then
    compared again in constant time before it is trusted.
    """
    if not token or len(token) > TOKEN_MAX:
        raise Http404(f"No such {what}.")
    # One query for both links (each column has its own unique index).
    # At most one row per link: in no order (the model's default ordering
    # would only cost its compiling).
    found = list(rows.filter(Q(edit_token=token) | Q(view_token=token)).order_by())
    for row in found:
        if secrets.compare_digest(row.edit_token, token):
            edit_link_opened.set(True)
            return row, True
    for row in found:
        if secrets.compare_digest(row.view_token, token):
            return row, False
    raise Http404(f"No such {what}.")


def require_edit_link(can_edit: bool, refusal: str) -> None:
    """403 (``refusal``) unless the link is the edit link."""
    if not can_edit:
        raise PermissionDenied(refusal)


@dataclass(frozen=True)
class Access:
    """A game reached through one of its links, and whether it may be
    changed; ``seat``: the player's place, for a seat link."""

    game: Game
    token: str
    can_edit: bool
    seat: int | None = None

    @property
    def seat_name(self) -> str | None:
        """The name of the seat link's player (None for the other links)."""
        return None if self.seat is None else str(self.game.players[self.seat])

    def require_edit(self) -> None:
        """403 unless this is the edit link (a seat link is told what it may do)."""
        if self.seat is not None:
            refusal = gettext(
                "This is %(name)s's seat link: it enters %(name)s's cards, agrees to a round"
                " and flags a trick; every other change needs the edit link."
            ) % {"name": self.seat_name}
            raise SeatOnly(refusal)
        require_edit_link(self.can_edit, "This is the view link: it cannot change the game.")


def is_seat_token(token: str) -> bool:
    """Whether a token is a seat link's, by its length (:data:`SEAT_TOKEN_LENGTH`)."""
    return len(token) == SEAT_TOKEN_LENGTH


def find_seat(token: str, *, lock: bool = False) -> Access:
    """The game of a seat link, with its seat, in one query; 404 otherwise.
    With ``lock``, the game's row is locked until the transaction ends."""
    seats = Seat.objects.select_related("game")
    found = seats.filter(token=token).order_by().first()
    if found is None or not secrets.compare_digest(found.token, token):
        raise Http404("No such game.")
    edit_link_opened.set(True)  # the page enters cards: kept private, as the edit link's
    game = found.game
    if lock:
        locked = Game.objects.select_for_update().filter(pk=game.pk).first()
        if locked is None:
            raise GameGone()
        game = locked
    return Access(game, token, False, found.seat)


def find_game(token: str, *, lock: bool = False) -> Access:
    """The game whose edit, view or seat token this is, or 404
    (:func:`find_linked`, :func:`find_seat`); with ``lock``, its row is
    locked until the transaction ends."""
    if is_seat_token(token):
        return find_seat(token, lock=lock)
    games = Game.objects.select_for_update() if lock else Game.objects.all()
    game, can_edit = find_linked(games, token, "game")
    return Access(game, token, can_edit)


@dataclass(frozen=True)
class GroupAccess:
    """A group reached through one of its links, and whether it may start games."""

    group: Group
    token: str
    can_edit: bool

    def require_edit(self) -> None:
        """403 unless this is the group's edit link."""
        refusal = gettext("This is the group's view link: it cannot start games.")
        require_edit_link(self.can_edit, refusal)


def find_group(token: str, *, lock: bool = False) -> GroupAccess:
    """The group whose edit or view token this is, or 404 (:func:`find_linked`);
    with ``lock``, its row is locked until the transaction ends."""
    groups = Group.objects.select_for_update() if lock else Group.objects.all()
    group, can_edit = find_linked(groups, token, "group")
    return GroupAccess(group, token, can_edit)


def peeked(request: HttpRequest, token: str) -> Access:
    """:func:`find_game` once per request, for a conditional GET: the
    game's row (a small one; its version and dates decide the answer) and
    the link in one query. Django's ``condition`` asks for the ETag and the
    date separately, and a view not answered 304 reads the same game, with
    no second query."""
    cache: dict[str, Access] = request.__dict__.setdefault("_imp_peeked", {})
    if token not in cache:
        cache[token] = find_game(token)
    return cache[token]


def etag_value(game: Game) -> str:
    """What a reader sees of a game, as an ETag's value (without its quotes):
    the game's state (the version changes with every change) in the reader's
    language, so a switch of language is never answered with a 304 for the
    other language's copy."""
    return f"g{game.pk}v{game.version}-{get_language()}"


def shown_version(request: HttpRequest, game: Game) -> int | None:
    """The version of ``game`` a conditional GET says its screen shows (an
    ETag of :func:`etag_value` in its If-None-Match, in the reader's
    language), or None."""
    prefix, suffix = f'"g{game.pk}v', f'-{get_language()}"'
    for sent in request.headers.get("If-None-Match", "").split(","):
        tag = sent.strip().removeprefix("W/")
        number = tag[len(prefix) : -len(suffix)]
        if tag.startswith(prefix) and tag.endswith(suffix) and number.isdigit():
            return int(number)
    return None


def game_etag(request: HttpRequest, token: str, **kwargs: Any) -> str:
    """A strong validator of the game's state: it changes with every change."""
    return f'"{etag_value(peeked(request, token).game)}"'


def game_modified(request: HttpRequest, token: str, **kwargs: Any) -> datetime:
    """When the game last changed."""
    return peeked(request, token).game.updated


def conditional(view: Any) -> Any:
    """A view of a game that answers conditional GETs: an unchanged game is a
    304 after one query and no replay. Clients must revalidate every time
    (``no-cache``), and the copy is the link holder's own (``private``)."""
    checked = condition(etag_func=game_etag, last_modified_func=game_modified)(view)
    return cache_control(private=True, no_cache=True)(checked)


def refresh(game: Game) -> None:
    """Read the game's row again (a stale form's answer carries the fresh
    version); 404 when the game was deleted meanwhile."""
    try:
        game.refresh_from_db()
    except Game.DoesNotExist:
        raise GameGone() from None
