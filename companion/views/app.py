"""The app as a phone installs it: its web app manifest, and the service
worker that opens the app without a connection (the shell from the cache,
and the last state of each page this phone opened, marked as not live).

Both are served from the site's root: a service worker controls only the
pages under its own path, and the manifest names the whole site as the app.
"""

from __future__ import annotations

import hashlib
import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

SHELL = (
    "css/app.css",
    "django_htmx/htmx-2.min.js",
    "js/answers.js",
    "js/entry.js",
    "js/follow.js",
    "js/offline.js",
    "js/round.js",
    "js/share.js",
    "js/wakelock.js",
    "icons/bottle.svg",
    "icons/icon-192.png",
)
"""What the app needs to open at all, and the pages' scripts (the round
screen's too, for its first visit offline): cached when the worker is installed."""

START_URL = "/?launch=app"
"""Where the installed app opens: a phone whose last game is a seat opens
on it (:func:`companion.views.sharing.home`; offline, the worker's copy)."""


@require_safe
@cache_control(max_age=3600)
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: the name, the icons, how the app opens."""
    data = {
        "name": gettext("Bottle Imp Companion"),
        "short_name": gettext("Bottle Imp"),
        "description": gettext(
            "Keeps score for The Bottle Imp: enter each trick, the app does the rest."
        ),
        "lang": get_language(),
        "id": "/",
        "start_url": START_URL,
        "scope": "/",
        "display": "standalone",
        "background_color": "#fbfaf7",
        "theme_color": "#7a2e8e",
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icons/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_safe
@cache_control(no_cache=True)
def offline_page(request: HttpRequest) -> HttpResponse:
    """The page the service worker shows offline for an address this phone
    never opened (kept by the worker, in the reader's language)."""
    return render(request, "app/offline.html")


@require_safe
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, with the shell's file names of this deployment
    (a new deployment's names make a new worker, which replaces the old)."""
    shell = [static(name) for name in SHELL]
    version = hashlib.sha256("\n".join(shell).encode()).hexdigest()[:12]
    context = {
        "shell_json": json.dumps(shell),
        "version": version,
        "offline_url": reverse("offline"),
        "start_url": START_URL,
    }
    return render(request, "app/sw.js", context, content_type="text/javascript")
