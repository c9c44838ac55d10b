"""A link that leads nowhere (404) and a view link asked to change the game
(403) answer with the app's own page, in the reader's language."""

from __future__ import annotations

import pytest

from tests.companion.conftest import text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "heading"), [("en", "Nothing here"), ("de", "Hier ist nichts")]
)
def test_a_link_that_leads_nowhere(client, language, heading):
    response = client.get("/g/no-such-game-at-all/", HTTP_ACCEPT_LANGUAGE=language)

    assert response.status_code == 404
    assert heading in text(response)
    assert f'<html lang="{language}">' in response.content.decode()


@pytest.mark.parametrize(
    ("language", "heading"), [("en", "Only to watch"), ("de", "Nur zum Zuschauen")]
)
def test_a_view_link_asked_to_change_the_game(viewer, language, heading):
    response = viewer.client.post(
        viewer.url("play_card"), {"card": "24"}, HTTP_ACCEPT_LANGUAGE=language
    )

    assert response.status_code == 403
    assert heading in text(response)
