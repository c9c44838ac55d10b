"""The round screen at a real table, in real Chromium (issue 11): for every
set-up (tests/setups.py), a whole round tapped card by card (at 360x780 or
412x915, see :func:`phones_of`), with no scroll, nothing that moves, and the
facts of the trick always on screen."""

from __future__ import annotations

import re
import uuid

import pytest

from companion import actions
from companion.forms import Stamp
from companion.models import Game
from scoring.cards import card_code
from scoring.record import parse_record, replay
from scoring.simulate import simulate
from tests.setups import EACH_TABLE, EVERY_SETUP, Setup

NAMES = ["Adam", "Betty", "Christian", "Doris", "Eve", "Frank"]
PHONES = [{"width": 360, "height": 780}, {"width": 412, "height": 915}]

# Sums every layout-shift entry Chromium reports on the page (buffered: from
# the page's start), whether or not a tap came just before it.
LAYOUT_SHIFT = """
window.layoutShift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.layoutShift += entry.value;
    const what = entry.sources.map((source) => {
      const node = source.node;
      if (!node || !node.closest) return "?";
      const card = node.closest("[value]");
      return (node.id || node.className || node.nodeName) + (card ? " of " + card.value : "");
    });
    window.shifted = (window.shifted || []).concat(
      [{value: entry.value, at: Math.round(entry.startTime), what: what}]);
  }
}).observe({type: "layout-shift", buffered: true});
"""
STORED = "() => document.getElementById('play')?.dataset.idle === 'yes'"


def start(setup, seed: int) -> tuple[Game, dict]:
    """A game of the set-up and the simulator's two rounds to play in it."""
    record = simulate(
        setup.variant, setup.players, rounds=2, seed=seed, teams=setup.teams, edition=setup.edition
    )
    game = actions.create_game(
        players=NAMES[: setup.players],
        variant=setup.variant,
        teams=setup.teams or "",
        edition=setup.edition,
        first_dealer=record["first_dealer"],
        goal_rounds=3,
    )
    # the simulator's "Player 1"… are our names
    renamed = dict(zip((f"Player {n}" for n in range(1, 7)), NAMES, strict=True))
    for entry in record["rounds"]:
        if "open_hands" in entry:
            entry["open_hands"] = {renamed[name]: c for name, c in entry["open_hands"].items()}
    record["players"] = NAMES[: setup.players]
    return game, record


def known_hands(game: Game, entry: dict) -> None:
    """The round's face-up hands (Lopaka's, the open hands), as the table
    enters them before the first card."""
    hands = []
    if "lopaka_hand" in entry:
        hands.append((len(game.players), entry["lopaka_hand"]))
    for seat, name in enumerate(NAMES):
        if name in entry.get("open_hands", {}):
            hands.append((seat, entry["open_hands"][name]))
    for seat, cards in hands:
        game.refresh_from_db()
        stamp = Stamp(game.version, uuid.uuid4().hex)
        actions.set_known_hand(game, stamp, seat, [card_code(card) for card in cards])


# One look at the screen before a tap (one round trip to the browser): the
# boxes of what the table needs, the texts it reads, the marked cards.
LOOK = """card => {
  const boxOf = (selector) => {
    const found = document.querySelector(selector);
    if (!found) return null;
    const r = found.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const all = (selector) => Array.from(document.querySelectorAll(selector));
  const texts = (selector) => all(selector).map((e) => e.textContent.trim());
  const pick = `form.picker button.pick[value="${card}"]:not(.sent)`;
  return {
    scrollY: window.scrollY,
    height: window.innerHeight,
    width: window.innerWidth,
    grid: boxOf("form.picker"),
    bar: boxOf(".action-bar"),
    pick: boxOf(pick),
    tappable: !!document.querySelector(pick),
    undo: boxOf(".action-bar form button"),
    parts: [".facts", ".slots", "h2.asks", ".news", ".bottles-now li:last-child"].map(boxOf),
    facts: document.querySelector(".facts").innerText,
    asks: document.querySelector("h2.asks").innerText,
    bottles: document.querySelectorAll(".bottles-now li").length,
    slots: texts(".slots .slot .num"),
    led: all("form.picker button.pick.led").map((e) => e.value),
    grid_cards: all("form.picker button.pick:not(.sent)").map((e) => e.value),
  };
}"""


def inside(part: dict | None, look: dict, bottom: float) -> bool:
    """Wholly on screen, above ``bottom`` (the action bar's top)."""
    return (
        part is not None
        and part["top"] >= 0
        and part["bottom"] <= bottom + 0.5
        and part["left"] >= 0
        and part["right"] <= look["width"] + 0.5
    )


def play_round(page, record: dict, number: int, shots) -> dict:
    """Tap a round's cards as the simulator played them, checking the screen
    before every tap; the figures of the round."""
    engine = replay(parse_record(record))
    state = engine.rounds[number - 1]
    deck = engine.table.deck
    tricks = record["rounds"][number - 1]["tricks"]
    page.wait_for_function(STORED)
    # Shifts while the page loads (a card's glyph drawn a moment late, some
    # 1e-5 at most, before any tap) are kept apart from the round's.
    at_load = page.evaluate("window.layoutShift")
    grid_top = page.evaluate(LOOK, "")["grid"]["top"]
    width = page.viewport_size["width"]
    taps = 0
    for trick_index, trick in enumerate(tricks):
        for position, card in enumerate(trick):
            look = page.evaluate(LOOK, card)
            if not look["tappable"]:  # the app played it (Lopaka's card)
                continue
            assert look["scrollY"] == 0
            assert look["grid"]["top"] == grid_top
            bar_top = look["bar"]["top"]
            assert look["bar"]["bottom"] <= look["height"] + 0.5
            assert inside(look["pick"], look, bar_top), card
            assert all(inside(part, look, bar_top) for part in look["parts"]), look["parts"]
            if taps:
                assert inside(look["undo"], look, look["height"])
            check_facts(look, state, deck, trick_index, position, trick)
            if trick_index == 1 and position == 1:
                page.screenshot(path=shots / f"round-{record['variant']}-{width}.png")
            page.click(f'form.picker button.pick[value="{card}"]')
            taps += 1
            page.wait_for_function(STORED)
    page.locator(".action-bar button.confirm").wait_for()
    look = page.evaluate(LOOK, "")
    confirm = page.evaluate(
        "() => { const r = document.querySelector('.action-bar button.confirm')"
        ".getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left,"
        " right: r.right}; }"
    )
    assert look["scrollY"] == 0 and inside(confirm, look, look["height"])
    page.screenshot(path=shots / f"round-complete-{record['variant']}-{width}.png")
    return {
        "taps": taps,
        "scrolls": 0,
        "shift": page.evaluate("window.layoutShift") - at_load,
        "at_load": at_load,
        "shifted": page.evaluate("window.shifted || []"),
    }


def check_facts(look: dict, state, deck, trick_index: int, position: int, trick) -> None:
    """Whose card, trick n of m, the led colour (named, its cards marked),
    the bottles, the trick's cards so far."""
    facts = look["facts"]
    assert f"Trick {trick_index + 1} of {state.shape.tricks}" in facts
    play = state.tricks[trick_index]
    seat = play.players[position]
    assert look["asks"].startswith(f"{state.shape.names[seat]}'s card")
    if position:
        led = deck.colour_name(play.cards[0])
        symbol = "▼◆▲"[deck.colour[play.cards[0]]]
        assert f"Led: {symbol} {led}" in facts
        of_led = [v for v in look["grid_cards"] if deck.colour_name(card_code(v)) == led]
        assert look["led"] == of_led
    else:
        assert look["led"] == []
    assert look["bottles"] == len(state.prices)
    assert look["slots"] == list(trick[:position])


def phones_of(setup) -> list[dict]:
    """The phones a set-up's rounds are tapped on: each variant, layout and
    player count on the narrowest phone (360x780), the same table with its
    other deck on the larger one (the play region's heights do not depend on
    the width); the densest table (6 players, 54 cards, two bottles) plays a
    second round on the larger phone, right after its Confirm."""
    if setup == DENSEST:
        return PHONES
    return [PHONES[0] if setup in EACH_TABLE else PHONES[1]]


DENSEST = Setup("second-bottle", 6, None, "matagot")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("setup", EVERY_SETUP, ids=[s.id for s in EVERY_SETUP])
def test_a_whole_round_without_a_scroll_or_a_jump(browser, live_server, screenshot_dir, setup):
    game, record = start(setup, seed=EVERY_SETUP.index(setup) + 11)
    phones = phones_of(setup)
    figures = []
    context = browser.new_context(viewport=phones[0], base_url=live_server.url)
    context.add_init_script(LAYOUT_SHIFT)
    page = context.new_page()
    try:
        for number, viewport in enumerate(phones, 1):
            known_hands(game, record["rounds"][number - 1])
            page.set_viewport_size(viewport)
            page.goto(f"/g/{game.edit_token}/round/")
            figures.append(play_round(page, record, number, screenshot_dir))
            page.locator(".action-bar button.confirm").click()
            # the story of the round, then the next round, from its top
            page.locator("h2", has_text=f"The story of round {number}").wait_for()
            assert page.evaluate("window.scrollY") == 0
            page.get_by_role("link", name=re.compile(r"^Next round: ")).click()
            page.locator("h1", has_text=f"Round {number + 1}").wait_for()
            assert page.evaluate("window.scrollY") == 0
    finally:
        context.close()
    print(f"\n{setup.id}: {figures}")
    for figure in figures:
        assert figure["scrolls"] == 0
        assert figure["shift"] == 0, figure["shifted"]  # what moved, if anything
        assert figure["at_load"] < 0.001, figure["shifted"]
