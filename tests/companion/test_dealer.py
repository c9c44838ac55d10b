"""Naming the dealer of a round (RULES.md section 2: a table that did not
rotate correctly may name the dealer; the app follows what happened)."""

from __future__ import annotations

import json

import pytest
from django.utils.html import strip_tags

from companion.models import Round, Submission
from companion.present import Replayed
from tests.companion.conftest import Seat, rounds_of, text
from tests.factories import TeamsGameFactory

pytestmark = pytest.mark.django_db

CONTROL = "Someone else deals this round?"
FIXED = "The dealer can only be changed before the first card of the round."
QUICK = {
    "points_0": 40,
    "points_1": 30,
    "points_2": 20,
    "bottle_0": "Christian",
    "imps_trick_points": 36,
}


def current(game) -> Round:
    return game.rounds.order_by("-number").first()


def test_the_path_is_pinned(editor):
    assert editor.url("set_dealer") == f"/g/{editor.token}/round/dealer/"


def test_the_round_screen_offers_the_players_before_the_first_card(editor):
    page = text(editor.get("round"))

    assert CONTROL in page
    assert '<select id="dealer-seat" name="seat">' in page
    assert '<option value="0" selected>Adam</option>' in page
    assert '<option value="1">Betty</option>' in page
    assert f'action="/g/{editor.token}/round/dealer/"' in page


def test_the_view_link_sees_no_control(viewer):
    assert CONTROL not in text(viewer.get("round"))


def test_naming_the_dealer_with_htmx_answers_the_round_partial(editor):
    response = editor.post("set_dealer", {"seat": 1}, htmx=True)

    page = text(response)
    assert response.status_code == 200
    assert "<html" not in page
    assert "Betty</strong> deals" in page
    assert "Trick 1 of 11 · <strong>Christian</strong> leads" in page
    assert '<option value="1" selected>Betty</option>' in page
    assert current(editor.game).dealer == 1


def test_naming_the_dealer_without_htmx_redirects(editor):
    response = editor.post("set_dealer", {"seat": 2})

    assert response.status_code == 302
    assert response["Location"] == editor.url("round")
    assert current(editor.game).dealer == 2
    page = text(editor.get("round"))
    assert "Christian</strong> deals" in page
    assert "Trick 1 of 11 · <strong>Adam</strong> leads" in page


def test_the_cards_follow_the_new_leader(editor):
    editor.post("set_dealer", {"seat": 1})

    # Christian leads now, so Adam plays second (not Christian, as after Betty)
    assert editor.post("play_card", {"card": "24"}).status_code == 302
    page = text(editor.get("round"))
    assert "Adam's card" in page


def test_the_usual_dealer_clears_the_override(editor):
    editor.post("set_dealer", {"seat": 1})

    response = editor.post("set_dealer", {"seat": 0})

    assert response.status_code == 302
    assert current(editor.game).dealer is None
    assert "dealer" not in editor.client.get(editor.url("record_json")).json()["rounds"][0]


def test_the_next_round_follows_the_named_dealer(editor):
    editor.post("set_dealer", {"seat": 1})
    assert editor.post("quick_round", QUICK).status_code == 302
    assert "then Christian deals the next round" in text(editor.get("round"))

    assert editor.post("confirm_round").status_code == 302

    following = current(editor.game)
    assert following.number == 2
    assert following.dealer is None  # the rotation goes on from Betty
    page = text(editor.get("round"))
    assert "Round 2" in page
    assert "Christian</strong> deals" in page
    assert "Trick 1 of 11 · <strong>Adam</strong> leads" in page
    state = Replayed.of(editor.game).state
    assert [item.shape.dealer for item in state.rounds] == [1, 2]
    assert state.next_dealer == 0


def test_a_later_round_may_be_named_too(editor):
    editor.post("quick_round", QUICK)
    editor.post("confirm_round")

    editor.post("set_dealer", {"seat": 0})  # Adam deals again instead of Betty

    assert current(editor.game).dealer == 0
    assert "Adam</strong> deals" in text(editor.get("round"))
    editor.post("set_dealer", {"seat": 1})  # back to the rotation
    assert current(editor.game).dealer is None


def test_teams_and_leader_follow_the_dealer_in_a_2_1_1_game(client):
    game = TeamsGameFactory()
    editor = Seat(client, game, game.edit_token)
    before = text(editor.get("round"))
    assert "Adam</strong> deals" in before
    assert "Trick 1 of 8 · <strong>Betty</strong> leads" in before
    assert "Teams: Betty & Doris." in strip_tags(before)
    assert "Alone (scores double): Adam, Christian." in strip_tags(before)

    response = editor.post("set_dealer", {"seat": 1}, htmx=True)

    page = text(response)
    assert response.status_code == 200
    assert "Betty</strong> deals" in page
    assert "Trick 1 of 8 · <strong>Christian</strong> leads" in page
    assert "Teams: Christian & Adam." in strip_tags(page)
    assert "Alone (scores double): Betty, Doris." in strip_tags(page)
    shape = Replayed.of(game).state.rounds[0].shape
    assert shape.dealer == 1
    assert shape.teams == ((2, 0),)


def test_refused_after_the_first_card(editor):
    editor.play("24")
    assert CONTROL not in text(editor.get("round"))
    before = rounds_of(editor.game)
    editor.game.refresh_from_db()
    version = editor.game.version

    response = editor.post("set_dealer", {"seat": 2}, htmx=True)

    assert response.status_code == 400
    assert FIXED in text(response)
    assert rounds_of(editor.game) == before
    editor.game.refresh_from_db()
    assert editor.game.version == version


def test_refused_after_a_quick_entry(editor):
    editor.post("quick_round", QUICK)
    assert CONTROL not in text(editor.get("round"))
    before = rounds_of(editor.game)

    response = editor.post("set_dealer", {"seat": 2})

    assert response.status_code == 400
    assert FIXED in text(response)
    assert rounds_of(editor.game) == before


@pytest.mark.parametrize("seat", ["3", "-1", "Betty", ""])
def test_a_seat_not_at_the_table_is_refused(editor, seat):
    before = rounds_of(editor.game)

    response = editor.post("set_dealer", {"seat": seat})

    assert response.status_code == 400
    assert rounds_of(editor.game) == before


def test_refused_to_the_view_link(editor, viewer):
    before = rounds_of(editor.game)

    assert viewer.post("set_dealer", {"seat": 1}).status_code == 403
    assert rounds_of(editor.game) == before


def test_a_stranger_finds_no_game(stranger):
    assert stranger.post("set_dealer", {"seat": 1}).status_code == 404


def test_the_wrong_method(editor):
    assert editor.get("set_dealer").status_code == 405
    assert editor.client.put(editor.url("set_dealer")).status_code == 405
    assert current(editor.game).dealer is None


def test_a_stale_form_is_a_conflict(editor):
    editor.game.refresh_from_db()
    old = editor.game.version
    editor.post("set_dealer", {"seat": 1})
    before = rounds_of(editor.game)

    response = editor.post("set_dealer", {"seat": 2, "version": old}, htmx=True)

    assert response.status_code == 409
    assert rounds_of(editor.game) == before
    assert current(editor.game).dealer == 1


def test_a_retried_post_is_applied_once(editor):
    fields = {"seat": 1, "key": "a" * 32}
    editor.post("set_dealer", fields)
    editor.game.refresh_from_db()
    version = editor.game.version

    response = editor.client.post(editor.url("set_dealer"), {**fields, "version": version - 1})

    assert response.status_code == 302
    editor.game.refresh_from_db()
    assert editor.game.version == version
    assert Submission.objects.filter(game=editor.game).count() == 1


def test_the_exported_record_carries_the_dealer(editor):
    editor.post("set_dealer", {"seat": 2})

    response = editor.client.get(editor.url("record_json"))

    assert response.status_code == 200
    data = json.loads(response.content)
    assert data["first_dealer"] == 0
    assert data["rounds"][0]["dealer"] == 2
