"""In the browser, the Permissions-Policy lets the round screen keep the
screen on (the wake lock) and the share page copy a link, and denies every
feature the app does not use; Chromium reports no feature it cannot read."""

from __future__ import annotations

import pytest

from tests.companion.app_routes import make_game

ASK = "names => names.map(name => [name, document.featurePolicy.allowsFeature(name)])"


@pytest.mark.django_db(transaction=True)
def test_the_round_screen_keeps_the_screen_on_and_opens_no_camera(page):
    game = make_game()
    complaints: list[str] = []
    page.on(
        "console",
        lambda message: (
            complaints.append(message.text)
            if "Permissions-Policy" in message.text or "Permissions Policy" in message.text
            else None
        ),
    )

    page.goto(f"/g/{game.edit_token}/round/")
    page.locator("h1, header").first.wait_for()
    allowed = dict(
        page.evaluate(
            ASK,
            ["screen-wake-lock", "clipboard-write", "camera", "microphone", "geolocation", "usb"],
        )
    )

    assert allowed == {
        "screen-wake-lock": True,
        "clipboard-write": True,
        "camera": False,
        "microphone": False,
        "geolocation": False,
        "usb": False,
    }
    assert complaints == [], "\n".join(complaints)
