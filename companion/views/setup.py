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
from companion.forms.setup import SEATS, TARGETS, NewGameForm, moved
from companion.groups import GroupAccess, find_group
from companion.present import HtmxHttpRequest
from companion.views.answers import in_place


def group_of(request: HtmxHttpRequest) -> GroupAccess | None:
    """The group a game is started in (its edit link, as ``group``), or None."""
    token = request.POST.get("group") or request.GET.get("group")
    if not token:
        return None
    access = find_group(str(token))
    access.require_edit()
    return access


@require_http_methods(["GET", "HEAD", "POST"])
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    """The set-up form; a valid POST creates the game and opens round 1.
    Started from a group, it offers the group's players."""
    status = 200
    part = "setup"
    group = group_of(request)
    if request.method == "POST" and ("move" in request.POST or "refresh" in request.POST):
        form = NewGameForm(initial=moved(request.POST, request.POST.get("move", "")))
        # A name's change event asks for the choices alone; the buttons for the form.
        part = "choices" if request.POST.get("refresh") == "choices" else "setup"
    elif request.method == "POST":
        form = NewGameForm(request.POST)
        if form.is_valid():
            in_group = None if group is None else group.group
            game = actions.create_game(**form.game_fields(), group=in_group)
            url = reverse("imp:round", args=[game.edit_token])
            if request.htmx:
                return HttpResponseClientRedirect(url)
            return redirect(url)
        status = 400
    elif group is not None:
        seats = {f"name_{seat}": name for seat, name in enumerate(group.group.players[:SEATS])}
        form = NewGameForm(initial=seats)
    else:
        form = NewGameForm()
    context = {"form": form, "targets": TARGETS, "group": group}
    template = f"imp/new_game.html#{part}" if request.htmx else "imp/new_game.html"
    return in_place(render(request, template, context, status=status))
