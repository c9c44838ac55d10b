"""One rule of what a player's name and a goal are: the engine's
(``scoring.names``). The set-up form, the file upload and the API accept the
same names and goals, refuse the same ones in the engine's words, and store
the names as the engine cleans them."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from companion import actions
from companion.models import Game
from scoring.findings import RecordError
from scoring.names import MAX_ROUNDS, MAX_TARGET, NAME_MAX
from tests.companion.conftest import text

pytestmark = pytest.mark.django_db

NAMES = {
    "plain": (["Adam", "Betty", "Christian"], ["Adam", "Betty", "Christian"]),
    "trimmed": ([" Adam ", "Betty", "Christian"], ["Adam", "Betty", "Christian"]),
    "decomposed Zoë": (["Zoe\u0308", "Betty", "Christian"], ["Zo\u00eb", "Betty", "Christian"]),
    "30 letters after NFC": (
        ["e\u0301" * NAME_MAX, "Betty", "Christian"],
        ["é" * NAME_MAX, "Betty", "Christian"],
    ),
    "31 letters": (["A" * (NAME_MAX + 1), "Betty", "Christian"], "a name has at most 30"),
    "equal but for case": (["Adam", "ADAM", "Christian"], "are the same name"),
    "equal once normalised": (["Zoe\u0308", "Zo\u00eb", "Christian"], "two players may not"),
    "a zero-width space": (["Eve\u200b", "Betty", "Christian"], "invisible formatting character"),
    "a right-to-left mark": (["\u202eEve", "Betty", "Christian"], "invisible formatting"),
    "a line separator": (["Eve\u2028Adam", "Betty", "Christian"], "line separator"),
    "a tab": (["Eve\tAdam", "Betty", "Christian"], "control character"),
}


def by_form(client: Client, names: list[str], **goal: str):
    data = {f"name_{seat}": name for seat, name in enumerate(names)}
    data.update(variant="classic", edition="classic", dealer=names[0].strip(), goal="open")
    data.update(goal)
    return client.post("/new/", data)


def by_api(client: Client, names: list[str], goal: dict | None = None):
    record = {
        "format": "bottle-imp/1",
        "variant": "classic",
        "players": names,
        "first_dealer": 0,
        "goal": goal or {},
        "rounds": [],
    }
    return client.post("/api/games", json.dumps(record), content_type="application/json")


def by_upload(client: Client, names: list[str], goal: dict | None = None):
    record = {
        "format": "bottle-imp/1",
        "variant": "classic",
        "players": names,
        "first_dealer": 0,
        "goal": goal or {},
        "rounds": [],
    }
    upload = SimpleUploadedFile("game.json", json.dumps(record).encode())
    return client.post("/import/", {"record": upload})


@pytest.mark.parametrize("case", sorted(NAMES))
@pytest.mark.parametrize("way", [by_form, by_api, by_upload], ids=lambda way: way.__name__)
def test_every_way_in_follows_the_engines_rule_of_names(case, way):
    names, expected = NAMES[case]
    client = Client(raise_request_exception=False)

    response = way(client, names)

    if isinstance(expected, list):
        assert response.status_code in {201, 302}, text(response)[:2000]
        assert Game.objects.get().players == expected
    else:
        assert response.status_code == 400
        # the form says it as a sentence beside the seat ("Two players …")
        assert expected.casefold() in text(response).casefold()
        assert Game.objects.count() == 0


GOALS = [
    ({"rounds": MAX_ROUNDS}, (MAX_ROUNDS, None)),
    ({"target": MAX_TARGET}, (None, MAX_TARGET)),
    ({"rounds": MAX_ROUNDS + 1}, "from 1 to 999"),
    ({"target": MAX_TARGET + 1}, "from 1 to 99999"),
]


def form_goal(goal: dict) -> dict:
    kind, value = next(iter(goal.items()))
    return {"goal": kind, kind: str(value)}


@pytest.mark.parametrize(("goal", "expected"), GOALS)
@pytest.mark.parametrize("way", ["form", "api"])
def test_the_form_and_the_api_take_the_same_goals(goal, expected, way):
    client = Client(raise_request_exception=False)
    names = ["Adam", "Betty", "Christian"]

    if way == "form":
        response = by_form(client, names, **form_goal(goal))
    else:
        response = by_api(client, names, goal)

    if isinstance(expected, tuple):
        assert response.status_code in {201, 302}, text(response)[:2000]
        game = Game.objects.get()
        assert (game.goal_rounds, game.goal_target) == expected
    else:
        assert response.status_code == 400
        # the form says it as a sentence beside the seat ("Two players …")
        assert expected.casefold() in text(response).casefold()
        assert Game.objects.count() == 0


def test_a_huge_number_of_rounds_in_the_form_is_a_400():
    client = Client(raise_request_exception=False)

    response = by_form(client, ["Adam", "Betty"], goal="rounds", rounds="9" * 5000)

    assert response.status_code == 400
    assert Game.objects.count() == 0


def test_the_verb_stores_the_names_as_the_engine_cleans_them():
    game = actions.create_game(players=[" Adam ", "Zoe\u0308", "Betty"], variant="classic")

    game.refresh_from_db()
    assert game.players == ["Adam", "Zo\u00eb", "Betty"]


def test_the_verb_refuses_a_name_the_engine_refuses():
    with pytest.raises(RecordError, match="invisible formatting character"):
        actions.create_game(players=["Eve\u200b", "Adam"], variant="classic")
    assert Game.objects.count() == 0
