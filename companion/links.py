"""A game's links: the path of a token's game page, a link as a QR code, and
the screens whose events stream is pushed what they show."""

from __future__ import annotations

from functools import lru_cache

import segno
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

ROUND = "round"
"""A seat link's round screen, as its events stream names it (``?screen=``):
it is pushed the answer to its poll after cards played on."""
STANDINGS = "standings"
"""A link's standings (its game page), as its events stream names it: it is
pushed the live partial after every change."""


def game_path(token: str) -> str:
    """The game page of a token (edit or view link)."""
    return reverse("imp:game", args=[token])


def qr_svg(url: str) -> SafeString:
    """The URL as an inline SVG QR code, drawn on the server, scaling to its box."""
    return _drawn(url, gettext("QR code of the link"))


@lru_cache(maxsize=256)
def _drawn(url: str, title: str) -> SafeString:
    """A link drawn once per process (the round screen shows its game's view
    link on every full load): segno's markup, the URL escaped by segno."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, dark="#000", light="#fff", omitsize=True, title=title
    )
    return mark_safe(svg)  # noqa: S308 -- segno's own markup, the URL is escaped by segno


def shared_link(url: str) -> dict[str, str]:
    """A link as the share pages and the round screen show it: its address
    and its QR code."""
    return {"url": url, "qr": qr_svg(url)}
