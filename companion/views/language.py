"""The language switch on every page (templates/language.html): a link per
language, so it works without JavaScript and puts no form on a page (a
view link's pages have none). The choice is kept in Django's language
cookie; without it the browser's Accept-Language counts (LocaleMiddleware).

A GET that sets a cookie: the worst another site can do with it is switch
a reader's language, so it needs no CSRF token.
"""

from __future__ import annotations

from typing import Literal, cast

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

LANGUAGE_CODES = frozenset(code for code, _ in settings.LANGUAGES)


def back_to(request: HttpRequest) -> str:
    """The page to go back to (``?next=``), if it is on this site; else home."""
    target = request.GET.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if safe and target.startswith("/") else "/"


SameSite = Literal["Lax", "Strict", "None"]
"""What a cookie's SameSite may say (Django's setting is a plain string)."""


@require_safe
@never_cache
def switch_language(request: HttpRequest, code: str) -> HttpResponseRedirect:
    """Read the app in this language from now on, back on the same page; 404
    for a language the app does not speak."""
    if code not in LANGUAGE_CODES:
        raise Http404("No such language.")
    response = HttpResponseRedirect(back_to(request))
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=cast(SameSite, settings.LANGUAGE_COOKIE_SAMESITE),
    )
    return response
