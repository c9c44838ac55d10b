"""What a phone may keep of a page for use without a connection.

The service worker (``templates/app/sw.js``) keeps a copy of each page a
phone opens. A page that carries an edit token (a game's or a group's edit
link) or lists this browser's edit links (the home page) is *private*: it
answers ``Cache-Control: no-store`` (the browser's HTTP cache never keeps
it; the worker keeps its own copy only while this browser holds the game).

Every page also tells the worker which links this browser's session holds
(``X-Imp-Held``: digests of the tokens of the games and groups it
remembers) and the
session's mark (``X-Imp-Mark``: a random value, also in the cookie
``imp_mark``, which page scripts can read). The worker drops a private copy
whose link is no longer held (the game deleted, its link replaced) or that
was kept for another session; offline, a private copy is shown only while
the ``imp_mark`` cookie still names its session (cookies cleared: never).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control

from companion.access import edit_link_opened
from companion.remembered import GROUPS_KEY, SESSION_KEY

MARK_KEY = "imp_mark"
"""The session's mark, in the session and in the cookie of the same name."""


def held_digests(held: list[str]) -> str:
    """The held links as the worker is told them: the first 16 hex digits of
    each token's SHA-256 (the worker hashes the token of a page's URL), so
    that no header kept anywhere gives an edit link away."""
    return " ".join(hashlib.sha256(token.encode()).hexdigest()[:16] for token in held)


def held_tokens(request: HttpRequest) -> list[str]:
    """The tokens of the games and groups this browser's session remembers."""
    games = [
        entry["token"]
        for entry in request.session.get(SESSION_KEY, [])
        if isinstance(entry, dict) and isinstance(entry.get("token"), str)
    ]
    groups = [token for token in request.session.get(GROUPS_KEY, []) if isinstance(token, str)]
    return games + groups


def session_mark(request: HttpRequest, held: list[str]) -> str:
    """The session's mark, made when it first holds a link ("" before)."""
    mark = request.session.get(MARK_KEY)
    if isinstance(mark, str) and mark:
        return mark
    if not held:
        return ""
    mark = secrets.token_urlsafe(12)
    request.session[MARK_KEY] = mark
    return mark


def is_private(request: HttpRequest) -> bool:
    """Whether the answer carries an edit token (the request opened a game
    or a group by its edit link) or lists this browser's links (the home
    page, once the session holds any)."""
    if edit_link_opened.get():
        return True
    match = request.resolver_match
    return match is not None and match.view_name == "imp:home" and bool(held_tokens(request))


class KeptPages:
    """Marks private answers ``no-store`` and tells the service worker which
    links this session holds (see the module's docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        opened = edit_link_opened.set(False)
        try:
            response = self.get_response(request)
            if request.method in ("GET", "HEAD") and response.status_code == 200:
                self.mark(request, response)
            return response
        finally:
            edit_link_opened.reset(opened)

    def mark(self, request: HttpRequest, response: HttpResponse) -> None:
        if is_private(request):
            patch_cache_control(response, no_store=True)
        # A page, not a part of one (htmx): a poll reads no session.
        page = response.get("Content-Type", "").startswith("text/html")
        if page and "HX-Request" not in request.headers:
            tell_the_worker(request, response)


def tell_the_worker(request: HttpRequest, response: HttpResponse) -> None:
    """The links this session holds and its mark, as headers (and the mark
    as a cookie page scripts can read, set again while the session lasts)."""
    held = held_tokens(request)
    mark = session_mark(request, held)
    response["X-Imp-Held"] = held_digests(held)
    response["X-Imp-Mark"] = mark
    if mark and (request.COOKIES.get(MARK_KEY) != mark or request.session.modified):
        response.set_cookie(MARK_KEY, mark, **_cookie_options())


def _cookie_options() -> dict[str, Any]:
    return {
        "max_age": settings.SESSION_COOKIE_AGE,
        "path": "/",
        "secure": settings.SESSION_COOKIE_SECURE,
        "samesite": settings.SESSION_COOKIE_SAMESITE,
        "httponly": False,  # read by static/js/offline.js; it holds no secret
    }
