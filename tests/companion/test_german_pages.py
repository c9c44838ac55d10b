"""The main pages read in German: rendered for a browser that asks for
German (Accept-Language: de), their visible text holds none of the app's
English words. A string left unmarked for translation in a template shows
up here, which the catalogue test (it reads only marked strings) cannot see.

The game is the night of tests/scoring/test_night.py (Adam, Betty,
Christian and Doris; round 3 entered quickly), played to 300.
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from companion import actions
from companion.actions import create_group
from companion.transfer import import_record
from tests.scoring.test_night import NIGHT
from tests.scoring.test_rounds_hand_computed import FOUR, record

pytestmark = pytest.mark.django_db

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}

NAMES = ("Adam", "Betty", "Christian", "Doris")

ENGLISH = (
    "Round",
    "round",
    "Trick",
    "trick",
    "Undo",
    "Redo",
    "Confirm",
    "Players",
    "Player",
    "New game",
    "Standings",
    "deals",
    "dealt",
    "price",
    "Price",
    "bottle",
    "Bottle",
    "coins",
    "Share",
    "Download",
    "Total",
    "Score",
    "wins",
    "game",
    "Game",
    "group",
    "Group",
    "the",
    "The",
    "and",
    "of",
    "with",
    "Back",
    "Import",
    "Delete",
    "Quick entry",
    "Imp's Trick",
)
"""English words the app's pages use; none may be left in German."""


class VisibleText(HTMLParser):
    """The text a reader sees: text nodes, the page's title, and the names
    a screen reader reads (aria-label, alt, title, placeholder)."""

    SKIPPED = {"script", "style"}
    SAID = ("aria-label", "alt", "title", "placeholder")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIPPED:
            self.skipping += 1
        for name, value in attrs:
            if name in self.SAID and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIPPED and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping and data.strip():
            self.parts.append(data.strip())


def visible(page: str) -> str:
    reader = VisibleText()
    reader.feed(page)
    words = " | ".join(reader.parts)
    for name in NAMES:
        words = words.replace(name, "·")
    # The language switch names English in English, on purpose; the record
    # format's name is not a word.
    return words.replace("English", "·").replace("bottle-imp", "·")


def english_in(page: str) -> list[str]:
    """The English words of the list found in a page's visible text."""
    words = visible(page)
    return [word for word in ENGLISH if re.search(rf"(?<![\w']){re.escape(word)}(?![\w'])", words)]


@pytest.fixture
def game():
    return import_record(record("classic", FOUR, NIGHT, goal={"target": 300}))


@pytest.fixture
def group(game):
    made = create_group("Donnerstag", list(NAMES))
    game.group = made
    game.save()
    return made


def pages(game, group) -> dict[str, str]:
    edit, view = game.edit_token, game.view_token
    return {
        "home": reverse("imp:home"),
        "new game": reverse("imp:new_game"),
        "new game in a group": reverse("imp:new_game") + f"?group={group.edit_token}",
        "new group": reverse("imp:new_group"),
        "game page": reverse("imp:game", args=[edit]),
        "game page, view link": reverse("imp:game", args=[view]),
        "story of round 2": reverse("imp:round_detail", args=[edit, 2]),
        "quick round 3": reverse("imp:round_detail", args=[edit, 3]),
        "round screen": reverse("imp:round", args=[edit]),
        "round screen, view link": reverse("imp:round", args=[view]),
        "share": reverse("imp:share", args=[edit]),
        "group page": reverse("imp:group", args=[group.edit_token]),
        "dispute": reverse("imp:dispute"),
        "delete": reverse("imp:delete", args=[edit]),
    }


@pytest.mark.parametrize(
    "name",
    [
        "home",
        "new game",
        "new game in a group",
        "new group",
        "game page",
        "game page, view link",
        "story of round 2",
        "quick round 3",
        "round screen",
        "round screen, view link",
        "share",
        "group page",
        "dispute",
        "delete",
    ],
)
def test_a_page_in_german_has_no_english_words(client, game, group, name):
    client.get(reverse("imp:game", args=[game.edit_token]))  # the home page lists it
    response = client.get(pages(game, group)[name], headers=GERMAN)

    assert response.status_code == 200
    assert '<html lang="de">' in response.text
    assert english_in(response.text) == [], visible(response.text)


def test_the_check_finds_english_words(client, game, group):
    page = client.get(reverse("imp:game", args=[game.edit_token])).text

    assert {"Standings", "Round", "Share"} <= set(english_in(page))


def test_the_game_page_in_german_reads_the_nights_figures(client, game):
    page = html.unescape(
        client.get(reverse("imp:game", args=[game.edit_token]), headers=GERMAN).text
    )

    assert "<h1>Spielstand</h1>" in page
    assert "Runde für Runde" in page
    assert "Ziel: wer zuerst 300 Münzen hat" in page
    assert "Flasche gekauft" in page
    assert "Die Partie bisher" in page


SCRIPT_ENGLISH = (
    *ENGLISH,
    "card",
    "cards",
    "'s card",
    "sending",
    "Sending",
    "wait",
    "waits",
    "Send",
    "Discard",
    "refused",
    "stored",
    "Next",
    "connection",
    "link",
)
"""English words the round screen's scripts (static/js/round.js) would say."""


def script_words(page: str) -> list[str]:
    """What the round screen's scripts may show: their texts (#imp-texts)
    and whose card each slot asks for once the cards before it wait."""
    found = re.search(r'id="imp-texts" hidden data-texts="([^"]*)"', page)
    assert found is not None
    texts = json.loads(html.unescape(found.group(1)))
    words = [value for key, value in texts.items() if key != "decimal"]
    words = [item for value in words for item in (value if isinstance(value, list) else [value])]
    slots = re.findall(r'<li class="slot[^"]*" data-asks="([^"]*)"', page)
    assert len(slots) == len(NAMES)
    return [*words, *(html.unescape(slot) for slot in slots)]


def test_the_round_screens_scripts_speak_german(client):
    game = actions.create_game(players=list(NAMES), variant="classic")

    page = client.get(reverse("imp:round", args=[game.edit_token]), headers=GERMAN).text
    said = script_words(page)

    english = [
        text
        for text in said
        for word in SCRIPT_ENGLISH
        if re.search(rf"(?<![\w']){re.escape(word)}(?![\w])", re.sub(r"%\(\w+\)s", "·", text))
    ]
    assert english == [], said
    assert sorted(said[-len(NAMES) :]) == [f"Karte von {name}" for name in NAMES]
