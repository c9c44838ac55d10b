"""Live for everyone: the view link's round screen follows the game. It
polls its partial every 2 s, sending the version it shows; an unchanged game
answers 304 after one query, a changed one the new state (and never an
edit control)."""

from __future__ import annotations

import html

import pytest

from companion.seats import seat_links
from tests.companion.conftest import Seat

pytestmark = pytest.mark.django_db


def etag(game) -> str:
    game.refresh_from_db()
    return f'"g{game.pk}v{game.version}-en"'


def test_the_viewers_round_screen_polls_with_the_version_it_shows(viewer, editor):
    editor.play("24")

    page = html.unescape(viewer.get("round").content.decode())

    assert f'hx-get="/g/{viewer.token}/round/live/" hx-trigger="every 2s"' in page
    inner = etag(viewer.game).strip('"')
    assert 'hx-headers=\'{"If-None-Match": "\\"' + inner + '\\""}\'' in page


@pytest.mark.parametrize("screen", ["round", "game"])
def test_with_an_events_server_the_viewer_is_told_and_asks_every_15_s(
    viewer, editor, settings, screen
):
    """Where the app names an events stream, the view link's screens ask
    when static/js/watch.js hears of a newer version than the one drawn;
    the standings' stream names them and the page's language: they are
    pushed (companion.pushed)."""
    settings.IMP_EVENTS_URL = "/events/"
    editor.play("24")

    page = viewer.get(screen).content.decode()

    version = etag(viewer.game).split("v")[1].split("-")[0]
    pushed = "?lang=en&amp;screen=standings" if screen == "game" else ""  # companion.pushed
    assert (
        f'hx-trigger="imp:told, every 15s" data-events="/events/{viewer.token}/{pushed}"'
        f' data-version="{version}"'
    ) in page
    assert "every 2s" not in page
    assert "js/watch.js" in page


def test_the_editors_screen_polls_from_its_script_not_by_htmx(editor):
    """The edit link's screen follows the game too (issue 22), but its polls
    are static/js/follow.js's: never while a card of its own is on its way."""
    page = editor.get("round").content.decode()

    assert 'hx-trigger="every 2s"' not in page
    assert f'data-live="/g/{editor.token}/round/live/"' in page
    assert f'data-etag="{etag(editor.game).strip(chr(34))}"' in page


def test_an_unchanged_game_is_a_304_after_one_query(viewer, django_assert_num_queries):
    tag = etag(viewer.game)

    with django_assert_num_queries(1):
        response = viewer.client.get(
            viewer.url("round_live"), headers={"HX-Request": "true", "If-None-Match": tag}
        )

    assert response.status_code == 304
    assert response.content == b""


def test_a_changed_game_answers_the_new_state_without_controls(viewer, editor):
    tag = etag(viewer.game)
    editor.play("24", "15")

    response = viewer.client.get(
        viewer.url("round_live"), headers={"HX-Request": "true", "If-None-Match": tag}
    )

    page = html.unescape(response.content.decode())
    assert response.status_code == 200
    assert response["ETag"] == etag(viewer.game)
    assert page.lstrip().startswith('<section id="round"')
    assert '<span class="num">24</span>' in page and '<span class="num">15</span>' in page
    assert "<form" not in page and "<button" not in page


def test_a_changed_game_is_read_once_and_its_round_once(viewer, editor, django_assert_num_queries):
    """The game read for the ETag is the one the answer shows (no second
    read), and a view link's answer has no undo bar to look up (the edit
    link's alone): the game and the round being played, two queries."""
    tag = etag(viewer.game)
    editor.play("24", "15")

    with django_assert_num_queries(2):
        response = viewer.client.get(
            viewer.url("round_live"), headers={"HX-Request": "true", "If-None-Match": tag}
        )

    assert response.status_code == 200
    assert '<span class="num">15</span>' in html.unescape(response.content.decode())


def test_a_stranger_and_a_deleted_game_get_404(client, stranger, editor):
    assert client.get(stranger.url("round_live")).status_code == 404
    token = editor.game.view_token
    editor.game.delete()
    assert client.get(Seat(client, editor.game, token).url("round_live")).status_code == 404


def test_a_past_rounds_page_follows_a_correction_too(viewer, editor, django_assert_num_queries):
    editor.play("24", "15", "17")
    page = viewer.get("round_detail", 1).content.decode()
    assert f'hx-get="/g/{viewer.token}/rounds/1/" hx-trigger="every 2s"' in page
    tag = etag(viewer.game)
    headers = {"HX-Request": "true", "If-None-Match": tag}

    with django_assert_num_queries(1):
        assert viewer.client.get(viewer.url("round_detail", 1), headers=headers).status_code == 304
    editor.play("11")
    answer = viewer.client.get(viewer.url("round_detail", 1), headers=headers)
    assert answer.status_code == 200
    assert '<span class="num">11</span>' in answer.content.decode()
    assert '/rounds/1/" hx-trigger' not in editor.get("round_detail", 1).content.decode()


def test_only_a_seat_links_round_screen_and_the_standings_name_their_screen(
    editor, settings, client
):
    """A stream is pushed what its screen shows only where the page names
    it: a seat link's story page hears versions alone (it would not know
    what to do with a round screen's answers)."""
    settings.IMP_EVENTS_URL = "/events/"
    editor.play("24")
    token = seat_links(editor.game)[0].token
    seat = Seat(client, editor.game, token)

    round_page = seat.get("round").content.decode()
    story = seat.get("round_detail", 1).content.decode()
    standings = seat.get("game").content.decode()

    assert f'data-events="/events/{token}/?lang=en&amp;screen=round"' in round_page
    assert f'data-events="/events/{token}/"' in story
    assert f'data-events="/events/{token}/?lang=en&amp;screen=standings"' in standings
