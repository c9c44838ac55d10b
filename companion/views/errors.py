"""The app's own page for a request it cannot read (400), in the reader's
language.

Django's default 400 view checks the CSRF token first (it is decorated with
``requires_csrf_token``), which reads the form again: a form the request
could not be read as (one posted in a charset other than UTF-8) raised a
second time in the 400 view, and the answer was a 500. This one only
renders the page.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 400 page: the request could not be read; nothing was changed."""
    body = render_to_string("400.html", request=request)
    return HttpResponse(body, status=400, content_type="text/html; charset=utf-8")
