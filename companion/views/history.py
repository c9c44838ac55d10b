"""Taking changes back: undo the last change (or every change back to one
chosen from the round's history), redo what was undone, and the round's
history of changes.

The same shape as every change of :mod:`companion.views.round`: find the
game (404) and require the edit link (403) → the form's stamp → one verb of
:mod:`companion.actions` → :func:`~companion.views.answers.changed` or
:func:`~companion.views.answers.refused`.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST, require_safe

from companion import actions, history
from companion.access import GameGone, find_game
from companion.forms import FreshStamp, StampForm, UndoForm
from companion.present import HtmxHttpRequest, access_context
from companion.replay import latest_round
from companion.views.answers import NOT_DONE, changed, refused
from companion.views.round import editable


@require_POST
def undo(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Take back the game's last change, or every change back to one."""
    access = editable(token)
    form = UndoForm(request.POST)
    if not form.is_valid():
        return refused(request, access, form, at="undo")
    back_to = form.cleaned_data["back_to"]
    try:
        done = actions.undo(access.game, form.stamp(), back_to)
    except NOT_DONE as problem:
        return refused(request, access, problem, at="undo" if back_to is None else "history")
    return changed(request, access, done)


@require_POST
def redo(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Make the earliest undone change again."""
    access = editable(token)
    form = StampForm(request.POST)
    if not form.is_valid():
        return refused(request, access, form, at="undo")
    try:
        done = actions.redo(access.game, form.stamp())
    except NOT_DONE as problem:
        return refused(request, access, problem, at="undo")
    return changed(request, access, done)


@require_safe
def round_history(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The round's history of changes, newest first, fetched when the table
    opens it (the round screen's htmx answers leave it out)."""
    access = find_game(token)
    last = latest_round(access.game)
    if last is None:
        raise GameGone()  # deleted since it was found
    shown = last.number
    context = access_context(access)
    context.update(
        changes=history.history(access.game, shown),
        undo=history.undo_bar(access.game),
        stamp=FreshStamp(access.game.version),
    )
    return render(request, "imp/history.html#list", context)
