"""A group's Share page (issue 25): its view link as a QR code for anyone
with a link of the group, its edit link behind ``?edit=1`` for the edit
link only; no address printed bare on the group's pages."""

from __future__ import annotations

import re

import pytest

from companion.models import Group
from tests.companion.conftest import text

pytestmark = pytest.mark.django_db

STRANGER = "x" * 32


@pytest.fixture
def group() -> Group:
    return Group.objects.create(name="Thursdays", players=["Adam", "Betty", "Christian"])


def share(token: str) -> str:
    return f"/groups/{token}/share/"


def test_the_group_page_leads_to_its_share_page_and_prints_no_address(client, group):
    for token in (group.edit_token, group.view_token):
        page = text(client.get(f"/groups/{token}/"))
        assert f'href="{share(token)}"' in page
        assert re.findall(r">\s*https?://", page) == []


def test_the_view_link_shows_the_view_link_only(client, group):
    response = client.get(share(group.view_token))

    page = text(response)
    assert response.status_code == 200
    assert f'value="http://testserver/groups/{group.view_token}/"' in page
    assert page.count("<svg") == 1
    assert group.edit_token not in page
    assert "?edit=1" not in page


def test_the_edit_link_shows_the_edit_link_only_when_asked(client, group):
    page = text(client.get(share(group.edit_token)))
    assert page.count("<svg") == 1 and 'href="?edit=1"' in page
    assert f'value="http://testserver/groups/{group.edit_token}/"' not in page

    asked = text(client.get(share(group.edit_token) + "?edit=1"))
    assert asked.count("<svg") == 2
    assert f'value="http://testserver/groups/{group.edit_token}/"' in asked
    assert re.findall(r">\s*https?://", asked) == []


def test_the_view_link_may_not_show_the_edit_link(client, group):
    assert client.get(share(group.view_token) + "?edit=1").status_code == 403


def test_an_unknown_group_is_404(client):
    assert client.get(share(STRANGER)).status_code == 404


def test_the_share_page_only_looks(client, group):
    assert client.post(share(group.edit_token)).status_code == 405


def test_the_share_page_in_german(client, group):
    client.cookies["django_language"] = "de"
    page = text(client.get(share(group.edit_token), HTTP_ACCEPT_LANGUAGE="de"))
    assert "Die Gruppe teilen" in page and "Zurück zur Gruppe" in page
