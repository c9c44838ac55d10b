"""One shape for every change of a game: find the game (404) and require
its edit link (403) → a form turns the posted strings into values → one
verb of :mod:`companion.actions` replays the game through the engine and
saves → the answer.

:func:`change` is that shape once. A view names its form, its verb and the
place of its refusal::

    return change(request, token, StampForm, confirm, at="confirm", answer=told)

It answers what the verb did (:func:`~companion.views.answers.changed`, or
the view's own ``answer``), or why nothing changed, in place
(:func:`~companion.views.answers.refused`: a form that does not parse, a
refusal, the engine's findings, 400; a stale version, 409 with the fresh
state).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from django.http import HttpResponse, QueryDict

from companion import actions
from companion.access import Access, find_game
from companion.forms import StampForm
from companion.models import Game
from companion.present import HtmxHttpRequest
from companion.views.answers import NOT_DONE, Problem, changed, refused
from companion.views.answers import TOP as TOP

Answer = Callable[[HtmxHttpRequest, Access, actions.Done], HttpResponse]
"""How a view answers a change that was made."""

Refuse = Callable[[HtmxHttpRequest, Access, Problem], HttpResponse]
"""How a view answers a change that was not made (by default the round
screen, the reason in its place)."""


def editable(token: str) -> Access:
    """The game of an edit link (404 for no game, 403 for its view link)."""
    access = find_game(token)
    access.require_edit()
    return access


def change[F: StampForm](
    request: HtmxHttpRequest,
    token: str,
    form_class: type[F] | Callable[[Access, QueryDict], F],
    verb: Callable[[Game, F], actions.Done],
    *,
    at: str | Callable[[F], str] = TOP,
    fields: bool = False,
    answer: Answer = changed,
    refuse: Refuse | None = None,
    keep: Mapping[str, Any] | Callable[[F], Mapping[str, Any]] = MappingProxyType({}),
    access: Access | None = None,
) -> HttpResponse:
    """Make one change of the game of ``token``: ``form_class`` reads the
    posted form (a form class, or a function of the game's access and the
    posted data), ``verb`` makes the change from the game and the valid
    form. Made: ``answer``. Not made: ``refuse``, by default the round
    screen with the reason at its place ``at`` (a name, or a function of
    the form), beside the form's ``fields`` when they are on the screen,
    and the screen's values ``keep`` (a refused form's own values shown
    again; or a function of the form that gives them). ``access``: the
    game of the edit link, when the view found it already."""
    if access is None:
        access = editable(token)
    if isinstance(form_class, type):
        form = form_class(request.POST)
    else:
        form = form_class(access, request.POST)
    problem: Problem = form
    if form.is_valid():
        try:
            done = verb(access.game, form)
        except NOT_DONE as raised:
            problem = raised
        else:
            return answer(request, access, done)
    if refuse is not None:
        return refuse(request, access, problem)
    place = at if isinstance(at, str) else at(form)
    shown = form if fields else None
    values = keep if isinstance(keep, Mapping) else keep(form)
    return refused(request, access, problem, at=place, form=shown, **values)
