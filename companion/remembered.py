"""The games this browser has opened, kept in its session (no accounts):
the home page lists them, newest first."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Count, Q
from django.http import HttpRequest
from django.utils import timezone

from companion.access import Access
from companion.links import game_path
from companion.models import Game
from scoring.variants import VARIANTS

SESSION_KEY = "imp_games"
REMEMBER_MAX = 50
"""How many games the home page remembers per browser."""


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


def forget(request: HttpRequest, tokens: set[str]) -> None:
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
    forget(request, {token for token in tokens if token not in by_token})
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
