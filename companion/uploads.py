"""How large a request may be, refused before it is read: by its declared
length, and, for an uploaded file, while it is read.

Django reads a file of a form into memory up to FILE_UPLOAD_MAX_MEMORY_SIZE
and writes a larger one to a temporary file whole, before any view could
look at its size: a 50 MB upload was written to disk to be refused as
larger than 1 MiB. Here:

- :class:`BodyLimit` (a middleware, before anything reads the body) answers
  413 to a request that declares a body larger than :data:`MAX_BODY_BYTES`,
  without reading it; and 411 to one that does not say its length (a chunked
  upload: Django reads a body only up to its declared length, so it would
  see nothing of it);
- :class:`RecordUpload` (the only upload handler, FILE_UPLOAD_HANDLERS)
  keeps a file in memory and stops the upload (Django's ``StopUpload``) as
  soon as the file passes :data:`~companion.transfer.MAX_RECORD_BYTES`:
  nothing is ever written to a temporary file.
"""

from __future__ import annotations

from collections.abc import Callable
from io import BytesIO
from typing import Any

from django.core.files.uploadedfile import InMemoryUploadedFile
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext

from companion.transfer import MAX_RECORD_BYTES

MAX_BODY_BYTES = MAX_RECORD_BYTES + 64 * 1024
"""The largest request body read at all: a record of the largest size, with
room for the form around it (its boundaries, the CSRF token)."""


def too_large_text() -> str:
    return gettext("the file is larger than %(n)s KiB") % {"n": MAX_RECORD_BYTES // 1024}


def refusal(request: HttpRequest, status: int) -> HttpResponse:
    """The 413 (or 411) answer, as JSON to a JSON client, else the app's page."""
    if status == 413:
        reason = too_large_text()
    else:
        reason = gettext("the upload did not say its size (Content-Length)")
    if request.content_type == "application/json":  # the API's words (companion.views.exports)
        if status == 413:
            reason = f"the record must be at most {MAX_RECORD_BYTES // 1024} KiB"
        return JsonResponse({"errors": [reason]}, status=status)
    body = render_to_string("413.html", {"reason": reason}, request=request)
    return HttpResponse(body, status=status, content_type="text/html; charset=utf-8")


def declared_length(request: HttpRequest) -> int | None:
    """The body's declared length; None when it is not declared (or not a number)."""
    raw = request.META.get("CONTENT_LENGTH") or ""
    return int(raw) if raw.isdigit() else None


class BodyLimit:
    """Refuses a body larger than :data:`MAX_BODY_BYTES` by its declared
    length, and a body of undeclared length, before it is read."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        length = declared_length(request)
        if length is not None and length > MAX_BODY_BYTES:
            return refusal(request, 413)
        if length is None and "chunked" in request.headers.get("Transfer-Encoding", "").lower():
            return refusal(request, 411)
        return self.get_response(request)


class RecordUpload(FileUploadHandler):
    """An uploaded file kept in memory, up to :data:`MAX_RECORD_BYTES`:
    past it the upload stops (the file is dropped, ``too_large`` is set, and
    the view says why). Nothing is written to disk."""

    def __init__(self, request: HttpRequest | None = None) -> None:
        super().__init__(request)
        self.too_large = False
        self.data = BytesIO()

    def new_file(self, *args: Any, **kwargs: Any) -> None:
        super().new_file(*args, **kwargs)
        self.data = BytesIO()

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        if start + len(raw_data) > MAX_RECORD_BYTES:
            self.too_large = True
            raise StopUpload(connection_reset=False)
        self.data.write(raw_data)
        return None

    def file_complete(self, file_size: int) -> InMemoryUploadedFile:
        self.data.seek(0)
        return InMemoryUploadedFile(
            file=self.data,
            field_name=self.field_name,
            name=self.file_name,
            content_type=self.content_type,
            size=file_size,
            charset=self.charset,
            content_type_extra=self.content_type_extra,
        )


def upload_too_large(request: HttpRequest) -> bool:
    """Whether an upload of this request was stopped at the limit."""
    return any(getattr(handler, "too_large", False) for handler in request.upload_handlers)
