"""A form posted in a charset other than UTF-8 is a 400 with the app's own
page, in the reader's language, on every route: not a 500 (Django's 400
view checked the CSRF token, read the form again and raised a second time).
The routes are read from companion/urls.py."""

from __future__ import annotations

import logging
import urllib.error
import urllib.request

import pytest
from django.test import Client

from companion import actions
from tests.companion.app_routes import app_routes, make_game, snapshot
from tests.companion.conftest import text

pytestmark = pytest.mark.django_db

CHARSETS = ("latin-1", "ascii", "utf-16")
HEADING = {"en": "Not understood", "de": "Nicht verstanden"}


def every_url() -> tuple[list[str], object]:
    """Each route of the app, a game's with its edit link, a group's with its."""
    game = make_game()
    group = actions.create_group("Thursday", ["Adam", "Betty", "Christian"])
    urls = []
    for route in app_routes():
        token = group.edit_token if route.name.startswith("group") else game.edit_token
        url = route.url(token)
        if url is not None:
            urls.append(url)
    return urls, game


def body(charset: str, token: str) -> str:
    """A plausible form, with a name in the charset's own letters where it has them."""
    fields = f"csrfmiddlewaretoken={token}&version=0&key={'a' * 32}&card=24&name=J%E4rg"
    return fields if charset == "ascii" else f"{fields}&players=Jörg"


def browser_client() -> tuple[Client, str]:
    """A browser's client: CSRF enforced, its cookie and the page's token."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.get("/dispute/")
    return client, client.cookies["csrftoken"].value


def test_every_route_is_covered():
    urls, _ = every_url()

    assert len(urls) >= 30
    assert "/new/" in urls and "/import/" in urls and "/groups/new/" in urls


@pytest.mark.parametrize("charset", CHARSETS)
def test_a_form_in_another_charset_is_a_400_on_every_route(charset, caplog):
    urls, game = every_url()
    client, token = browser_client()
    before = snapshot(game.pk)

    for url in urls:
        for language in ("en", "de"):
            with caplog.at_level(logging.WARNING, logger="django.request"):
                response = client.post(
                    url,
                    body(charset, token),
                    content_type=f"application/x-www-form-urlencoded; charset={charset}",
                    HTTP_ACCEPT_LANGUAGE=language,
                )
            assert response.status_code == 400, (url, charset, response.status_code)
            if response["Content-Type"].startswith("text/html"):
                assert HEADING[language] in text(response), url
                assert f'<html lang="{language}">' in response.text, url
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert snapshot(game.pk) == before


@pytest.mark.parametrize("charset", CHARSETS)
def test_the_view_reading_the_form_answers_400_too(charset):
    """CSRF's token in the header (as htmx sends it): the view is the first
    to read the form, and the answer is the same page."""
    urls, game = every_url()
    client, token = browser_client()
    posting = [
        "/new/",
        "/groups/new/",
        "/dispute/",
        "/import/",
        f"/g/{game.edit_token}/round/card/",
    ]

    for url in posting:
        response = client.post(
            url,
            body(charset, token),
            content_type=f"application/x-www-form-urlencoded; charset={charset}",
            headers={"X-CSRFToken": token},
        )
        assert response.status_code == 400, url
        assert HEADING["en"] in text(response), url


@pytest.mark.django_db(transaction=True)
def test_over_real_http_the_answer_is_a_page_not_a_traceback(live_server):
    game = make_game()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    with opener.open(f"{live_server.url}/dispute/", timeout=30) as page:
        cookie = page.headers["Set-Cookie"]
    token = cookie.split("csrftoken=")[1].split(";")[0]
    answers = []

    for charset in CHARSETS:
        for path in ("/new/", f"/g/{game.edit_token}/round/card/"):
            request = urllib.request.Request(
                f"{live_server.url}{path}",
                data=body(charset, token).encode(charset),
                headers={
                    "Content-Type": f"application/x-www-form-urlencoded; charset={charset}",
                    "Accept-Language": "de",
                    "Referer": f"{live_server.url}/",
                },
            )
            with pytest.raises(urllib.error.HTTPError) as refused:
                opener.open(request, timeout=30)
            page = refused.value.read().decode()
            answers.append(refused.value.code)
            assert "Nicht verstanden" in page
            assert "Traceback" not in page and "BadRequest" not in page
    assert answers == [400] * 6
