"""Export (record.json, standings.json, scores.csv) and import of whole
games: an import is checked by the engine and creates all or nothing."""

from __future__ import annotations

import csv
import io
import json
import secrets

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from companion.models import Game, Round
from companion.replay import record_data
from companion.transfer import MAX_RECORD_BYTES, import_record, read_record
from scoring.record import load_record, output_document, replay
from scoring.simulate import simulate
from tests.setups import EACH_TABLE

pytestmark = pytest.mark.django_db

STRANGER = secrets.token_urlsafe(24)

QUICK_ROUND = {
    "quick": {
        "points": {"Adam": 40, "Betty": 12, "Christian": 0, "Doris": 61},
        "bottle": ["Christian"],
        "imps_trick_points": 13,
    }
}
EXAMPLE = {
    "format": "bottle-imp/1",
    "variant": "teams",
    "teams": "2-1-1",
    "players": ["Adam", "Betty", "Christian", "Doris"],
    "first_dealer": 0,
    "goal": {"target": 300},
    "rounds": [QUICK_ROUND, {"tricks": [["24", "15", "17", "32"]]}],
}


def url(name: str, token: str) -> str:
    return reverse(f"imp:{name}", args=[token])


def upload(client, content: bytes, name: str = "game.json"):
    return client.post(reverse("imp:import"), {"record": SimpleUploadedFile(name, content)})


@pytest.fixture
def game() -> Game:
    return import_record(read_record(json.dumps(EXAMPLE)))


# --- export -------------------------------------------------------------------


def test_export_paths():
    assert url("record_json", "T") == "/g/T/record.json"
    assert url("standings_json", "T") == "/g/T/standings.json"
    assert url("scores_csv", "T") == "/g/T/scores.csv"


@pytest.mark.parametrize("link", ["edit_token", "view_token"])
def test_record_json_is_the_stored_record(client, game, link):
    response = client.get(url("record_json", getattr(game, link)))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert json.loads(response.content) == EXAMPLE
    assert "Content-Disposition" not in response


def test_record_json_download_is_an_attachment(client, game):
    response = client.get(url("record_json", game.view_token) + "?download=1")

    assert response.status_code == 200
    disposition = response["Content-Disposition"]
    assert disposition == f'attachment; filename="bottle-imp-game-{game.pk}.json"'


def test_record_json_unchanged_is_304(client, game, django_assert_max_num_queries):
    etag = client.get(url("record_json", game.view_token))["ETag"]

    with django_assert_max_num_queries(1):
        response = client.get(url("record_json", game.view_token), headers={"if-none-match": etag})

    assert response.status_code == 304


def test_standings_json_is_the_engines_output(client, game):
    response = client.get(url("standings_json", game.view_token))

    document = json.loads(response.content)
    assert response.status_code == 200
    assert document == output_document(replay(load_record(json.dumps(EXAMPLE))))
    # The example of GAME-RECORD.md, worked by hand.
    assert document["totals"] == {"Adam": 80, "Betty": 73, "Christian": -26, "Doris": 73}
    assert document["rounds"][1]["tricks"] == [
        {"leader": "Christian", "winner": "Adam", "price": "17"}
    ]
    assert document["finished"] is False


def test_scores_csv_has_names_rounds_and_totals(client, game):
    response = client.get(url("scores_csv", game.edit_token))

    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith("attachment;")
    assert rows == [
        ["Round", "Adam", "Betty", "Christian", "Doris"],
        ["1", "80", "73", "-26", "73"],
        ["Total", "80", "73", "-26", "73"],
    ]


def test_scores_csv_names_cannot_become_formulas(client):
    record = dict(EXAMPLE, players=["=SUM(A1)", "Betty", "Christian", "Doris"], rounds=[])
    game = import_record(read_record(json.dumps(record)))

    response = client.get(url("scores_csv", game.view_token))

    header = next(csv.reader(io.StringIO(response.content.decode())))
    assert header == ["Round", "'=SUM(A1)", "Betty", "Christian", "Doris"]


@pytest.mark.parametrize("name", ["record_json", "standings_json", "scores_csv"])
def test_exports_of_unknown_game_are_404(client, name):
    assert client.get(url(name, STRANGER)).status_code == 404


@pytest.mark.parametrize("name", ["record_json", "standings_json", "scores_csv"])
def test_exports_refuse_post(client, game, name):
    assert client.post(url(name, game.edit_token)).status_code == 405


# --- import -------------------------------------------------------------------


def test_import_creates_the_game_and_opens_it(client):
    response = upload(client, json.dumps(EXAMPLE).encode())

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/g/{game.edit_token}/"
    assert game.players == ["Adam", "Betty", "Christian", "Doris"]
    assert (game.variant, game.teams, game.goal_target, game.goal_rounds) == (
        "teams",
        "2-1-1",
        300,
        None,
    )
    rounds = list(game.rounds.all())
    assert [(item.number, item.confirmed) for item in rounds] == [(1, True), (2, False)]
    assert rounds[0].quick == QUICK_ROUND["quick"]
    assert rounds[1].tricks == [["24", "15", "17", "32"]]
    # The browser that imported it is its editor and finds it on the home page.
    assert "Adam, Betty, Christian, Doris" in client.get("/").text


def test_import_of_a_finished_game_confirms_every_round():
    game = import_record(simulate("classic", 4, rounds=2, seed=3))

    assert list(game.rounds.values_list("confirmed", flat=True)) == [True, True]


def test_import_of_a_complete_round_leaves_it_to_confirm():
    record = simulate("classic", 3, rounds=1, seed=3)
    record["goal"] = {"rounds": 5}

    game = import_record(record)

    assert list(game.rounds.values_list("confirmed", flat=True)) == [False]


def test_import_without_rounds_starts_round_one():
    game = import_record(dict(EXAMPLE, rounds=[]))

    assert list(game.rounds.values_list("number", "tricks", "confirmed")) == [(1, [], False)]


def test_import_refuses_a_card_played_twice_and_creates_nothing(client):
    record = dict(EXAMPLE, rounds=[{"tricks": [["24", "24", "17", "32"]]}])

    response = upload(client, json.dumps(record).encode())

    assert response.status_code == 400
    assert "This record cannot be imported:" in response.text
    assert "round 1, trick 1" in response.text
    assert Game.objects.count() == 0
    assert Round.objects.count() == 0


def test_import_refuses_a_bad_field_with_the_engines_words(client):
    response = upload(client, json.dumps(dict(EXAMPLE, variant="poker")).encode())

    assert response.status_code == 400
    assert "unknown variant &#x27;poker&#x27;" in response.text
    assert Game.objects.count() == 0


def test_import_refuses_non_json(client):
    response = upload(client, b"players: Adam, Betty")

    assert response.status_code == 400
    assert "the record is not valid JSON" in response.text
    assert Game.objects.count() == 0


def test_import_refuses_a_huge_file(client):
    response = upload(client, b" " * (MAX_RECORD_BYTES + 1))

    assert response.status_code == 413  # stopped while read (test_upload_limits.py)
    assert "larger than 1024 KiB" in response.text
    assert Game.objects.count() == 0


def test_import_without_a_file(client):
    response = client.post(reverse("imp:import"), {})

    assert response.status_code == 400
    assert "Choose a game record file to import." in response.text


def test_import_wrong_method(client):
    assert client.get(reverse("imp:import")).status_code == 405


def test_import_needs_csrf_token():
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)

    response = upload(strict, json.dumps(EXAMPLE).encode())

    assert response.status_code == 403
    assert Game.objects.count() == 0


# --- round trip -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "players", "teams", "edition"), EACH_TABLE, ids=[s.id for s in EACH_TABLE]
)
def test_export_import_export_gives_the_same_record(client, variant, players, teams, edition):
    record = simulate(variant, players, rounds=2, seed=players * 7, teams=teams, edition=edition)
    record["rounds"][-1]["tricks"] = record["rounds"][-1]["tricks"][:3]  # unfinished
    record["rounds"][-1]["tricks"][-1] = record["rounds"][-1]["tricks"][-1][:1]
    record["rounds"][-1].pop("imps_trick")
    first = import_record(read_record(json.dumps(record)))

    exported = client.get(url("record_json", first.view_token) + "?download=1").content
    response = upload(client, exported)
    second = Game.objects.exclude(pk=first.pk).get()
    again = client.get(url("record_json", second.view_token)).content

    assert response.status_code == 302
    assert json.loads(exported) == json.loads(again) == record
    assert record_data(second) == record
    assert [item.confirmed for item in second.rounds.all()] == [True, False]
