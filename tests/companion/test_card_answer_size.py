"""A tap's answer is small (issue 11): the play region a card sends back
(HX-Target: play, imp/round/answer.html) is at most 2 KB gzipped, with the
54 cards of a Matagot deck too, for every player count, at every card of a
whole round but its last (which answers the whole round and its result)."""

from __future__ import annotations

import gzip
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from companion import actions
from scoring.simulate import simulate

NAMES = ["Adam", "Betty", "Christian", "Doris", "Eve", "Frank"]
LIMIT = 2 * 1024
"""bench/run.py's target for card_answer_bytes_gzip."""


def gzipped(text: bytes) -> int:
    """Gzipped as Django's GZipMiddleware (level 6) and the bench measure it."""
    return len(gzip.compress(text, 6))


@pytest.mark.parametrize(
    ("variant", "players", "edition"),
    [
        ("classic", 3, "classic"),
        ("classic", 3, "matagot"),
        ("classic", 4, "matagot"),
        ("teams", 5, "matagot"),
        ("second-bottle", 5, "matagot"),
        ("teams", 6, "matagot"),
        ("second-bottle", 6, "matagot"),
    ],
)
def test_every_card_answer_is_at_most_2_kb_gzipped(db, variant, players, edition):
    record = simulate(variant, players, rounds=1, seed=7, edition=edition)
    teams = {5: "2-2-1", 6: "2-2-2"}.get(players, "") if variant == "teams" else ""
    game = actions.create_game(
        players=NAMES[:players],
        variant=variant,
        teams=teams,
        edition=edition,
        first_dealer=record["first_dealer"],
    )
    client = Client()
    url = reverse("imp:play_card", args=[game.edit_token])
    cards = [card for trick in record["rounds"][0]["tricks"] for card in trick]
    sizes = []
    for card in cards[:-1]:
        game.refresh_from_db()
        fields = {"version": game.version, "key": uuid.uuid4().hex, "card": card}
        response = client.post(url, fields, headers={"HX-Request": "true", "HX-Target": "play"})
        assert response.status_code == 200
        assert response.content.lstrip().startswith(b'<section id="play"')
        sizes.append(gzipped(response.content))
    print(f"\n{variant} {players}p {edition}: max {max(sizes)} B gzipped")
    assert max(sizes) <= LIMIT
