"""A screen that follows its game with htmx's polls (every 2 s without the
events server: ``make run``) and is led to another page by an answer
(HX-Redirect) asks for nothing more while that page loads: the view link's
round screen once the table confirmed the round (to the round's story), and
the story once the next round began (to the round screen). Each poll's
answer would lead it there again, and the browser drops the page under way
for the new one: on a phone slower than the polls to load a page, again and
again. In Chromium, the page asked for held until the test lets it go (a
request the service worker answers is never held, so it is blocked)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from companion import actions
from companion.forms import Stamp
from scoring.cards import card_code
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db(transaction=True)

POLLS = 5000
"""ms the page is held: two polls and more (every 2 s)."""


def play_round(game, record: dict, number: int) -> None:
    for card in cards_of(record["rounds"][number - 1]):
        game.refresh_from_db()
        actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code(card))


def held_while_polling(page, pattern: str, change) -> list:
    """The requests for ``pattern`` the page makes once ``change`` is made,
    each held, over :data:`POLLS` ms; then the first is let go."""
    held: list = []
    page.route(re.compile(pattern), lambda route: held.append(route))
    change()
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(POLLS)
    if held:
        held[0].continue_()
    return held


def test_the_view_link_led_to_the_story_asks_for_it_once(browser, live_server):
    record = simulated("classic", 4, rounds=2, seed=7)
    game = game_for(record)
    play_round(game, record, 1)
    context = browser.new_context(base_url=live_server.url, service_workers="block")
    try:
        page = context.new_page()
        page.goto(reverse("imp:round", args=[game.view_token]))
        expect(page.locator("h1").first).to_contain_text("Round 1")

        def confirm() -> None:
            game.refresh_from_db()
            actions.confirm_round(game, Stamp(game.version, uuid.uuid4().hex))

        held = held_while_polling(page, r"/rounds/1/\?confirmed$", confirm)

        assert len(held) == 1
        page.wait_for_url("**/rounds/1/?confirmed")
        expect(page.locator("#story-title")).to_have_text("The story of round 1")
    finally:
        context.close()


def test_the_story_led_to_the_next_round_asks_for_it_once(browser, live_server):
    record = simulated("classic", 4, rounds=2, seed=7)
    game = game_for(record)
    play_round(game, record, 1)
    game.refresh_from_db()
    actions.confirm_round(game, Stamp(game.version, uuid.uuid4().hex))
    context = browser.new_context(base_url=live_server.url, service_workers="block")
    try:
        page = context.new_page()
        page.goto(reverse("imp:round_detail", args=[game.view_token, 1]) + "?confirmed")
        expect(page.locator("#story-title")).to_have_text("The story of round 1")

        def first_card() -> None:
            game.refresh_from_db()
            first = card_code(cards_of(record["rounds"][1])[0])
            actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), first)

        held = held_while_polling(page, r"/round/$", first_card)

        assert len(held) == 1
        page.wait_for_url(f"**/g/{game.view_token}/round/")
        expect(page.locator("h1").first).to_contain_text("Round 2")
    finally:
        context.close()
