"""Undo back to here, in real Chromium on a 360×780 phone (issue 22): after
16 cards, "Undo back to here…" on the second one asks first ("Undo 15
changes, back to before …?") and changes nothing until Yes; Yes undoes the
15, and one Redo brings all 15 back — with JavaScript (the question in
place of its button) and without (a page of its own, plain forms), in
English and German. The stored round is checked after each step."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.models import Change, Round
from tests.companion.conftest import Seat
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 780}
RECORD = simulated("classic", 3, rounds=1, seed=11)
CARDS = cards_of(RECORD["rounds"][0])[:16]
WORDS = {
    "en": {
        "locale": "en-GB",
        "history": "History of changes",
        "button": "Undo back to here…",
        "change": "{player}'s {card} in trick 1",
        "question": "Undo 15 changes, back to before {what}?",
        "yes": "Yes, undo 15 changes",
        "undone": "Undone: 15 changes, back to before {what}",
        "redo": "↷ Redo all 15 changes",
        "undo": "↶ Undo: ",
    },
    "de": {
        "locale": "de-DE",
        "history": "Verlauf der Änderungen",
        "button": "Bis hierher rückgängig …",
        "change": "{card} von {player} in Stich 1",
        "question": "15 Änderungen zurücknehmen, zurück bis vor {what}?",
        "yes": "Ja, 15 Änderungen zurücknehmen",
        "undone": "Zurückgenommen: 15 Änderungen, zurück bis vor {what}",
        "redo": "↷ Alle 15 Änderungen wiederholen",
        "undo": "↶ Rückgängig: ",
    },
}


def tricks_of(cards: list[str]) -> list[list[str]]:
    return [cards[start : start + 3] for start in range(0, len(cards), 3)]


def stored(game) -> list[list[str]]:
    return Round.objects.get(game=game, number=1).tricks


def sixteen_cards():
    """A classic game of three, 16 cards entered (one change each)."""
    game = game_for(RECORD)
    Seat(Client(), game, game.edit_token).play(*CARDS)
    second = Change.objects.filter(game=game).order_by("number")[1]
    return game, second


def whole_on_phone(locator) -> bool:
    box = locator.bounding_box()
    return (
        box is not None
        and box["x"] >= 0
        and box["x"] + box["width"] <= PHONE["width"]
        and box["height"] >= 44
    )


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("script", [True, False], ids=["htmx", "plain"])
def test_undo_back_to_here_asks_first_and_one_redo_brings_all_back(
    browser, live_server, screenshot_dir, language, script
):
    words = WORDS[language]
    game, second = sixteen_cards()
    what = words["change"].format(**second.values)
    context = browser.new_context(
        viewport=PHONE,
        base_url=live_server.url,
        locale=words["locale"],
        java_script_enabled=script,
    )
    page = context.new_page()
    page.goto(f"/g/{game.edit_token}/round/")
    name = f"undo-to-here-{'htmx' if script else 'plain'}-{language}"

    page.locator("details.history summary").click()
    item = page.locator(".history-list li", has_text=what)
    item.get_by_role("button", name=words["button"]).click()

    question = page.locator(".undo-question")
    question.wait_for()
    assert words["question"].format(what=what) in question.inner_text()
    if script:  # in place of its button, on the round screen
        assert page.url.endswith(f"/g/{game.edit_token}/round/")
    yes = question.get_by_role("button", name=words["yes"])
    question.scroll_into_view_if_needed()
    assert whole_on_phone(yes)
    page.screenshot(path=screenshot_dir / f"{name}-question.png")
    assert stored(game) == tricks_of(CARDS)  # asking changed nothing

    yes.click()
    page.get_by_text(words["undone"].format(what=what)).wait_for()
    assert stored(game) == [CARDS[:1]]
    assert Change.objects.filter(game=game, undone=True).count() == 15
    page.screenshot(path=screenshot_dir / f"{name}-undone.png")

    redo = page.get_by_role("button", name=words["redo"])
    assert whole_on_phone(redo)
    redo.click()
    page.get_by_role("button", name=words["redo"]).wait_for(state="detached")
    assert page.locator(".undo-bar button", has_text=words["undo"]).count() == 1
    assert stored(game) == tricks_of(CARDS)
    assert not Change.objects.filter(game=game, undone=True).exists()
    page.screenshot(path=screenshot_dir / f"{name}-redone.png")
    context.close()
