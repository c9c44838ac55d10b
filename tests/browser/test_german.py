"""A German table on a phone (Chromium at 360×780, the browser's language
German): it makes a group, plays two games of one round in it — the first
by tapping every card, the second by quick entry — and reads the group's
standings in German.

Game 1 is the simulator's round (classic, three players, seed 21); its
scores are the engine's replay of that record, as tests/browser/test_play.py
reads them. Game 2 is entered by hand: Anna 40, Bernd 30, Clara 50 coins,
the Imp's Trick 6 coins, Anna ends with the bottle, so (docs/rules.md,
scoring) Anna scores -6 (she pays the Imp's Trick), Bernd 30, Clara 50 —
Clara wins game 2. Over the two games, each player's average round score is
(game 1 + game 2) / 2, written with a decimal comma ("12,5").
"""

from __future__ import annotations

import pytest

from companion.models import Game, Group
from scoring.record import parse_record, replay
from scoring.simulate import simulate
from tests.browser.test_play import tap_card

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Anna", "Bernd", "Clara"]
PHONE = {"width": 360, "height": 780}
QUICK = {"Anna": 40, "Bernd": 30, "Clara": 50}
QUICK_IMPS_TRICK = 6
QUICK_SCORES = {"Anna": -QUICK_IMPS_TRICK, "Bernd": 30, "Clara": 50}  # Anna has the bottle


@pytest.fixture
def german(browser, live_server):
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale="de-DE")
    page = context.new_page()
    yield page
    context.close()


def decimal_comma(value: float) -> str:
    return f"{value:.1f}".replace(".", ",")


def new_game_in_group(page, dealer: str) -> Game:
    """From the group page: a game of the group's three, one round, ``dealer``
    first; the deck is asked the first time, then the group remembers it."""
    page.get_by_role("link", name="Neue Partie in dieser Gruppe").click()
    assert page.locator("#variant-now").inner_text() == "Klassisch"  # the usual for three
    if page.locator("#deck-now").inner_text() != "Klassisch":
        page.get_by_label("Klassisch (Bambus, Z-Man, Stronghold): 36 Karten, 2–4 Spieler").check()
    page.locator("summary", has_text="Erster Geber:").click()
    page.get_by_label("Wer gibt die erste Runde?").select_option(dealer)
    page.locator("summary", has_text="Ziel:").click()
    page.get_by_label("Eine Anzahl Runden").check()
    page.get_by_label("Runden", exact=True).fill("1")
    page.get_by_role("button", name="Partie starten").click()
    page.wait_for_url("**/round/")
    # the view link's QR, open once after Start for the others to scan: closed
    page.locator("#table-qr form[method=dialog] button").click()
    return Game.objects.order_by("-pk").first()


def figures(page) -> dict[str, list[str]]:
    """The group page's figures: each player's values, in the page's order."""
    found = {}
    for card in page.locator(".group-players > li").all():
        name = card.locator("h3").inner_text()
        found[name] = [value.strip() for value in card.locator("dd").all_inner_texts()]
    return found


def test_a_german_table_keeps_a_group_of_two_games(german, screenshot_dir):
    page = german
    record = simulate("classic", 3, rounds=1, seed=21, edition="classic")
    first = replay(parse_record({**record, "players": NAMES})).rounds[0]
    game_1_scores = dict(zip(NAMES, first.outcome.scores, strict=True))
    game_1_bottle = {NAMES[seat] for seat in first.bottle_owners}

    # The home page, in the browser's language.
    page.goto("/")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("h1").inner_text() == "Flaschenteufel-Begleiter"
    page.get_by_role("link", name="Neue Gruppe").click()
    page.get_by_label("Name der Gruppe").fill("Donnerstagsrunde")
    page.get_by_label("Spieler, ein Name pro Zeile").fill("\n".join(NAMES))
    page.get_by_role("button", name="Gruppe anlegen").click()
    group = Group.objects.get()
    page.wait_for_url(f"**/groups/{group.edit_token}/")
    assert page.get_by_text("Eine Gruppe mit 3 Spielern: Anna, Bernd, Clara").is_visible()

    # Game 1, card by card.
    game = new_game_in_group(page, NAMES[record["first_dealer"]])
    assert game.group == group and game.players == NAMES
    leader = NAMES[first.shape.first_leader]
    assert page.locator("h2.asks").inner_text() == f"Karte von {leader}"
    page.screenshot(path=screenshot_dir / "german-round-start-360.png")
    for trick in record["rounds"][0]["tricks"]:
        for card in trick:
            tap_card(page, card)
    page.screenshot(path=screenshot_dir / "german-round-complete-360.png")
    page.get_by_role("button", name="Runde 1 bestätigen").click()
    page.get_by_text("Runde 1 ist bestätigt: Die Partie ist vorbei.").wait_for()
    page.screenshot(path=screenshot_dir / "german-story-360.png", full_page=True)
    assert game.rounds.get().confirmed

    # Game 2, by quick entry.
    page.goto(f"/groups/{group.edit_token}/")
    game = new_game_in_group(page, "Bernd")
    page.get_by_text("Schnelleingabe: nur die Münzen").click()
    for seat, name in enumerate(NAMES):
        page.locator(f"#id_points_{seat}").fill(str(QUICK[name]))
    page.locator("#id_imps_trick_points").fill(str(QUICK_IMPS_TRICK))
    page.get_by_label("Besitzer der Flasche").select_option("Anna")
    page.screenshot(path=screenshot_dir / "german-quick-entry-360.png")
    page.get_by_role("button", name="Diese Runde werten").click()
    page.get_by_role("button", name="Runde 1 bestätigen").click()
    page.get_by_text("Runde 1 ist bestätigt: Die Partie ist vorbei.").wait_for()
    assert game.rounds.get().quick["points"] == QUICK

    # The group's standings, in German, against the hand-worked figures.
    page.goto(f"/groups/{group.view_token}/")
    assert page.locator("h2").all_inner_texts()[:2] == ["Gespielte Partien", "Die Spieler"]
    labels = page.locator(".group-players > li").first.locator("dt").all_inner_texts()
    assert labels == [
        "Gespielte Partien",
        "Gewonnene Partien",
        "Punkte im Schnitt pro Runde",
        "Runden mit der Flasche beendet",
        "Beste Partie",
    ]
    top = max(game_1_scores.values())
    winners_1 = [name for name in NAMES if game_1_scores[name] == top]
    expected = {}
    for name in NAMES:
        wins = (name in winners_1) + (name == "Clara")
        both = (game_1_scores[name], QUICK_SCORES[name])
        best = max(both)
        best_game = both.index(best) + 1
        bottles = (name in game_1_bottle) + (name == "Anna")
        expected[name] = [
            "2",
            str(wins),
            decimal_comma(sum(both) / 2),
            str(bottles),
            f"{best} (Partie {best_game})",
        ]
    assert figures(page) == expected
    games = page.locator(".group-games > li").all_inner_texts()
    assert len(games) == 2
    assert "Partie 2: Anna, Bernd, Clara" in games[0] and "Clara gewinnt" in games[0]
    if len(winners_1) == 1:
        assert f"{winners_1[0]} gewinnt" in games[1]
    else:
        assert f"{' und '.join(winners_1)} teilen sich den Sieg" in games[1]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=screenshot_dir / "german-group-360.png", full_page=True)
