"""The view link can be replaced like the edit link: a confirm page, a POST
with the edit link, then every copy of the old view link is a 404 and the
share page shows the new one as a QR code. Only the edit link may replace
either link (the view link gets a 403 and changes nothing)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.companion.app_routes import snapshot
from tests.companion.conftest import text

pytestmark = pytest.mark.django_db


def url(token: str) -> str:
    return reverse("imp:regenerate_view", args=[token])


def test_the_path_is_pinned():
    assert url("T") == "/g/T/share/regenerate-view/"


def test_the_share_page_offers_it_to_the_edit_link_only(editor, viewer):
    assert f'href="{url(editor.token)}"' in editor.get("share").text
    assert "regenerate-view" not in viewer.get("share").text


def test_replacing_the_view_link_asks_first(editor, game):
    old = game.view_token

    response = editor.client.get(url(editor.token))

    game.refresh_from_db()
    assert response.status_code == 200
    assert "Regenerate the view link?" in text(response)
    assert game.view_token == old


def test_replacing_the_view_link(editor, game):
    old_view, edit, version = game.view_token, game.edit_token, game.version

    response = editor.client.post(url(editor.token))

    game.refresh_from_db()
    assert response.status_code == 302
    assert response["Location"] == reverse("imp:share", args=[edit])
    assert game.view_token != old_view
    assert len(game.view_token) >= 32
    assert (game.edit_token, game.version) == (edit, version + 1)
    assert Client().get(f"/g/{old_view}/").status_code == 404
    assert Client().get(f"/g/{game.view_token}/").status_code == 200
    share = editor.client.get(response["Location"])
    assert f"/g/{game.view_token}/" in share.text
    assert old_view not in share.text
    assert share.text.count("<svg") >= 1


@pytest.mark.parametrize("method", ["get", "post"])
def test_the_view_link_cannot_replace_itself(viewer, game, method):
    before = snapshot(game.pk)

    response = getattr(viewer.client, method)(url(viewer.token))

    assert response.status_code == 403
    assert snapshot(game.pk) == before


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_stranger_gets_a_404(stranger, game, method):
    before = snapshot(game.pk)

    response = getattr(stranger.client, method)(url(stranger.token))

    assert response.status_code == 404
    assert snapshot(game.pk) == before


def test_the_wrong_method_is_refused(editor):
    assert editor.client.put(url(editor.token)).status_code == 405
