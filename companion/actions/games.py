"""The verbs of games and groups as a whole: a new game or group, its
rematch, its links replaced (a game's, a group's), the game deleted."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from companion.access import GameGone, GroupGone, find_game, find_group
from companion.actions.outcome import Refused
from companion.limits import MAX_GROUP_GAMES, group_full
from companion.models import Game, Group, Round, new_token
from companion.replay import (
    game_state,
)
from scoring.names import check_group, check_players


def create_game(
    *,
    players: list[str],
    variant: str,
    teams: str = "",
    edition: str = "classic",
    first_dealer: int = 0,
    dealer_was_random: bool = False,
    goal_rounds: int | None = None,
    goal_target: int | None = None,
    follows: Game | None = None,
    group: Group | None = None,
) -> Game:
    """A new game with its first (empty) round; the engine checks the set-up
    and the names are stored as it cleans them (:func:`scoring.names.check_players`).
    Started in a group, it is the group's last game, whose deck the group
    offers for its next one (:attr:`Group.edition`): GroupGone (a 404) if
    the group was deleted meanwhile, Refused if it is full."""
    with transaction.atomic():
        if group is not None:
            make_room(group)
        game = Game(
            follows=follows,
            group=group,
            players=list(check_players(players)),
            variant=variant,
            teams=teams,
            edition=edition,
            first_dealer=first_dealer,
            dealer_was_random=dealer_was_random,
            goal_rounds=goal_rounds,
            goal_target=goal_target,
        )
        first = Round(number=1)
        game_state(game, [first])
        game.save()
        first.game = game
        first.save()
    return game


def make_room(group: Group) -> None:
    """Inside the transaction that adds a game to ``group``: the group's row
    is still there (and, on PostgreSQL, locked until the game is stored: a
    deletion waits for it; SQLite's writers' lock, taken at BEGIN, holds
    every other writer off already), and it holds fewer than
    :data:`~companion.limits.MAX_GROUP_GAMES` games."""
    if not Group.objects.select_for_update().filter(pk=group.pk).exists():
        raise GroupGone()
    count = Game.objects.filter(group=group).count()
    if count >= MAX_GROUP_GAMES:
        raise Refused(group_full(count))


def create_group(name: str, players: list[str]) -> Group:
    """A new group with its own links; the engine cleans the name and the
    players (:func:`scoring.names.check_group`)."""
    title, names = check_group(name, players)
    return Group.objects.create(name=title, players=list(names))


def play_again(token: str) -> Game:
    """The rematch of a finished game: the same players, variant, teams,
    deck and goal, dealt first by whoever would deal next; a new game with
    its own links. A game has one rematch: asking again (a second tap,
    another phone) finds it."""
    with transaction.atomic():
        access = find_game(token, lock=True)
        access.require_edit()
        game = access.game
        existing = Game.objects.filter(follows=game).first()
        if existing is not None:
            return existing
        state = game_state(game)
        if not state.finished:
            raise Refused(gettext("This game is not over yet: play again once it has a winner."))
        return create_game(
            players=list(game.players),
            variant=game.variant,
            teams=game.teams,
            edition=game.edition,
            first_dealer=state.next_dealer,
            goal_rounds=game.goal_rounds,
            goal_target=game.goal_target,
            follows=game,
            group=game.group,
        )


def replace_edit_link(token: str) -> Game:
    """A new edit link for the game of this edit link: old copies lead nowhere."""
    return _replace_link(token, "edit_token")


def replace_view_link(token: str) -> Game:
    """A new view link for the game of this edit link: old copies of the
    view link lead nowhere (only the edit link may do this)."""
    return _replace_link(token, "view_token")


def _replace_link(token: str, link: str) -> Game:
    with transaction.atomic():
        access = find_game(token, lock=True)
        access.require_edit()
        game = access.game
        setattr(game, link, new_token())
        game.version += 1
        game.updated = timezone.now()
        changed = Game.objects.filter(pk=game.pk).update(
            **{link: getattr(game, link)}, version=game.version, updated=game.updated
        )
        if not changed:
            raise GameGone()  # deleted since it was found
    return game


def replace_group_link(token: str, link: str) -> tuple[Group, str]:
    """A new edit link (``link`` "edit") or view link ("view") for the group
    of this edit link: old copies lead nowhere (a 404). The group and the
    token it replaced."""
    with transaction.atomic():
        access = find_group(token, lock=True)
        access.require_edit()
        group = access.group
        field = f"{link}_token"
        old = getattr(group, field)
        setattr(group, field, new_token())
        if not Group.objects.filter(pk=group.pk).update(**{field: getattr(group, field)}):
            raise GroupGone()  # deleted since it was found
    return group, old


def delete_game(token: str) -> set[str]:
    """Delete the game of this edit link and all its rounds; its two tokens."""
    with transaction.atomic():
        access = find_game(token, lock=True)
        access.require_edit()
        game = access.game
        tokens = {game.edit_token, game.view_token}
        game.delete()
    return tokens
