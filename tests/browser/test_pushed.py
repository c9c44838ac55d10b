"""Changes pushed to the phones (:mod:`companion.events`), in Chromium: a
seat's phone whose page names the events server holds its stream open,
asks the app for nothing while the game stands still, and shows a card
entered elsewhere at once; without the events server (``make run``),
or once it is gone, the phone follows by polling."""

from __future__ import annotations

import re
import time
import uuid

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from companion import actions
from companion.forms import Stamp
from companion.seats import seat_links
from scoring.cards import card_code
from scoring.record import parse_record, replay
from tests.companion.tables import cards_of, game_for, simulated
from tests.servers import events_server

pytestmark = pytest.mark.django_db(transaction=True)

STILL = 4000
"""ms the game stands still: longer than a seat phone's slowest poll (3 s)."""


def open_seat(page, game, record) -> tuple[list[str], str]:
    """The seat phone of the round's second player on its round screen (the
    first card is another's: a seat's own card is not pushed to it); the
    polls it makes from now on (filled in as it makes them), and its seat token."""
    second = replay(parse_record(record)).rounds[0].tricks[0].players[1]
    token = seat_links(game)[second].token
    live = reverse("imp:round_live", args=[token])
    polls: list[str] = []
    page.on("request", lambda request: live in request.url and polls.append(request.url))
    page.goto(reverse("imp:round", args=[token]))
    expect(page.locator("#play-stamp")).to_have_attribute("data-version", "0")
    return polls, token


def first_card(record):
    return cards_of(record["rounds"][0])[0]


def enter_first_card(game, record) -> None:
    """The first card of the round, entered on another phone."""
    card = first_card(record)
    actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code(card))


def test_a_pushed_seat_phone_asks_for_nothing_and_is_pushed_each_card(page, pushed):
    record = simulated("classic", 4, rounds=1, seed=7)
    game = game_for(record)

    with page.expect_request(f"{pushed}/events/**"):
        polls, token = open_seat(page, game, record)
    page.wait_for_timeout(STILL)
    quiet = list(polls)
    enter_first_card(game, record)
    started = time.monotonic()
    expect(page.locator("#play-stamp")).to_have_attribute("data-version", "1", timeout=5000)
    seconds = time.monotonic() - started

    events = f"{pushed}/events/{token}/?lang=en&screen=round"
    assert page.locator("#play").get_attribute("data-events") == events
    assert quiet == []
    assert polls == []  # the card's answer was pushed (companion.pushed)
    assert seconds < 2  # a tick of the events server is 0.2 s
    expect(page.locator("#trick-now .slot").first).to_contain_text(str(first_card(record)))


def test_a_seat_phone_is_pushed_the_round_s_result_and_asks_for_nothing(
    page, pushed, screenshot_dir
):
    """The round's last card, entered on another phone: a seat's phone shows
    the result with its Agree at once, pushed whole (companion.pushed), and
    asks the app for nothing."""
    record = simulated("classic", 4, rounds=1, seed=7)
    game = game_for(record)
    cards = cards_of(record["rounds"][0])
    for card in cards[:-1]:
        game.refresh_from_db()
        actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code(card))
    last = replay(parse_record(record)).rounds[0].tricks[-1].players[-1]
    token = seat_links(game)[(last + 1) % 4].token
    live = reverse("imp:round_live", args=[token])
    polls: list[str] = []
    page.on("request", lambda request: live in request.url and polls.append(request.url))
    with page.expect_request(f"{pushed}/events/**"):
        page.goto(reverse("imp:round", args=[token]))
    game.refresh_from_db()
    expect(page.locator("#play-stamp")).to_have_attribute("data-version", str(game.version))

    actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code(cards[-1]))
    started = time.monotonic()
    expect(page.get_by_role("button", name="Agree to round 1")).to_be_visible(timeout=5000)
    seconds = time.monotonic() - started

    assert polls == []
    assert seconds < 2
    game.refresh_from_db()
    expect(page.locator("#play-stamp")).to_have_attribute("data-version", str(game.version))
    expect(page.get_by_role("heading", name="Round 1: the result")).to_be_visible()
    page.set_viewport_size({"width": 360, "height": 780})
    page.screenshot(path=screenshot_dir / "seat-result-pushed-360.png")


def test_a_phone_led_to_the_story_asks_for_it_once(browser, live_server, pushed):
    """A seat phone told that the table confirmed the round is led to the
    round's story, and asks for nothing more while the story loads: a story
    slow to come (held here until the test lets it go; a request the
    service worker answers is never held, so it is blocked) is not asked
    for a second time, which would drop the first (net::ERR_ABORTED)."""
    record = simulated("classic", 4, rounds=2, seed=7)
    game = game_for(record)
    for card in cards_of(record["rounds"][0]):
        game.refresh_from_db()
        actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code(card))
    context = browser.new_context(base_url=live_server.url, service_workers="block")
    try:
        page = context.new_page()
        with page.expect_request(f"{pushed}/events/**"):
            page.goto(reverse("imp:round", args=[seat_links(game)[1].token]))
        expect(page.get_by_role("button", name="Agree to round 1")).to_be_visible()
        held: list = []
        page.route(re.compile(r"/rounds/1/\?confirmed$"), lambda route: held.append(route))

        game.refresh_from_db()
        actions.confirm_round(game, Stamp(game.version, uuid.uuid4().hex))
        for _ in range(50):
            if held:
                break
            page.wait_for_timeout(100)
        page.wait_for_timeout(1500)  # told of a newer version: follow.js would ask in 0.3 s
        assert len(held) == 1
        held[0].continue_()
        page.wait_for_url("**/rounds/1/?confirmed")
        expect(page.locator("h1")).to_contain_text("Round 1")
    finally:
        context.close()


def test_without_the_events_server_a_phone_polls(page):
    record = simulated("classic", 4, rounds=1, seed=7)
    game = game_for(record)

    polls, _ = open_seat(page, game, record)
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
            polls, _ = open_seat(page, game, record)
    enter_first_card(game, record)  # the events server is gone

    expect(page.locator("#play-stamp")).to_have_attribute("data-version", "1", timeout=5000)
    assert len(polls) >= 1


TOLD_AND_ASKED = """
window.impTold = [];
window.impAsked = [];
const Stream = window.EventSource;
window.EventSource = class extends Stream {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", () => window.impTold.push(performance.now()));
  }
};
const open = XMLHttpRequest.prototype.open;
XMLHttpRequest.prototype.open = function (method, url, ...rest) {
  if (String(url).includes("/round/live/")) window.impAsked.push(performance.now());
  return open.call(this, method, url, ...rest);
};
"""
"""Each phone notes, by its own clock, when its events stream tells it of a
change and when it asks the app for the round."""


def test_a_told_phone_asks_at_once_only_when_its_player_is_asked_next(browser, live_server, pushed):
    """Every phone of a table is told of a change in the same instant; where
    its answer is not pushed (here a new dealer), the phone of the player
    asked right after it (its pace "soon") asks at once,
    another seat's phone 0.4 to 0.9 s later (follow.js's SPREAD), so that
    the asked player's phone is not queued behind the others."""
    record = simulated("classic", 4, rounds=1, seed=7)
    game = game_for(record)
    phones = []
    for seat in seat_links(game):
        context = browser.new_context(base_url=live_server.url, service_workers="block")
        page = context.new_page()
        page.add_init_script(TOLD_AND_ASKED)
        with page.expect_request(f"{pushed}/events/**"):
            page.goto(reverse("imp:round", args=[seat.token]))
        expect(page.locator("#play-stamp")).to_have_attribute("data-version", "0")
        phones.append((page.locator("#play-stamp").get_attribute("data-pace") or "", page))
    try:
        # the leader is asked now, then "soon" the next player, "near" the third
        assert sorted(pace for pace, _ in phones) == ["", "", "near", "soon"]
        # not a card (pushed to a seat's phone, companion.pushed): another dealer
        stamp = Stamp(game.version, uuid.uuid4().hex)
        actions.set_dealer(game, stamp, (game.first_dealer + 1) % len(game.players))
        for _, page in phones:
            expect(page.locator("#play-stamp")).to_have_attribute("data-version", "1", timeout=5000)
        waited = [
            (pace, page.evaluate("window.impAsked.at(-1) - window.impTold.at(-1)"))
            for pace, page in phones
        ]
    finally:
        for _, page in phones:
            page.context.close()

    for pace, ms in waited:
        if pace == "soon":
            assert ms < 400
        else:
            assert 400 <= ms <= 900 + 500  # a timer may fire late, never early


def open_watched(page, url: str, live: str, selector: str) -> list[str]:
    """A viewer's screen at ``url``, which follows its game by asking for
    ``live``; the requests it makes for it from now on."""
    asked: list[str] = []
    page.on("request", lambda request: live in request.url and asked.append(request.url))
    page.goto(url)
    expect(page.locator(selector)).to_have_attribute("hx-get", live)
    return asked


def test_a_told_viewer_of_the_round_asks_for_nothing_until_the_game_changes(page, pushed):
    """The view link's round screen holds the events stream open
    (static/js/watch.js): no poll while the game stands still, and a card
    entered elsewhere asked for and shown within a second or so."""
    record = simulated("classic", 4, rounds=1, seed=7)
    game = game_for(record)
    token = game.view_token
    live = reverse("imp:round_live", args=[token])

    with page.expect_request(f"{pushed}/events/{token}/"):
        asked = open_watched(page, reverse("imp:round", args=[token]), live, "#round")
    page.wait_for_timeout(STILL)
    quiet = list(asked)
    enter_first_card(game, record)
    started = time.monotonic()
    expect(page.locator("#round")).to_have_attribute("data-version", "1", timeout=5000)
    seconds = time.monotonic() - started

    assert page.locator("#round").get_attribute("data-events") == f"{pushed}/events/{token}/"
    assert quiet == []
    assert len(asked) == 1
    assert seconds < 2  # a tick, then 0.4 to 0.9 s (watch.js's SPREAD)


@pytest.mark.parametrize("link", ["view", "seat"])
def test_the_standings_are_pushed_each_change_and_ask_for_nothing(page, pushed, link):
    """Any link's standings hold the events stream open and are pushed the
    standings after each change (companion.pushed): a card and a new dealer
    entered elsewhere shown at once, the app asked for nothing (a seat
    link's page too: it is not pushed its round screen's answers)."""
    record = simulated("classic", 4, rounds=1, seed=7)
    game = game_for(record)
    token = game.view_token if link == "view" else seat_links(game)[0].token
    live = reverse("imp:live", args=[token])

    with page.expect_request(f"{pushed}/events/{token}/**"):
        asked = open_watched(page, reverse("imp:game", args=[token]), live, "#game")
    expect(page.locator("#game .current")).to_contain_text("0 of 8 tricks started")
    enter_first_card(game, record)
    started = time.monotonic()
    expect(page.locator("#game")).to_have_attribute("data-version", "1", timeout=5000)
    seconds = time.monotonic() - started
    expect(page.locator("#game .current")).to_contain_text("1 of 8 tricks started")
    game.refresh_from_db()
    actions.undo(game, Stamp(game.version, uuid.uuid4().hex))
    expect(page.locator("#game")).to_have_attribute("data-version", "2", timeout=5000)
    expect(page.locator("#game .current")).to_contain_text("0 of 8 tricks started")

    events = f"{pushed}/events/{token}/?lang=en&screen=standings"
    assert page.locator("#game").get_attribute("data-events") == events
    assert asked == []
    assert seconds < 1  # a tick of the events server is 0.2 s


def test_without_the_events_server_a_viewer_polls(page):
    record = simulated("classic", 4, rounds=1, seed=7)
    game = game_for(record)
    token = game.view_token

    asked = open_watched(
        page, reverse("imp:game", args=[token]), reverse("imp:live", args=[token]), "#game"
    )
    page.wait_for_timeout(STILL)

    assert page.locator("#game").get_attribute("data-events") is None
    assert page.locator("#game").get_attribute("hx-trigger") == "every 2s"
    assert len(asked) >= 1  # 304s: the game stood still


def test_a_viewer_that_lost_its_stream_polls_again(page, settings):
    record = simulated("classic", 4, rounds=1, seed=7)
    game = game_for(record)
    token = game.view_token
    with events_server() as port:
        origin = f"http://127.0.0.1:{port}"
        settings.IMP_EVENTS_URL = f"{origin}/events/"
        settings.SECURE_CSP = {**settings.SECURE_CSP, "connect-src": ["'self'", origin]}
        with page.expect_request(f"{origin}/events/**"):
            open_watched(
                page, reverse("imp:game", args=[token]), reverse("imp:live", args=[token]), "#game"
            )
    enter_first_card(game, record)  # the events server is gone

    # asked within the polls' 2 s, not the quiet 15 s
    expect(page.locator("#game")).to_have_attribute("data-version", "1", timeout=5000)
