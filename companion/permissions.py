"""The browser features the app's pages may use: a ``Permissions-Policy``
header on every answer (Django has no setting for it).

The app uses two: the screen wake lock (``static/js/wakelock.js`` keeps the
round screen on at the table) and writing to the clipboard (the share
page's *Copy* buttons, ``static/js/share.js``), both for its own pages
only. Every other powerful feature is denied, to its pages and to anything
framed in them: a page that an injected script reached still could not
open the camera, the microphone or the phone's location.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

USED = {"screen-wake-lock": "(self)", "clipboard-write": "(self)"}
"""The features the app's scripts use, for its own origin only."""

DENIED = (
    "accelerometer",
    "autoplay",
    "camera",
    "clipboard-read",
    "display-capture",
    "encrypted-media",
    "fullscreen",
    "gamepad",
    "geolocation",
    "gyroscope",
    "hid",
    "idle-detection",
    "local-fonts",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "picture-in-picture",
    "publickey-credentials-get",
    "screen-wake-lock",
    "serial",
    "usb",
    "xr-spatial-tracking",
)
"""Features no page of the app uses (one of them given back by :data:`USED`).
Only names Chromium knows: it reports an unknown one as an error on every
page (ambient-light-sensor, bluetooth, and web-share on desktop Linux)."""

POLICY = ", ".join(f"{feature}={USED.get(feature, '()')}" for feature in sorted({*DENIED, *USED}))
"""The header's value: each feature and the origins that may use it."""


class PermissionsPolicy:
    """Adds the ``Permissions-Policy`` header to every answer (pages, errors,
    static files), unless a view set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", POLICY)
        return response
