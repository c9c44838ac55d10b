"""After a change every phone of the table asks for the round: the round
being played is replayed once a version and kept (companion.replay's
``shown_round``), so each phone's answer costs the query that reads its
link and the game, and says what a fresh replay says."""

from __future__ import annotations

import re
import uuid

import pytest
from django.core.cache import caches
from django.core.cache.utils import make_template_fragment_key
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from companion.models import Round
from companion.replay import ROUNDS, CurrentRound
from tests.companion.conftest import Seat as Phone
from tests.companion.tables import cards_of, simulated

pytestmark = pytest.mark.django_db

FRESH_KEY = re.compile(r'name="key" value="\w+"')

LIVE = {"HX-Request": "true", "HX-Target": "play"}


@pytest.fixture
def record() -> dict:
    return simulated("classic", 4, rounds=2, seed=11)


def asked(game) -> int:
    """Whose card the engine asks for."""
    current = CurrentRound.load(game)
    assert current is not None
    ask = current.prompt(current.row.number)
    assert ask is not None
    return ask.player


def tap(game, seats, card: str):
    """The card entered by its player's phone, as round.js sends it."""
    player = asked(game)
    phone = seats[player]
    phone.game.refresh_from_db()
    data = {"version": phone.game.version, "key": uuid.uuid4().hex, "card": card}
    response = phone.client.post(phone.url("play_card"), data, headers=LIVE)
    assert response.status_code == 200, response.text[:2000]
    return phone


def live(phone) -> str:
    """The phone's answer, its fresh form key (new in every answer) left out."""
    response = phone.client.get(phone.url("round_live"), headers=LIVE)
    assert response.status_code == 200
    return FRESH_KEY.sub("", response.text)


def test_the_other_phones_are_answered_from_the_cards_own_replay(
    table, record, django_assert_num_queries
):
    game, _, seats = table
    cards = cards_of(record["rounds"][0])
    tapped = tap(game, seats, cards[0])

    for phone in seats:
        if phone is tapped:
            continue
        with django_assert_num_queries(1):  # the seat link and its game
            page = live(phone)
        assert f'data-player="{game.players[seats.index(tapped)]}"' in page
        assert '<span class="num">' in page


def test_a_version_read_afresh_is_kept_for_the_next_phone(table, record, django_assert_num_queries):
    """A change that kept nothing (a phone without its script: a redirect)
    is read and replayed by the first phone that asks; the next ones are
    answered from that replay."""
    game, editor, seats = table
    card = cards_of(record["rounds"][0])[0]
    editor.play(card)

    assert f'<span class="num">{card}</span>' in live(seats[0])
    with django_assert_num_queries(1):
        page = live(seats[1])
    assert f'<span class="num">{card}</span>' in page


def test_every_answer_is_what_a_fresh_replay_shows(table, record):
    """Through a round and into the next (whose dealer is the engine's, from
    the first round's): after each card, an undo, a Confirm, every seat's
    answer from the kept round is the same as after reading it afresh."""
    game, editor, seats = table
    first, second = (cards_of(item) for item in record["rounds"])

    def same_everywhere() -> None:
        for phone in seats:
            kept = live(phone)
            caches[ROUNDS].clear()
            assert live(phone) == kept

    for card in first[:5]:
        tap(game, seats, card)
        same_everywhere()
    game.refresh_from_db()
    undone = editor.client.post(
        editor.url("undo_card"), {"version": game.version, "key": uuid.uuid4().hex}, headers=LIVE
    )
    assert undone.status_code == 200
    same_everywhere()
    for card in first[4:]:
        tap(game, seats, card)
    editor.post("confirm_round")
    same_everywhere()
    for card in second[:6]:
        tap(game, seats, card)
        same_everywhere()


def test_the_parts_every_phone_shows_alike_are_drawn_once_a_version(table, record):
    """The trick's slots, the facts, the ruling and the coins are the same
    on every phone at a version: the first answer draws them, the others
    take them as drawn (Django's {% cache %}, in the same cache)."""
    game, _, seats = table
    tap(game, seats, cards_of(record["rounds"][0])[0])
    game.refresh_from_db()
    number = game.rounds.count()
    etag = f"g{game.pk}v{game.version}-en"

    for name in ("play-facts", "play-slots", "play-ruling", "round-status"):
        key = make_template_fragment_key(name, [game.view_token, etag, number])
        assert caches[ROUNDS].get(key) is not None, name


def test_no_phone_is_shown_another_links_token(table, record):
    """What phones share holds no link: after each card no seat's answer or
    screen holds another seat's link or the edit link, and the view link's
    holds neither (every screen may show the view link: the table's QR)."""
    game, editor, seats = table
    viewer = Phone(Client(), game, game.view_token)
    tokens = {game.edit_token, *(phone.token for phone in seats)}
    for card in cards_of(record["rounds"][0])[:6]:
        tap(game, seats, card)
        for phone in (*seats, editor, viewer):
            page = live(phone) + phone.get("round").text
            assert [token for token in tokens - {phone.token} if token in page] == []


def test_a_german_phone_after_an_english_one_is_shown_german(table, record):
    game, _, seats = table
    tap(game, seats, cards_of(record["rounds"][0])[0])
    assert "Trick 1 of" in live(seats[0])

    seats[1].client.cookies["django_language"] = "de"
    german = live(seats[1])

    assert "Stich 1 von" in german and "Trick 1 of" not in german


def test_a_seats_card_reads_only_its_link_and_game(table, record):
    """The next card starts from the round the last change kept: its one
    read is the seat link with its game (the round is not read again, in
    the next round neither, whose dealer comes from earlier rounds)."""
    game, editor, seats = table
    first, second = (cards_of(item) for item in record["rounds"])
    for card in first:
        tap(game, seats, card)
    editor.post("confirm_round")
    tap(game, seats, second[0])
    player = asked(game)
    phone = seats[player]
    game.refresh_from_db()
    data = {"version": game.version, "key": uuid.uuid4().hex, "card": second[1]}

    with CaptureQueriesContext(connection) as done:
        response = phone.client.post(phone.url("play_card"), data, headers=LIVE)

    assert response.status_code == 200
    reads = [query["sql"] for query in done.captured_queries if query["sql"].startswith("SELECT")]
    assert len(reads) == 1 and '"companion_seat"' in reads[0]
    assert Round.objects.get(game=game, number=2).tricks == [second[:2]]
