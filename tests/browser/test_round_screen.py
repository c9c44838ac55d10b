"""The round screen at a real table, in real Chromium (issue 11): for each
set-up that differs on screen (ON_SCREEN below, from tests/setups.py), a
whole round tapped card by card at 360x780, then the next one at 412x915,
with no scroll, nothing that moves, the facts of the trick always on
screen, and every trick's ruling whole in its place."""

from __future__ import annotations

import copy
import re
import uuid

import pytest

from companion import actions
from companion.forms import Stamp
from companion.models import Game
from scoring.cards import card_code, card_text
from scoring.findings import RuleError
from scoring.record import parse_record, replay
from scoring.simulate import simulate
from tests.setups import EVERY_SETUP, Setup

ON_SCREEN = [
    Setup("classic", 3, None, "classic"),
    Setup("classic", 4, None, "matagot"),
    Setup("teams", 5, "2-2-1", "matagot"),
    Setup("second-bottle", 6, None, "matagot"),
    Setup("lopaka", 2, None, "classic"),
    Setup("bright-house", 2, None, "matagot"),
    Setup("devils-eye", 2, None, "classic"),
]
"""The set-ups whose round screens differ (the test's docstring says how);
each plays the game it played when every set-up was tapped through."""

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


# One look at the screen before a tap (one round trip to the browser), once
# the card before it is stored unless told not to wait: the boxes of what
# the table needs, the texts it reads, the marked cards, and whether the
# news place (the last ruling) holds its text whole: nothing to scroll in
# it, no line of it outside its box.
LOOK = """async ([card, wait]) => {
  if (wait) await new Promise((stored) => {
    const check = () => document.getElementById("play")?.dataset.idle === "yes"
      ? stored() : requestAnimationFrame(check);
    check();
  });
  const newsLook = () => {
    const news = document.querySelector("#play .news");
    if (!news) return null;
    const box = news.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(news);
    const cut = Array.from(range.getClientRects()).filter((r) => r.width && r.height
      && (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.right > box.right + 0.5));
    return {fits: news.scrollHeight <= news.clientHeight, cut: cut.length,
            text: news.innerText, smaller: Number(news.dataset.fit || 0)};
  };
  const boxOf = (selector) => {
    const found = document.querySelector(selector);
    if (!found) return null;
    const r = found.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const all = (selector) => Array.from(document.querySelectorAll(selector));
  const texts = (selector) => all(selector).map((e) => e.textContent.trim());
  // a card played already is a gap (or a hidden button kept in its place)
  const pick = `form.picker button.pick[value="${card}"]:not(.sent):not(.gone)`;
  return {
    scrollY: window.scrollY,
    height: window.innerHeight,
    width: window.innerWidth,
    grid: boxOf("form.picker"),
    bar: boxOf(".action-bar"),
    pick: boxOf(pick),
    tappable: !!document.querySelector(pick),
    undo: boxOf(".action-bar form button"),
    news: newsLook(),
    parts: [".facts", ".slots", "h2.asks", ".news", ".bottles-now li:last-child"].map(boxOf),
    facts: document.querySelector(".facts").innerText,
    asks: document.querySelector("h2.asks").innerText,
    bottles: document.querySelectorAll(".bottles-now li").length,
    slots: texts(".slots:not(.last-trick) .slot .num"),
    kept: texts(".slots.last-trick .slot .num"),
    led: all("form.picker button.pick.led").map((e) => e.value),
    grid_cards: all("form.picker button.pick:not(.sent):not(.gone)").map((e) => e.value),
  };
}"""


def whole(news: dict | None) -> bool:
    """The news place holds its text whole (nothing cut, nothing to scroll)."""
    return news is not None and news["fits"] and news["cut"] == 0


def inside(part: dict | None, look: dict, bottom: float) -> bool:
    """Wholly on screen, above ``bottom`` (the action bar's top)."""
    return (
        part is not None
        and part["top"] >= 0
        and part["bottom"] <= bottom + 0.5
        and part["left"] >= 0
        and part["right"] <= look["width"] + 0.5
    )


def play_round(page, record: dict, number: int, shots, name: str = "", wait: bool = True) -> dict:
    """Tap a round's cards as the simulator played them, checking the screen
    before every tap; the figures of the round (screenshots named after the
    variant, or ``name``). Each tap waits for the card before it to be
    stored, and the trick's facts are checked; without ``wait`` the cards
    are tapped as fast as they come (only the app's own card, Lopaka's, is
    waited for), and each tap checks what a tap must: on screen, no scroll,
    the grid in its place, the news whole."""
    engine = replay(parse_record(record))
    state = engine.rounds[number - 1]
    deck = engine.table.deck
    tricks = record["rounds"][number - 1]["tricks"]
    grid_top = page.evaluate(LOOK, ["", True])["grid"]["top"]  # once stored and drawn
    # Shifts while the page loads (a card's glyph drawn a moment late, some
    # 1e-5 at most, before any tap) are kept apart from the round's.
    at_load = page.evaluate("window.layoutShift")
    width = page.viewport_size["width"]
    taps = smaller = 0
    for trick_index, trick in enumerate(tricks):
        for position, card in enumerate(trick):
            apps = state.tricks[trick_index].players[position] == state.shape.lopaka
            look = page.evaluate(LOOK, [card, wait or apps])
            if not look["tappable"]:  # the app played it (Lopaka's card)
                assert apps, card
                continue
            assert look["scrollY"] == 0
            assert look["grid"]["top"] == grid_top
            bar_top = look["bar"]["top"]
            assert look["bar"]["bottom"] <= look["height"] + 0.5
            assert inside(look["pick"], look, bar_top), card
            assert all(inside(part, look, bar_top) for part in look["parts"]), look["parts"]
            if taps:
                assert inside(look["undo"], look, look["height"])
            if wait:
                check_facts(look, state, deck, trick_index, position, trick)
            assert whole(look["news"]), look["news"]  # the last trick's ruling
            smaller = max(smaller, look["news"]["smaller"])
            if trick_index == 1 and position == 1:
                page.screenshot(path=shots / f"round-{name or record['variant']}-{width}.png")
            # a finger where the card is seen: no scroll, no wait for the page
            box = look["pick"]
            page.mouse.click((box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2)
            taps += 1
    page.locator(".action-bar button.confirm").wait_for()
    look = page.evaluate(LOOK, ["", True])
    assert whole(look["news"]), look["news"]  # the round's last ruling
    smaller = max(smaller, look["news"]["smaller"])
    confirm = page.evaluate(
        "() => { const r = document.querySelector('.action-bar button.confirm')"
        ".getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left,"
        " right: r.right}; }"
    )
    assert look["scrollY"] == 0 and inside(confirm, look, look["height"])
    page.screenshot(path=shots / f"round-complete-{name or record['variant']}-{width}.png")
    return {
        "taps": taps,
        "scrolls": 0,
        "news_smaller": smaller,  # how many steps the longest news was drawn smaller
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
    # the trick just played stays in its slots until the next trick's first card
    kept = state.tricks[trick_index - 1].cards if position == 0 and trick_index else ()
    assert look["kept"] == [card_text(card) for card in kept]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("setup", ON_SCREEN, ids=[s.id for s in ON_SCREEN])
def test_a_whole_round_without_a_scroll_or_a_jump(browser, live_server, screenshot_dir, setup):
    """Each set-up's first round on the narrowest phone (360x780), its
    second, right after Confirm, on the larger one (412x915): the same game,
    page and server, so the second phone costs only its taps — made without
    waiting for each card to be stored, as a quick table taps.

    The set-ups are those whose screens differ, not all 17 (tests/setups.py):
    what the screen shows changes with the number of slots in a trick (2 to
    6), the grid (36 cards for 2–4 players, 54 with the half cards for 5–6),
    the colours' names (classic or matagot), the bottles (two in the second
    bottle's facts), the teams' line, and the hands the table enters first
    (Lopaka's, whose card the app plays; Bright House's open hands of 8;
    Devil's Eye's of 7). Classic 3 (three slots, eleven tricks) and classic
    4 (four slots, matagot colours) cover the 36-card grid and both colour
    names; teams 2-2-1 of five the 54-card grid with five slots, two pairs
    and one alone; second bottle of six the tallest facts, two bottles over
    six slots; then one each of Lopaka, Bright House and Devil's Eye, two
    slots over a grid with face-up hands. The other ten repeat one of these
    screens with a different deck's colours or another team layout; the
    engine's tests (tests/scoring) play every set-up, and
    tests/companion/test_full_games.py one of each through the app."""
    game, record = start(setup, seed=EVERY_SETUP.index(setup) + 11)
    phones = PHONES
    figures = []
    context = browser.new_context(viewport=phones[0], base_url=live_server.url)
    context.add_init_script(LAYOUT_SHIFT)
    page = context.new_page()
    try:
        for number, viewport in enumerate(phones, 1):
            known_hands(game, record["rounds"][number - 1])
            page.set_viewport_size(viewport)
            page.goto(f"/g/{game.edit_token}/round/")
            # the facts of each trick once, at 360 (they are the same words
            # at 412); at 412 the cards are tapped as fast as they come
            figure = play_round(page, record, number, screenshot_dir, wait=number == 1)
            figures.append({"phone": f"{viewport['width']}x{viewport['height']}", **figure})
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
        # Shifts while the page loads are reported, not asserted: CI once saw
        # the second-bottle 6-player slots move by 0.0085 at 186 ms (before
        # any tap), which no run here reproduced.
        print(f"layout shift at load: {figure['at_load']}")


def with_a_revoke(seed: int) -> dict:
    """A simulated game of three whose first round has a revoke from its
    third trick on: two of one player's cards swapped between tricks 2 and
    3, as a table mistaken about a colour would play them."""
    record = simulate("classic", 3, rounds=2, seed=seed, edition="classic")
    record["players"] = NAMES[:3]
    tricks = record["rounds"][0]["tricks"]
    for first, second in ((1, 1), (1, 2), (2, 0), (2, 1), (2, 2)):
        tried = copy.deepcopy(record)
        swapped = tried["rounds"][0]["tricks"]
        swapped[1][first], swapped[2][second] = tricks[2][second], tricks[1][first]
        try:
            state = replay(parse_record(tried)).rounds[0]
        except RuleError:
            continue
        if len(state.warnings) == 1 and state.warnings[0].trick >= 2:
            return tried
    raise AssertionError(f"seed {seed}: no single revoke from two swapped cards")


@pytest.mark.django_db(transaction=True)
def test_a_revoke_mid_round_never_moves_the_grid(browser, live_server, screenshot_dir):
    record = with_a_revoke(seed=4)
    warning = replay(parse_record(record)).rounds[0].warnings[0]
    game = actions.create_game(
        players=NAMES[:3], variant="classic", first_dealer=record["first_dealer"], goal_rounds=3
    )
    context = browser.new_context(viewport=PHONES[0], base_url=live_server.url)
    context.add_init_script(LAYOUT_SHIFT)
    page = context.new_page()
    try:
        page.goto(f"/g/{game.edit_token}/round/")
        figure = play_round(page, record, 1, screenshot_dir, name="revoke")
        # in the header, on screen: the player and the trick, one tap from it
        chip = page.locator(".round-head .revoke-chip")
        chip_words = f"⚠ Revoke? {warning.player}, trick {warning.trick}"
        assert chip.inner_text().split() == chip_words.split()
        assert chip.is_visible()
        # below the play, in plain words: the player, the tricks, the card
        said = page.locator("#revokes .revoke").inner_text()
        assert said.startswith(f"Revoke? {warning.player} did not follow ")
        assert f"in trick {warning.trick} (played " in said
        assert f" {warning.card} in trick " in said
        page.locator("#revokes").scroll_into_view_if_needed()
        page.screenshot(path=screenshot_dir / "revoke-below-the-play-360.png")
        page.get_by_role("button", name="Let it stand").click()
        undo = f"↶ Undo: Let {warning.player}'s revoke stand in round 1"
        page.get_by_role("button", name=undo).wait_for()
        assert chip.count() == 0 and page.locator("#revokes .revoke").count() == 0
    finally:
        context.close()
    print(f"\nrevoke: {figure}")
    assert figure["scrolls"] == 0
    assert figure["shift"] == 0, figure["shifted"]
