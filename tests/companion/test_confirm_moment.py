"""Confirm is a moment for the whole table (issue 22): after a Confirm every
phone of the game shows the round's story until the next round's first
entry, then the round being played (companion.screens.moment).

The game: a classic game of three (tests.factories.GameFactory: Adam deals,
Betty leads), round 1 played through the engine's simulator and confirmed
by the editor (Betty deals round 2, so Christian leads it); the viewer's
round screen polled round 1 being played."""

from __future__ import annotations

import pytest

from companion.models import Round
from companion.present import Replayed
from companion.screens.moment import has_begun, is_story_moment, shown_round
from tests.companion.conftest import Seat, text
from tests.companion.tables import cards_of, simulated

pytestmark = pytest.mark.django_db

ROUND_1 = cards_of(simulated("classic", 3, seed=3)["rounds"][0])


@pytest.fixture
def confirmed(editor) -> Seat:
    """The editor, round 1 entered and confirmed; round 2 has no card."""
    editor.play(*ROUND_1)
    assert editor.post("confirm_round").status_code == 302
    return editor


def poll(seat: Seat, shown: int | None):
    """The view link's poll of the round screen (htmx, no version: a 200)."""
    data = {} if shown is None else {"round": shown}
    return seat.client.get(seat.url("round_live"), data, headers={"HX-Request": "true"})


def rows(game) -> list[Round]:
    return list(game.rounds.order_by("number"))


def test_the_viewers_round_screen_polls_with_the_round_it_shows(viewer, editor):
    editor.play(*ROUND_1[:2])

    page = text(viewer.get("round"))

    assert """hx-vals='{"round": 1}'""" in page


def test_a_poll_from_the_confirmed_round_leads_to_its_story(confirmed, viewer):
    response = poll(viewer, 1)

    assert response.status_code == 200
    assert response["HX-Redirect"] == viewer.url("round_detail", 1) + "?confirmed"


def test_a_poll_from_the_next_round_stays_on_it(confirmed, viewer):
    response = poll(viewer, 2)

    assert "HX-Redirect" not in response
    assert "Round 2" in text(response)


def test_once_the_next_round_has_begun_the_poll_shows_it(confirmed, viewer):
    confirmed.play(ROUND_1[0])

    response = poll(viewer, 1)

    assert "HX-Redirect" not in response
    page = text(response)
    assert "Round 2" in page
    # Betty deals round 2: Christian led its first card, Adam's is asked for
    assert '<h2 class="asks">Adam\'s card</h2>' in page


def test_the_story_right_after_confirm_follows_the_game_on_every_link(confirmed, viewer):
    for seat, next_url in (
        (confirmed, confirmed.url("round")),
        (viewer, viewer.url("round")),
    ):
        page = text(seat.client.get(seat.url("round_detail", 1) + "?confirmed"))

        poll_url = seat.url("round_detail", 1) + "?confirmed"
        assert f'hx-get="{poll_url}" hx-trigger="every 2s"' in page
        assert f'<a class="button" href="{next_url}">Next round: Betty deals</a>' in page
        assert "Round 1 is confirmed." in page


def test_the_story_gives_way_to_the_round_once_it_has_begun(confirmed, viewer):
    story = viewer.url("round_detail", 1) + "?confirmed"
    confirmed.play(ROUND_1[0])

    polled = viewer.client.get(story, headers={"HX-Request": "true"})
    loaded = viewer.client.get(story)

    assert polled.status_code == 200
    assert polled["HX-Redirect"] == viewer.url("round")
    assert loaded.status_code == 302
    assert loaded.url == viewer.url("round")
    # the round's own page, without ?confirmed, is still its story
    assert "The story of round 1" in text(viewer.get("round_detail", 1))


def test_an_undone_confirm_ends_the_moment(confirmed, viewer):
    assert confirmed.post("undo").status_code == 302

    polled = viewer.client.get(
        viewer.url("round_detail", 1) + "?confirmed", headers={"HX-Request": "true"}
    )

    assert polled["HX-Redirect"] == viewer.url("round")
    assert "Round 1: the result" in text(viewer.get("round"))


def test_a_phone_opening_the_round_screen_is_past_the_story(confirmed, viewer):
    for seat in (confirmed, viewer):
        response = seat.get("round")
        assert response.status_code == 200
        assert "Round 2" in text(response)


def test_the_viewers_next_round_changes_nothing_stored(confirmed, viewer):
    before = [(r.number, r.tricks, r.confirmed, r.version) for r in rows(confirmed.game)]
    confirmed.game.refresh_from_db()
    version = confirmed.game.version

    viewer.get("round")

    confirmed.game.refresh_from_db()
    assert confirmed.game.version == version
    assert [(r.number, r.tricks, r.confirmed, r.version) for r in rows(confirmed.game)] == before


def test_the_moment_holds_from_confirm_to_the_next_rounds_first_entry(confirmed):
    game = confirmed.game
    assert is_story_moment(rows(game), 1)
    assert not is_story_moment(rows(game), 2)  # not confirmed

    confirmed.play(ROUND_1[0])

    assert has_begun(rows(game)[1])
    assert not is_story_moment(rows(game), 1)


@pytest.mark.parametrize(
    ("entries", "begun"),
    [
        ({}, False),
        ({"dealer": 2}, False),  # naming the dealer enters nothing of the round
        ({"tricks": [["24"]]}, True),
        ({"quick": {"points": {}}}, True),
        ({"lopaka_hand": ["1"]}, True),
        ({"open_hands": {"Adam": ["1"]}}, True),
    ],
)
def test_a_round_has_begun_with_its_first_entry(entries, begun):
    assert has_begun(Round(number=2, **entries)) is begun


def test_the_story_puts_each_new_total_beside_the_score(confirmed, viewer):
    replayed = Replayed.of(confirmed.game)
    totals = replayed.state.totals

    page = text(viewer.client.get(viewer.url("round_detail", 1) + "?confirmed"))

    story = page[page.index('<section class="story"') :]
    for seat, name in enumerate(confirmed.game.players):
        score = replayed.state.rounds[0].outcome.scores[seat]
        row = (
            f'<th scope="row">{name}</th><td class="score"><strong>{score}</strong></td>'
            f'<td class="total">{totals[seat]}</td>'
        )
        assert row in story


@pytest.mark.parametrize(
    ("value", "number"), [("2", 2), ("", None), ("x", None), ("-1", None), ("9" * 7, None)]
)
def test_the_round_a_poll_shows_is_read_strictly(value, number):
    assert shown_round(value) == number


def test_the_story_in_german(confirmed, viewer):
    page = text(
        viewer.client.get(
            viewer.url("round_detail", 1) + "?confirmed", headers={"Accept-Language": "de"}
        )
    )

    assert "Runde 1 ist bestätigt." in page
    assert '<th scope="col">Diese Runde</th><th scope="col">Summe</th>' in page
    assert "<h3>Warum diese Punkte</h3>" in page
