"""A group's page: its games a page at a time, each player's figures across
them, and the wins over time, at a cost that does not grow with its games.

The figures are the engine's (:func:`scoring.group.combine`), read from each
game's figures (:func:`scoring.group.game_figures` of its replay). Nothing
derived is stored: the figures are kept in the cache (Django's cache
framework), each game's under its version (a change of the game makes new
ones, and only that game is replayed again), and the group's whole under
the versions of all its games, in the reader's language. So a look at the
page costs a few small queries (the group, the state of its games, the
page of games), one cache read and the page of games drawn: about the same
at 5 games and at 500.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, cast

from django.core.cache import caches
from django.core.paginator import Paginator
from django.db.models import Count, Max, Sum
from django.template.loader import render_to_string
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext

from companion.access import GroupAccess
from companion.limits import MAX_GROUP_GAMES
from companion.models import Game, Group
from companion.night import Chart, Rows, line_chart
from companion.present import Replayed
from companion.remembered import variant_title
from companion.texts import and_list
from scoring.group import GameFigures, GroupHistory, combine, game_figures

GAMES_A_PAGE = 25
"""Games listed on one page of the group (the newest first)."""
CACHE = "figures"
"""The cache (of settings.CACHES) that keeps the figures, for as long as it
is set to: a version never comes back (every change claims the next one)."""


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


@dataclass(frozen=True)
class Figures:
    """What the page shows of all the group's games, kept per version of
    its games: plain values and the drawn figures (quick to read back)."""

    listed: dict[int, tuple[int, tuple[str, ...], bool, tuple[str, ...], int]]
    """Each game's number, players, whether finished, winners and complete
    rounds, by the game's key."""
    names: tuple[str, ...]
    """Every player, the group's first."""
    html: SafeString
    """Each player's figures and the chart of wins (with its table)."""


def group_view(access: GroupAccess, page_number: Any = 1) -> dict[str, Any]:
    """The group page's values: a page of its games, each player's figures, the chart."""
    group = access.group
    games = group.games.all()
    state = games.aggregate(count=Count("pk"), last=Max("pk"), versions=Sum("version"))
    figures = group_figures(group, state)
    link = "edit_token" if access.can_edit else "view_token"
    newest = games.order_by("-created", "-pk").values_list("pk", "created", "variant", link)
    page = Paginator(newest, GAMES_A_PAGE).get_page(page_number)
    listed = [listed_game(row, figures) for row in page.object_list if row[0] in figures.listed]
    count = state["count"]
    return {
        "group": group,
        "token": access.token,
        "can_edit": access.can_edit,
        "games": listed,
        "oldest": listed[-1].number if listed else 0,
        "page": page,
        "count": count,
        "full": count >= MAX_GROUP_GAMES,
        "limit": MAX_GROUP_GAMES,
        "names": figures.names,
        "figures": figures.html,
    }


def listed_game(row: tuple[Any, ...], figures: Figures) -> GroupGame:
    """A game of the page as the list shows it."""
    pk, created, variant, token = row
    number, players, finished, winners, rounds = figures.listed[pk]
    return GroupGame(
        number, created, variant_title(variant), players, finished, winners, rounds, token
    )


def group_figures(group: Group, state: dict[str, Any]) -> Figures:
    """The group's figures, from the cache under the state of its games
    (how many, the last one's key, the sum of their versions: every change
    of a game claims its next version, every new game a new key, and a
    deleted game lowers the count), or worked out from each game's figures."""
    stamp = f"{state['count']}.{state['last']}.{state['versions']}"
    names = hashlib.sha256(repr(group.players).encode()).hexdigest()[:16]
    # The group's view token: no other group ever has it (a key is never
    # another group's, even where a deleted group's number comes back).
    key = f"imp:group:{group.view_token}:{stamp}:{names}:{get_language()}"
    cache = caches[CACHE]
    kept = cache.get(key)
    if kept is None:
        fields = ("pk", "view_token", "version")
        versions = list(group.games.order_by("created", "pk").values_list(*fields))
        found = games_figures(versions)
        history = combine(list(found.values()), group.players)
        kept = Figures(
            {
                pk: (game.number, game.players, game.finished, game.winners, game.rounds)
                for pk, game in zip(found, history.games, strict=True)
            },
            tuple(player.name for player in history.players),
            figures_html(history),
        )
        cache.set(key, kept)
    return cast("Figures", kept)


def figures_html(history: GroupHistory) -> SafeString:
    """Each player's figures and the chart of wins, drawn."""
    context = {
        "history": history,
        "chart": wins_chart(history),
        "wins_rows": wins_rows(history),
        "step": table_step(len(history.wins)),
    }
    return mark_safe(render_to_string("groups/group.html#figures", context))  # noqa: S308 -- a template's output


def games_figures(versions: list[tuple[int, str, int]]) -> dict[int, GameFigures]:
    """Each game's figures at its version (``versions``: each game's key,
    view token and version, in the order played), in the same order: kept
    ones from the cache, the others replayed (each game once a version)."""
    cache = caches[CACHE]
    keys = {pk: f"imp:figures:{token}:v{version}" for pk, token, version in versions}
    kept = cache.get_many(list(keys.values()))
    missing = [pk for pk, key in keys.items() if key not in kept]
    if missing:
        made = {}
        for game in Game.objects.filter(pk__in=missing):
            made[keys[game.pk]] = game_figures(Replayed.of(game).confirmed())
        cache.set_many(made)
        kept.update(made)
    # A game deleted since its version was read is left out (a game changed
    # meanwhile counts as replayed now).
    return {pk: kept[key] for pk, key in keys.items() if key in kept}


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


TABLE_ROWS = 50
"""The most rows of the table beside the chart: beyond, every n-th game's."""


def table_step(games: int) -> int:
    """Every how many games the table beside the chart has a row."""
    return max(1, -(-games // TABLE_ROWS))


def wins_rows(history: GroupHistory) -> SafeString:
    """The rows of the table beside the chart: each player's wins after
    each game (after every n-th game, and the last, when they are many)."""
    wins = history.wins
    step = table_step(len(wins))
    numbers = [*range(step, len(wins), step), len(wins)] if wins else []
    return format_html_join(
        "",
        '<tr><th scope="row">{}</th>{}</tr>',
        (
            (number, format_html_join("", "<td>{}</td>", ((n,) for n in wins[number - 1])))
            for number in numbers
        ),
    )


__all__ = ["GroupGame", "group_view"]
