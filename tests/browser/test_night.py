"""The game page's night on a 360 px phone: the chart fits the screen and
names every player, and printed, the standings are a clean score sheet."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from companion.transfer import import_record
from tests.scoring.test_night import NIGHT
from tests.scoring.test_rounds_hand_computed import FOUR, record

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def night_game():
    game = import_record(record("classic", FOUR, NIGHT, goal={"target": 300}))
    confirm = reverse("imp:confirm_round", args=[game.edit_token])
    answer = Client().post(confirm, {"version": game.version, "key": "c" * 32})
    assert answer.status_code == 302  # the quick round 3 counts
    return game


def test_the_chart_on_a_phone_and_the_printed_score_sheet(page, night_game, screenshot_dir):
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(f"/g/{night_game.view_token}/")

    chart = page.locator("svg.chart-svg")
    box = chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    names = chart.locator(".series text").all_text_contents()
    assert names == ["Adam 90", "Betty 86", "Christian 2", "Doris 72"]
    # The names are written at least 10 px high on the phone.
    size = chart.locator(".series text").first.bounding_box()
    assert size is not None and size["height"] >= 10
    chart.scroll_into_view_if_needed()
    page.screenshot(path=screenshot_dir / "night-360.png", full_page=True)

    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator("nav.actions").is_visible()
    assert page.locator("table.rounds").is_visible()
    assert page.locator(".ranking").is_visible()
    page.screenshot(path=screenshot_dir / "night-print.png", full_page=True)
