"""The app's URL patterns, walked for the security and fuzz tests.

Whatever another engineer adds to ``companion/urls.py`` is picked up here
without editing the tests: each pattern's arguments are filled from a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

from django.urls import NoReverseMatch, URLPattern, reverse

from companion import urls
from companion.models import Game


@dataclass(frozen=True)
class Route:
    """One named URL pattern of the "imp" namespace."""

    name: str
    args: tuple[str, ...]

    @property
    def needs_game(self) -> bool:
        return "token" in self.args

    @property
    def is_group(self) -> bool:
        """A group's page (its token is the group's, not a game's)."""
        return self.name.startswith("group")

    def url(self, token: str = "", **values: object) -> str | None:
        """The path with ``token`` and small numbers filled in; None if an
        argument is of a kind these tests cannot guess."""
        kwargs: dict[str, object] = {}
        for arg in self.args:
            if arg == "token":
                kwargs[arg] = token
            elif arg in values:
                kwargs[arg] = values[arg]
            elif arg in {"number", "round", "trick", "n"}:
                kwargs[arg] = 1
            elif arg in {"seat", "index", "player"}:
                kwargs[arg] = 0
            else:
                return None
        try:
            return reverse(f"imp:{self.name}", kwargs=kwargs)
        except NoReverseMatch:
            return None


def app_routes() -> list[Route]:
    """Every named pattern in companion/urls.py."""
    found = []
    for pattern in urls.app_patterns:
        if not isinstance(pattern, URLPattern) or not pattern.name:
            continue
        converters = getattr(pattern.pattern, "converters", {})
        args = tuple(converters) or tuple(re.findall(r"\(\?P<(\w+)>", str(pattern.pattern)))
        found.append(Route(pattern.name, args))
    return found


def game_routes() -> list[Route]:
    """The patterns under g/<token>/."""
    return [route for route in app_routes() if route.needs_game]


def plain_routes() -> list[Route]:
    """The patterns that need no game."""
    return [route for route in app_routes() if not route.args]


def make_game(players: tuple[str, ...] = ("Adam", "Betty", "Christian")) -> Game:
    """A fresh classic game through the table app's verb (or the ORM)."""
    try:
        from companion.actions import create_game
    except ImportError:  # pragma: no cover - before the table app existed
        game = Game.objects.create(players=list(players), variant="classic")
        game.rounds.create(number=1)
        return game
    return create_game(players=list(players), variant="classic")


def snapshot(game_pk: int) -> object:
    """Everything stored about a game, to compare before and after."""
    game = Game.objects.filter(pk=game_pk).values().first()
    if game is None:
        return None
    game.pop("updated", None)
    rounds = list(Game.objects.get(pk=game_pk).rounds.values().order_by("number"))
    submissions = list(Game.objects.get(pk=game_pk).submissions.values_list("key", flat=True))
    return game, rounds, sorted(submissions)


URL_ATTRIBUTES = frozenset(
    {"href", "src", "action", "formaction", "srcset", "poster", "xlink:href"}
    | {f"hx-{verb}" for verb in ("get", "post", "put", "patch", "delete")}
)
"""The attributes a browser (or htmx) follows as a URL: where a javascript:
URL would run. A data-* attribute or a value is only text."""


class InlineCode(HTMLParser):
    """Collects whatever a strict CSP would block: inline scripts, <style>
    blocks, style="" attributes, on*="" handlers, javascript: URLs, hx-on."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if tag == "script" and not names.get("src"):
            self.found.append(f"<script> without src: {attrs}")
        if tag == "style":
            self.found.append("<style> block")
        for name, value in attrs:
            if name == "style":
                self.found.append(f'style="{value}" on <{tag}>')
            elif name.startswith("on") or name.startswith("hx-on"):
                self.found.append(f"{name}= on <{tag}>")
            elif name in URL_ATTRIBUTES and (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"{name}={value!r} on <{tag}>")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)


def inline_code(html: str) -> list[str]:
    """What a strict CSP would block in this HTML (empty when clean)."""
    parser = InlineCode()
    parser.feed(html)
    parser.close()
    return parser.found
