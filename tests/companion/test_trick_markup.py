"""The trick partial's controls work as rendered: its "Fix trick" link (the
trick opened in place; a page of its own for a confirmed round's detail)
and its "Delete trick" form (asked twice), read from the round screen and
the round's detail
and used as a browser would, with Django's CSRF check on (the test client
skips it unless asked)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client

from companion.models import Round
from tests.companion.conftest import Seat, text
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db

FIRST_TRICK = ("24", "15", "17")  # Betty leads (Adam deals); Adam's 17 wins the bottle


class Forms(HTMLParser):
    """The forms of a page (action, hx-post, fields, button text) and its links."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self.links: dict[str, str] = {}
        self._form: dict | None = None
        self._link: str | None = None
        self._select: str | None = None
        self._button = False
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        found = dict(attrs)
        if tag == "form":
            self._form = {
                "method": (found.get("method") or "get").lower(),
                "action": found.get("action"),
                "hx-post": found.get("hx-post"),
                "fields": {},
                "button": "",
            }
            self.forms.append(self._form)
        elif tag == "input" and self._form is not None:
            self._form["fields"][found["name"]] = found.get("value", "")
        elif tag == "select" and self._form is not None:
            self._select = found["name"]
        elif tag == "option" and self._select is not None and "selected" in found:
            self._form["fields"][self._select] = found["value"]
        elif tag == "button" and self._form is not None:
            self._button = True
        elif tag == "a":
            self._link = found.get("href")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "button":
            self._button = False
        elif tag == "a":
            self._link = None

    def handle_data(self, data: str) -> None:
        if self._button and self._form is not None:
            self._form["button"] += data.strip()
        if self._link is not None and data.strip():
            self.links[data.strip()] = self._link

    def form(self, button: str) -> dict:
        (found,) = [form for form in self.forms if form["button"] == button]
        return found


@pytest.fixture
def browser() -> Client:
    """A browser on the edit link, whose posts must carry the CSRF token."""
    return Client(enforce_csrf_checks=True)


def tricks_of(game) -> list[list[str]]:
    return Round.objects.get(game=game, number=1).tricks


def test_the_round_screens_delete_form_works_as_rendered(editor, browser):
    editor.play(*FIRST_TRICK, "33")
    page = Forms(browser.get(editor.url("round")).text)
    delete = page.form("Yes, delete trick 1")

    response = browser.post(delete["action"], delete["fields"])

    assert delete["action"] == delete["hx-post"] == editor.url("delete_trick", 1, 1)
    assert delete["fields"]["csrfmiddlewaretoken"]
    assert response.status_code == 302
    assert response["Location"] == editor.url("round")
    assert tricks_of(editor.game) == []  # Adam's 33 is taken back: Betty leads trick 1 now


def test_the_opened_tricks_lists_delete_form_works_by_htmx(editor, browser):
    editor.play(*FIRST_TRICK, "33")
    browser.get(editor.url("round"))  # the page sets the CSRF cookie
    answer = browser.get(editor.url("round_tricks"), headers={"HX-Request": "true"})
    delete = Forms(answer.text).form("Yes, delete trick 1")

    response = browser.post(delete["hx-post"], delete["fields"], headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert "the bottle is now with nobody (before: Adam)" in text(response)
    assert tricks_of(editor.game) == []  # Adam's 33 is taken back: Betty leads trick 1 now


def test_the_delete_form_without_its_csrf_token_is_refused(editor, browser):
    editor.play(*FIRST_TRICK)
    delete = Forms(browser.get(editor.url("round")).text).form("Yes, delete trick 1")
    fields = {
        name: value for name, value in delete["fields"].items() if name != "csrfmiddlewaretoken"
    }

    response = browser.post(delete["action"], fields)

    assert response.status_code == 403
    assert tricks_of(editor.game) == [list(FIRST_TRICK)]


def test_the_fix_link_opens_the_trick_in_a_form_that_fixes_it(editor, browser):
    editor.play(*FIRST_TRICK)
    link = Forms(browser.get(editor.url("round")).text).links["Fix trick 1"]
    page = browser.get(link)
    (fix,) = [form for form in Forms(page.text).forms if form["action"] == link]

    response = browser.post(fix["action"], {**fix["fields"], "position": "1", "card": "18"})

    assert link == fix["hx-post"] == editor.url("fix_trick", 1, 1)
    assert page.status_code == 200
    assert "Fix trick 1" in text(page)
    assert response.status_code == 302
    assert tricks_of(editor.game) == [["24", "18", "17"]]


def test_a_confirmed_rounds_fix_link_leads_to_a_page_that_fixes_the_trick(browser):
    record = simulated("classic", 3, rounds=2, seed=3)
    game = game_for(record)
    seat = Seat(browser, game, game.edit_token)
    browser.get(seat.url("round"))  # the page sets the CSRF cookie
    for card in cards_of(record["rounds"][0]):
        seat.post("play_card", {"card": card, **csrf(browser)})
    seat.post("confirm_round", csrf(browser))
    link = Forms(browser.get(seat.url("round_detail", 1)).text).links["Fix trick 1"]
    page = browser.get(link)
    (fix,) = [form for form in Forms(page.text).forms if form["action"] == link]
    played = record["rounds"][0]["tricks"]

    response = browser.post(fix["action"], {**fix["fields"], "position": "0", "card": "33"})

    assert link == seat.url("fix_trick", 1, 1)
    assert page.status_code == 200
    assert "Fix trick 1" in text(page)
    assert fix["hx-post"] is None  # a page of its own: a plain post
    assert "Delete trick" not in text(page)  # a confirmed round keeps its tricks
    assert response.status_code == 302, text(response)[:3000]
    assert response["Location"] == seat.url("round_detail", 1)
    assert tricks_of(game)[0][0] == "33" != played[0][0]


def csrf(browser: Client) -> dict[str, str]:
    """The CSRF token a rendered form would carry."""
    return {"csrfmiddlewaretoken": browser.cookies["csrftoken"].value}


def test_the_round_details_forms_work_as_rendered(editor, browser):
    editor.play(*FIRST_TRICK, "33")
    page = Forms(browser.get(editor.url("round_detail", 1)).text)
    delete = page.form("Yes, delete trick 1")

    response = browser.post(delete["action"], delete["fields"])

    assert page.links["Fix trick 1"] == editor.url("fix_trick", 1, 1)
    assert delete["action"] == editor.url("delete_trick", 1, 1)
    assert delete["hx-post"] is None  # the detail page answers with a full page
    assert response.status_code == 302
    assert tricks_of(editor.game) == []  # Adam's 33 is taken back: Betty leads trick 1 now


def test_the_view_link_shows_the_tricks_without_controls(editor, game):
    editor.play(*FIRST_TRICK)
    viewer = Seat(Client(enforce_csrf_checks=True), game, game.view_token)

    for page in (viewer.get("round"), viewer.get("round_detail", 1)):
        assert "Adam wins the trick" in text(page)
        assert "Fix trick 1" not in text(page)
        # No form that sends anything (the table's QR panel closes by a dialog form).
        assert [form for form in Forms(page.text).forms if form["method"] != "dialog"] == []
