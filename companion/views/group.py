"""A group's pages: starting a group, its page (games played, each player's
figures across them, the wins over time), and its games as one file.

The group's edit link starts games in it; its view link only looks, and
leads to the games' view links.
"""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_safe

from companion import actions
from companion.forms.group import GroupForm
from companion.forms.stamp import form_key
from companion.groups import export_group, find_group, group_view
from companion.models import Group
from companion.remembered import remember_group


@require_http_methods(["GET", "HEAD", "POST"])
def new_group(request: HttpRequest) -> HttpResponse:
    """The form for a new group; a valid POST creates it and opens its page."""
    form = GroupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        name, names = form.cleaned_data["name"], form.cleaned_data["names"]
        group, _ = actions.create_once(
            Group,
            actions.sent_by_form("group", request.POST),
            lambda: actions.create_group(name, names),
        )
        return redirect("imp:group", token=group.edit_token)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "create_key": form_key(request.POST)}
    return render(request, "groups/new.html", context, status=status)


@require_safe
def group(request: HttpRequest, token: str) -> HttpResponse:
    """The group's games and each player's figures across them."""
    access = find_group(token)
    remember_group(request, access.group, access.token)
    return render(request, "groups/group.html", group_view(access))


@require_safe
def group_export(request: HttpRequest, token: str) -> HttpResponse:
    """The group's games as one file of `bottle-imp/1` records."""
    access = find_group(token)
    text = json.dumps(export_group(access.group), ensure_ascii=False, indent=1)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="bottle-imp-group.json"'
    return response
