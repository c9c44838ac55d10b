"""Views of the companion app."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    """The start page."""
    return render(request, "home.html")
