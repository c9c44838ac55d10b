"""What a phone at the table does, over HTTP: open the round page, enter a
card the way htmx posts it, poll the live standings with If-None-Match.

The round page's card form is found by its ``card`` field; its hidden
fields (version, idempotency key, CSRF token) are read from the page and
then from each partial the server answers with, as htmx would swap them in.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass

from bench.client import Client, Form, Page, Reply, read_page
from bench.server import HOST

ACCEPT_ENCODING = "gzip, br"
VERSION = re.compile(r'name="version" value="(\d+)"')
PLAY = re.compile(r'<section id="play"[^>]*\sdata-version="(\d+)"[^>]*\sdata-send="([^"]+)"')
"""The round screen's play region: the game's version and where its script sends a card."""


class FlowError(Exception):
    """The app answered something a phone would show as an error."""


def url_of(name: str, token: str) -> str:
    """A named URL of the "imp" namespace for a game token."""
    from django.urls import reverse

    return reverse(f"imp:{name}", args=[token])


def round_path(token: str) -> str:
    """The page where the table enters cards (the game page of the edit link)."""
    from django.urls import NoReverseMatch

    for name in ("round", "game"):
        try:
            return url_of(name, token)
        except NoReverseMatch:
            continue
    return f"/g/{token}/"


def standings_path(token: str) -> str:
    """The standings page of a game (the view link's page when there is none)."""
    from django.urls import NoReverseMatch

    for name in ("standings", "game"):
        try:
            return url_of(name, token)
        except NoReverseMatch:
            continue
    return f"/g/{token}/"


def card_form(page: Page) -> Form | None:
    """The form that enters one card."""
    for form in page.forms:
        if "card" in form.fields or any(name == "card" for name, _ in form.buttons):
            return form
    return None


@dataclass
class Entry:
    """One card entered: the answer and whether it completed a trick."""

    reply: Reply
    completes_trick: bool


class Phone:
    """The table's phone on a game's edit link."""

    def __init__(self, port: int, token: str) -> None:
        self.port = port
        self.token = token
        self.client = Client(port)
        self.path = round_path(token)
        self.form: Form | None = None
        self.forms: list[Form] = []
        self.csrf = ""
        self.page: Reply | None = None
        self.send: str | None = None
        """Where the round screen's script sends a card, when the page has one."""
        self.version = ""
        self.last: Reply | None = None
        """The last card's answer, when the script's way sent it."""

    @property
    def origin(self) -> str:
        return f"http://{HOST}:{self.port}"

    def open(self) -> Reply:
        """GET the round page: its card form and CSRF token."""
        reply = self.client.get(self.path, {"Accept-Encoding": ACCEPT_ENCODING})
        if reply.status != 200:
            raise FlowError(f"GET {self.path}: {reply.status}")
        page = read_page(reply.text)
        if page.csrf_header:
            self.csrf = json.loads(page.csrf_header).get("X-CSRFToken", self.csrf)
        self.forms = page.forms
        self.form = card_form(page)
        self.page = reply
        self._read_play(reply.text)
        return reply

    def _read_play(self, html: str) -> bool:
        """The version and the send address of the page's play region."""
        found = PLAY.search(html)
        if found is None:
            self.send = None
            return False
        self.version, self.send = found.group(1), found.group(2)
        return True

    def htmx_headers(self, target: str | None) -> dict[str, str]:
        headers = {
            "HX-Request": "true",
            "HX-Current-URL": self.origin + self.path,
            "HX-Target": (target or "round").lstrip("#"),
            "X-CSRFToken": self.csrf,
            "Origin": self.origin,
            "Accept": "text/html, */*",
            "Accept-Encoding": ACCEPT_ENCODING,
        }
        return headers

    def submit(self, form: Form, extra: dict[str, str]) -> Reply:
        """POST a form as htmx does; the forms of the partial replace the old ones."""
        data = {**form.fields, **extra}
        action = form.attrs.get("hx-post") or form.action or self.path
        reply = self.client.post(action, data, self.htmx_headers(form.attrs.get("hx-target")))
        if reply.status != 200:
            raise FlowError(f"POST {action} {extra}: {reply.status} {reply.text[:300]!r}")
        if not self._next_card(form, reply):
            page = read_page(reply.text)
            self.forms = page.forms
            self.form = card_form(page)
        return reply

    def _next_card(self, form: Form, reply: Reply) -> bool:
        """After a card, the next card goes through the same form, as the
        round screen's script sends it: the game's version from the answer
        and a key of its own. (Parsing the whole answer as well cost the
        bench's client ~3 ms a card on the machine it measures.)"""
        if form is not self.form or 'name="card"' not in reply.text:
            return False
        found = VERSION.search(reply.text)
        if found is None:
            return False
        form.fields["version"] = found.group(1)
        form.fields["key"] = uuid.uuid4().hex
        return True

    def enter(self, card: str) -> Reply:
        """Tap a card in the picker: one POST, as the round screen's script
        sends it (answered with the play region alone), or as htmx posts the
        picker's form on a page without that script."""
        if self.form is None and self.send is None:
            self.open()
        if self.send is not None:
            return self._send_card(card)
        if self.form is None:
            raise FlowError(f"{self.path}: no card form (is the round complete?)")
        return self.submit(self.form, {"card": card})

    def _send_card(self, card: str) -> Reply:
        """What static/js/round.js does with a tap: the card, the version of
        the last answer, a key of its own; HX-Target "play"."""
        data = {"version": self.version, "key": uuid.uuid4().hex, "card": card}
        assert self.send is not None
        reply = self.client.post(self.send, data, self.htmx_headers("play"))
        if reply.status != 200:
            raise FlowError(f"POST {self.send} {card}: {reply.status} {reply.text[:300]!r}")
        self.last = reply
        if not self._read_play(reply.text):
            self.form = None  # no play region: the next card opens the page again
        return reply

    def confirm(self) -> Reply:
        """Confirm the complete round; the next round starts (its page is
        opened afresh by the next card)."""
        forms = self.forms
        if self.last is not None:
            forms = read_page(self.last.text).forms
        for form in forms:
            if (form.attrs.get("hx-post") or form.action).endswith("/round/confirm/"):
                reply = self.submit(form, {})
                self.form, self.send, self.last = None, None, None
                return reply
        raise FlowError(f"{self.path}: no confirm form")

    def close(self) -> None:
        self.client.close()


class Viewer:
    """A screen polling a game's live standings with If-None-Match."""

    def __init__(self, port: int, token: str) -> None:
        self.client = Client(port)
        self.path = url_of("live", token)
        self.etag: str | None = None

    def poll(self, conditional: bool = True) -> Reply:
        headers = {"HX-Request": "true", "Accept-Encoding": ACCEPT_ENCODING}
        if conditional and self.etag:
            headers["If-None-Match"] = self.etag
        reply = self.client.get(self.path, headers)
        if reply.status not in (200, 304):
            raise FlowError(f"GET {self.path}: {reply.status}")
        if reply.status == 200:
            self.etag = reply.headers.get("etag", self.etag)
        return reply

    def close(self) -> None:
        self.client.close()
