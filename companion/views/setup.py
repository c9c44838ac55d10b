"""Starting a game: the set-up form, and the game it creates.

The form offers only the variants that fit the number of names entered and
lets the engine judge the combination. Names can be moved up and down before
the start: a "move" button re-renders the form with two names swapped, with
or without JavaScript. A name's change redraws the choices (``refresh``:
"choices"); a choice's change redraws what the form says of its choices
(``refresh``: "now": the summaries and the deck beside *Start*).

The deck is the table's: the one this phone's last game was started with,
or, in a group, the group's last game's; asked when neither is known.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from companion import actions
from companion.forms.setup import SEATS, TARGETS, NewGameForm, moved
from companion.forms.stamp import form_key
from companion.groups import GroupAccess, find_group
from companion.models import Game
from companion.present import HtmxHttpRequest
from companion.remembered import remember_deck, remembered_deck, show_qr_once
from companion.views.answers import in_place


def group_of(request: HtmxHttpRequest) -> GroupAccess | None:
    """The group a game is started in (its edit link, as ``group``), or None."""
    token = request.POST.get("group") or request.GET.get("group")
    if not token:
        return None
    access = find_group(str(token))
    access.require_edit()
    return access


def first_values(request: HtmxHttpRequest, group: GroupAccess | None) -> dict[str, str]:
    """What the form first shows: the group's players, and the table's deck
    (the group's, else this phone's), if known."""
    values: dict[str, str] = {}
    edition = remembered_deck(request)
    if group is not None:
        players = group.group.players[:SEATS]
        values.update({f"name_{seat}": name for seat, name in enumerate(players)})
        edition = group.group.edition or edition
    if edition:
        values["edition"] = edition
    return values


@require_http_methods(["GET", "HEAD", "POST"])
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    """The set-up form; a valid POST creates the game and opens round 1.
    Started from a group, it offers the group's players."""
    status = 200
    part = "setup"
    group = group_of(request)
    if request.method == "POST" and ("move" in request.POST or "refresh" in request.POST):
        form = NewGameForm(initial=moved(request.POST, request.POST.get("move", "")))
        # A name's change event asks for the choices alone, a choice's change
        # for what the form says of them; the buttons for the form.
        refresh = request.POST.get("refresh")
        part = refresh if refresh in ("choices", "now") else "setup"
    elif request.method == "POST":
        form = NewGameForm(request.POST)
        if form.is_valid():
            in_group = None if group is None else group.group
            fields = form.game_fields()
            try:
                game, _ = actions.create_once(
                    Game,
                    actions.sent_by_form("game", request.POST),
                    lambda: actions.create_game(**fields, group=in_group),
                )
            except actions.Refused as full:  # the group holds its most games
                form.add_error(None, str(full))
            else:
                remember_deck(request, game.edition)
                show_qr_once(request, game.edit_token)
                url = reverse("imp:round", args=[game.edit_token])
                if request.htmx:
                    return HttpResponseClientRedirect(url)
                return redirect(url)
        status = 400
    else:
        form = NewGameForm(initial=first_values(request, group))
    context = {
        "form": form,
        "targets": TARGETS,
        "group": group,
        "redrawn": part == "choices",
        "create_key": form_key(request.POST),
    }
    template = f"imp/new_game.html#{part}" if request.htmx else "imp/new_game.html"
    return in_place(render(request, template, context, status=status))
