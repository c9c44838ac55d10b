"""The round being played, replayed alone (companion.replay.CurrentRound):
the engine says the same of it as when the whole game is replayed, with
every variant and with dealers entered in imported records; card entry
costs the same number of queries whatever the length of the game."""

from __future__ import annotations

import random
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from companion.models import Game, Round
from companion.present import Replayed
from companion.replay import CurrentRound
from scoring.game import next_dealer_after
from scoring.simulate import simulate_round
from scoring.variants import Table
from tests.setups import EACH_TABLE


def seed(
    variant: str, players: int, teams: str | None, edition: str, *, history: int, overrides: dict
):
    """A game of ``history`` confirmed rounds and a last round with every card
    entered; ``overrides`` maps round numbers to an entered dealer."""
    rng = random.Random(f"{variant}{players}{history}")
    names = [f"P{seat + 1}" for seat in range(players)]
    table = Table.create(tuple(names), variant, teams or None, edition)
    game = Game.objects.create(
        players=names, variant=variant, teams=teams or "", edition=edition, first_dealer=1 % players
    )
    dealer = game.first_dealer
    rows = []
    for number in range(1, history + 2):
        entered = overrides.get(number)
        if entered is not None:
            dealer = entered
        data = simulate_round(table, dealer, rng)
        rows.append(
            Round(
                game=game,
                number=number,
                dealer=entered,
                tricks=data["tricks"],
                imps_trick=data.get("imps_trick"),
                lopaka_hand=data.get("lopaka_hand"),
                open_hands=data.get("open_hands"),
                confirmed=number <= history,
            )
        )
        dealer = next_dealer_after(table, dealer)
    Round.objects.bulk_create(rows)
    return game


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("variant", "players", "teams", "edition"), EACH_TABLE, ids=[s.id for s in EACH_TABLE]
)
@pytest.mark.parametrize("overrides", [{}, {2: 0}, {1: 1, 3: 0}, {4: 1}])
def test_the_round_alone_replays_as_in_the_whole_game(variant, players, teams, edition, overrides):
    game = seed(variant, players, teams, edition, history=3, overrides=overrides)
    last = game.rounds.get(number=4)
    tricks = list(last.tricks)

    for count in range(len(tricks) + 1):
        last.tricks = tricks[:count] if count < len(tricks) else tricks
        last.save()
        whole = Replayed.of(game)
        alone = CurrentRound.load(game)

        assert alone.row.number == 4
        assert alone.dealer == whole.state.rounds[-1].shape.dealer
        assert alone.state == whole.state.rounds[-1]
        assert alone.prompt(4) == whole.prompt(4)


@pytest.mark.django_db
def test_the_round_alone_names_its_round_in_findings():
    game = seed("classic", 3, "", "classic", history=2, overrides={})
    last = game.rounds.get(number=3)
    last.tricks = [last.tricks[0], [last.tricks[0][0]]]  # a card played twice
    last.save()

    with pytest.raises(Exception) as whole:
        Replayed.of(game)
    with pytest.raises(Exception) as alone:
        CurrentRound.load(game)

    assert str(alone.value) == str(whole.value)
    assert "round 3" in str(alone.value)


def card_entry_queries(client, game: Game) -> list[int]:
    """The queries of entering each card of the last round through the app."""
    last = game.rounds.get(number=game.rounds.count())
    cards = [card for trick in last.tricks for card in trick]
    last.tricks = []
    last.save()
    url = reverse("imp:play_card", args=[game.edit_token])
    counts = []
    for card in cards:
        game.refresh_from_db()
        data = {"version": game.version, "key": uuid.uuid4().hex, "card": card}
        with CaptureQueriesContext(connection) as queries:
            response = client.post(url, data, headers={"HX-Request": "true"})
        assert response.status_code == 200, response.text[:500]
        # the test's transaction adds a savepoint around the verb's
        counts.append(
            sum(not q["sql"].startswith(("SAVEPOINT", "RELEASE")) for q in queries.captured_queries)
        )
    return counts


@pytest.mark.django_db
@pytest.mark.parametrize("overrides", [{}, {2: 2}])
def test_card_entry_queries_do_not_grow_with_the_game(client, overrides):
    # round 2 against round 31: from round 2 on, a card also reads which
    # earlier rounds had their dealer entered (for the engine's dealer)
    short = card_entry_queries(client, seed("classic", 4, "", "classic", history=1, overrides={}))
    long = card_entry_queries(
        client, seed("classic", 4, "", "classic", history=30, overrides=overrides)
    )

    assert short == long
    # find the game, read its last round and the entered dealers, claim the
    # version, write the round, the change and the key
    assert max(long) <= 8  # 9 with the BEGIN of a transaction outside a test


@pytest.mark.django_db
def test_the_last_card_shows_the_games_totals(client):
    game = seed("classic", 3, "", "classic", history=2, overrides={2: 2})
    whole = Replayed.of(game)
    last = game.rounds.get(number=3)
    final = last.tricks[-1][-1]
    last.tricks = [*last.tricks[:-1], last.tricks[-1][:-1]]
    last.save()
    game.refresh_from_db()

    response = client.post(
        reverse("imp:play_card", args=[game.edit_token]),
        {"version": game.version, "key": uuid.uuid4().hex, "card": final},
        headers={"HX-Request": "true"},
    )

    text = response.text
    assert response.status_code == 200
    assert "Round 3: the result" in text
    for name, total in zip(game.players, whole.state.totals, strict=True):
        assert f'<th scope="row">{name}</th>' in text
        assert f'<td class="total">{total}</td>' in text
    next_dealer = game.players[whole.state.next_dealer]
    assert f"then {next_dealer} deals the next round" in text
