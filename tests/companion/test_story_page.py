"""The story of a round on its page, and right after Confirm, against the
night worked out by hand in tests/scoring/test_night.py.

Round 2 (Betty deals, Christian leads; cards as in round 1):
  trick 1  C D A B  28 18 12 22  → Doris buys at 18 from the start price card
  trick 2  D A B C  25 15 9 7    → Adam buys at 15 from Doris
  trick 3  A B C D  4 6 8 10     → Doris buys at 10 from Adam
Doris ends with the bottle at 10; the Imp's Trick holds 6 coins; scores
Adam 38, Betty 22, Christian 14, Doris -6; totals 60, 36, 8, 32; Christian
deals round 3. Round 3 was entered quickly: Christian ends with the bottle.
"""

from __future__ import annotations

import html
import re

import pytest

from companion.transfer import import_record
from tests.companion.conftest import Seat, text
from tests.factories import GameFactory
from tests.scoring.test_night import NIGHT
from tests.scoring.test_rounds_hand_computed import FOUR, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def seat(client) -> Seat:
    game = import_record(record("classic", FOUR, NIGHT, goal={"target": 300}))
    return Seat(client, game, game.edit_token)


def story_of(page: str) -> str:
    """The story section as words, one line per element."""
    section = page[page.index('<section class="story"') : page.index("</section>")]
    return html.unescape(re.sub(r"(\s*<[^>]+>\s*)+", "|", section))


def scores(page: str) -> list[tuple[str, int]]:
    rows = re.findall(r'<th scope="row">([^<]+)</th><td class="score"><strong>(-?\d+)', page)
    return [(html.unescape(name), int(score)) for name, score in rows]


def test_the_story_of_a_round_played_by_cards(seat):
    page = text(seat.get("round_detail", 2))
    story = story_of(page)

    assert scores(page) == [("Adam", 38), ("Betty", 22), ("Christian", 14), ("Doris", -6)]
    assert "|Trick 1|Doris|buys it at|18|from the start price card|" in story
    assert "|Trick 2|Adam|buys it at|15|from Doris|" in story
    assert "|Trick 3|Doris|buys it at|10|from Adam|" in story
    assert story.count("buys it at") == 3
    assert "Doris ends with it, at 10." in story
    assert "|It holds|6|coins.|" in story
    # each total beside the score that makes it, in the story's first table
    totals = re.findall(
        r'<th scope="row">([^<]+)</th><td class="score">.*?<td class="total">(-?\d+)</td>', page
    )
    assert totals == [("Adam", "60"), ("Betty", "36"), ("Christian", "8"), ("Doris", "32")]
    assert "|Christian|deals next.|" in story


def test_the_first_purchase_in_german_is_from_the_start_price_card(seat):
    page = text(seat.client.get(seat.url("round_detail", 2), headers={"Accept-Language": "de"}))

    assert "|Doris|kauft sie für|18|von der Startpreis-Karte|" in story_of(page)


def test_a_matagot_story_buys_from_the_hell_card(client):
    data = record("classic", FOUR, NIGHT, goal={"target": 300}, edition="matagot")
    game = import_record(data)
    story = story_of(text(Seat(client, game, game.edit_token).get("round_detail", 2)))

    assert "|Trick 1|Doris|buys it at|18|from the Hell card|" in story
    assert "|The Devil's Trick|" in story
    assert "Imp's Trick" not in story


def test_a_quick_round_tells_what_its_entries_tell(seat):
    assert seat.post("confirm_round").status_code == 302

    story = story_of(text(seat.get("round_detail", 3)))

    assert "Christian ends with it (entered quickly: its purchases are not known)." in story
    assert "buys it" not in story
    assert "|It holds|6|coins.|" in story
    assert "|Doris|deals next.|" in story


def test_confirm_shows_the_story_then_the_next_round(seat):
    response = seat.post("confirm_round")

    assert response.status_code == 302
    assert response.url == seat.url("round_detail", 3) + "?confirmed"
    page = text(seat.client.get(response.url))
    assert "Round 3 is confirmed." in page
    assert f'<a class="button" href="{seat.url("round")}">Next round: Doris deals</a>' in page
    assert "The story of round 3" in page
    # Undo takes the Confirm back, right there.
    assert "↶ Undo: Confirmed round 3" in page


def test_a_round_not_yet_complete_has_no_story(client):
    game = GameFactory()
    seat = Seat(client, game, game.edit_token)
    seat.play("24", "15")

    page = text(seat.get("round_detail", 1))

    assert "The story of round" not in page
    assert "Next round" not in page
