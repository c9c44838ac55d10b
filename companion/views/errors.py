"""The app's own pages for a request it cannot read (400) and for a change
a link may not make (403), in the reader's language.

Django's default 400 view checks the CSRF token first (it is decorated with
``requires_csrf_token``), which reads the form again: a form the request
could not be read as (one posted in a charset other than UTF-8) raised a
second time in the 400 view, and the answer was a 500. This one only
renders the page.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from companion.access import SeatOnly


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 400 page: the request could not be read; nothing was changed."""
    body = render_to_string("400.html", request=request)
    return HttpResponse(body, status=400, content_type="text/html; charset=utf-8")


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 403 page: a view link cannot change the game; a seat link is
    told, in words, what it may do (its own cards, Agree, Flag a trick)."""
    context = {"seat_refusal": str(exception) if isinstance(exception, SeatOnly) else ""}
    body = render_to_string("403.html", context, request=request)
    return HttpResponse(body, status=403, content_type="text/html; charset=utf-8")
