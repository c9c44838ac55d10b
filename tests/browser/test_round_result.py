"""The round's result in view (issue 20): at 360x780, in English and in
German at the browser's normal text size, for three to six players, each
player's score and new total are on the screen before Confirm, above the
action bar, without a scroll; and a round that ends the game says so.

Each game's round is the simulator's, entered card by card through the
app's own verb (companion.actions.play_card) before the page is opened:
the browser only looks. In English the game goes on (3 rounds: the next
dealer is named); in German the round is the game's only one (Confirm
ends it, and the winners are named)."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from companion import actions
from companion.forms import Stamp
from companion.models import Game
from companion.present import Replayed
from scoring.cards import card_code
from tests.browser.test_accessibility import AXE, run_axe
from tests.companion.tables import cards_of, simulated
from tests.setups import Setup

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Adam", "Betty", "Christian", "Doris", "Eve", "Frank"]
PHONE = {"width": 360, "height": 780}
TABLES = [
    Setup("classic", 3, None, "classic"),
    Setup("classic", 4, None, "matagot"),
    Setup("teams", 5, "2-2-1", "matagot"),
    Setup("second-bottle", 6, None, "matagot"),  # two bottles: the tallest facts
    Setup("teams", 6, "2-2-2", "matagot"),
]
LANGUAGES = {"en": ("en-GB", 3), "de": ("de-DE", 1)}
"""The browser's locale, and the game's goal in rounds."""

LOOK = """() => {
  const box = (found) => {
    const r = found.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const bar = document.querySelector(".action-bar");
  return {
    scrollY: window.scrollY,
    width: window.innerWidth,
    height: window.innerHeight,
    bar: bar ? box(bar) : null,
    result: box(document.querySelector(".result")),
    rows: Array.from(document.querySelectorAll(".result table tbody tr")).map((row) => ({
      ...box(row),
      cells: Array.from(row.children).map((cell) => cell.innerText.trim()),
    })),
  };
}"""


def round_in(setup: Setup, goal_rounds: int, seed: int) -> Game:
    """A game of the set-up whose first round is complete, not confirmed."""
    record = simulated(setup.variant, setup.players, 1, seed, setup.teams, setup.edition)
    game = actions.create_game(
        players=NAMES[: setup.players],
        variant=setup.variant,
        teams=setup.teams or "",
        edition=setup.edition,
        first_dealer=record["first_dealer"],
        goal_rounds=goal_rounds,
    )
    for card in cards_of(record["rounds"][0]):
        game.refresh_from_db()
        actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code(card))
    return game


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("setup", TABLES, ids=[setup.id for setup in TABLES])
def test_every_score_and_new_total_is_in_view_before_confirm(
    browser, live_server, screenshot_dir, setup, language
):
    locale, goal_rounds = LANGUAGES[language]
    game = round_in(setup, goal_rounds, seed=TABLES.index(setup) + 3)
    replayed = Replayed.of(game)
    state = replayed.state
    assert state.rounds[0].complete and not replayed.rounds[0].confirmed
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=locale)
    page = context.new_page()
    try:
        page.goto(f"/g/{game.edit_token}/round/")
        look = page.evaluate(LOOK)
        page.screenshot(path=screenshot_dir / f"result-{setup.id}-{language}-360.png")
        ending = page.locator(".result .ending")
        if language == "de":
            winners = [game.players[seat] for seat in state.winners]
            said = "teilen sich den Sieg" if len(winners) > 1 else "gewinnt"
            expect(ending).to_contain_text("Bestätigen beendet die Partie:")
            expect(ending).to_contain_text(said)
            for name in winners:
                expect(ending).to_contain_text(name)
        else:
            expect(ending).to_have_count(0)
            expect(page.locator(".result")).to_contain_text("deals the next round")
    finally:
        context.close()

    assert look["scrollY"] == 0
    bar = look["bar"]
    assert len(look["rows"]) == setup.players
    for row in look["rows"]:
        assert row["top"] >= 0 and row["left"] >= 0 and row["right"] <= look["width"], row
        assert row["right"] <= look["result"]["right"], row  # nothing hidden sideways
        assert row["bottom"] <= bar["top"], (row, bar)
    # each player, this round's score, the new total (the engine's)
    assert [row["cells"] for row in look["rows"]] == [
        [game.players[line.player], str(line.score), str(state.totals[line.player])]
        for line in state.rounds[0].outcome.lines
    ]
    print(
        f"\n{setup.id} {language}: last row's bottom {look['rows'][-1]['bottom']:.0f} px,"
        f" the action bar's top {bar['top']:.0f} px"
    )


@pytest.mark.parametrize("path", ["round/", ""], ids=["round screen", "standings"])
def test_a_round_waiting_for_confirm_has_no_serious_accessibility_violation(page, path):
    """axe-core on the round screen's result (its reasons opened) and on the
    standings with the round marked as not confirmed."""
    game = round_in(TABLES[3], 3, seed=6)
    page.goto(f"/g/{game.edit_token}/{path}")
    if path:
        page.get_by_text("Why these scores").click()
    else:
        expect(page.locator("tr.waiting")).to_have_count(1)

    assert run_axe(page, AXE.read_text(encoding="utf-8")) == []
