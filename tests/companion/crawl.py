"""The app's forms, read from its pages for the fuzz tests: games at every
stage of play, for several variants, are crawled through their edit links,
so every form the app can show is found (a form added later too).

Stages: a new game (the dealer and quick-entry forms), a trick half played
(corrections), a revoke (the dismiss form), a card taken back (redo), a round complete and not
confirmed (confirm), the next round, a finished game, Lopaka and Bright House
(known hands), and a deleted game (no form: every page is a 404).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from django.test import Client
from django.urls import Resolver404, resolve

from companion import actions
from companion.models import Game, Group
from companion.transfer import import_record, read_record
from scoring.cards import card_code
from tests.companion.app_routes import app_routes, game_routes, make_game, plain_routes
from tests.companion.tables import simulated

REVOKE = ("24", "15", "17", "4", "6", "8")  # Christian did not follow blue, then plays 8


def play(game: Game, *cards: str) -> Game:
    """Enter cards through the app's verb, each one accepted."""
    for card in cards:
        game.refresh_from_db()
        actions.play_card(game, actions.Stamp(game.version, secrets.token_hex(16)), card_code(card))
    game.refresh_from_db()
    return game


def imported(rounds: list, goal_rounds: int = 2) -> Game:
    """A classic game of three made by importing a record with these rounds
    (one replay, faster than entering each card)."""
    record = simulated("classic", 3, rounds=1, seed=5)
    played = record["rounds"][0]
    record["goal"] = {"rounds": goal_rounds}
    record["rounds"] = [played if item == "played" else item for item in rounds]
    return import_record(read_record(json.dumps(record)))


def _undone() -> Game:
    """Two cards entered, the last one taken back (the redo form appears)."""
    game = play(make_game(), "24", "15")
    actions.undo(game, actions.Stamp(game.version, secrets.token_hex(16)))
    game.refresh_from_db()
    return game


def _in_group() -> Game:
    """A game started in a group: the group's pages are crawled too."""
    players = ["Adam", "Betty", "Christian"]
    group = actions.create_group("Thursdays", players)
    return actions.create_game(players=players, variant="classic", group=group)


def _deleted() -> Game:
    game = make_game(("Dee", "Eli", "Fay"))
    Game.objects.filter(pk=game.pk).delete()
    return game


STAGES: dict[str, Callable[[], Game]] = {
    "new": make_game,
    "mid-trick": lambda: play(make_game(), "24", "15", "17", "32"),
    "revoke": lambda: play(make_game(), *REVOKE),
    "undone": _undone,
    "round complete": lambda: imported(["played"]),
    "next round": lambda: imported(["played", {"tricks": []}]),
    "finished": lambda: imported(["played"], goal_rounds=1),
    "lopaka": lambda: actions.create_game(
        players=["Adam", "Betty"], variant="lopaka", goal_rounds=4
    ),
    "bright house": lambda: actions.create_game(players=["Adam", "Betty"], variant="bright-house"),
    "in a group": _in_group,
    "deleted": _deleted,
}
"""How to make a game at each stage the crawl visits."""


@dataclass
class FormSpec:
    """A <form> as a browser would send it, and the game it was read from."""

    page: str
    method: str
    action: str
    enctype: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    choices: dict[str, list[str]] = field(default_factory=dict)
    stage: str = ""
    tokens: tuple[str, str] = ("", "")

    @property
    def route(self) -> str:
        """The name of the URL pattern the form posts to."""
        try:
            return resolve(urlsplit(self.action).path).url_name or ""
        except Resolver404:
            return ""

    def key(self) -> tuple:
        names = tuple(sorted({name for name, _ in self.fields} | set(self.choices)))
        return (self.method, self.route, names)


class FormReader(HTMLParser):
    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.forms: list[FormSpec] = []
        self.current: FormSpec | None = None
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            action = urljoin(self.page, a.get("action") or self.page)
            method = (a.get("method") or "get").lower()
            self.current = FormSpec(self.page, method, action, a.get("enctype", ""))
            self.forms.append(self.current)
        elif self.current is None:
            return
        elif tag in {"input", "textarea", "button"} and a.get("name"):
            kind = a.get("type", "text").lower()
            if kind in {"checkbox", "radio"} and "checked" not in a:
                self.current.choices.setdefault(a["name"], []).append(a.get("value", "on"))
                return
            self.current.fields.append((a["name"], a.get("value", "")))
        elif tag == "select" and a.get("name"):
            self.select = a["name"]
            self.current.fields.append((a["name"], ""))
        elif tag == "option" and self.select:
            self.current.choices.setdefault(self.select, []).append(a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None


def pages_of(game: Game) -> set[str]:
    """Every routed page, the game's through its edit link (a round's
    detail and trick pages for each of its rounds)."""
    pages = {route.url() for route in plain_routes()}
    rounds = max(1, game.rounds.count()) if Game.objects.filter(pk=game.pk).exists() else 1
    for route in game_routes():
        for number in range(1, rounds + 1):
            pages.add(route.url(game.edit_token, number=number, trick=1))
    group = Group.objects.filter(games=game.pk).first()
    if group is not None:  # the group's pages, through its edit link
        pages |= {route.url(group.edit_token) for route in game_routes() if route.is_group}
    return {page for page in pages if page}


def crawl(stage: str, game: Game, client: Client) -> list[FormSpec]:
    """Every form on every page of this game (and the plain pages)."""
    found = []
    for page in sorted(pages_of(game)):
        response = client.get(page)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        reader = FormReader(page)
        reader.feed(response.text)
        for form in reader.forms:
            if urlsplit(form.action).path.startswith("/admin"):
                continue
            form.stage, form.tokens = stage, (game.edit_token, game.view_token)
            found.append(form)
    return found


def every_form() -> list[FormSpec]:
    """The app's forms, one of each kind (method, route, field names), read
    from games at every stage."""
    client = Client(raise_request_exception=False)
    forms: dict[tuple, FormSpec] = {}
    for stage, make in STAGES.items():
        for form in crawl(stage, make(), client):
            forms.setdefault(form.key(), form)
    return list(forms.values())


def mutating_routes() -> set[str]:
    """Every route of the urlconf that takes a POST (anything but a 405)."""
    game = make_game()
    client = Client(raise_request_exception=False)
    found = set()
    for route in app_routes():
        url = route.url(game.view_token)
        if url is not None and client.post(url, {}).status_code != 405:
            found.add(route.name)
    return found
