"""One whole game of every variant, set up through the form and entered card
by card through the round screen's POSTs, as a table would; the standings
must then equal the engine's own output for the same record."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from companion.models import Game
from companion.replay import game_state
from scoring.record import output_document, parse_record, replay
from tests.companion.conftest import Seat, standings_rows, text
from tests.companion.tables import cards_of, simulated
from tests.setups import EACH_TABLE

pytestmark = pytest.mark.django_db

ROUNDS = 2


def start(client: Client, record: dict) -> Seat:
    names = record["players"]
    variant = record["variant"] + (f":{record['teams']}" if "teams" in record else "")
    data = {f"name_{seat}": name for seat, name in enumerate(names)}
    data.update(
        variant=variant,
        edition=record.get("edition", "classic"),
        dealer=names[record["first_dealer"]],
        goal="rounds",
        rounds=len(record["rounds"]),
    )
    response = client.post(reverse("imp:new_game"), data)
    assert response.status_code == 302, text(response)
    game = Game.objects.get()
    return Seat(client, game, game.edit_token)


def enter_round(seat: Seat, number: int, entries: dict) -> None:
    players = seat.game.players
    if "lopaka_hand" in entries:
        response = seat.post("known_hand", {"seat": len(players), "cards": entries["lopaka_hand"]})
        assert response.status_code == 302, text(response)
    for name, hand in entries.get("open_hands", {}).items():
        response = seat.post("known_hand", {"seat": players.index(name), "cards": hand})
        assert response.status_code == 302, text(response)
    cards = cards_of(entries)
    while True:
        stored = [card for trick in seat.game.rounds.get(number=number).tricks for card in trick]
        assert stored == cards[: len(stored)]
        if len(stored) == len(cards):
            break
        response = seat.post("play_card", {"card": cards[len(stored)]})
        assert response.status_code == 302, text(response)
    assert seat.game.rounds.get(number=number).tricks == entries["tricks"]
    assert "the result" in text(seat.get("round"))
    assert seat.post("confirm_round").status_code == 302


@pytest.mark.parametrize("setup", EACH_TABLE, ids=[s.id for s in EACH_TABLE])
def test_a_whole_game(client, setup):
    seed = EACH_TABLE.index(setup) + 1
    record = simulated(setup.variant, setup.players, ROUNDS, seed, setup.teams, setup.edition)
    seat = start(client, record)

    for number, entries in enumerate(record["rounds"], 1):
        enter_round(seat, number, entries)

    expected = output_document(replay(parse_record(record)))
    assert output_document(game_state(seat.game)) == expected
    assert expected["finished"]
    assert seat.game.rounds.count() == ROUNDS
    response = seat.get("game")
    page = text(response)
    shown = {name: total for _rank, name, total in standings_rows(response)}
    assert shown == expected["totals"]
    winners = expected["winners"]
    if len(winners) == 1:
        assert f"{winners[0]} wins!" in page
    else:
        assert f"{' and '.join(winners)} share the win!" in page
