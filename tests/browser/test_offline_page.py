"""The offline page (issue 25): a phone without a connection opening an
address it never opened sees the app's own page, styled, in the reader's
language, with the home page's link and the games and groups the phone has
kept; a game's edit link only while this browser's session holds it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion import actions
from tests.browser.test_service_worker import open_and_keep, open_controlled, wait_js

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "en-GB": ("No connection", "To the home page", "Kept on this phone"),
    "de-DE": ("Keine Verbindung", "Zur Startseite", "Auf diesem Handy gespeichert"),
}
OFFLINE_KEPT = "(await caches.match('/offline/')) !== undefined"


@pytest.fixture(params=list(WORDS))
def phone(request, browser, live_server):
    context = browser.new_context(
        viewport={"width": 360, "height": 780},
        base_url=live_server.url,
        service_workers="allow",
        locale=request.param,
    )
    context.locale_words = WORDS[request.param]
    context.lang = request.param[:2]
    yield context
    context.close()


def test_a_page_never_opened_offline_is_the_apps_own_page(phone, screenshot_dir):
    title, home, kept_title = phone.locale_words
    mine = actions.create_game(players=["Adam", "Betty", "Christian"], variant="classic")
    watched = actions.create_game(players=["Ann", "Ben", "Cy"], variant="classic")
    group = actions.create_group("Thursday table", ["Ann", "Ben", "Cy"])
    page = phone.new_page()
    open_controlled(page, "/")
    paths = [f"/g/{mine.edit_token}/", f"/g/{watched.view_token}/"]
    paths.append(f"/groups/{group.view_token}/")
    open_and_keep(page, paths)
    wait_js(page, OFFLINE_KEPT)

    phone.set_offline(True)
    try:
        answer = page.goto("/g/never-opened-here/")
        assert answer is not None and answer.status == 503
        expect(page.locator("h1")).to_have_text(title)
        assert page.evaluate("document.documentElement.lang") == phone.lang
        # styled: the app's stylesheet, from the phone's copy
        assert page.evaluate("getComputedStyle(document.body).margin") == "0px"
        assert page.locator('main a[href="/"]', has_text=home).is_visible()
        kept = page.locator("#kept-games")
        expect(kept.get_by_role("heading", name=kept_title)).to_be_visible()
        links = kept.locator("li a")
        expect(links).to_have_count(3)
        hrefs = sorted(links.evaluate_all("(all) => all.map((a) => a.getAttribute('href'))"))
        assert hrefs == sorted(paths)
        mine_kept = kept.locator(f'a[href="/g/{mine.edit_token}/"]')
        assert mine_kept.inner_text() == "Adam, Betty, Christian"
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.screenshot(path=screenshot_dir / f"offline-page-{phone.lang}-360.png")

        # Another session (cookies cleared): the edit link's copy is not offered.
        phone.clear_cookies()
        page.goto("/g/never-opened-either/")
        expect(page.locator("h1")).to_have_text(title)
        expect(kept.locator("li a")).to_have_count(2)
        assert mine.edit_token not in page.content()
    finally:
        phone.set_offline(False)
