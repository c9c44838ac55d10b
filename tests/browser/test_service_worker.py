"""What the service worker keeps (templates/app/sw.js, static/js/offline.js),
in real Chromium at 360x780: a phone's first visit to the round screen is
kept (an offline reload shows the round screen with its waiting cards), and
the pages of an edit link are kept only for the session that holds the game:
gone after the cookies are cleared, the game deleted or its link replaced."""

from __future__ import annotations

import pytest

from companion import actions
from companion.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Adam", "Betty", "Christian"]
CARDS = ["24", "15", "17", "3", "9", "28", "11"]  # Betty leads; then trick 2
IDLE = "() => document.getElementById('play')?.dataset.idle === 'yes'"
NEVER_OPENED = "this page was never opened on this phone"

ACTIVE = """async () => {
  const worker = (await navigator.serviceWorker.ready).active;
  if (worker.state !== "activated") {
    await new Promise((done) => worker.addEventListener("statechange", () => {
      if (worker.state === "activated") done();
    }));
  }
  return worker.state;
}"""

KEPT = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("pages")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
  }
  return urls.sort();
}"""

KEPT_TEXT = """async (path) => {
  const copy = await caches.match(path);
  return copy ? await copy.text() : null;
}"""


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(
        viewport={"width": 360, "height": 780},
        base_url=live_server.url,
        service_workers="allow",
    )
    yield context
    context.close()


def kept(page) -> list[str]:
    """The paths of the pages the service worker keeps."""
    return page.evaluate(KEPT)


def wait_js(page, test: str, arg=None) -> None:
    """Wait until ``test`` (a JS expression over ``arg``; it may ``await``) is
    true, for 30 s at most. Playwright's wait_for_function would take the
    promise of an async test as true at once."""
    poll = f"""async (arg) => {{
      for (let tries = 0; tries < 300; tries++) {{
        if ({test}) return true;
        await new Promise((done) => setTimeout(done, 100));
      }}
      return false;
    }}"""
    assert page.evaluate(poll, arg), test


def wait_kept(page, test: str, arg=None) -> None:
    """Wait until the kept paths (``urls``) pass ``test``, a JS expression
    (else fail, naming the paths kept)."""
    try:
        wait_js(page, f"await (async (urls) => {test})(await ({KEPT})())", arg)
    except AssertionError:
        raise AssertionError(f"kept: {kept(page)}; wanted: {test} of {arg}") from None


def open_and_keep(page, paths: list[str]) -> None:
    """Open each path; wait until the worker keeps every one. (The first
    private page used to be dropped by the late answer to the first visit's
    "keep", of no session: templates/app/sw.js, ``taught``.)"""
    for path in paths:
        page.goto(path)
    wait_kept(page, "arg.every((path) => urls.includes(path))", paths)


def open_controlled(page, path: str) -> None:
    """Open a page through the active service worker (which keeps it)."""
    page.goto(path)
    assert page.evaluate(ACTIVE) == "activated"
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def offline_goto(page, path: str) -> None:
    """Open ``path`` as the worker answers it with the phone offline.
    Playwright's set_offline reaches the service worker a moment after the
    page (microsoft/playwright#2311): CI once saw a navigation just after it
    answered by the server (a 404) instead of the worker's offline page. An
    answer that did not come from the worker offline (its offline page, 503,
    or a copy marked data-offline) is asked for again."""
    for _ in range(50):
        response = page.goto(path)
        offline = response is not None and response.status == 503
        if offline or page.locator("body[data-offline]").count():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{path}: still answered by the server 5 s after going offline")


def edit_links_shown(page, game: Game) -> int:
    return page.locator(f'a[href*="{game.edit_token}"]').count()


def tap(page, card: str) -> None:
    page.click(f'form.picker button.pick[value="{card}"]')


def test_a_first_visit_reloads_offline_as_the_round_screen(phone, screenshot_dir):
    game = actions.create_game(players=NAMES, variant="classic")
    page = phone.new_page()
    round_path = f"/g/{game.edit_token}/round/"
    page.goto(round_path)  # the phone's first page of the app
    for card in CARDS[:4]:
        tap(page, card)
        page.wait_for_function(IDLE)
    # The worker did not answer this page: offline.js has it kept.
    wait_kept(page, "urls.includes(arg)", round_path)

    phone.set_offline(True)
    try:
        for card in CARDS[4:]:
            tap(page, card)
        page.locator("#queue-status", has_text="3 cards wait to be sent").wait_for()
        page.reload()
        assert NEVER_OPENED not in page.locator("body").inner_text()
        page.locator("#round").wait_for()
        assert page.locator("#round form.picker").is_visible()
        assert page.locator("#not-live").inner_text().startswith("Not live: no connection.")
        page.locator("#queue-status", has_text="3 cards wait to be sent").wait_for()
        page.screenshot(path=screenshot_dir / "first-visit-offline-360.png")
    finally:
        phone.set_offline(False)
    # Online again, the waiting cards are sent (as test_offline_reload's).
    page.wait_for_function(IDLE, timeout=20000, polling=100)
    assert game.rounds.get(number=1).tricks == [CARDS[:3], CARDS[3:6], CARDS[6:]]


def keep_the_games_pages(page, game: Game) -> list[str]:
    """Open the game's pages of the edit link, and the home page listing it."""
    token = game.edit_token
    open_controlled(page, "/")
    paths = [f"/g/{token}/", f"/g/{token}/round/", f"/g/{token}/share/", "/"]
    open_and_keep(page, paths)
    assert edit_links_shown(page, game) >= 1  # the home page lists it
    return paths


def test_cookies_cleared_offline_the_phone_shows_no_edit_link(phone):
    game = actions.create_game(players=NAMES, variant="classic")
    page = phone.new_page()
    paths = keep_the_games_pages(page, game)

    phone.clear_cookies()  # the phone's session ends
    phone.set_offline(True)
    try:
        for path in paths:
            offline_goto(page, path)
            assert NEVER_OPENED in page.locator("body").inner_text(), path
            assert edit_links_shown(page, game) == 0
            assert game.edit_token not in page.content()
        assert [path for path in kept(page) if game.edit_token in path] == []
        assert page.evaluate(KEPT_TEXT, "/") is None
    finally:
        phone.set_offline(False)


def test_cookies_cleared_the_next_page_online_drops_the_edit_pages(phone):
    game = actions.create_game(players=NAMES, variant="classic")
    other = actions.create_game(players=["Ann", "Ben", "Cy"], variant="classic")
    page = phone.new_page()
    keep_the_games_pages(page, game)

    phone.clear_cookies()
    page.goto(f"/g/{other.view_token}/")  # a new session, holding another game
    wait_kept(page, "!urls.some((path) => path.includes(arg))", game.edit_token)
    assert f"/g/{other.view_token}/" in kept(page)

    phone.set_offline(True)
    try:
        offline_goto(page, "/")
        assert edit_links_shown(page, game) == 0
        assert game.edit_token not in page.content()
    finally:
        phone.set_offline(False)


def test_a_deleted_game_leaves_no_copy(phone):
    game = actions.create_game(players=NAMES, variant="classic")
    page = phone.new_page()
    keep_the_games_pages(page, game)

    page.goto(f"/g/{game.edit_token}/delete/")
    page.get_by_role("button", name="Delete the game").click()
    page.wait_for_url("**/")
    wait_kept(page, "!urls.some((path) => path.includes(arg))", game.edit_token)
    wait_js(page, f"!((await ({KEPT_TEXT})('/')) || '').includes(arg)", game.edit_token)

    phone.set_offline(True)
    try:
        offline_goto(page, f"/g/{game.edit_token}/round/")
        assert NEVER_OPENED in page.locator("body").inner_text()
        offline_goto(page, "/")
        assert edit_links_shown(page, game) == 0
    finally:
        phone.set_offline(False)


def test_a_new_edit_link_leaves_no_copy_of_the_old_one(phone):
    game = actions.create_game(players=NAMES, variant="classic")
    old = game.edit_token
    page = phone.new_page()
    keep_the_games_pages(page, game)

    page.goto(f"/g/{old}/share/regenerate/")
    page.get_by_role("button", name="Regenerate the edit link").click()
    game.refresh_from_db()
    page.wait_for_url(f"**/g/{game.edit_token}/")
    wait_kept(page, "!urls.some((path) => path.includes(arg))", old)
    # The home page's copy is fetched again: it lists the new link only.
    home = f"((await ({KEPT_TEXT})('/')) || '')"
    test = f"{home}.includes(arg[1]) && !{home}.includes(arg[0])"
    wait_js(page, test, [old, game.edit_token])

    phone.set_offline(True)
    try:
        offline_goto(page, f"/g/{old}/")
        assert NEVER_OPENED in page.locator("body").inner_text()
        offline_goto(page, "/")
        assert page.locator(f'a[href*="{old}"]').count() == 0
        assert page.locator(f'a[href*="{game.edit_token}"]').count() >= 1
        assert page.locator("#not-live").is_visible()
    finally:
        phone.set_offline(False)


COPY = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/css/app.css">
<script src="/static/js/offline.js" defer></script></head>
<body data-offline="" data-kept-for="m4rk">
<main><a id="edit" href="/g/secret/">the edit link</a></main></body></html>"""


@pytest.mark.parametrize("cookie", [None, "another", "m4rk"])
def test_a_private_copy_shows_only_to_its_session(browser, live_server, cookie):
    """Where the worker cannot read cookies, the page checks the copy's mark
    (a copy as the worker serves it, without the worker here)."""
    context = browser.new_context(
        viewport={"width": 360, "height": 780},
        base_url=live_server.url,
        service_workers="block",
    )
    try:
        if cookie:
            context.add_cookies([{"name": "imp_mark", "value": cookie, "url": live_server.url}])
        page = context.new_page()
        page.route(
            "**/kept-copy/", lambda route: route.fulfill(body=COPY, content_type="text/html")
        )
        page.goto("/kept-copy/")
        page.wait_for_function("() => document.readyState === 'complete'")
        assert page.locator("#not-live").is_visible()
        assert page.locator("#edit").is_visible() == (cookie == "m4rk")
    finally:
        context.close()
