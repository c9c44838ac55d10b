"""A group on a phone: started from the home page, a game started from it
with its players filled in, and its page with the figures and the chart."""

from __future__ import annotations

import pytest

from companion.models import Game, Group
from companion.transfer import import_record
from tests.scoring.test_group import GAME_1, GAME_2

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_group_from_the_home_page_to_its_first_game(page, screenshot_dir):
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto("/")
    page.get_by_role("link", name="New group").click()
    page.get_by_label("The group's name").fill("Thursdays")
    page.get_by_label("Players, one name a line").fill("Ann\nBen\nCleo\nDora\nEd")
    page.get_by_role("button", name="Start the group").click()

    group = Group.objects.get()
    page.wait_for_url(f"**/groups/{group.edit_token}/")
    assert page.locator("h1").inner_text() == "Thursdays"
    page.get_by_role("link", name="New game in this group").click()
    names = [page.locator(f"#id_name_{seat}").input_value() for seat in range(6)]
    assert names == ["Ann", "Ben", "Cleo", "Dora", "Ed", ""]
    assert page.locator("#variant-now").inner_text() == "Second bottle"  # the usual for five
    page.locator("#id_name_4").fill("")
    page.locator("#id_name_4").press("Tab")  # the change: the variants for four
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    assert page.locator("#variant-now").inner_text() == "Classic"
    page.get_by_label("Classic (Bambus, Z-Man, Stronghold): 36 cards, 2–4 players").check()
    page.screenshot(path=screenshot_dir / "group-new-game.png", full_page=True)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/round/")
    assert Game.objects.get().group == group
    group.refresh_from_db()
    assert group.edition == "classic"


def test_the_group_page_on_a_phone(page, screenshot_dir):
    group = Group.objects.create(name="Thursdays", players=["Adam", "Betty", "Christian", "Doris"])
    for record in (GAME_1, GAME_2):
        game = import_record(record)
        game.group = group
        game.save(update_fields=["group"])
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(f"/groups/{group.view_token}/")

    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    chart = page.locator("svg.chart-svg")
    assert chart.locator(".series text").all_text_contents()[:2] == ["Adam 1", "Betty 1"]
    page.screenshot(path=screenshot_dir / "group-360.png", full_page=True)
