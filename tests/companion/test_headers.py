"""Headers (issue 23): a Permissions-Policy on every answer that keeps only
what the app uses (the screen wake lock, writing to the clipboard);
``Cache-Control: no-store`` on every page of an edit link (walked from
companion/urls.py); and the app's own SECRET_KEY check refuses what
``manage.py check --deploy`` calls weak."""

from __future__ import annotations

import secrets

import pytest
from django.test import Client

from companion import actions
from tests.companion.app_routes import app_routes, make_game
from tests.companion.test_security import every_page
from tests.companion.test_settings import PRODUCTION, SHOW, run

pytestmark = pytest.mark.django_db

DENIED = ("camera", "microphone", "geolocation", "payment", "usb", "display-capture")
KEPT = ("screen-wake-lock", "clipboard-write")


def features(response) -> dict[str, str]:
    header = response.headers.get("Permissions-Policy", "")
    pairs = [item.strip().partition("=") for item in header.split(",") if item.strip()]
    return {name: allowed for name, _, allowed in pairs}


def assert_policy(response, url: str) -> None:
    allowed = features(response)
    assert {name: allowed.get(name) for name in DENIED} == dict.fromkeys(DENIED, "()"), url
    assert {name: allowed.get(name) for name in KEPT} == dict.fromkeys(KEPT, "(self)"), url


def test_every_page_carries_the_permissions_policy(client):
    _, urls = every_page()

    for url in urls:
        for headers in ({}, {"HX-Request": "true"}):
            response = client.get(url, headers=headers)
            assert response.status_code < 500, url
            assert_policy(response, url)
    assert len(urls) >= 30


def test_errors_redirects_and_refusals_carry_it_too(client):
    game = make_game()
    answers = {
        "404": client.get("/no/such/page/"),
        "405": client.post(f"/g/{game.view_token}/"),
        "refused change": client.post(f"/g/{game.edit_token}/round/undo/", {}),
        "400": client.post(
            "/dispute/", "a=1", content_type="application/x-www-form-urlencoded; charset=latin-1"
        ),
        "413": client.post(
            "/api/games", b"{" + b" " * (3 * 1024 * 1024) + b"}", content_type="application/json"
        ),
        "manifest": client.get("/manifest.webmanifest"),
        "worker": client.get("/sw.js"),
    }

    for name, response in answers.items():
        assert_policy(response, name)
    assert answers["400"].status_code == 400
    assert answers["413"].status_code == 413


def no_store(response) -> bool:
    return "no-store" in response.get("Cache-Control", "")


def test_every_page_of_an_edit_link_is_no_store():
    """Each route of a game's or a group's edit link that answers a page
    (200), as a plain request and as htmx: none may be kept by a cache."""
    game = make_game()
    group = actions.create_group("Thursday", ["Adam", "Betty", "Christian"])
    client = Client()
    checked = []

    for route in app_routes():
        if "token" not in route.args:
            continue
        token = group.edit_token if route.name.startswith("group") else game.edit_token
        url = route.url(token)
        if url is None:
            continue
        for headers in ({}, {"HX-Request": "true"}):
            response = client.get(url, headers=headers)
            if response.status_code == 200:
                checked.append(url)
                assert no_store(response), url
    assert len(set(checked)) >= 15


WEAK = {
    "40 times one letter": "a" * 40,
    "60 times one letter": "a" * 60,
    "four letters, 64 long": "abcd" * 16,
    "49 random characters": secrets.token_urlsafe(48)[:49],
    "startproject's insecure prefix": "django-insecure-" + secrets.token_urlsafe(50),
}


@pytest.mark.parametrize("key", WEAK.values(), ids=WEAK.keys())
def test_a_weak_secret_key_is_refused_at_start_up(key):
    result = run(["-c", SHOW], **{**PRODUCTION, "SECRET_KEY": key})

    assert result.returncode != 0
    assert "SECRET_KEY is weak" in result.stderr


def test_a_key_the_app_takes_passes_check_deploy():
    key = secrets.token_urlsafe(50)

    result = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        **{**PRODUCTION, "SECRET_KEY": key},
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "security.W009" not in result.stdout + result.stderr
