"""The offline page (issue 25): the app's own page for an address a phone
never opened, kept by the service worker with the shell, in the reader's
language; the worker serves it, and keeps it again in another language."""

from __future__ import annotations

import pytest

from tests.companion.conftest import text

pytestmark = pytest.mark.django_db


def test_the_offline_page_is_the_apps_own_page(client):
    response = client.get("/offline/")

    page = text(response)
    assert response.status_code == 200
    assert '<link rel="stylesheet"' in page and 'href="/"' in page
    assert "this page was never opened on this phone" in page
    assert 'id="kept-games"' in page
    assert response["Content-Language"] == "en"


def test_the_offline_page_in_german(client):
    response = client.get("/offline/", headers={"Accept-Language": "de"})

    assert response["Content-Language"] == "de"
    assert "Keine Verbindung" in text(response) and "Zur Startseite" in text(response)


def test_the_worker_keeps_and_serves_it(client):
    worker = client.get("/sw.js").content.decode()

    assert 'const OFFLINE = "/offline/";' in worker
    assert "cache.addAll([...SHELL_FILES, OFFLINE])" in worker
    assert 'offlineIn(response.headers.get("content-language"))' in worker


def test_the_offline_page_only_looks(client):
    assert client.post("/offline/").status_code == 405
