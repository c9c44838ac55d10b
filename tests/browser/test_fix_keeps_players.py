"""A fix keeps every card with its player, in real Chromium on a 360×780
phone, in English and German: Christian's 16 in trick 2 was a 32, so
Betty's 6 wins trick 2 and she leads trick 3 now. Christian's 13 stays
Christian's (trick 3 is played again from Betty), the answer says which
later trick changed winner and why, and one Undo takes it all back."""

from __future__ import annotations

import uuid

import pytest

from companion import actions
from companion.forms.stamp import Stamp
from companion.models import Game
from scoring.cards import card_code

NAMES = ["Adam", "Betty", "Christian"]
# Betty leads: Adam's 17 wins trick 1; Christian's 16 trick 2; Christian
# leads trick 3 with his 13 (Adam 5, Betty 10) and wins it.
PLAYED = [["24", "15", "17"], ["4", "6", "16"], ["13", "5", "10"]]
FIXED = [["24", "15", "17"], ["4", "6", "32"], ["10", "13", "5"]]
PHONE = {"width": 360, "height": 780}
WORDS = {
    "en": {
        "locale": "en-GB",
        "fix_2": "Fix trick 2",
        "fix_3": "Fix trick 3",
        "done": "Done",
        "undo": "↶ Undo: Christian's 16 in trick 2 of round 1 is now 32",
        "undone": "Undone: Christian's 16 in trick 2 of round 1 is now 32",
        "said": (
            "Round 1, trick 3 is now led by Betty: Adam wins it with 5 now (before: Christian);"
            " the price after it is 5, not 13."
        ),
    },
    "de": {
        "locale": "de-DE",
        "fix_2": "Stich 2 berichtigen",
        "fix_3": "Stich 3 berichtigen",
        "done": "Fertig",
        "undo": "↶ Rückgängig: ",
        "undone": "Zurückgenommen: ",
        "said": (
            "Runde 1, Stich 3: jetzt spielt Betty aus, und Adam gewinnt ihn mit der 5 jetzt"
            " (vorher: Christian); der Preis danach ist 5, nicht 13."
        ),
    },
}


def game_with(*cards: str) -> Game:
    game = actions.create_game(players=NAMES, variant="classic")
    for card in cards:
        game.refresh_from_db()
        actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code(card))
    return game


def tricks_of(game: Game) -> list[list[str]]:
    return Game.objects.get(pk=game.pk).rounds.get(number=1).tricks


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_fix_that_changes_an_earlier_winner_keeps_each_card_with_its_player(
    browser, live_server, language, screenshot_dir
):
    words = WORDS[language]
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=words["locale"])
    page = context.new_page()
    game = game_with(*(card for trick in PLAYED for card in trick))
    page.goto(f"/g/{game.edit_token}/round/")

    page.get_by_role("link", name=words["fix_2"], exact=True).click()
    page.locator("label.fix-slot", has_text="Christian").click()
    page.locator('form.fixer button[value="32"]').click()
    undo = page.locator("button", has_text=words["undo"]).first
    undo.wait_for()
    news = page.locator("#play-news")
    news.get_by_text(words["said"]).wait_for()
    page.screenshot(path=screenshot_dir / f"fix-keeps-players-answer-{language}.png")

    assert tricks_of(game) == FIXED
    box = news.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]  # in view
    assert news.evaluate("(n) => n.scrollWidth <= n.clientWidth")  # nothing cut at the side

    page.get_by_role("link", name=words["fix_3"], exact=True).click()
    slots = page.locator("label.fix-slot .slot-name")
    slots.first.wait_for()
    assert slots.all_inner_texts() == ["Betty", "Christian", "Adam"]
    christian = page.locator("label.fix-slot", has_text="Christian")
    assert christian.locator(".num").inner_text() == "13"
    page.screenshot(path=screenshot_dir / f"fix-keeps-players-trick-3-{language}.png")

    page.get_by_role("link", name=words["done"], exact=True).click()
    page.locator("button", has_text=words["undo"]).first.click()  # one tap takes it all back
    page.get_by_text(words["undone"]).first.wait_for()
    assert tricks_of(game) == PLAYED
    context.close()
