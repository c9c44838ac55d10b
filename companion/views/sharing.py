"""The start page and sharing a game: the games this browser has opened,
importing a record, the share page with the links as QR codes, replacing
the edit link, deleting a game.

Capability links only (no accounts): the edit link changes the game, the view
link only looks. Any change without the edit link is a 403 and changes
nothing; an unknown token is a 404 with no hint (:mod:`companion.access`).
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from companion import actions
from companion.access import Access, find_game
from companion.forms import FreshStamp, ImportForm
from companion.forms.stamp import form_key
from companion.groups import group_file, import_group
from companion.links import game_path, shared_link
from companion.models import Game, Group
from companion.remembered import (
    forget,
    last_seat,
    remember_game,
    remember_group,
    remembered_games,
    remembered_groups,
)
from companion.transfer import MAX_RECORD_BYTES, RecordRefused, import_record, read_record
from companion.uploads import too_large_text, upload_too_large


def _home(request: HttpRequest, form: ImportForm, errors: list[str], status: int) -> HttpResponse:
    games = remembered_games(request)
    context = {
        "games": games,
        "running": [item for item in games if not item["finished"]],
        "finished": [item for item in games if item["finished"]],
        "groups": remembered_groups(request),
        "import_form": form,
        "import_errors": errors,
        "create_key": form_key(request.POST),
    }
    return render(request, "sharing/home.html", context, status=status)


LAUNCH = "app"
"""The query of the installed app's start URL (the manifest's ``start_url``)."""


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The start page: the games this browser has opened, a new game, an
    import. The installed app opening (``?launch=app``) on a phone whose
    last game is a seat goes straight to that seat's round."""
    if request.GET.get("launch") == LAUNCH:
        seat = last_seat(request)
        if seat is not None:
            return redirect("imp:round", token=seat)
    return _home(request, ImportForm(), [], 200)


@require_POST
def import_game(request: HttpRequest) -> HttpResponse:
    """Upload a record: the engine checks it; a valid one becomes a new game
    (a group's file, a new group with its games)."""
    form = ImportForm(request.POST, request.FILES)
    if upload_too_large(request):  # stopped at the limit while it was read
        return _home(request, ImportForm(), [too_large_text()], 413)
    if not form.is_valid():
        return _home(request, form, [gettext("Choose a game record file to import.")], 400)
    upload = form.cleaned_data["record"]
    try:
        if upload.size > MAX_RECORD_BYTES:
            raise RecordRefused(
                [gettext("the file is larger than %(n)s KiB") % {"n": MAX_RECORD_BYTES // 1024}]
            )
        raw = upload.read()
        sent = actions.sent_by_form("import", request.POST, hashlib.sha256(raw).hexdigest())
        group_data = group_file(raw)
        if group_data is not None:
            group, _ = actions.create_once(Group, sent, lambda: import_group(group_data))
            remember_group(request, group, group.edit_token)
            return redirect("imp:group", token=group.edit_token)
        game, _ = actions.create_once(Game, sent, lambda: import_record(read_record(raw)))
    except RecordRefused as refused:
        return _home(request, ImportForm(), refused.errors, 400)
    remember_game(request, Access(game, game.edit_token, True))
    return redirect(game_path(game.edit_token))


@require_safe
def share(request: HttpRequest, token: str) -> HttpResponse:
    """The view link (and, for editors on request, the edit link) as QR
    codes, and the table's QR code of the seats ("Which seat is yours?");
    for editors, whether Confirm waits for every seat, and a seat's new link."""
    access = find_game(token)
    show_edit = request.GET.get("edit") == "1"
    if show_edit:
        access.require_edit()
    game = access.game
    view_url = request.build_absolute_uri(game_path(game.view_token))
    context: dict[str, Any] = {
        "access": access,
        "game": game,
        "token": token,
        "view_link": shared_link(view_url),
        "game_title": ", ".join(game.players),
        "show_edit": show_edit,
        "game_url": game_path(token),
    }
    if show_edit:
        edit_url = request.build_absolute_uri(game_path(game.edit_token))
        context["edit_link"] = shared_link(edit_url)
    # the table's one QR code for the seats: the view link's "Which seat is yours?"
    seats_url = request.build_absolute_uri(reverse("imp:seats", args=[game.view_token]))
    context.update(seats_link=shared_link(seats_url), stamp=FreshStamp(game.version))
    if access.can_edit:
        context["seat_names"] = list(enumerate(game.players))
    return render(request, "sharing/share.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def regenerate(request: HttpRequest, token: str) -> HttpResponse:
    """Replace the edit link (after a confirm page): old copies then lead nowhere."""
    if request.method != "POST":
        access = find_game(token)
        access.require_edit()
        context = {"access": access, "token": token, "link": "edit"}
        return render(request, "sharing/regenerate.html", context)
    game = actions.replace_edit_link(token)
    forget(request, {token})
    remember_game(request, Access(game, game.edit_token, True))
    return redirect(game_path(game.edit_token))


@require_http_methods(["GET", "HEAD", "POST"])
def regenerate_view(request: HttpRequest, token: str) -> HttpResponse:
    """Replace the view link (after a confirm page), with the edit link only:
    old copies of the view link then lead nowhere; the share page shows the
    new one."""
    if request.method != "POST":
        access = find_game(token)
        access.require_edit()
        context = {"access": access, "token": token, "link": "view"}
        return render(request, "sharing/regenerate.html", context)
    actions.replace_view_link(token)
    return redirect("imp:share", token=token)


@require_http_methods(["GET", "HEAD", "POST"])
def delete(request: HttpRequest, token: str) -> HttpResponse:
    """Delete a game and all its rounds (after a confirm page)."""
    if request.method != "POST":
        access = find_game(token)
        access.require_edit()
        return render(request, "sharing/delete.html", {"access": access, "token": token})
    forget(request, actions.delete_game(token))
    return redirect("imp:home")
