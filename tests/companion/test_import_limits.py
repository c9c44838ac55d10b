"""Imported values the database or the engine cannot hold are refused with a
clear 400 (the API and the upload alike), never a 500, and nothing reaches
the database: NUL and lone surrogates in names, goals and seats beyond any
column, JSON that is not UTF-8, surrogates in keys, huge numbers, deep
nesting. Run on SQLite and on PostgreSQL (`make test-postgres`)."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from companion.models import Game, Round, Submission

pytestmark = pytest.mark.django_db

PLAYERS = ["Adam", "Betty", "Christian"]


def record(**fields) -> dict:
    base = {
        "format": "bottle-imp/1",
        "variant": "classic",
        "players": list(PLAYERS),
        "first_dealer": 0,
        "goal": {},
        "rounds": [{"tricks": [["24", "15", "17"]]}],
    }
    base.update(fields)
    return base


def body(**fields) -> bytes:
    return json.dumps(record(**fields)).encode()


REFUSED = {
    "NUL in a name": (body(players=["Ad\x00am", "Betty", "Christian"]), "control character"),
    "lone surrogate in a name": (body(players=["\ud800", "Betty", "Christian"]), "surrogate"),
    "surrogate pair split in a name": (
        body(players=["Ad\udc00am", "Betty", "Christian"]),
        "surrogate",
    ),
    "name too long": (body(players=["A" * 31, "Betty", "Christian"]), "at most 30"),
    "names equal but for case": (body(players=["Adam", "ADAM", "Betty"]), "same name"),
    "rounds 2**31": (body(goal={"rounds": 2**31}), "from 1 to 999"),
    "rounds 2**63": (body(goal={"rounds": 2**63}), "from 1 to 999"),
    "target 10**30": (body(goal={"target": 10**30}), "from 1 to 99999"),
    "rounds 1e400": (body().replace(b'"goal": {}', b'"goal": {"rounds": 1e400}'), "rounds"),
    "first dealer 2**63": (body(first_dealer=2**63), "first_dealer"),
    "dealer of a round 2**63": (body(rounds=[{"dealer": 2**63, "tricks": []}]), "dealer"),
    "variant with NUL": (body(variant="classic\x00"), "variant"),
    "variant a lone surrogate": (body(variant="\ud800"), "variant"),
    "teams a lone surrogate": (body(teams="\udfff"), "team"),
    "edition a lone surrogate": (body(edition="\ud800"), "edition"),
    "a card a lone surrogate": (body(rounds=[{"tricks": [["\ud800"]]}]), "card"),
    "a 5000-digit number": (
        body(first_dealer=0).replace(b'"first_dealer": 0', b'"first_dealer": ' + b"9" * 5000),
        "not valid JSON",
    ),
    "not UTF-8": (b'{"format": "bottle-imp/1", "players": ["Ad\xff\xfeam"]}', "not valid JSON"),
    "nested a million deep": (b"[" * 100_000 + b"]" * 100_000, "not valid JSON"),
}


def assert_nothing_stored() -> None:
    assert (Game.objects.count(), Round.objects.count(), Submission.objects.count()) == (0, 0, 0)


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_the_api_refuses_what_cannot_be_stored(case):
    raw, words = REFUSED[case]
    client = Client(raise_request_exception=False)

    response = client.post("/api/games", raw, content_type="application/json")

    assert response.status_code == 400, response.content[:300]
    errors = response.json()["errors"]
    assert any(words in error for error in errors), errors
    assert_nothing_stored()


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_the_upload_refuses_what_cannot_be_stored(case):
    raw, words = REFUSED[case]
    client = Client(raise_request_exception=False)

    response = client.post("/import/", {"record": SimpleUploadedFile("game.json", raw)})

    assert response.status_code == 400, response.content[:300]
    assert words in response.content.decode()
    assert_nothing_stored()
    assert client.get("/").status_code == 200  # the uploader's home page still works


def test_a_surrogate_in_an_unknown_key_reaches_nothing():
    """An unknown key is not stored at all: the game is made from the
    engine's own writing of the record."""
    raw = body().replace(b'"format"', b'"\\ud800": "\\udfff", "format"')
    client = Client(raise_request_exception=False)

    response = client.post("/api/games", raw, content_type="application/json")

    assert response.status_code == 201, response.content[:300]
    game = Game.objects.get()
    export = client.get(f"/g/{game.view_token}/record.json")
    assert export.status_code == 200
    assert export.json() == record()


def test_names_are_stored_as_the_engine_cleans_them():
    raw = body(players=["  Adam ", "Zoe\u0308", "Christian"])

    response = Client().post("/api/games", raw, content_type="application/json")

    assert response.status_code == 201, response.content[:300]
    assert Game.objects.get().players == ["Adam", "Zo\u00eb", "Christian"]
