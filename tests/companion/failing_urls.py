"""A test-only urlconf: the app's routes and one view that fails for real,
to see how a 500 is logged."""

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.urls import path

from companion import urls


def fails(request: HttpRequest, token: str) -> HttpResponse:
    raise ValueError(f"the game page {request.path} fell over")


def database_gone(request: HttpRequest, token: str) -> HttpResponse:
    raise OperationalError("server closed the connection unexpectedly")


urlpatterns = [
    path("g/<str:token>/database-gone/", database_gone),
    path("g/<str:token>/fails/", fails),
    *urls.urlpatterns,
]
