"""Taking changes back: undo the last change (or every change back to one
chosen from the round's history, after a question), redo what was undone
(all that one undo took back), and the round's history of changes.

The same shape as every change (:func:`companion.views.change.change`):
find the game (404) and require the edit link (403) → the form's stamp →
one verb of :mod:`companion.actions` → what it did, or why not, in place.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST, require_safe

from companion import actions, history
from companion.access import GameGone, find_game
from companion.forms import FreshStamp, StampForm, UndoForm
from companion.models import Game
from companion.present import HtmxHttpRequest, access_context
from companion.views.change import change, editable


@require_POST
def undo(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Take back the game's last change, or every change back to one."""

    def take_back(game: Game, form: UndoForm) -> actions.Done:
        return actions.undo(game, form.stamp(), form.cleaned_data["back_to"])

    return change(request, token, UndoForm, take_back, at=_undo_place)


def _undo_place(form: UndoForm) -> str:
    """Where an undo's refusal is said: beside Undo, or in the history for
    an undo back to a change of the history."""
    back_to = form.cleaned_data.get("back_to") if form.is_valid() else None
    return "undo" if back_to is None else "history"


@require_POST
def redo(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Make the earliest undone change again."""

    def again(game: Game, form: StampForm) -> actions.Done:
        return actions.redo(game, form.stamp())

    return change(request, token, StampForm, again, at="undo")


@require_safe
def undo_to(request: HtmxHttpRequest, token: str, number: int) -> HttpResponse:
    """Undo back to a change of the history asks first: "Undo 15 changes,
    back to before <the change>?" (for htmx in place of its button, else a
    page of its own), its Yes posts the undo with this version (a change made
    meanwhile is a conflict: the question was about other changes)."""
    access = editable(token)
    first, count = history.undo_back_to(access.game, number)
    context = access_context(access)
    context.update(change=first, count=count, stamp=FreshStamp(access.game.version))
    template = "imp/history.html#question" if request.htmx else "imp/undo_to.html"
    return render(request, template, context)


@require_safe
def round_history(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The round's history of changes, newest first, fetched when the table
    opens it (the round screen's htmx answers leave it out)."""
    access = find_game(token)
    numbers = access.game.rounds.order_by("-number").values_list("number", flat=True)
    shown = numbers.first()
    if shown is None:
        raise GameGone()  # deleted since it was found
    context = access_context(access)
    context.update(
        changes=history.history(access.game, shown),
        undo=history.undo_bar(access.game),
        stamp=FreshStamp(access.game.version),
    )
    return render(request, "imp/history.html#list", context)
