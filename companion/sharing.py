"""Shared tables: the home page of games this browser has opened, the share
page with the links as QR codes, regenerating the edit link, deleting a game,
importing a record, and the live standings polled by every screen.

Capability links only (no accounts): the edit link changes the game, the view
link only looks. Any change without the edit link is a 403 and changes
nothing; an unknown token is a 404 with no hint (:mod:`companion.access`).
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

import segno
from django import forms
from django.db import transaction
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from companion.access import TOKEN_MAX, Access, find_game
from companion.models import Game, new_token
from companion.present import HtmxHttpRequest
from companion.transfer import MAX_RECORD_BYTES, RecordRefused, import_record, read_record
from scoring.variants import VARIANTS

SESSION_KEY = "imp_games"
REMEMBER_MAX = 50
"""How many games the home page remembers per browser."""


# --- links -----------------------------------------------------------------


def game_path(token: str) -> str:
    """The game page of a token (edit or view link)."""
    return reverse("imp:game", args=[token])


def qr_svg(url: str) -> SafeString:
    """The URL as an inline SVG QR code, drawn on the server, scaling to its box."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, dark="#000", light="#fff", omitsize=True, title="QR code of the link"
    )
    return mark_safe(svg)  # noqa: S308 -- segno's own markup, the URL is escaped by segno


# --- the games this browser has opened -------------------------------------


def remember_game(request: HttpRequest, access: Access) -> None:
    """Put a game at the top of this browser's list (kept in the session).

    A browser that holds the edit link keeps it listed even when it later
    opens the view link of the same game. A game already at the top stays
    as it is: the session is written only when the list changes (not on
    every visit of the game page or its round screen).
    """
    game = access.game
    entries: list[dict[str, str]] = list(request.session.get(SESSION_KEY, []))
    mine = {game.edit_token, game.view_token}
    token = access.token
    if not access.can_edit and any(entry["token"] == game.edit_token for entry in entries):
        token = game.edit_token
    if entries and isinstance(entries[0], dict) and entries[0].get("token") == token:
        return
    entries = [entry for entry in entries if entry.get("token") not in mine]
    entries.insert(0, {"token": token, "opened": timezone.now().isoformat()})
    request.session[SESSION_KEY] = entries[:REMEMBER_MAX]


def _forget(request: HttpRequest, tokens: set[str]) -> None:
    entries = request.session.get(SESSION_KEY, [])
    kept = [entry for entry in entries if entry.get("token") not in tokens]
    if len(kept) != len(entries):
        request.session[SESSION_KEY] = kept


def remembered_games(request: HttpRequest) -> list[dict[str, Any]]:
    """The games this browser has opened, newest first; games deleted or
    whose link changed drop out silently (and from the session)."""
    entries = [
        entry
        for entry in request.session.get(SESSION_KEY, [])
        if isinstance(entry, dict) and isinstance(entry.get("token"), str)
    ]
    tokens = [entry["token"] for entry in entries]
    if not tokens:
        return []
    games = Game.objects.filter(Q(edit_token__in=tokens) | Q(view_token__in=tokens)).annotate(
        round_count=Count("rounds")
    )
    by_token: dict[str, tuple[Game, bool]] = {}
    for game in games:
        by_token[game.edit_token] = (game, True)
        by_token[game.view_token] = (game, False)
    listed = []
    for entry in entries:
        found = by_token.get(entry["token"])
        if found is None:
            continue
        game, can_edit = found
        listed.append(
            {
                "game": game,
                "token": entry["token"],
                "can_edit": can_edit,
                "opened": _parse_time(entry.get("opened")),
                "variant": variant_title(game.variant),
                "progress": progress(game, game.round_count),
                "url": game_path(entry["token"]),
            }
        )
    _forget(request, {token for token in tokens if token not in by_token})
    listed.sort(key=lambda item: item["opened"], reverse=True)
    return listed


def _parse_time(text: Any) -> datetime:
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return datetime.min.replace(tzinfo=timezone.get_current_timezone())


def variant_title(name: str) -> str:
    """The variant's name as the rulebook writes it."""
    variant = VARIANTS.get(name)
    return variant.title if variant is not None else name


def progress(game: Game, rounds: int) -> str:
    """How far the game is, from the number of rounds entered (no replay)."""
    if not rounds:
        return "Not started"
    said = f"Round {rounds}"
    if game.goal_rounds:
        return f"{said} of {game.goal_rounds}"
    if game.goal_target:
        return f"{said}, playing to {game.goal_target} points"
    return said


class ImportForm(forms.Form):
    record = forms.FileField(label="A game record (bottle-imp/1 JSON)")


def _home(request: HttpRequest, form: ImportForm, errors: list[str], status: int) -> HttpResponse:
    context = {"games": remembered_games(request), "import_form": form, "import_errors": errors}
    return render(request, "sharing/home.html", context, status=status)


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The start page: the games this browser has opened, a new game, an import."""
    return _home(request, ImportForm(), [], 200)


@require_POST
def import_game(request: HttpRequest) -> HttpResponse:
    """Upload a record: the engine checks it; a valid one becomes a new game."""
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _home(request, form, ["Choose a game record file to import."], 400)
    upload = form.cleaned_data["record"]
    try:
        if upload.size > MAX_RECORD_BYTES:
            raise RecordRefused([f"the file is larger than {MAX_RECORD_BYTES // 1024} KiB"])
        game = import_record(read_record(upload.read()))
    except RecordRefused as refused:
        return _home(request, ImportForm(), refused.errors, 400)
    remember_game(request, Access(game, game.edit_token, True))
    return redirect(game_path(game.edit_token))


# --- share, regenerate, delete ---------------------------------------------


@require_safe
def share(request: HttpRequest, token: str) -> HttpResponse:
    """The view link (and, for editors on request, the edit link) as QR codes."""
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
        "view_url": view_url,
        "view_qr": qr_svg(view_url),
        "show_edit": show_edit,
        "game_url": game_path(token),
    }
    if show_edit:
        edit_url = request.build_absolute_uri(game_path(game.edit_token))
        context.update(edit_url=edit_url, edit_qr=qr_svg(edit_url))
    return render(request, "sharing/share.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def regenerate(request: HttpRequest, token: str) -> HttpResponse:
    """Replace the edit link (after a confirm page): old copies then lead nowhere."""
    if request.method != "POST":
        access = find_game(token)
        access.require_edit()
        return render(request, "sharing/regenerate.html", {"access": access, "token": token})
    with transaction.atomic():
        access = find_game(token, lock=True)
        access.require_edit()
        game = access.game
        game.edit_token = new_token()
        game.version += 1
        game.save(update_fields=["edit_token", "version", "updated"])
    _forget(request, {token})
    remember_game(request, Access(game, game.edit_token, True))
    return redirect(game_path(game.edit_token))


@require_http_methods(["GET", "HEAD", "POST"])
def delete(request: HttpRequest, token: str) -> HttpResponse:
    """Delete a game and all its rounds (after a confirm page)."""
    if request.method != "POST":
        access = find_game(token)
        access.require_edit()
        return render(request, "sharing/delete.html", {"access": access, "token": token})
    with transaction.atomic():
        access = find_game(token, lock=True)
        access.require_edit()
        game = access.game
        tokens = {game.edit_token, game.view_token}
        game.delete()
    _forget(request, tokens)
    return redirect("imp:home")


# --- live standings ---------------------------------------------------------


def peek_game(token: str) -> Game:
    """Only the game row's version fields, in one query, for a conditional GET (or 404)."""
    if not token or len(token) > TOKEN_MAX:
        raise Http404("No such game.")
    # Plain SQL: compiling the ORM's query took most of a 304's time.
    found = Game.objects.raw(
        f"SELECT id, version, updated, edit_token, view_token FROM {Game._meta.db_table}"
        " WHERE edit_token = %s OR view_token = %s",
        [token, token],
    )
    game = next(iter(found), None)
    if game is None:
        raise Http404("No such game.")
    edit = secrets.compare_digest(game.edit_token, token)
    view = secrets.compare_digest(game.view_token, token)
    if not (edit or view):
        raise Http404("No such game.")
    return game


def etag_of(game: Game) -> str:
    """A strong validator of the game's state: it changes with every change."""
    return f'"g{game.pk}v{game.version}"'


def not_modified(request: HttpRequest, token: str) -> tuple[HttpResponse | None, Game]:
    """A 304 when the client's copy is current (one query, no replay)."""
    game = peek_game(token)
    response = get_conditional_response(
        request, etag=etag_of(game), last_modified=int(game.updated.timestamp())
    )
    if response is not None:
        response = validated(response, game)
    return response, game


def validated(response: HttpResponse, game: Game) -> HttpResponse:
    """Mark a response with the game's validators; clients must revalidate."""
    response["ETag"] = etag_of(game)
    response["Last-Modified"] = http_date(int(game.updated.timestamp()))
    patch_cache_control(response, private=True, no_cache=True)
    return response


@require_safe
def live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The game page's standings partial, polled every 3 s by each screen.

    Conditional GET: an unchanged game answers 304 after one query.
    """
    from companion.game_page import game_context  # the game page imports this module

    response, _ = not_modified(request, token)
    if response is not None:
        return response
    access = find_game(token)
    response = render(request, "imp/game.html#game", game_context(access))
    return validated(response, access.game)


__all__ = [
    "delete",
    "home",
    "import_game",
    "live",
    "regenerate",
    "remember_game",
    "share",
]
