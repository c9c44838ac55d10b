"""The games this browser has opened, kept in its session (no accounts):
the home page lists them, newest first; and the deck its table owns, asked
once by the new-game form."""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypedDict

from django.db.models import Count, F, OuterRef, Q, Window
from django.db.models.functions import RowNumber
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from companion.access import Access, is_seat_token
from companion.links import game_path
from companion.models import Game, Group, Seat
from companion.replay import game_state
from companion.texts import and_list, say
from scoring.cards import EDITIONS
from scoring.variants import VARIANTS

SESSION_KEY = "imp_games"
GROUPS_KEY = "imp_groups"
DECK_KEY = "imp_deck"
QR_ONCE_KEY = "imp_qr_once"
REMEMBER_MAX = 50
"""How many games the home page remembers per browser."""


def remember_game(request: HttpRequest, access: Access) -> None:
    """Put a game at the top of this browser's list (kept in the session).

    A browser that holds the edit link keeps it listed even when it later
    opens the view link of the same game. A game already at the top stays
    as it is: the session is written only when the list changes (not on
    every visit of the game page or its round screen).
    """
    game = access.game
    entries: list[dict[str, str]] = list(request.session.get(SESSION_KEY, []))
    mine = {game.edit_token, game.view_token}
    token = access.token
    if not access.can_edit and any(entry["token"] == game.edit_token for entry in entries):
        token = game.edit_token
    if entries and isinstance(entries[0], dict) and entries[0].get("token") == token:
        return
    entries = [entry for entry in entries if entry.get("token") not in mine]
    entries.insert(0, {"token": token, "opened": timezone.now().isoformat()})
    request.session[SESSION_KEY] = entries[:REMEMBER_MAX]


def last_seat(request: HttpRequest) -> str | None:
    """The seat link this browser opened last, when it is the game it
    opened last: an installed app opens on it."""
    entries = request.session.get(SESSION_KEY, [])
    first = entries[0] if entries and isinstance(entries[0], dict) else {}
    token = first.get("token")
    if not isinstance(token, str) or not is_seat_token(token):
        return None
    return token if Seat.objects.filter(token=token).exists() else None


def forget(request: HttpRequest, tokens: set[str]) -> None:
    entries = request.session.get(SESSION_KEY, [])
    kept = [entry for entry in entries if entry.get("token") not in tokens]
    if len(kept) != len(entries):
        request.session[SESSION_KEY] = kept


class Counted(TypedDict):
    """What the home page's query adds to each game it lists."""

    round_count: int
    confirmed_count: int
    rematch_token: str | None
    rematch_view: str | None
    follows_created: datetime | None
    group_name: str | None
    group_edit: str | None
    group_view: str | None


if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    ListedGame = WithAnnotations[Game, Counted]
    """A game as the home page's query reads it."""


def remembered_games(request: HttpRequest) -> list[dict[str, Any]]:
    """The games this browser has opened, newest first; games deleted or
    whose link changed drop out silently (and from the session)."""
    entries = [
        entry
        for entry in request.session.get(SESSION_KEY, [])
        if isinstance(entry, dict) and isinstance(entry.get("token"), str)
    ]
    tokens = [entry["token"] for entry in entries]
    if not tokens:
        return []
    seats = {
        seat.token: (seat.game_id, seat.seat)
        for seat in Seat.objects.filter(token__in=[t for t in tokens if is_seat_token(t)])
    }
    held = Q(edit_token__in=tokens) | Q(view_token__in=tokens)
    if seats:
        held |= Q(pk__in=[game_id for game_id, _ in seats.values()])
    games = Game.objects.filter(held).annotate(
        round_count=Count("rounds"),
        confirmed_count=Count("rounds", filter=Q(rounds__confirmed=True)),
        rematch_token=Game.objects.filter(follows=OuterRef("pk")).values("edit_token")[:1],
        rematch_view=Game.objects.filter(follows=OuterRef("pk")).values("view_token")[:1],
        follows_created=F("follows__created"),
        group_name=F("group__name"),
        group_edit=F("group__edit_token"),
        group_view=F("group__view_token"),
    )
    by_token: dict[str, tuple[ListedGame, bool]] = {}
    groups = set(_group_tokens(request))
    by_id: dict[int, ListedGame] = {}
    for game in games:
        by_token[game.edit_token] = (game, True)
        by_token[game.view_token] = (game, False)
        by_id[game.pk] = game
    seat_names: dict[str, str] = {}
    for token, (game_id, seat) in seats.items():
        if game_id in by_id and seat < len(by_id[game_id].players):
            by_token[token] = (by_id[game_id], False)
            seat_names[token] = str(by_id[game_id].players[seat])
    listed = []
    for entry in entries:
        found = by_token.get(entry["token"])
        if found is None:
            continue
        shown, can_edit = found
        winners = winners_of(shown)
        rematch = shown.rematch_token if can_edit else shown.rematch_view
        listed.append(
            {
                "game": shown,
                "token": entry["token"],
                "can_edit": can_edit,
                "opened": _parse_time(entry.get("opened")),
                "variant": variant_title(shown.variant),
                "progress": progress(shown, shown.round_count) if winners is None else winners,
                "finished": winners is not None,
                "rematch": rematch and game_path(rematch),
                "url": game_path(entry["token"]),
                "changed": shown.updated,
                "rematch_of": shown.follows_created,
                "group": shown.group_name,
                "group_url": _group_url(shown, groups),
                "seat": seat_names.get(entry["token"]),
            }
        )
    forget(request, {token for token in tokens if token not in by_token})
    # the most recent first: opened here, or changed (on another phone too)
    listed.sort(key=lambda item: max(item["opened"], item["changed"]), reverse=True)
    return listed


def _group_url(game: ListedGame, held: set[str]) -> str | None:
    """The page of the game's group, by the group's link this browser holds
    (its edit link before its view link), or None: a game's link alone
    does not open its group."""
    for token in (game.group_edit, game.group_view):
        if token is not None and token in held:
            return reverse("imp:group", args=[token])
    return None


def _parse_time(text: Any) -> datetime:
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return datetime.min.replace(tzinfo=timezone.get_current_timezone())


def variant_title(name: str) -> str:
    """The variant's name as the rulebook writes it, in the reader's language."""
    variant = VARIANTS.get(name)
    return say(variant.title_text) if variant is not None else name


def winners_of(game: ListedGame) -> str | None:
    """ "Finished: Adam wins" for a game the engine says is over, else None.
    Only a game whose rounds are all confirmed can be over: the others are
    not replayed."""
    if not game.round_count or game.confirmed_count != game.round_count:
        return None
    state = game_state(game)
    if not state.finished:
        return None
    names = [state.table.players[seat] for seat in state.winners]
    if len(names) > 1:
        return gettext("Finished: %(names)s share the win") % {"names": and_list(names)}
    return gettext("Finished: %(name)s wins") % {"name": names[0]}


def progress(game: Game, rounds: int) -> str:
    """How far the game is, from the number of rounds entered (no replay)."""
    if not rounds:
        return gettext("Not started")
    if game.goal_rounds:
        return gettext("Round %(n)s of %(total)s") % {"n": rounds, "total": game.goal_rounds}
    if game.goal_target:
        return gettext("Round %(n)s, playing to %(target)s points") % {
            "n": rounds,
            "target": game.goal_target,
        }
    return gettext("Round %(n)s") % {"n": rounds}


def remember_group(request: HttpRequest, group: Group, token: str) -> None:
    """Put a group at the top of this browser's list of groups (the edit
    link kept over the view link of the same group)."""
    tokens: list[str] = [
        item for item in request.session.get(GROUPS_KEY, []) if isinstance(item, str)
    ]
    if not secrets.compare_digest(token, group.edit_token) and group.edit_token in tokens:
        token = group.edit_token
    if tokens[:1] == [token]:
        return
    mine = {group.edit_token, group.view_token}
    request.session[GROUPS_KEY] = [token, *(t for t in tokens if t not in mine)][:REMEMBER_MAX]


def forget_group(request: HttpRequest, token: str) -> None:
    """Drop a group's link (replaced) from this browser's list of groups."""
    tokens = request.session.get(GROUPS_KEY, [])
    if token in tokens:
        request.session[GROUPS_KEY] = [item for item in tokens if item != token]


def remembered_groups(request: HttpRequest) -> list[dict[str, Any]]:
    """The groups this browser has opened, most recent first."""
    tokens = _group_tokens(request)
    if not tokens:
        return []
    found = Group.objects.filter(Q(edit_token__in=tokens) | Q(view_token__in=tokens)).annotate(
        game_count=Count("games")
    )
    by_token = {}
    for group in found:
        by_token[group.edit_token] = (group, True)
        by_token[group.view_token] = (group, False)
    listed: list[dict[str, Any]] = [
        {"group": by_token[token][0], "token": token, "can_edit": by_token[token][1]}
        for token in tokens
        if token in by_token
    ]
    newest = _newest_games([item["group"].pk for item in listed])
    for item in listed:
        link = "edit_token" if item["can_edit"] else "view_token"
        item["games"] = [
            {"players": row["players"], "created": row["created"], "url": game_path(row[link])}
            for row in newest.get(item["group"].pk, [])
        ]
    return listed


GROUP_GAMES_LISTED = 5
"""The newest games of a group listed under it on the home page (all of
them on the group's page)."""


def _newest_games(groups: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Each group's newest games (up to GROUP_GAMES_LISTED), in one query."""
    if not groups:
        return {}
    place = Window(
        RowNumber(), partition_by=F("group_id"), order_by=[F("created").desc(), F("pk").desc()]
    )
    rows = (
        Game.objects.filter(group_id__in=groups)
        .annotate(place=place)
        .filter(place__lte=GROUP_GAMES_LISTED)
        .order_by("group_id", "place")
        .values("group_id", "players", "created", "edit_token", "view_token")
    )
    found: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        found.setdefault(row["group_id"], []).append(dict(row))
    return found


def _group_tokens(request: HttpRequest) -> list[str]:
    return [item for item in request.session.get(GROUPS_KEY, []) if isinstance(item, str)]


def remember_deck(request: HttpRequest, edition: str) -> None:
    """Keep the deck a game was started with: this phone's table owns it,
    and the next new game offers it."""
    if request.session.get(DECK_KEY) != edition:
        request.session[DECK_KEY] = edition


def remembered_deck(request: HttpRequest) -> str | None:
    """The deck this phone's last game was started with, or None."""
    edition = request.session.get(DECK_KEY)
    return edition if edition in EDITIONS else None


def show_qr_once(request: HttpRequest, token: str) -> None:
    """Have the round screen of a game just started (or its rematch) open
    the view link's QR panel once, for the others at the table to scan."""
    request.session[QR_ONCE_KEY] = token


def qr_once(request: HttpRequest, token: str) -> bool:
    """Whether this round screen opens the QR panel by itself (once: the
    next look at it does not)."""
    if request.session.get(QR_ONCE_KEY) != token:
        return False
    del request.session[QR_ONCE_KEY]
    return True
