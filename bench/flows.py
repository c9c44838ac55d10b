"""What a phone at the table does, over HTTP: open the round page, enter a
card the way htmx posts it, poll the live standings with If-None-Match.

The round page's card form is found by its ``card`` field; its hidden
fields (version, idempotency key, CSRF token) are read from the page and
then from each partial the server answers with, as htmx would swap them in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bench.client import Client, Form, Page, Reply, read_page
from bench.server import HOST

ACCEPT_ENCODING = "gzip, br"


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
        return reply

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
        page = read_page(reply.text)
        self.forms = page.forms
        self.form = card_form(page)
        return reply

    def enter(self, card: str) -> Reply:
        """Tap a card in the picker: one htmx POST, answered with the round partial."""
        if self.form is None:
            self.open()
        if self.form is None:
            raise FlowError(f"{self.path}: no card form (is the round complete?)")
        return self.submit(self.form, {"card": card})

    def confirm(self) -> Reply:
        """Confirm the complete round; the next round starts."""
        for form in self.forms:
            if (form.attrs.get("hx-post") or form.action).endswith("/round/confirm/"):
                return self.submit(form, {})
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
