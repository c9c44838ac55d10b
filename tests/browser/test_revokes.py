"""A revoke in a two-hand round (Bright House), in real Chromium on a
360×780 phone, in English and German: the warning names the hidden card
that did not follow colour, each of its two buttons opens its card's trick
with that card chosen, and Let it stand settles it (undo brings it back)."""

from __future__ import annotations

import pytest

from companion import actions
from companion.models import Game, Round
from tests.browser.test_accessibility import AXE, run_axe

PHONE = {"width": 360, "height": 780}
# Ann deals, Ben leads. Trick 1: Ben open 24, Ann open 20 (blue, followed),
# Ben hidden 17, Ann hidden 36 (red: her hidden hand did not follow blue);
# trick 2: Ben open 10, Ann open 8, Ben hidden 27, Ann hidden 13 (blue).
TRICKS = [["24", "20", "17", "36"], ["10", "8", "27", "13"]]

WORDS = {
    "en": {
        "locale": "en-GB",
        "text": (
            "Revoke? Ann did not follow blue in trick 1 (played 36 from the hidden hand), "
            "but plays blue 13 from that hand in trick 2."
        ),
        "first": "Open trick 1: 36 (Ann's card)",
        "second": "Open trick 2: 13 (Ann's card)",
        "fix_1": "Fix trick 1",
        "fix_2": "Fix trick 2",
        "stand": "Let it stand",
        "undo": "↶ Undo: Let {name}'s revoke stand in round 1",
    },
    "de": {
        "locale": "de-DE",
        "text": (
            "Nicht bedient? Ann hat in Stich 1 Blau nicht bedient (gespielt: 36 aus der "
            "verdeckten Hand), spielt aber Blau 13 aus dieser Hand in Stich 2."
        ),
        "first": "Stich 1: 36 öffnen (Karte von Ann)",
        "second": "Stich 2: 13 öffnen (Karte von Ann)",
        "fix_1": "Stich 1 berichtigen",
        "fix_2": "Stich 2 berichtigen",
        "stand": "So stehen lassen",
        "undo": "↶ Rückgängig: Nicht bedient von {name} in Runde 1: so stehen gelassen",
    },
}


def bright_house_with_a_revoke() -> Game:
    game = actions.create_game(players=["Ann", "Ben"], variant="bright-house")
    Round.objects.filter(game=game, number=1).update(tricks=TRICKS)
    return game


def on_phone(box) -> bool:
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_bright_house_revoke_opens_each_card_and_is_let_stand(
    browser, live_server, language, screenshot_dir
):
    words = WORDS[language]
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=words["locale"])
    page = context.new_page()
    game = bright_house_with_a_revoke()
    page.goto(f"/g/{game.edit_token}/round/")
    warning = page.locator("#revokes .banner.warning")
    assert warning.locator(".revoke").inner_text() == words["text"]
    first = warning.get_by_role("link", name=words["first"])
    second = warning.get_by_role("link", name=words["second"])
    stand = warning.get_by_role("button", name=words["stand"])
    for control in (first, second, stand):
        box = control.bounding_box()
        assert on_phone(box) and box["height"] >= 44, box
    warning.scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / f"revoke-bright-house-{language}.png")

    first.click()
    page.get_by_role("heading", name=words["fix_1"]).wait_for()
    slots = page.locator("label.fix-slot input")
    assert [slots.nth(i).is_checked() for i in range(4)] == [False, False, False, True]
    page.get_by_role("heading", name=words["fix_1"]).scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / f"revoke-bright-house-open-1-{language}.png")

    page.goto(f"/g/{game.edit_token}/round/")
    page.locator("#revokes").get_by_role("link", name=words["second"]).click()
    page.get_by_role("heading", name=words["fix_2"]).wait_for()
    slots = page.locator("label.fix-slot input")
    assert [slots.nth(i).is_checked() for i in range(4)] == [False, False, False, True]
    page.get_by_role("heading", name=words["fix_2"]).scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / f"revoke-bright-house-open-2-{language}.png")

    page.goto(f"/g/{game.edit_token}/round/")
    page.locator("#revokes").get_by_role("button", name=words["stand"]).click()
    undo = page.get_by_role("button", name=words["undo"].format(name="Ann"))
    undo.wait_for()
    assert page.locator("#revokes .banner.warning").count() == 0
    page.screenshot(path=screenshot_dir / f"revoke-bright-house-settled-{language}.png")

    undo.click()
    page.locator("#revokes .banner.warning").wait_for()
    assert page.locator("#revokes .revoke").inner_text() == words["text"]
    context.close()


# Devil's Eye, Betty deals: neither hidden hand follows Adam's blue 24 in
# trick 1 (Betty 33, Adam 35, Betty 36); in trick 2 Betty leads blue 32 and
# Adam plays blue 30: two revokes caught in one trick.
DEVILS_EYE = [["24", "33", "35", "36"], ["32", "30", "12", "34"]]
DE_OPEN = {
    "Adam": ["11", "14", "16", "21", "23", "26", "29"],
    "Betty": ["1", "2", "3", "5", "7", "9", "12"],
}
TWO = {
    "en": {"betty": "Open trick 2: 32 (Betty's card)", "adam": "Open trick 1: 35 (Adam's card)"},
    "de": {
        "betty": "Stich 2: 32 öffnen (Karte von Betty)",
        "adam": "Stich 1: 35 öffnen (Karte von Adam)",
    },
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "de"])
def test_two_devils_eye_revokes_each_have_their_buttons_and_are_let_stand_one_by_one(
    browser, live_server, language, screenshot_dir
):
    words, names = WORDS[language], TWO[language]
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=words["locale"])
    page = context.new_page()
    game = actions.create_game(players=["Adam", "Betty"], variant="devils-eye", first_dealer=1)
    Round.objects.filter(game=game, number=1).update(tricks=DEVILS_EYE, open_hands=DE_OPEN)
    page.goto(f"/g/{game.edit_token}/round/")
    items = page.locator("#revokes .revoke-item")
    assert items.count() == 2
    betty, adam = items.nth(0), items.nth(1)
    assert betty.get_by_role("link", name=names["betty"]).is_visible()
    assert adam.get_by_role("link", name=names["adam"]).is_visible()
    for item in (betty, adam):
        for control in item.locator("a, button").all():
            box = control.bounding_box()
            assert on_phone(box) and box["height"] >= 44, box
    page.locator("#revokes").scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / f"revoke-devils-eye-two-{language}.png")
    assert run_axe(page, AXE.read_text(encoding="utf-8")) == []

    betty.get_by_role("button", name=words["stand"]).click()
    page.get_by_role("button", name=words["undo"].format(name="Betty")).wait_for()
    assert items.count() == 1
    assert items.nth(0).get_by_role("link", name=names["adam"]).is_visible()
    page.locator("#revokes").scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / f"revoke-devils-eye-one-left-{language}.png")
    context.close()
