"""Two phones with the edit link enter one round (issue 22): each follows the
other within 2 s and always asks for the card the game waits for now; two
cards tapped at once for the same player store one, and the other phone's
card is asked about, never stored for the next player. The figure: seconds
from a tap on one phone to the other showing it (IMP_TAPS taps, default 16;
the closing note's 100 with IMP_TAPS=100)."""

from __future__ import annotations

import os
import statistics
import time

import pytest
from django.db import OperationalError
from playwright.sync_api import expect

from companion import actions
from companion.forms import Stamp
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 780}
IDLE = "() => document.getElementById('play')?.dataset.idle === 'yes'"
POLLING = 100
"""wait_for_function polls every 100 ms: a phone in the background draws no frames."""
CARD_URL = "**/round/card/"
FOLLOWS = 10000
"""How long (ms) a test waits for a phone to show a change made on the
other. The phones poll every 1.5 s and show a change within 2 s at a quiet
table; how soon is a figure (``IMP_TAPS=100``: p50 0.93 s, p95 1.68 s),
not a timed test: the suite runs two browsers on two loaded cores."""


@pytest.fixture
def phones(browser, live_server):
    """Two phones, their service workers blocked: a page its worker controls
    sends its requests through it, past the page's routes (Playwright's
    ``page.route``), and a card a test holds back would go out after all."""
    contexts = [
        browser.new_context(viewport=PHONE, base_url=live_server.url, service_workers="block")
        for _ in range(2)
    ]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        context.close()


def stored_tricks(game) -> list[list[str]]:
    """Round 1's stored tricks, read again while the live server may be
    writing (the test database is SQLite in memory: a table is locked then)."""
    for _ in range(50):
        try:
            return game.rounds.get(number=1).tricks
        except OperationalError:
            time.sleep(0.05)
    return game.rounds.get(number=1).tricks


def version(page) -> int:
    return int(page.locator("#play-stamp").get_attribute("data-version"))


def tap(page, card: str) -> None:
    page.click(f'form.picker button.pick[value="{card}"]')


def play_in_turns(phones, cards: list[str]) -> list[float]:
    """Each card tapped on the phones in turn; the seconds until the other
    phone shows it. Before each tap the tapping phone asks what the other
    one (which entered the card before) asks: the card the game waits for."""
    delays = []
    for index, card in enumerate(cards):
        me, other = phones[index % 2], phones[1 - index % 2]
        before = version(me)
        tapped = time.monotonic()
        tap(me, card)
        expect(other.locator("#play-stamp")).to_have_attribute(
            "data-version", str(before + 1), timeout=FOLLOWS
        )
        delays.append(time.monotonic() - tapped)
        me.wait_for_function(IDLE, polling=POLLING)
        expect(other.locator("#play h2.asks")).to_have_text(
            me.locator("#play h2.asks").inner_text()
        )
    return delays


def test_two_edit_phones_in_turns_each_ask_for_the_card_the_game_waits_for(phones):
    record = simulated("classic", 4, seed=11)
    game = game_for(record)
    tricks = record["rounds"][0]["tricks"]
    for page in phones:
        page.goto(f"/g/{game.edit_token}/round/")

    delays = play_in_turns(phones, cards_of(record["rounds"][0])[:10])

    assert len(delays) == 10  # each card shown on the other phone

    assert stored_tricks(game) == [*tricks[:2], tricks[2][:2]]
    for page in phones:
        assert page.locator("#queue-problem").count() == 0
        assert page.locator("#play .error-here").count() == 0


def test_the_seconds_from_a_tap_on_one_phone_to_the_other(phones):
    taps = int(os.environ.get("IMP_TAPS", "16"))
    record = simulated("classic", 4, rounds=1 + taps // 30, seed=3)
    game = game_for(record)
    delays: list[float] = []
    for entry in record["rounds"]:
        for page in phones:
            page.goto(f"/g/{game.edit_token}/round/")
        cards = cards_of(entry)[: taps - len(delays)]
        delays += play_in_turns(phones, cards)
        if len(delays) >= taps:
            break
        game.refresh_from_db()
        actions.confirm_round(game, Stamp(game.version, os.urandom(16).hex()))
    p50 = statistics.median(delays)
    p95 = statistics.quantiles(delays, n=20)[-1]
    print(f"\ntap to the other phone: {len(delays)} taps, p50 {p50:.2f} s, p95 {p95:.2f} s")
    assert len(delays) == taps  # every tap shown on the other phone


@pytest.mark.parametrize("same", [False, True], ids=["other-cards", "same-card"])
def test_two_cards_at_once_for_one_player_store_one_and_never_the_other_for_the_next(phones, same):
    record = simulated("classic", 4, seed=11)
    game = game_for(record)
    first, second = cards_of(record["rounds"][0])[:2]
    for page in phones:
        page.goto(f"/g/{game.edit_token}/round/")
    leader = phones[0].locator("#play h2.asks").inner_text()  # "Betty's card"

    held: list = []
    for page in phones:
        page.route(CARD_URL, lambda route: held.append(route))
    cards = [first, first if same else second]
    for page, card in zip(phones, cards, strict=True):
        tap(page, card)
    for page in phones:
        expect(page.locator("#queue-status")).not_to_be_empty()
    deadline = time.monotonic() + 10
    while len(held) < 2 and time.monotonic() < deadline:
        phones[0].wait_for_timeout(50)
    assert len(held) == 2
    for route in held:  # both reach the server at once
        route.continue_()
    for page in phones:
        page.unroute(CARD_URL)

    deadline = time.monotonic() + 10
    while not (tricks := stored_tricks(game)) and time.monotonic() < deadline:
        phones[0].wait_for_timeout(50)
    assert tricks in ([[first]], [[second]])
    winner = cards.index(tricks[0][0])
    loser = phones[1 - winner] if not same else None
    if loser is not None:
        problem = loser.locator("#queue-problem")
        problem.filter(has_text="was tapped here for").wait_for()
        lost = cards[1 - winner]
        player = leader.removesuffix("'s card")
        assert f"{lost} was tapped here for {player}, who has played in trick 1." in (
            problem.inner_text()
        )
        expect(loser.locator("#play .news")).to_contain_text(
            f"Another phone entered {tricks[0][0]} for {player}."
        )
        loser.wait_for_timeout(2000)  # a poll or two: the card stays asked about
        assert stored_tricks(game) == [[cards[winner]]]  # never stored for the next player
        problem.get_by_role("button", name=f"Drop {lost}").click()
        problem.get_by_role("button", name="OK").click()
    for page in phones:
        page.wait_for_function(IDLE, polling=POLLING)
        expect(page.locator("#play-stamp")).to_have_attribute("data-version", "1", timeout=FOLLOWS)
        assert page.locator("#queue-problem").count() == 0
    asks = [page.locator("#play h2.asks").inner_text() for page in phones]
    assert asks[0] == asks[1] != leader
    assert stored_tricks(game) == [[cards[winner]]]


def test_a_poll_older_than_this_phones_own_change_is_not_shown(phones):
    """A poll that left before this phone's Undo and comes back after the
    Undo's answer shows the game as it was before the Undo: the screen stays
    as the Undo left it (a race once seen in CI: the round went back to the
    undone change, with the history of changes closed under the finger)."""
    page = phones[0]
    game = actions.create_game(players=["Adam", "Betty", "Christian"], variant="classic")
    held: list = []

    def live(url: str) -> bool:
        return "/round/live/" in url

    def hold(route) -> None:  # the first poll; the later ones go on
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route(live, hold)
    page.goto(f"/g/{game.edit_token}/round/")
    deadline = time.monotonic() + 10
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert len(held) == 1  # the poll on its way: the next waits for it

    page.locator("details.dealer summary").click()
    page.locator("details.dealer select").select_option(label="Christian")
    page.locator("details.dealer button[type=submit]").click()
    undo = page.get_by_role("button", name="↶ Undo: Christian deals round 1")
    undo.wait_for()
    stale = held[0].fetch()  # the poll answered now: Christian deals
    assert stale.status == 200
    undo.click()
    page.get_by_text("Undone: Christian deals round 1").wait_for()

    with page.expect_request(lambda request: live(request.url), timeout=FOLLOWS):
        held[0].fulfill(response=stale)  # the next poll leaves once this one is done
    assert "Adam deals" in page.locator(".round-head").inner_text()
    expect(page.get_by_role("button", name="↷ Redo")).to_be_visible()
