"""Making a game or a group twice makes one: the new game, new group and
import forms carry an idempotency key, the API honours ``Idempotency-Key``.
Sent again (a double tap, a retried request), the second send answers with
the first's result and stores nothing new; two sends at once make one too.
The same key with other values (back, a name changed, sent again) makes a
new one."""

from __future__ import annotations

import json
import re
import threading
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from companion import actions
from companion.groups import export_group
from companion.models import Creation, Game, Group, Round
from companion.transfer import import_record, read_record

pytestmark = pytest.mark.django_db

THREE = {
    "name_0": "Adam",
    "name_1": "Betty",
    "name_2": "Christian",
    "variant": "classic",
    "edition": "classic",
    "dealer": "Betty",
    "goal": "rounds",
}
RECORD = {
    "format": "bottle-imp/1",
    "variant": "classic",
    "players": ["Adam", "Betty", "Christian"],
    "first_dealer": 0,
    "goal": {},
    "rounds": [{"tricks": [["24", "15", "17"]]}],
}
KEY = re.compile(r'<input type="hidden" name="key" value="([0-9a-f]{32})">')


def key_of(client: Client, url: str) -> str:
    """The key in the form of the page at ``url``, as a browser would send it."""
    response = client.get(url)
    assert response.status_code == 200
    keys = KEY.findall(response.text)
    assert len(keys) == 1, url
    return keys[0]


def stored() -> tuple[int, int, int]:
    return Game.objects.count(), Group.objects.count(), Round.objects.count()


def test_each_form_page_carries_a_fresh_key(client):
    group = actions.create_group("Thursday", ["Adam", "Betty", "Christian"])
    pages = ["/new/", "/new/", f"/new/?group={group.edit_token}", "/groups/new/", "/"]

    keys = [key_of(client, url) for url in pages]

    assert len(set(keys)) == len(pages)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_new_game_sent_twice_is_one_game(client, htmx):
    data = {**THREE, "key": key_of(client, "/new/")}
    headers = {"HX-Request": "true"} if htmx else {}

    first = client.post("/new/", data, headers=headers)
    second = client.post("/new/", data, headers=headers)

    game = Game.objects.get()
    where = "HX-Redirect" if htmx else "Location"
    assert first[where] == second[where] == f"/g/{game.edit_token}/round/"
    assert stored() == (1, 0, 1)


def test_a_new_game_in_a_group_sent_twice_is_one_game(client):
    group = actions.create_group("Thursday", ["Adam", "Betty", "Christian"])
    url = f"/new/?group={group.edit_token}"
    data = {**THREE, "group": group.edit_token, "key": key_of(client, url)}

    answers = [client.post("/new/", data) for _ in range(3)]

    game = Game.objects.get()
    assert {answer["Location"] for answer in answers} == {f"/g/{game.edit_token}/round/"}
    assert game.group == group
    assert stored() == (1, 1, 1)


def test_the_same_key_with_other_names_makes_a_new_game(client):
    """Back to the form, a name changed, sent again: what the table asks now."""
    key = key_of(client, "/new/")
    client.post("/new/", {**THREE, "key": key})

    client.post("/new/", {**THREE, "name_2": "Doris", "key": key})

    assert sorted(game.players[2] for game in Game.objects.all()) == ["Christian", "Doris"]


def test_a_form_without_a_key_still_makes_its_game(client):
    """A page from before keys (kept by a phone) still works."""
    client.post("/new/", THREE)
    client.post("/new/", THREE)

    assert Game.objects.count() == 2


def test_a_new_group_sent_twice_is_one_group(client):
    data = {"name": "Thursday", "players": "Adam\nBetty\nChristian", "key": ""}
    data["key"] = key_of(client, "/groups/new/")

    first = client.post("/groups/new/", data)
    second = client.post("/groups/new/", data)

    group = Group.objects.get()
    assert first["Location"] == second["Location"] == f"/groups/{group.edit_token}/"
    assert stored() == (0, 1, 0)


def upload(client: Client, key: str, content: bytes):
    file = SimpleUploadedFile("game.json", content, content_type="application/json")
    return client.post("/import/", {"key": key, "record": file})


def test_an_import_sent_twice_is_one_game(client):
    key = key_of(client, "/")
    content = json.dumps(RECORD).encode()

    first = upload(client, key, content)
    second = upload(client, key, content)

    game = Game.objects.get()
    assert first["Location"] == second["Location"] == f"/g/{game.edit_token}/"
    assert stored() == (1, 0, 1)


def test_a_group_file_imported_twice_is_one_group(client):
    group = actions.create_group("Thursday", ["Adam", "Betty", "Christian"])
    game = import_record(read_record(json.dumps(RECORD)))
    game.group = group
    game.save(update_fields=["group"])
    content = json.dumps(export_group(group)).encode()
    before = stored()
    key = key_of(client, "/")

    first = upload(client, key, content)
    second = upload(client, key, content)

    copy = Group.objects.exclude(pk=group.pk).get()
    assert first["Location"] == second["Location"] == f"/groups/{copy.edit_token}/"
    assert stored() == (before[0] + 1, before[1] + 1, before[2] + 1)


def test_another_file_with_the_same_key_is_imported(client):
    key = key_of(client, "/")
    upload(client, key, json.dumps(RECORD).encode())

    upload(client, key, json.dumps({**RECORD, "players": ["Ann", "Ben", "Cid"]}).encode())

    assert Game.objects.count() == 2


def api(client: Client, record: dict, key: str | None):
    headers = {"Idempotency-Key": key} if key else {}
    return client.post(
        "/api/games", json.dumps(record), content_type="application/json", headers=headers
    )


def test_the_api_honours_an_idempotency_key(client):
    first = api(client, RECORD, "retry-7f3a")
    second = api(client, RECORD, "retry-7f3a")

    game = Game.objects.get()
    assert first.status_code == second.status_code == 201
    assert first.json() == second.json()
    assert second.json()["edit_url"] == f"http://testserver/g/{game.edit_token}/"
    assert second["Location"] == first["Location"]
    assert second["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first
    assert stored() == (1, 0, 1)


def test_the_api_without_a_key_or_with_another_makes_another(client):
    api(client, RECORD, "one")
    api(client, RECORD, "two")
    api(client, RECORD, None)
    api(client, {**RECORD, "players": ["Ann", "Ben", "Cid"]}, "one")

    assert Game.objects.count() == 4


def test_the_api_refuses_a_key_too_long(client):
    response = api(client, RECORD, "k" * 256)

    assert response.status_code == 400
    assert response.json() == {"errors": ["Idempotency-Key must be at most 255 characters"]}
    assert Game.objects.count() == 0


def test_a_key_opens_its_game_for_an_hour_only(client):
    data = {**THREE, "key": key_of(client, "/new/")}
    client.post("/new/", data)
    Creation.objects.update(created=timezone.now() - timedelta(hours=1, minutes=1))

    client.post("/new/", data)
    client.post("/new/", data)

    assert Game.objects.count() == 2
    assert Creation.objects.count() == 1


def test_a_deleted_game_is_not_opened_again(client):
    data = {**THREE, "key": key_of(client, "/new/")}
    client.post("/new/", data)
    Game.objects.get().delete()

    response = client.post("/new/", data)

    assert response.status_code == 302
    assert Game.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_sends_at_once_make_one_game():
    """A double tap whose two requests run at the same time."""
    key = key_of(Client(), "/new/")
    start = threading.Barrier(4)
    answers: list[str] = []

    def send() -> None:
        client = Client()
        start.wait()
        answers.append(client.post("/new/", {**THREE, "key": key})["Location"])

    senders = [threading.Thread(target=send) for _ in range(4)]
    for sender in senders:
        sender.start()
    for sender in senders:
        sender.join()

    game = Game.objects.get()
    assert answers == [f"/g/{game.edit_token}/round/"] * 4
    assert Round.objects.count() == 1
