"""The game page (standings, progress, rounds, winners), its live standings
polled by every screen, and a past round's detail. All are read-only and open
to the view link too."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from companion import history
from companion.access import Access, conditional, find_game
from companion.forms import FreshStamp
from companion.present import HtmxHttpRequest, Replayed, access_context, round_view, standings
from companion.remembered import remember_game


def game_context(access: Access) -> dict[str, Any]:
    """What the game page shows (also its live partial, :func:`live`)."""
    replayed = Replayed.of(access.game)
    current = replayed.rounds[-1] if replayed.rounds else None
    context = access_context(access)
    context.update(
        replayed=replayed,
        words=replayed.words,
        standings=standings(replayed),
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


@require_safe
def round_detail(request: HtmxHttpRequest, token: str, number: int) -> HttpResponse:
    """One round, trick by trick, with the engine's rulings and the result."""
    access = find_game(token)
    replayed = Replayed.of(access.game)
    if not 1 <= number <= len(replayed.rounds):
        raise Http404("No such round.")
    context = access_context(access)
    context.update(
        replayed=replayed,
        words=replayed.words,
        round=round_view(replayed, replayed.rounds[number - 1]),
        is_current=number == len(replayed.rounds),
        stamp=FreshStamp(access.game.version),
        undo=history.undo_bar(access.game) if access.can_edit else None,
    )
    template = "imp/round_detail.html#detail" if request.htmx else "imp/round_detail.html"
    return render(request, template, context)


@require_safe
@conditional
def live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The game page's standings partial, polled every 3 s by each screen;
    an unchanged game answers 304 after one query."""
    access = find_game(token)
    return render(request, "imp/game.html#game", game_context(access))
