"""Starting a game in a group that is deleted meanwhile (issue 23, item 11):
a 404, never a 500 (SQLite's foreign key check once failed at the commit,
an IntegrityError), and no game is left pointing at no group."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client

from companion.models import Game, Group

PLAYERS = ["Adam", "Betty", "Christian", "Doris"]


def new_game_form(group: Group) -> dict[str, str]:
    data = {f"name_{seat}": name for seat, name in enumerate(PLAYERS)}
    data.update(group=group.edit_token, variant="classic", edition="classic", dealer="Adam")
    data.update(goal="rounds", rounds="4")
    return data


@pytest.mark.django_db
def test_a_group_deleted_between_the_forms_load_and_its_post_is_a_404(client):
    group = Group.objects.create(name="Thursdays", players=PLAYERS)
    assert client.get(f"/new/?group={group.edit_token}").status_code == 200

    Group.objects.filter(pk=group.pk).delete()
    response = client.post("/new/", new_game_form(group))

    assert response.status_code == 404
    assert not Game.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_group_deleted_while_its_game_is_started_is_a_404():
    """The race, made certain: the group is deleted (committed, on the
    request's own connection) right after the request has found it, before
    the game is stored. Real commits, so the foreign key is checked."""
    group = Group.objects.create(name="Thursdays", players=PLAYERS)
    deleted = []

    def delete_once_found(execute, sql, params, many, context):
        found = execute(sql, params, many, context)
        if not deleted and sql.lstrip().upper().startswith("SELECT") and '"companion_group"' in sql:
            deleted.append(True)
            Group.objects.filter(pk=group.pk).delete()
        return found

    client = Client(raise_request_exception=False)
    with connection.execute_wrapper(delete_once_found):
        response = client.post("/new/", new_game_form(group))

    assert deleted
    assert response.status_code == 404
    assert not Group.objects.exists()
    assert list(Game.objects.values_list("group", flat=True)) == []
