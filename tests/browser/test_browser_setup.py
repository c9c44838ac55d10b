"""The tests' own Chromium: started without the address-bar popup that a
headless window draws for nothing, and still with every feature Playwright
turns off itself (Chromium reads only the last --disable-features)."""

from __future__ import annotations

from tests.browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    QUIET_FEATURES,
    command_line,
    disabled_features,
)


def test_the_browser_draws_no_address_bar_popup(browser):
    context = browser.new_context()
    try:
        context.new_page().goto("data:text/html,<p>A page</p>")
        session = browser.new_browser_cdp_session()
        targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
    finally:
        context.close()
    assert [target["url"] for target in targets if target["type"] == "browser_ui"] == []
    assert "data:text/html,<p>A page</p>" in [target["url"] for target in targets]


def test_playwrights_own_disabled_features_stay_disabled(playwright, browser):
    plain = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    try:
        playwrights = disabled_features(command_line(plain))
    finally:
        plain.close()
    ours = disabled_features(command_line(browser))
    assert "PaintHolding" in playwrights  # Playwright's list was read
    assert ours == [*playwrights, *QUIET_FEATURES]
