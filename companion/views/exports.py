"""Exports of a game (record, standings, scores) and the JSON API that
creates a game from a record.

Every export works with either link and answers conditional GETs: an
unchanged game is a 304 after one query.
"""

from __future__ import annotations

import hashlib
import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe

from companion import actions
from companion.access import conditional, peeked
from companion.links import game_path
from companion.models import Game
from companion.present import Replayed
from companion.replay import record_data
from companion.transfer import (
    MAX_RECORD_BYTES,
    RecordRefused,
    import_record,
    read_record,
    scores_csv,
    standings_text,
)

MAX_KEY_LENGTH = 255
"""The longest ``Idempotency-Key`` header taken."""


def _filename(game_pk: int, suffix: str) -> str:
    return f"bottle-imp-game-{game_pk}{suffix}"


@require_safe
@conditional
def record_json(request: HttpRequest, token: str) -> HttpResponse:
    """The game as a `bottle-imp/1` record; ``?download=1`` saves it as a file."""
    game = peeked(request, token).game
    body = json.dumps(record_data(game), ensure_ascii=False, indent=2) + "\n"
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    if request.GET.get("download") == "1":
        name = _filename(game.pk, ".json")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_safe
@conditional
def standings_json(request: HttpRequest, token: str) -> HttpResponse:
    """The engine's output document of the confirmed rounds, the same bytes as
    ``python -m scoring score`` for them; a complete round waiting for the
    table's Confirm follows, marked as such, not in the totals."""
    text = standings_text(Replayed.of(peeked(request, token).game).counted)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    return response


@require_safe
@conditional
def scores_csv_view(request: HttpRequest, token: str) -> HttpResponse:
    """Round-by-round scores as CSV: player names, one row a confirmed round,
    the totals, then a round waiting for the table's Confirm, marked as such."""
    game = peeked(request, token).game
    body = scores_csv(Replayed.of(game).counted)
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    name = _filename(game.pk, "-scores.csv")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _errors(status: int, *messages: str) -> JsonResponse:
    return JsonResponse({"errors": list(messages)}, status=status)


@csrf_exempt  # A machine client with no session: the body is the whole request.
@require_POST
def create_game(request: HttpRequest) -> HttpResponse:
    """POST /api/games with a `bottle-imp/1` record: 201 and the two links,
    400 with the engine's findings, 413 for a body over 1 MiB. Sent again
    with the same ``Idempotency-Key`` header and record (a retry), it
    answers the first call's game (marked ``Idempotent-Replayed``) and
    makes no other."""
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return _errors(400, "Content-Length must be a number")
    too_big = f"the record must be at most {MAX_RECORD_BYTES // 1024} KiB"
    if declared > MAX_RECORD_BYTES:
        return _errors(413, too_big)
    raw = request.read(MAX_RECORD_BYTES + 1)
    if len(raw) > MAX_RECORD_BYTES:
        return _errors(413, too_big)
    key = request.headers.get("Idempotency-Key", "")
    if len(key) > MAX_KEY_LENGTH:
        return _errors(400, f"Idempotency-Key must be at most {MAX_KEY_LENGTH} characters")
    sent = actions.sent_digest("api", key, hashlib.sha256(raw).hexdigest()) if key else None
    try:
        game, made = actions.create_once(Game, sent, lambda: import_record(read_record(raw)))
    except RecordRefused as refused:
        return _errors(400, *refused.errors)
    edit_url = request.build_absolute_uri(game_path(game.edit_token))
    view_url = request.build_absolute_uri(game_path(game.view_token))
    response = JsonResponse({"edit_url": edit_url, "view_url": view_url}, status=201)
    response["Location"] = edit_url
    if not made:  # the same key and record again: the first call's game
        response["Idempotent-Replayed"] = "true"
    return response
