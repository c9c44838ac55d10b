"""Cards are never lost, in real Chromium (issue 11; static/js/round.js): a
tapped card shows in its slot before the server answers; offline the cards
wait on the phone and are each stored once when the connection is back, a
reload keeps them, a lost answer is sent again with the same key; a card the
server refuses is shown with its reason and the cards after it are kept; and
without JavaScript the grid is a plain form."""

from __future__ import annotations

import json
import time
import uuid

import pytest

from companion import actions
from companion.forms import Stamp
from companion.models import Game, Submission
from scoring.cards import card_code

NAMES = ["Adam", "Betty", "Christian"]
TRICK = ["24", "15", "17"]  # Adam deals: Betty leads 24, Christian 15, Adam 17
PHONES = [
    pytest.param({"width": 360, "height": 780}, id="360x780"),
    pytest.param({"width": 412, "height": 915}, id="412x915"),
]
IDLE = "() => document.getElementById('play')?.dataset.idle === 'yes'"
CARD_URL = "**/round/card/"


@pytest.fixture
def phone(browser, live_server, request):
    """A phone of the size asked for (360x780 unless parametrized), its
    service worker blocked: a page its worker controls sends its requests
    through it, past the page's routes (Playwright's ``page.route``), and a
    card a test holds back or loses would go out after all. The queue of
    cards is round.js's, the worker's part is test_offline_reload.py's."""
    viewport = getattr(request, "param", {"width": 360, "height": 780})
    context = browser.new_context(
        viewport=viewport, base_url=live_server.url, service_workers="block"
    )
    yield context
    context.close()


def tricks(game: Game) -> list[list[str]]:
    return game.rounds.get(number=1).tricks


def tap(page, card: str) -> None:
    page.click(f'form.picker button.pick[value="{card}"]')


def slot_of(page, name: str) -> list[str]:
    """The player's slot in the trick: the card's number, then its tag."""
    slot = page.locator(".slots:not(.last-trick) .slot", has_text=name)
    return slot.locator(".num, .sending-tag").all_inner_texts()


def queued(page, game: Game) -> list[dict]:
    """The cards waiting on the phone (its localStorage)."""
    key = f"imp-queue:/g/{game.edit_token}/round/card/"
    return json.loads(page.evaluate("key => localStorage.getItem(key) || '[]'", key))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("phone", PHONES, indirect=True)
def test_cards_tapped_offline_wait_and_are_stored_once(phone, screenshot_dir):
    game = actions.create_game(players=NAMES, variant="classic")
    page = phone.new_page()
    page.goto(f"/g/{game.edit_token}/round/")
    tap(page, "24")
    page.wait_for_function(IDLE)
    grid_top = page.locator("form.picker").bounding_box()["y"]

    phone.set_offline(True)
    tap(page, "15")
    tap(page, "17")
    status = page.locator("#queue-status")
    status.filter(has_text="No connection: 2 cards wait to be sent").wait_for()
    assert slot_of(page, "Christian") == ["15", "sending…"]
    assert slot_of(page, "Adam") == ["17", "sending…"]
    assert page.locator('form.picker button.pick.sent[value="15"]').is_hidden()
    assert page.locator("form.picker").bounding_box()["y"] == grid_top
    waiting = queued(page, game)
    assert [entry["card"] for entry in waiting] == ["15", "17"]
    assert len({entry["key"] for entry in waiting}) == 2
    assert tricks(game) == [["24"]]
    width = page.viewport_size["width"]
    page.screenshot(path=screenshot_dir / f"offline-two-wait-{width}.png")

    phone.set_offline(False)
    page.wait_for_function(IDLE)
    assert tricks(game) == [TRICK]
    assert Submission.objects.filter(key__in=[e["key"] for e in waiting]).count() == 2
    assert game.changes.filter(undone=False).count() == 3
    assert status.inner_text() == ""
    assert queued(page, game) == []
    assert "Adam wins the trick" in page.locator(".news").inner_text()


@pytest.mark.django_db(transaction=True)
def test_a_reload_keeps_the_waiting_cards_and_a_lost_answer_is_sent_again(phone):
    game = actions.create_game(players=NAMES, variant="classic")
    page = phone.new_page()
    page.goto(f"/g/{game.edit_token}/round/")
    page.route(CARD_URL, lambda route: route.abort("internetdisconnected"))
    tap(page, "24")
    tap(page, "15")
    page.locator("#queue-status", has_text="2 cards wait to be sent").wait_for()
    keys = [entry["key"] for entry in queued(page, game)]

    page.reload()  # the server is reachable, its card address is not
    page.locator("#queue-status", has_text="2 cards wait to be sent").wait_for()
    assert slot_of(page, "Betty") == ["24", "sending…"]
    assert [entry["key"] for entry in queued(page, game)] == keys

    # The first card reaches the server, but its answer is lost on the way
    # back: sent again with the same key, it is stored once.
    lost: list[str] = []

    def lose_first_answer(route):
        if not lost:
            lost.append(route.request.post_data or "")
            route.fetch()  # the server stores the card
            route.abort("connectionreset")  # the phone never hears of it
        else:
            route.continue_()

    page.unroute(CARD_URL)
    page.route(CARD_URL, lose_first_answer)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_function(IDLE)
    assert keys[0] in lost[0]
    assert tricks(game) == [["24", "15"]]
    assert Submission.objects.filter(key__in=keys).count() == 2
    assert game.changes.filter(undone=False).count() == 2
    assert page.locator("#queue-problem").count() == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("phone", PHONES, indirect=True)
def test_a_card_another_phone_was_first_for_is_asked_about_never_guessed(phone, screenshot_dir):
    game = actions.create_game(players=NAMES, variant="classic")
    page = phone.new_page()
    page.goto(f"/g/{game.edit_token}/round/")
    tap(page, "24")
    page.wait_for_function(IDLE)
    phone.set_offline(True)
    tap(page, "15")
    tap(page, "17")
    page.locator("#queue-status", has_text="2 cards wait").wait_for()
    # meanwhile another phone enters Christian's card, another one: 15 is Christian's no more
    game.refresh_from_db()
    actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code("2"))

    phone.set_offline(False)
    problem = page.locator("#queue-problem")
    problem.filter(has_text="15 was tapped here for Christian").wait_for()
    assert "15 was tapped here for Christian, who has played in trick 1." in problem.inner_text()
    assert "Kept after it, not sent yet: 17." in problem.inner_text()
    assert "Another phone entered 2 for Christian." in page.locator(".news").inner_text()
    # the trick as it is now: 15 in no slot, Adam's card asked for
    assert slot_of(page, "Christian") == ["2"]
    assert slot_of(page, "Adam") == []
    assert page.locator("h2.asks").inner_text() == "Adam's card"
    assert [entry["card"] for entry in queued(page, game)] == ["15", "17"]
    assert tricks(game) == [["24", "2"]]  # the other phone's 2; nothing else
    news, box = page.locator(".news").bounding_box(), problem.bounding_box()
    assert box["y"] >= news["y"] + news["height"]  # the question never covers the ruling's place
    width = page.viewport_size["width"]
    page.screenshot(path=screenshot_dir / f"asked-card-{width}.png")

    problem.get_by_role("button", name="Drop 15").click()
    problem.filter(has_text="15 was dropped: it is not stored.").wait_for()
    page.wait_for_function(IDLE)
    assert tricks(game) == [["24", "2", "17"]]  # 17 was Adam's: it went on by itself
    problem.get_by_role("button", name="Bring back 15").click()
    problem.filter(has_text="15 was tapped here for Christian").wait_for()
    assert [entry["card"] for entry in queued(page, game)] == ["15"]
    problem.get_by_role("button", name="Drop 15").click()
    problem.get_by_role("button", name="OK").click()
    assert problem.count() == 0
    assert queued(page, game) == []
    assert tricks(game) == [["24", "2", "17"]]


@pytest.mark.django_db(transaction=True)
def test_the_same_card_entered_first_on_another_phone_is_stored_once(phone):
    game = actions.create_game(players=NAMES, variant="classic")
    page = phone.new_page()
    page.goto(f"/g/{game.edit_token}/round/")
    tap(page, "24")
    page.wait_for_function(IDLE)
    phone.set_offline(True)
    tap(page, "15")
    tap(page, "17")
    page.locator("#queue-status", has_text="2 cards wait").wait_for()
    game.refresh_from_db()
    actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code("15"))

    phone.set_offline(False)
    page.wait_for_function(IDLE)
    assert tricks(game) == [TRICK]
    assert page.locator("#queue-problem").count() == 0
    assert queued(page, game) == []


@pytest.mark.django_db(transaction=True)
def test_a_card_shows_at_once_while_the_server_is_slow(phone):
    game = actions.create_game(players=NAMES, variant="classic")
    page = phone.new_page()
    page.goto(f"/g/{game.edit_token}/round/")
    held: list = []
    page.route(CARD_URL, lambda route: held.append(route))  # held until let go

    tap(page, "24")
    # no waiting: the card is in its slot before the server has even seen it
    shown = page.evaluate(
        """() => ({slot: Array.from(document.querySelectorAll(
                       '.slots .slot:first-child .num, .slots .slot:first-child .sending-tag'),
                       (e) => e.innerText),
                   gone: document.querySelector('form.picker button[value="24"]')
                           .classList.contains('sent'),
                   asks: document.querySelector('h2.asks').innerText})"""
    )
    assert shown["slot"] == ["24", "sending…"]
    assert shown["gone"] and shown["asks"] == "Christian's card"
    assert tricks(game) == []

    page.wait_for_function("() => document.getElementById('queue-status').innerText !== ''")
    # the route's handler runs when Playwright hands this test its events: wait for it
    deadline = time.monotonic() + 10
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_function(IDLE)
    assert tricks(game) == [["24"]]
    assert "sending…" not in page.locator(".slots").inner_text()


@pytest.mark.django_db(transaction=True)
def test_without_javascript_the_grid_is_a_plain_form(browser, live_server):
    game = actions.create_game(players=NAMES, variant="classic")
    context = browser.new_context(
        viewport={"width": 360, "height": 780}, base_url=live_server.url, java_script_enabled=False
    )
    page = context.new_page()
    try:
        page.goto(f"/g/{game.edit_token}/round/")
        for card in TRICK:
            tap(page, card)
            page.locator(f'form.picker button[value="{card}"]').wait_for(state="detached")
        assert tricks(game) == [TRICK]
        assert "Adam wins the trick" in page.locator(".news").inner_text()
    finally:
        context.close()
