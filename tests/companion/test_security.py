"""Security headers, no inline code, request limits, and capability links
that cannot be bypassed (issue 6). The routes are read from
companion/urls.py, so a new page is covered as soon as it is routed."""

import re
import secrets

import pytest
from django.test import Client

from scoring.names import NAME_MAX
from tests.companion.app_routes import (
    game_routes,
    inline_code,
    make_game,
    plain_routes,
    snapshot,
)

pytestmark = pytest.mark.django_db

EXPECTED_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; form-action 'self'; base-uri 'self'"
)
DISPUTE_ANSWER = "/dispute/?edition=classic&price=19&card_1=24&card_2=15&card_3=17&card_4=32"
DISPUTE_ERROR = "/dispute/?edition=classic&price=19&card_1=24&card_2=24"


def assert_security_headers(response, url):
    assert response["Content-Security-Policy"] == EXPECTED_CSP, url
    assert response["X-Content-Type-Options"] == "nosniff", url
    assert response["Referrer-Policy"] in {"same-origin", "no-referrer"}, url
    assert response["X-Frame-Options"] == "DENY", url
    assert response["Cross-Origin-Opener-Policy"] == "same-origin", url


def every_page():
    """(url, client) for every GET page: the app's plain pages, the dispute
    answers, and every page of a game through its edit and its view link."""
    game = make_game()
    urls = ["/", DISPUTE_ANSWER, DISPUTE_ERROR]
    urls += [route.url() for route in plain_routes()]
    for route in game_routes():
        for token in (game.edit_token, game.view_token):
            url = route.url(token)
            if url is not None:
                urls.append(url)
    return game, sorted({url for url in urls if url})


def test_every_page_carries_the_security_headers(client):
    _, urls = every_page()

    for url in urls:
        for headers in ({}, {"HX-Request": "true"}):
            response = client.get(url, headers=headers)
            assert response.status_code < 500, url
            assert_security_headers(response, url)


def test_error_pages_carry_them_too(client):
    for response in (client.get("/no/such/page/"), client.get("/g/not-a-token/live/")):
        assert response.status_code == 404
        assert_security_headers(response, response.request["PATH_INFO"])


def test_no_inline_script_or_style_on_any_page(client):
    _, urls = every_page()
    scanned = 0

    for url in urls:
        for headers in ({}, {"HX-Request": "true"}):
            response = client.get(url, headers=headers)
            if not response["Content-Type"].startswith("text/html"):
                continue
            scanned += 1
            assert inline_code(response.text) == [], url
    assert scanned >= 6


def test_the_scanner_finds_inline_code():
    html = (
        '<script>alert(1)</script><script src="/x.js"></script><style>p{}</style>'
        '<p style="color:red" onclick="x()"><a href="javascript:x()">x</a></p>'
    )
    assert len(inline_code(html)) == 5


def test_htmx_is_told_not_to_inject_its_style(client):
    response = client.get("/dispute/")

    assert '"includeIndicatorStyles": false' in response.text
    assert "/static/django_htmx/htmx-2" in response.text


# --- request limits -----------------------------------------------------------


def _csrf_client():
    """A browser-like client: CSRF enforced, with its cookie and token."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.get("/dispute/")
    token = client.cookies["csrftoken"].value if "csrftoken" in client.cookies else ""
    return client, token


def post_urls(game):
    urls = ["/dispute/", "/import/", "/api/games"]
    urls += [route.url(game.edit_token) for route in game_routes()]
    return [url for url in urls if url]


def test_a_giant_post_body_is_refused_early():
    game = make_game()
    client, token = _csrf_client()
    before = snapshot(game.pk)
    body = b"card_1=" + b"7" * (2 * 1024 * 1024)

    for url in post_urls(game):
        response = client.post(
            url,
            body,
            content_type="application/x-www-form-urlencoded",
            headers={"X-CSRFToken": token},
        )
        assert response.status_code in {400, 413}, url
    assert snapshot(game.pk) == before


def test_a_giant_json_body_is_a_413():
    client = Client(raise_request_exception=False)
    body = '{"format": "bottle-imp/1", "x": "' + "x" * (2 * 1024 * 1024) + '"}'

    response = client.post("/api/games", body, content_type="application/json")

    assert response.status_code in {400, 413}


def test_too_many_fields_are_refused():
    client = Client(raise_request_exception=False)
    data = {f"f{i}": "1" for i in range(1000)}

    response = client.post("/dispute/", data)

    assert response.status_code == 400


def test_dispute_fields_have_max_lengths(client):
    response = client.get("/dispute/")

    # price and second price (the cards are tapped, hidden fields the form caps at 8)
    assert response.text.count('maxlength="8"') == 2
    # a name a place: 4 with the 36 cards' largest trick, 6 with the 54 cards
    assert response.text.count(f'maxlength="{NAME_MAX}"') == 4


# --- capability links: view, wrong and deleted tokens change nothing ------------


def _attempts(game):
    """Plausible data for any mutating form: it must be refused before use."""
    return {
        "card": "24",
        "cards": "24 15 17",
        "version": str(game.version),
        "key": secrets.token_hex(8),
        "seat": "0",
        "confirm": "1",
    }


def _mutating_routes(game):
    """Routes under g/<token>/ that take a POST (anything but 405 for the editor)."""
    client = Client(raise_request_exception=False)
    found = []
    for route in game_routes():
        url = route.url(game.view_token)
        if url is None:
            continue
        if client.post(url, _attempts(game)).status_code != 405:
            found.append(route)
    return found


def test_there_are_mutating_routes_to_check():
    assert _mutating_routes(make_game())


def test_the_view_link_changes_nothing_and_reveals_no_edit_link():
    game = make_game()
    client = Client(raise_request_exception=False)
    before = snapshot(game.pk)

    for route in _mutating_routes(game):
        url = route.url(game.view_token)
        for headers in ({}, {"HX-Request": "true"}):
            response = client.post(url, _attempts(game), headers=headers)
            assert response.status_code in {403, 404}, url
            assert game.edit_token not in response.content.decode(errors="replace"), url
    assert snapshot(game.pk) == before


def test_no_view_link_page_shows_the_edit_link():
    game = make_game()
    client = Client(raise_request_exception=False)

    for route in game_routes():
        url = route.url(game.view_token)
        if url is None:
            continue
        response = client.get(url)
        assert response.status_code < 500, url
        assert game.edit_token not in response.content.decode(errors="replace"), url


def shows_name(name: str, text: str) -> bool:
    """Whether a page shows a player's name: as a word, not as four letters
    inside a random token (a CSRF token once held "...JZoraU...")."""
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


@pytest.mark.parametrize("wrong", ["", "x", "a" * 32, "a" * 65, "%00", "..", "../admin"])
def test_a_wrong_token_changes_nothing_and_reveals_nothing(wrong):
    game = make_game()
    other = make_game(("Zora", "Yuri", "Xena"))
    client = Client(raise_request_exception=False)
    before = snapshot(game.pk), snapshot(other.pk)
    routes = _mutating_routes(game) + game_routes()

    for route in routes:
        url = route.url(wrong) or f"/g/{wrong}/"
        for method in (client.get, client.post):
            response = method(url, _attempts(game))
            assert response.status_code in {400, 404, 405}, (url, response.status_code)
            text = response.content.decode(errors="replace")
            for secret in (game.edit_token, game.view_token):
                assert secret not in text, url
            assert not shows_name("Adam", text) and not shows_name("Zora", text), url
    assert (snapshot(game.pk), snapshot(other.pk)) == before


def test_a_deleted_game_is_gone_for_both_links():
    game = make_game()
    edit, view = game.edit_token, game.view_token
    game.delete()
    client = Client(raise_request_exception=False)

    for route in game_routes():
        for token in (edit, view):
            url = route.url(token)
            if url is None:
                continue
            for method in (client.get, client.post):
                response = method(url, _attempts(game))
                assert response.status_code in {404, 405}, url
                assert not shows_name("Adam", response.content.decode(errors="replace")), url
