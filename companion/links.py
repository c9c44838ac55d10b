"""A game's links: the path of a token's game page, and a link as a QR code."""

from __future__ import annotations

import segno
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext


def game_path(token: str) -> str:
    """The game page of a token (edit or view link)."""
    return reverse("imp:game", args=[token])


def qr_svg(url: str) -> SafeString:
    """The URL as an inline SVG QR code, drawn on the server, scaling to its box."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, dark="#000", light="#fff", omitsize=True, title=gettext("QR code of the link")
    )
    return mark_safe(svg)  # noqa: S308 -- segno's own markup, the URL is escaped by segno
