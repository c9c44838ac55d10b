"""A group's links can be replaced, as a game's can (issue 23, item 1): a
leaked group edit link lists every game's edit link. After a new link,
every copy of the old one is a 404; only the edit link may do it."""

from __future__ import annotations

import pytest

from companion.models import Group
from tests.companion.conftest import text

pytestmark = pytest.mark.django_db


@pytest.fixture
def group() -> Group:
    return Group.objects.create(name="Thursdays", players=["Adam", "Betty", "Christian"])


def new_links(group: Group) -> str:
    return f"/groups/{group.edit_token}/new-links/"


def test_the_group_page_leads_to_new_links(client, group):
    page = text(client.get(f"/groups/{group.edit_token}/"))

    assert f'href="{new_links(group)}"' in page


def test_the_new_links_page_asks_first(client, group):
    response = client.get(new_links(group))

    assert response.status_code == 200
    assert "Replace the edit link" in text(response)
    assert "Replace the view link" in text(response)
    group.refresh_from_db()
    assert group.edit_token in new_links(group)


def test_a_new_edit_link_leaves_the_old_one_leading_nowhere(client, group):
    old_edit, view = group.edit_token, group.view_token
    client.get(f"/groups/{old_edit}/")  # this browser remembers the group

    response = client.post(new_links(group), {"link": "edit"})

    group.refresh_from_db()
    assert group.edit_token != old_edit
    assert group.view_token == view
    assert response.status_code == 302
    assert response.url == f"/groups/{group.edit_token}/"
    assert client.get(f"/groups/{old_edit}/").status_code == 404
    assert client.get(f"/new/?group={old_edit}").status_code == 404
    page = text(client.get(response.url))
    assert "The group has a new edit link" in page
    home = text(client.get("/"))
    assert group.edit_token in home and old_edit not in home


def test_a_new_view_link_leaves_the_old_one_leading_nowhere(client, group):
    edit, old_view = group.edit_token, group.view_token

    response = client.post(new_links(group), {"link": "view"})

    group.refresh_from_db()
    assert group.edit_token == edit
    assert group.view_token != old_view
    assert response.url == f"/groups/{edit}/share/"  # the new link, as a QR code
    assert client.get(f"/groups/{old_view}/").status_code == 404
    page = text(client.get(response.url))
    assert "The group has a new view link" in page
    assert f'value="http://testserver/groups/{group.view_token}/"' in page


def test_the_view_link_cannot_replace_links(client, group):
    edit, view = group.edit_token, group.view_token

    assert client.get(f"/groups/{view}/new-links/").status_code == 403
    assert client.post(f"/groups/{view}/new-links/", {"link": "view"}).status_code == 403
    assert client.post(f"/groups/{view}/new-links/", {"link": "edit"}).status_code == 403

    group.refresh_from_db()
    assert (group.edit_token, group.view_token) == (edit, view)


def test_a_stranger_and_a_wrong_link_name_are_404(client, group):
    assert client.post("/groups/no-such-group/new-links/", {"link": "edit"}).status_code == 404
    assert client.post(new_links(group), {"link": "games"}).status_code == 404
    assert client.delete(new_links(group)).status_code == 405


def test_the_new_links_page_and_its_notice_read_in_german(client, group):
    german = {"Accept-Language": "de-DE,de;q=0.9"}

    page = text(client.get(new_links(group), headers=german))
    response = client.post(new_links(group), {"link": "view"}, headers=german)
    notice = text(client.get(response.url, headers=german))

    assert "Bearbeiten-Link ersetzen" in page and "Ansehen-Link ersetzen" in page
    assert "Replace" not in page
    assert "Die Gruppe hat einen neuen Ansehen-Link (unten)." in notice
