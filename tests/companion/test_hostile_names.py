"""Hostile names are escaped on every page: a game whose players are called
``<script>alert(1)</script>``, ``"><img src=x onerror=alert(1)>`` and so on
(valid names to the engine), made through the import, is shown at every
stage (a new round, a trick half played, a round complete and unconfirmed,
the next round, a finished game) on every page of the game and on the home
page. The raw markup never appears; the escaped form does."""

from __future__ import annotations

import copy
import json

import pytest
from django.test import Client

from companion.transfer import import_record, read_record
from scoring.simulate import simulate
from tests.companion.app_routes import game_routes, inline_code

pytestmark = pytest.mark.django_db

HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "javascript:alert(1)",
    'O\'Brien "Bo" &amp;',
]
RAW = ["<script>alert(1)", "<img src=x", "onerror=alert(1)>", '"Bo"', "&amp; "]
ESCAPED = [
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;",
    "javascript:alert(1)",
    "O&#x27;Brien &quot;Bo&quot; &amp;amp;",
]


def hostile_record(stage: str) -> dict:
    """A classic game of the four hostile names, at one stage of play."""
    record = simulate("classic", 4, 2, 7, None, None)
    record["players"] = list(HOSTILE)
    record["goal"] = {"rounds": 2}
    first, second = record["rounds"]
    half = copy.deepcopy(first)
    half["tricks"] = [first["tricks"][0], first["tricks"][1][:2]]
    half.pop("imps_trick", None)
    record["rounds"] = {
        "new": [],
        "mid-trick": [half],
        "complete": [first],
        "next round": [first, {"tricks": []}],
        "finished": [first, second],
    }[stage]
    return record


STAGES = ["new", "mid-trick", "complete", "next round", "finished"]


def pages(game) -> list[str]:
    urls = []
    for route in game_routes():
        for token in (game.edit_token, game.view_token):
            url = route.url(token)
            if url is not None:
                urls.append(url)
    for number in (1, 2):
        urls.append(f"/g/{game.edit_token}/rounds/{number}/")
    urls.append(f"/g/{game.edit_token}/share/?edit=1")
    return sorted(set(urls))


def assert_escaped(response, url: str) -> None:
    body = response.content.decode()
    for raw in RAW:
        assert raw not in body, (url, raw)
    # a name may be an <option>'s value; nowhere may it be a link, a
    # script or an event handler
    assert [found for found in inline_code(body) if not found.startswith("value=")] == [], url


@pytest.mark.parametrize("stage", STAGES)
def test_every_page_escapes_hostile_names(stage):
    game = import_record(read_record(json.dumps(hostile_record(stage))))
    client = Client(raise_request_exception=False)
    shown = 0

    for url in pages(game):
        for headers in ({}, {"HX-Request": "true"}):
            response = client.get(url, headers=headers)
            assert response.status_code in {200, 403, 404, 405}, (url, response.status_code)
            if response.status_code != 200 or "html" not in response["Content-Type"]:
                continue
            assert_escaped(response, url)
            body = response.content.decode()
            shown += sum(escaped in body for escaped in ESCAPED)
    assert shown >= 20  # the names are on the pages, escaped


def test_the_home_page_lists_them_escaped():
    client = Client()
    game = import_record(read_record(json.dumps(hostile_record("complete"))))
    client.get(f"/g/{game.edit_token}/")

    response = client.get("/")

    assert_escaped(response, "/")
    assert ESCAPED[0] in response.content.decode()


def test_the_exports_keep_the_names_as_data():
    game = import_record(read_record(json.dumps(hostile_record("finished"))))
    client = Client()

    record = client.get(f"/g/{game.view_token}/record.json")
    standings = client.get(f"/g/{game.view_token}/standings.json")
    scores = client.get(f"/g/{game.view_token}/scores.csv")

    assert record["Content-Type"].startswith("application/json")
    assert record.json()["players"] == HOSTILE
    assert standings["Content-Type"].startswith("application/json")
    assert scores["Content-Type"].startswith("text/csv")
    for response in (record, standings, scores):
        assert response["X-Content-Type-Options"] == "nosniff"
    assert scores.content.decode().splitlines()[0].split(",")[1] == HOSTILE[0]


def test_the_set_up_form_shows_them_escaped_when_it_refuses():
    data = {f"name_{seat}": name for seat, name in enumerate(HOSTILE)}
    data.update(variant="lopaka", edition="classic", dealer=HOSTILE[0], goal="open")

    response = Client().post("/new/", data)

    assert response.status_code == 400
    assert_escaped(response, "/new/")
    assert ESCAPED[0] in response.content.decode()
