"""Every control that opens something looks like a button and says so
(issue 11): each <summary> of the round screen and the dispute page is at
least 44 px tall, drawn as a button (a border), shows a sign that changes
when it opens, and is a disclosure to the browser's accessibility tree (its
role, its name from its words, expanded or collapsed) — at 360×780 and
412×915 in real Chromium."""

from __future__ import annotations

import pytest

from tests.companion.crawl import play
from tests.factories import GameFactory, LopakaGameFactory

PHONES = [{"width": 360, "height": 780}, {"width": 412, "height": 915}]

EXPECTED = {
    "lopaka round": ["Lopaka's face-up hand", "Someone else deals", "Quick entry", "History"],
    "bright house round": ["Adam's open hand", "Betty's open hand", "Quick entry"],
    "round with a card": ["Tricks of this round", "History of changes"],
    "dispute": ["Deck and players"],
}


def looks(page, summary) -> dict:
    """The summary's box, border, and the sign drawn before its words."""
    return summary.evaluate(
        """el => {
             const box = el.getBoundingClientRect();
             const style = getComputedStyle(el);
             return {height: box.height, width: box.width,
                     border: parseFloat(style.borderTopWidth),
                     sign: getComputedStyle(el, '::before').content,
                     open: el.parentElement.open};
           }"""
    )


def accessible(cdp, summary) -> dict:
    """What Chromium tells a screen reader about the summary."""
    summary.evaluate("el => { window.__probe = el; }")
    found = cdp.send("Runtime.evaluate", {"expression": "window.__probe"})
    node = cdp.send("DOM.describeNode", {"objectId": found["result"]["objectId"]})
    tree = cdp.send(
        "Accessibility.getPartialAXTree",
        {"backendNodeId": node["node"]["backendNodeId"], "fetchRelatives": False},
    )
    ax = tree["nodes"][0]
    properties = {p["name"]: p["value"].get("value") for p in ax.get("properties", [])}
    return {
        "role": ax["role"]["value"],
        "name": ax["name"]["value"],
        "expanded": properties.get("expanded"),
    }


def check_every_summary(page, label: str) -> list[str]:
    """Check each summary closed, open it, check it open; return their words."""
    cdp = page.context.new_cdp_session(page)
    words = []
    summaries = page.locator("summary")
    for index in range(summaries.count()):
        summary = summaries.nth(index)
        text = summary.inner_text().strip()
        words.append(text)
        closed = looks(page, summary)
        if closed["open"]:  # opened by the page itself: close it first
            summary.click()
            closed = looks(page, summary)
        assert closed["height"] >= 44 and closed["width"] >= 44, (label, text, closed)
        assert closed["border"] >= 1, (label, text)  # drawn as a button, not a heading
        info = accessible(cdp, summary)
        assert info == {"role": "DisclosureTriangle", "name": text, "expanded": False}, label

        summary.click()

        opened = looks(page, summary)
        assert opened["open"] and opened["sign"] != closed["sign"], (label, text, opened)
        assert accessible(cdp, summary)["expanded"] is True, (label, text)
    cdp.detach()
    return words


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("phone", PHONES, ids=lambda phone: f"{phone['width']}x{phone['height']}")
def test_every_disclosure_is_a_button_that_says_so(browser, live_server, screenshot_dir, phone):
    lopaka = LopakaGameFactory()  # his hand entered (first, in the play): now a disclosure
    hand = ["1", "2", "3", "5", "7", "9", "12", "17", "18", "32", "36"]
    lopaka.rounds.filter(number=1).update(lopaka_hand=hand)
    bright = GameFactory(players=["Adam", "Betty"], variant="bright-house")
    played = play(GameFactory(), "24")
    pages = {
        "lopaka round": f"/g/{lopaka.edit_token}/round/",
        "bright house round": f"/g/{bright.edit_token}/round/",
        "round with a card": f"/g/{played.edit_token}/round/",
        "dispute": "/dispute/",
    }
    context = browser.new_context(viewport=phone, base_url=live_server.url)
    page = context.new_page()
    try:
        for label, path in pages.items():
            page.goto(path)
            page.locator("summary").first.scroll_into_view_if_needed()
            page.screenshot(
                path=screenshot_dir / f"disclosures-{label.replace(' ', '-')}-{phone['width']}.png"
            )

            words = check_every_summary(page, label)

            for expected in EXPECTED[label]:
                assert any(text.startswith(expected) for text in words), (label, words)
    finally:
        context.close()
