"""Accessibility in real Chromium (issue 6): axe-core finds no serious or
critical violation on the app's main pages, every control can be reached
with the Tab key, and the strict CSP blocks nothing the pages need.

axe-core comes from npm (package.json / package-lock.json; ``make test``
runs ``npm ci``). It is run with ``page.evaluate`` of the file's text:
Playwright evaluates through the DevTools protocol, which the page's CSP
does not govern, so the pages are checked under the same CSP as in
production (an injected <script> tag would be blocked by it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.companion.app_routes import make_game

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
FOCUSABLE = (
    "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), "
    "select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])"
)
DISPUTE_ANSWER = "/dispute/?edition=classic&price=19&card_1=24&card_2=15&card_3=17&card_4=32"


@pytest.fixture(scope="session")
def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} missing: run `make test` (it runs npm ci) or `npm ci`")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture
def csp_errors(page) -> list[str]:
    """Console messages about anything the Content-Security-Policy blocked."""
    errors: list[str] = []
    page.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if "Content Security Policy" in message.text
            or "Content-Security-Policy" in message.text
            else None
        ),
    )
    return errors


def run_axe(page, axe_source: str) -> list[dict]:
    """axe-core's serious and critical violations on the current page."""
    page.evaluate(axe_source)
    results = page.evaluate(
        "tags => axe.run(document, "
        "{runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
        WCAG_TAGS,
    )
    return [
        {
            "id": violation["id"],
            "impact": violation["impact"],
            "help": violation["help"],
            "nodes": [node["target"] for node in violation["nodes"]][:5],
        }
        for violation in results["violations"]
        if violation["impact"] in {"serious", "critical"}
    ]


def tab_through(page, limit: int = 120) -> tuple[list[dict], int]:
    """Press Tab until focus leaves the page or comes back round; return what
    took focus, and how many visible focusable controls the page has."""
    visible = page.evaluate(
        """selector => {
             const radios = new Set();
             return Array.from(document.querySelectorAll(selector)).filter(el => {
               if (!el.checkVisibility({visibilityProperty: true})) return false;
               if (el.type !== 'radio') return true;  // a radio group is one Tab stop
               if (radios.has(el.name)) return false;
               radios.add(el.name);
               return true;
             }).length;
           }""",
        FOCUSABLE,
    )
    page.evaluate("document.activeElement && document.activeElement.blur()")
    seen: list[dict] = []
    keys: set[str] = set()
    for _ in range(limit):
        page.keyboard.press("Tab")
        info = page.evaluate(
            """() => {
                const el = document.activeElement;
                if (!el || el === document.body) return null;
                const path = [];
                for (let node = el; node && node !== document.body; node = node.parentElement) {
                  const index = node.parentElement
                    ? Array.prototype.indexOf.call(node.parentElement.children, node) : 0;
                  path.unshift(node.tagName + ':' + index);
                }
                return {tag: el.tagName.toLowerCase(), type: el.type || '',
                        href: el.getAttribute('href'), key: path.join('/'),
                        tabindex: el.getAttribute('tabindex'),
                        text: (el.innerText || el.value || el.name || '').slice(0, 40)};
            }"""
        )
        if info is None or info["key"] in keys:
            break
        keys.add(info["key"])
        seen.append(info)
    return seen, visible


def pages_to_check():
    """(label, path) of the pages under test; game pages need a game first."""
    return [
        ("home", lambda game: "/"),
        ("new game", lambda game: "/new/"),
        ("dispute", lambda game: "/dispute/"),
        ("dispute answer", lambda game: DISPUTE_ANSWER),
        ("dispute error", lambda game: "/dispute/?card_1=24&card_2=24&price=19"),
        ("game (standings)", lambda game: f"/g/{game.edit_token}/"),
        ("round", lambda game: f"/g/{game.edit_token}/round/"),
        ("round, view link", lambda game: f"/g/{game.view_token}/round/"),
        ("game, view link", lambda game: f"/g/{game.view_token}/"),
    ]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("label", "path"), pages_to_check(), ids=[p[0] for p in pages_to_check()])
def test_no_serious_accessibility_violations(page, axe_source, csp_errors, label, path):
    game = make_game()
    response = page.goto(path(game))

    assert response is not None and response.status in {200, 400}, label
    assert run_axe(page, axe_source) == [], label
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, f"{label}: too wide"
    assert csp_errors == [], label


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("label", "path"), pages_to_check(), ids=[p[0] for p in pages_to_check()])
def test_every_control_is_reached_by_the_tab_key(page, label, path):
    game = make_game()
    page.goto(path(game))

    seen, visible = tab_through(page)

    assert seen, f"{label}: Tab reaches nothing"
    for info in seen:
        assert info["tag"] in {"a", "button", "input", "select", "textarea", "summary"} or (
            info["tabindex"] not in (None, "-1")
        ), (label, info)
        if info["tag"] == "a":
            assert info["href"], (label, info)
    assert len(seen) >= visible, f"{label}: {visible} controls, Tab reached {len(seen)}"


@pytest.mark.django_db(transaction=True)
def test_dispute_by_keyboard_with_htmx_under_the_csp(page, csp_errors):
    page.goto("/dispute/")
    page.focus(".deck summary")
    page.keyboard.press("Enter")  # the disclosure opens from the keyboard
    page.fill("#id_name_3", "Christian")
    for place, card in enumerate(["24", "15", "17", "32"], start=1):
        page.focus(f'.cards button[value="{card}"]')
        page.keyboard.press("Enter")
        page.locator(f".places li:nth-child({place}) button.place").wait_for()

    # the card that fills the trick answers it (no further key to press)
    heading = page.locator("#result h2")
    heading.wait_for()
    assert heading.inner_text() == "Christian wins with the 17"
    assert page.evaluate("document.activeElement.id") == "result"  # focus on the answer
    assert "card_3=17" in page.url  # the answer has a shareable address
    # htmx swapped the trick and the answer in: the typed fields are the same elements.
    assert page.input_value("#id_name_3") == "Christian"
    assert page.locator("head style").count() == 0  # no injected indicator style
    assert csp_errors == []

    page.fill("#id_price", "25")
    page.keyboard.press("Enter")
    page.locator("#result .error").wait_for()
    assert "The price 25 is impossible" in page.locator("#result").inner_text()


@pytest.mark.django_db(transaction=True)
def test_dispute_tap_targets_on_a_360px_phone(browser, live_server):
    phone = {"width": 360, "height": 740}
    context = browser.new_context(viewport=phone, base_url=live_server.url)
    page = context.new_page()
    try:
        page.goto(DISPUTE_ANSWER)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        small = page.evaluate(
            """selector => Array.from(document.querySelectorAll(selector))
                 .filter(el => el.offsetParent !== null && el.type !== 'checkbox')
                 .map(el => [el.tagName, el.name || el.innerText,
                             el.getBoundingClientRect().height])
                 .filter(([, , height]) => height < 44)""",
            "main button, main input, main select, main .button",
        )
        assert small == []
    finally:
        context.close()
