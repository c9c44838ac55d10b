"""How every view of the round screen answers: the round shown again after a
change, or the reason a change was not made.

A change is not made when its form does not parse (400), when the engine
finds the entries impossible (400, in the engine's words), when the game's
state does not allow it (400), or when the form was rendered from an older
version of the game (409, with the fresh state). Nothing is saved then.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render

from companion import actions, history
from companion.access import Access, refresh
from companion.forms import StampForm
from companion.present import HtmxHttpRequest, Replay, Replayed
from companion.round_screen import round_context
from scoring.findings import Finding

NOT_DONE = (actions.Conflict, actions.Refused, Finding)
"""What a verb raises when it changes nothing."""

Problem = StampForm | actions.Conflict | actions.Refused | Finding


def refusal(problem: Problem, access: Access) -> tuple[int, str]:
    """The status and the plain words of a change that was not made. After a
    409 the game is read again: the next form carries the fresh version."""
    if isinstance(problem, StampForm):
        return 400, problem.error_text()
    if isinstance(problem, actions.Conflict):
        refresh(access.game)  # 404 if the game was deleted meanwhile
        return 409, str(problem)
    if isinstance(problem, Finding):
        return 400, " ".join(str(item) for item in problem.findings)
    return 400, str(problem)


def show_round(
    request: HtmxHttpRequest,
    access: Access,
    *,
    status: int = 200,
    replayed: Replay | None = None,
    **extra: Any,
) -> HttpResponse:
    """The round screen: the ``round`` partial for htmx, else the whole page."""
    if "undo" not in extra:
        extra["undo"] = history.undo_bar(access.game)
    context = round_context(access, replayed, **extra)
    # the htmx partial leaves the (closed) tricks list to round_tricks, and
    # the history of changes to round_history
    context["lazy_tricks"] = bool(request.htmx)
    if not request.htmx:
        context["changes"] = history.history(access.game, context["round"]["number"])
    template = "imp/round.html#round" if request.htmx else "imp/round.html"
    return render(request, template, context, status=status)


def refused(
    request: HtmxHttpRequest, access: Access, problem: Problem, **extra: Any
) -> HttpResponse:
    """The round screen again, with the reason the change was not made."""
    status, error = refusal(problem, access)
    if status == 409:
        extra = {}  # the fresh state, not the refused form's values
    return show_round(request, access, status=status, error=error, **extra)


def changed(request: HtmxHttpRequest, access: Access, done: actions.Done) -> HttpResponse:
    """After a change: what it did, as notes; the round partial for htmx
    (from the verb's own replay: no second query), else a redirect (POST →
    redirect → GET)."""
    for line in (*done.notes, *done.changes):
        messages.info(request, line)
    if not request.htmx:
        return redirect("imp:round", token=access.token)
    replayed: Replay | None = done.current
    if done.record is not None and done.state is not None:
        replayed = Replayed(access.game, done.rounds, done.record, done.state)
    undo = history.undo_bar(access.game, done.kept)
    return show_round(request, access, replayed=replayed, undo=undo)
