"""The game page (standings, progress, rounds, winners), its live standings
polled by every screen, and a past round's detail. All are read-only and open
to the view link too."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from companion import actions, history
from companion.access import Access, conditional, find_game
from companion.forms import FreshStamp
from companion.models import Game
from companion.night import night_view
from companion.present import HtmxHttpRequest, Replayed, access_context, round_view, standings
from companion.remembered import remember_game
from companion.story import story_view


def game_context(access: Access) -> dict[str, Any]:
    """What the game page shows (also its live partial, :func:`live`)."""
    replayed = Replayed.of(access.game)
    current = replayed.rounds[-1] if replayed.rounds else None
    context = access_context(access)
    context.update(
        replayed=replayed,
        words=replayed.words,
        standings=standings(replayed),
        rematch=rematch_of(access) if replayed.state.finished else None,
        night=night_view(replayed.confirmed()),
        current=None if current is None else round_view(replayed, current),
    )
    return context


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
    return redirect("imp:round", token=rematch.edit_token)


@require_safe
@conditional
def round_detail(request: HtmxHttpRequest, token: str, number: int) -> HttpResponse:
    """One round: its story once complete (each score and why, the bottle's
    journey, the Imp's Trick, who deals next), then trick by trick with the
    engine's rulings. Right after Confirm (``?confirmed``) it leads on to
    the next round."""
    access = find_game(token)
    replayed = Replayed.of(access.game)
    if not 1 <= number <= len(replayed.rounds):
        raise Http404("No such round.")
    context = access_context(access)
    context.update(
        replayed=replayed,
        words=replayed.words,
        round=round_view(replayed, replayed.rounds[number - 1]),
        story=story_view(replayed, number),
        just_confirmed="confirmed" in request.GET and replayed.rounds[number - 1].confirmed,
        is_current=number == len(replayed.rounds),
        stamp=FreshStamp(access.game.version),
        undo=history.undo_bar(access.game) if access.can_edit else None,
    )
    template = "imp/round_detail.html#detail" if request.htmx else "imp/round_detail.html"
    return render(request, template, context)


@require_safe
@conditional
def live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The game page's standings partial, polled every 2 s by each screen;
    an unchanged game answers 304 after one query."""
    access = find_game(token)
    return render(request, "imp/game.html#game", game_context(access))
