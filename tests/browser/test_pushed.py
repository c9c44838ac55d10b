"""Changes pushed to the phones (:mod:`companion.events`), in Chromium: a
seat's phone whose page names the events server holds its stream open,
asks the app for nothing while the game stands still, and shows a card
entered elsewhere at once; without the events server (``make run``),
or once it is gone, the phone follows by polling."""

from __future__ import annotations

import time
import uuid

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from companion import actions
from companion.forms import Stamp
from companion.seats import seat_links
from scoring.cards import card_code
from tests.companion.tables import cards_of, game_for, simulated
from tests.servers import events_server

pytestmark = pytest.mark.django_db(transaction=True)

STILL = 4000
"""ms the game stands still: longer than a seat phone's slowest poll (3 s)."""


def open_seat(page, game) -> tuple[list[str], str]:
    """The third player's seat phone on its round screen; the polls it
    makes from now on (filled in as it makes them), and its seat token."""
    token = seat_links(game)[2].token
    live = reverse("imp:round_live", args=[token])
    polls: list[str] = []
    page.on("request", lambda request: live in request.url and polls.append(request.url))
    page.goto(reverse("imp:round", args=[token]))
    expect(page.locator("#play-stamp")).to_have_attribute("data-version", "0")
    return polls, token


def enter_first_card(game, record) -> None:
    """The first card of the round, entered on another phone."""
    card = cards_of(record["rounds"][0])[0]
    actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code(card))


def test_a_pushed_phone_asks_for_nothing_until_the_game_changes_then_at_once(page, pushed):
    record = simulated("classic", 4, rounds=1, seed=7)
    game = game_for(record)

    with page.expect_request(f"{pushed}/events/**"):
        polls, token = open_seat(page, game)
    page.wait_for_timeout(STILL)
    quiet = list(polls)
    enter_first_card(game, record)
    started = time.monotonic()
    expect(page.locator("#play-stamp")).to_have_attribute("data-version", "1", timeout=5000)
    seconds = time.monotonic() - started

    assert page.locator("#play").get_attribute("data-events") == f"{pushed}/events/{token}/"
    assert quiet == []
    assert len(polls) == 1
    assert seconds < 2  # a tick of the events server is 0.2 s


def test_without_the_events_server_a_phone_polls(page):
    record = simulated("classic", 4, rounds=1, seed=7)
    game = game_for(record)

    polls, _ = open_seat(page, game)
    page.wait_for_timeout(STILL)
    enter_first_card(game, record)

    assert page.locator("#play").get_attribute("data-events") is None
    assert len(polls) >= 1
    expect(page.locator("#play-stamp")).to_have_attribute("data-version", "1", timeout=5000)


def test_a_phone_that_lost_its_stream_polls_again(page, settings):
    record = simulated("classic", 4, rounds=1, seed=7)
    game = game_for(record)
    with events_server() as port:
        origin = f"http://127.0.0.1:{port}"
        settings.IMP_EVENTS_URL = f"{origin}/events/"
        settings.SECURE_CSP = {**settings.SECURE_CSP, "connect-src": ["'self'", origin]}
        with page.expect_request(f"{origin}/events/**"):
            polls, _ = open_seat(page, game)
    enter_first_card(game, record)  # the events server is gone

    expect(page.locator("#play-stamp")).to_have_attribute("data-version", "1", timeout=5000)
    assert len(polls) >= 1
