"""Starting a game: the set-up form, and the game it creates.

The form offers only the variants that fit the number of names entered and
lets the engine judge the combination. Names can be moved up and down before
the start: a "move" button re-renders the form with two names swapped, with
or without JavaScript.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from companion import actions
from companion.forms.setup import TARGETS, NewGameForm, moved
from companion.present import HtmxHttpRequest


@require_http_methods(["GET", "HEAD", "POST"])
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    """The set-up form; a valid POST creates the game and opens round 1."""
    status = 200
    part = "setup"
    if request.method == "POST" and ("move" in request.POST or "refresh" in request.POST):
        form = NewGameForm(initial=moved(request.POST, request.POST.get("move", "")))
        # A name's change event asks for the choices alone; the buttons for the form.
        part = "choices" if request.POST.get("refresh") == "choices" else "setup"
    elif request.method == "POST":
        form = NewGameForm(request.POST)
        if form.is_valid():
            game = actions.create_game(**form.game_fields())
            url = reverse("imp:round", args=[game.edit_token])
            if request.htmx:
                return HttpResponseClientRedirect(url)
            return redirect(url)
        status = 400
    else:
        form = NewGameForm()
    context = {"form": form, "targets": TARGETS}
    template = f"imp/new_game.html#{part}" if request.htmx else "imp/new_game.html"
    return render(request, template, context, status=status)
