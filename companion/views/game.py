"""The game page (standings, progress, rounds, winners), its live standings
polled by every screen, and a past round's detail. All are read-only and open
to the view link too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

from django.core.cache import cache, caches
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from companion import actions, history
from companion.access import Access, conditional, etag_value, find_game, peeked
from companion.forms import FreshStamp
from companion.models import Game, Round
from companion.night import night_view
from companion.present import HtmxHttpRequest, Replay, Replayed, access_context
from companion.remembered import remember_game, show_qr_once
from companion.replay import ROUNDS, RoundRow, played_on, shown_round
from companion.screens import moment
from companion.screens.play import RoundView, round_view
from companion.screens.standings import standings
from companion.story import story_view

STANDINGS_SECONDS = 3600
"""How long a game's standings stay in the cache. A version never comes
back (every change claims the next one), so this only frees the memory of
games no one looks at any more."""


def game_context(
    access: Access, replay: Callable[[Game], dict[str, Any]] | None = None
) -> dict[str, Any]:
    """What the game page shows (also its live partial, :func:`live`), the
    game replayed by ``replay`` (:func:`game_standings` unless given)."""
    context = access_context(access)
    context.update((replay or game_standings)(access.game))
    finished = context["standings"]["finished"]
    context["rematch"] = rematch_of(access) if finished else None
    return context


def game_standings(game: Game) -> dict[str, Any]:
    """The game's standings, the night's figures and the round being
    played (:func:`replay_standings`), from the cache (Django's cache
    framework: local memory unless settings say otherwise) under the game's
    version in the reader's language, as its ETag
    (:func:`companion.access.etag_value`), with its view token (which no
    other game ever has). Every screen at a table polls the live standings:
    after a card, the first poll replays and the others read what it kept.
    (Not ``cache.get_or_set``: after storing a value it reads it back,
    unpickling it once more.)"""
    key = f"imp:standings:{game.view_token}:{etag_value(game)}"
    kept = cache.get(key)
    if kept is None:
        kept = replay_standings(game)
        cache.set(key, kept, STANDINGS_SECONDS)
    return cast("dict[str, Any]", kept)


def replay_standings(game: Game, replayed: Replayed | None = None) -> dict[str, Any]:
    """What :func:`game_standings` keeps: everything the game page shows
    that depends on the game's entries alone. The values the page shows,
    not the replay they come from: each reader of the cache unpickles what
    it keeps, and a 100-round game's replay took 9.6 ms to unpickle, the
    rest 1.1 ms.

    What counts of the game (:func:`counted_standings`) is carried forward
    from the version before when the change since only played on in the
    round being played (:func:`companion.replay.played_on`): then only that
    round is shown afresh, as the change's answer kept it, and the game is
    not replayed. Otherwise the game is replayed, unless the caller has it
    ``replayed`` whole at its version already."""
    counted = carried_standings(game)
    shown = None if counted is None else shown_round(game)
    if counted is None or shown is None:
        replayed = replayed or Replayed.of(game)
        counted = counted_standings(replayed)
        current = round_shown(replayed, replayed.rounds[-1]) if replayed.rounds else None
    else:
        current = round_shown(shown, shown.row)
    caches[ROUNDS].set(counted_key(game, game.version), counted)
    return {**counted, "current": current}


def counted_standings(replayed: Replayed) -> dict[str, Any]:
    """The standings and the night's figures: what the confirmed rounds and
    a round waiting for Confirm make of the game (an unfinished round
    counts for nothing); ``counted_at``: the version replayed (the game
    page draws what counts once from it: imp/game.html)."""
    return {
        "variant_title": replayed.record.table.variant.title_text,
        "words": replayed.words,
        "standings": standings(replayed),
        "night": night_view(replayed.confirmed()),
        "counted_at": replayed.game.version,
    }


def carried_standings(game: Game) -> dict[str, Any] | None:
    """:func:`counted_standings` as kept at the version before, when the
    change that made this version only played on in the unfinished round
    being played (what counts is then unchanged); else None."""
    if not played_on(game, game.version):
        return None
    return cast("dict[str, Any] | None", caches[ROUNDS].get(counted_key(game, game.version - 1)))


def counted_key(game: Game, version: int) -> str:
    return f"imp:counted:{game.view_token}:v{version}-{get_language()}"


def round_shown(replayed: Replay, row: Round | RoundRow) -> RoundView:
    view = round_view(replayed, row)
    return replace(view, tricks=tuple(view.tricks))  # made now, to be kept


@require_safe
def game(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Standings and ranks, progress towards the goal, round by round, winners."""
    access = find_game(token)
    remember_game(request, access)
    context = game_context(access)
    template = "imp/game.html#game" if request.htmx else "imp/game.html"
    return render(request, template, context)


def rematch_of(access: Access) -> dict[str, str] | None:
    """The rematch of this game, through the same kind of link (the view
    link leads to the rematch's view link), or None."""
    rematch = Game.objects.filter(follows=access.game).only("edit_token", "view_token").first()
    if rematch is None:
        return None
    token = rematch.edit_token if access.can_edit else rematch.view_token
    return {"token": token}


@require_POST
def play_again(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Start the rematch of a finished game (or open the one started already)."""
    try:
        rematch = actions.play_again(token)
    except actions.Refused as problem:
        access = find_game(token)
        context = game_context(access)
        context["error"] = str(problem)
        return render(request, "imp/game.html", context, status=400)
    show_qr_once(request, rematch.edit_token)
    return redirect("imp:round", token=rematch.edit_token)


@require_safe
@conditional
def round_detail(request: HtmxHttpRequest, token: str, number: int) -> HttpResponse:
    """One round: its story once complete (each score and why, the bottle's
    journey, the Imp's Trick, who deals next), then trick by trick with the
    engine's rulings. Right after Confirm (``?confirmed``) it is the moment
    of the whole table (:mod:`companion.screens.moment`): it leads on to the
    next round, and every phone on it follows the game live and goes to the
    round screen once the next round has begun (or the Confirm was undone)."""
    access = peeked(request, token)  # the game read for the ETag
    replayed = Replayed.of(access.game)
    if not 1 <= number <= len(replayed.rounds):
        raise Http404("No such round.")
    just_confirmed = False
    if moment.CONFIRMED in request.GET:
        just_confirmed = moment.is_story_moment(replayed.rounds, number)
        if not just_confirmed:
            # the moment is over: the round being played, on every phone
            url = reverse("imp:round", args=[token])
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    context = access_context(access)
    context.update(
        replayed=replayed,
        words=replayed.words,
        round=round_view(replayed, replayed.rounds[number - 1]),
        story=story_view(replayed, number),
        just_confirmed=just_confirmed,
        is_current=number == len(replayed.rounds),
        stamp=FreshStamp(access.game.version),
        undo=history.undo_bar(access.game) if access.can_edit else None,
    )
    template = "imp/round_detail.html#detail" if request.htmx else "imp/round_detail.html"
    return render(request, template, context)


LIVE = "imp/game.html#game"
"""The game page's standings partial: what :func:`live` answers."""


@require_safe
@conditional
def live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The game page's standings partial, polled every 2 s by each screen;
    an unchanged game answers 304 after one query. A changed one is rendered
    once for all the screens on the same kind of link (the partial holds
    the link's own URLs), and kept under the game's version in the reader's
    language (and the game's view token: a number of a deleted game may be
    given again), where the other screens find it after that same one
    query; not a finished game's, whose Play again form holds the reader's
    own CSRF token. Its replay is not kept as well: the partial
    is, and pickling a 10-round game's replay into the cache cost half as
    much again as replaying it (1.4 ms against 2.9 ms)."""
    access = peeked(request, token)  # the game read for the ETag
    key = live_key(access)
    html = cache.get(key)
    if html is None:
        context = game_context(access, replay_standings)
        html = render_to_string(LIVE, context, request)
        if not context["standings"]["finished"]:
            cache.set(key, html, STANDINGS_SECONDS)
    return HttpResponse(html)


def live_key(access: Access) -> str:
    """Where :func:`live` keeps the partial of the game's version for this
    kind of link: it holds the link's own URLs (each seat its own)."""
    game = access.game
    kind = "edit" if access.can_edit else "view" if access.seat is None else f"seat{access.seat}"
    return f"imp:live:{game.view_token}:{etag_value(game)}:{kind}"
