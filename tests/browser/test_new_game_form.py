"""The new-game form on a 360×780 phone, in English and German: it fits in
one and a half screens, the deck the table chose stays while seats are
filled and emptied (said beside Start), and an error shows once, beside its
field, with the focus."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 780}
MOST = 1.5 * PHONE["height"]
NAMES = ["Ann", "Ben", "Cleo", "Dora", "Ed"]
WORDS = {
    "en": {
        "locale": "en-GB",
        "classic": "Classic (Bambus, Z-Man, Stronghold): 36 cards, 2–4 players",
        "matagot": "Matagot: 36 cards, or 54 with the half cards for 5–6 players",
        "deck": "Classic deck: 36 cards, 126 coins",
        "too_many": "5 players need the matagot edition",
        "variant_5": "Second bottle",
        "variant_4": "Classic",
        "start": "Start the game",
        "twice": "Two players may not share a name",
    },
    "de": {
        "locale": "de-DE",
        "classic": "Klassisch (Bambus, Z-Man, Stronghold): 36 Karten, 2–4 Spieler",
        "matagot": "Matagot: 36 Karten, oder 54 mit den halben Karten für 5–6 Spieler",
        "deck": "Klassisches Kartenspiel: 36 Karten, 126 Münzen",
        "too_many": "5 Spieler brauchen die Matagot-Ausgabe",
        "variant_5": "Zweite Flasche",
        "variant_4": "Klassisch",
        "start": "Partie starten",
        "twice": "Zwei Spieler dürfen nicht gleich heißen",
    },
}


@pytest.fixture(params=["en", "de"])
def phone(request, browser, live_server):
    words = WORDS[request.param]
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=words["locale"])
    page = context.new_page()
    yield page, words, request.param
    context.close()


def settled(page) -> None:
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def type_name(page, seat: int, name: str) -> None:
    field = page.locator(f"#id_name_{seat}")
    field.fill(name)
    field.press("Tab")  # the change: the choices for these names
    settled(page)


def form_height(page) -> float:
    return page.evaluate("document.querySelector('#setup').getBoundingClientRect().height")


def test_the_deck_stays_while_a_fifth_seat_is_filled_and_emptied(phone, screenshot_dir):
    page, words, language = phone
    page.goto("/new/")
    page.get_by_label(words["classic"]).check()
    settled(page)
    for seat, name in enumerate(NAMES[:4]):
        type_name(page, seat, name)
    assert form_height(page) <= MOST
    page.screenshot(path=screenshot_dir / f"new-game-four-{language}.png", full_page=True)

    type_name(page, 4, NAMES[4])

    assert page.get_by_label(words["classic"]).is_checked()
    assert words["too_many"] in page.locator("#deck-error").inner_text()
    assert page.locator("#deck-words").inner_text() == words["deck"]
    assert page.locator("#variant-now").inner_text() == words["variant_5"]
    assert form_height(page) <= MOST
    page.screenshot(path=screenshot_dir / f"new-game-five-classic-{language}.png", full_page=True)

    type_name(page, 4, "")

    assert page.get_by_label(words["classic"]).is_checked()
    assert page.locator("#deck-error").inner_text() == ""
    assert page.locator("#deck-words").inner_text() == words["deck"]
    assert page.locator("#variant-now").inner_text() == words["variant_4"]
    assert form_height(page) <= MOST
    page.get_by_role("button", name=words["start"]).click()  # the first tap starts
    page.wait_for_url("**/round/")
    game = Game.objects.get()
    assert (game.players, game.edition, game.variant) == (NAMES[:4], "classic", "classic")


def test_a_duplicate_name_is_said_once_beside_its_seat_with_the_focus(phone, screenshot_dir):
    page, words, language = phone
    page.goto("/new/")
    page.get_by_label(words["classic"]).check()
    for seat, name in enumerate(["Ann", "Ben", "ann"]):
        page.locator(f"#id_name_{seat}").fill(name)

    page.get_by_role("button", name=words["start"]).click()

    error = page.locator("#id_name_2-error")
    error.wait_for()
    assert words["twice"] in error.inner_text()
    assert page.locator("#setup").inner_text().count(words["twice"]) == 1
    expect(page.locator("#id_name_2")).to_be_focused()  # as the page settles
    start = page.get_by_role("button", name=words["start"]).bounding_box()
    place = error.bounding_box()
    assert start is not None and place is not None
    assert start["y"] - place["y"] < PHONE["height"]  # both in one screen
    assert form_height(page) <= MOST
    assert Game.objects.count() == 0
    page.screenshot(path=screenshot_dir / f"new-game-duplicate-{language}.png", full_page=True)


def test_names_typed_then_one_tap_on_start_starts_the_usual_game(phone, screenshot_dir):
    page, words, language = phone
    page.goto("/new/")
    page.get_by_label(words["matagot"]).check()
    for seat, name in enumerate(NAMES):
        page.locator(f"#id_name_{seat}").fill(name)  # the last name's change: when Start is tapped

    page.get_by_role("button", name=words["start"]).click()

    page.wait_for_url("**/round/")
    game = Game.objects.get()
    assert (game.players, game.edition, game.variant) == (NAMES, "matagot", "second-bottle")
    page.screenshot(path=screenshot_dir / f"new-game-started-{language}.png")
