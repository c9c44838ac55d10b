"""A group's pages: starting a group, its page (games played, each player's
figures across them, the wins over time), and its games as one file.

The group's edit link starts games in it; its view link only looks, and
leads to the games' view links.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from companion import actions
from companion.forms.group import GroupForm
from companion.forms.stamp import form_key
from companion.group_page import group_view
from companion.groups import export_group, find_group
from companion.links import shared_link
from companion.models import Group
from companion.remembered import forget_group, remember_group

LINKS = ("edit", "view")
"""The group's links that can be replaced."""


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
    """The group's games (a page at a time, ``?page=``) and each player's
    figures across them."""
    access = find_group(token)
    remember_group(request, access.group, access.token)
    return render(request, "groups/group.html", group_view(access, request.GET.get("page")))


@require_safe
def group_share(request: HttpRequest, token: str) -> HttpResponse:
    """The group's view link (and, for its editors on request, ``?edit=1``,
    its edit link) as QR codes, with the phone's share sheet or Copy."""
    access = find_group(token)
    show_edit = request.GET.get("edit") == "1"
    if show_edit:
        access.require_edit()
    group = access.group
    context = {
        "group": group,
        "token": token,
        "can_edit": access.can_edit,
        "show_edit": show_edit,
        "view_link": shared_link(request.build_absolute_uri(group_path(group.view_token))),
    }
    if show_edit:
        context["edit_link"] = shared_link(request.build_absolute_uri(group_path(group.edit_token)))
    return render(request, "groups/share.html", context)


def group_path(token: str) -> str:
    """The group page of a token (edit or view link)."""
    return reverse("imp:group", args=[token])


@require_safe
def group_export(request: HttpRequest, token: str) -> HttpResponse:
    """The group's games as one file of `bottle-imp/1` records."""
    access = find_group(token)
    text = json.dumps(export_group(access.group), ensure_ascii=False, indent=1)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="bottle-imp-group.json"'
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def group_new_links(request: HttpRequest, token: str) -> HttpResponse:
    """New links for the group (its edit link only; after a confirm page,
    one link at a time, ``link`` "edit" or "view"): every copy of the old
    link then leads nowhere. A new edit link moves this browser to it; a
    new view link is shown on the group's share page."""
    if request.method != "POST":
        access = find_group(token)
        access.require_edit()
        return render(request, "groups/new_links.html", {"group": access.group, "token": token})
    link = request.POST.get("link")
    if link not in LINKS:
        raise Http404("No such link.")
    group, old = actions.replace_group_link(token, link)
    if link == "edit":
        forget_group(request, old)
        remember_group(request, group, group.edit_token)
        said = gettext(
            "The group has a new edit link: this page's address. Every copy of the old one "
            "leads nowhere now."
        )
        messages.success(request, said)
        return redirect("imp:group", token=group.edit_token)
    said = gettext(
        "The group has a new view link (below). Every copy of the old one leads nowhere now."
    )
    messages.success(request, said)
    return redirect("imp:group_share", token=group.edit_token)
