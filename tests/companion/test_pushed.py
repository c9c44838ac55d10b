"""The answers the events server pushes to seat phones
(:mod:`companion.pushed`): each seat's phone is pushed the very answer it
would fetch after a card, in its language, but the seat whose card it was
(its phone tapped it); once the round is complete, each seat's phone is
pushed its whole round screen after every change; any other change, or a
seat link replaced, is pushed nothing (the phone asks)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.core.cache import cache, caches
from django.test import Client

from companion import actions
from companion.forms import Stamp
from companion.links import ROUND, STANDINGS
from companion.models import Round
from companion.pushed import Pushing, Wanted, only_played_on
from companion.replay import ROUNDS, CurrentRound, played_on, shown_round
from companion.seats import seat_links, seen
from scoring.cards import card_code
from scoring.entering import played_cards
from tests.companion.conftest import Seat
from tests.companion.tables import cards_of, game_for, simulated
from tests.companion.test_followed_parts import PLAY, send

pytestmark = pytest.mark.django_db

KEY = re.compile(r'name="key" value="[0-9a-f]+"')
CSRF = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]+">')
"""A form's own CSRF token: a pushed screen has none (htmx sends the page's)."""


def bare(screen: str) -> str:
    """A round screen without its forms' keys and CSRF tokens."""
    return CSRF.sub("", KEY.sub("", screen))


@pytest.fixture
def table():
    record = simulated("classic", 4, rounds=1, seed=5)
    game = game_for(record)
    editor = Seat(Client(), game, game.edit_token)
    seats = [Seat(Client(), game, link.token) for link in seat_links(game)]
    return game, editor, seats, cards_of(record["rounds"][0])


def fetched(seat: Seat, version: int) -> str:
    """What the seat's phone showing ``version`` fetches (follow.js's poll)."""
    headers = {**PLAY, "If-None-Match": f'"g{seat.game.pk}v{version}-en"'}
    response = seat.client.get(seat.url("round_live"), headers=headers)
    assert response.status_code == 200
    return response.text


def wanted(seats: list[Seat], language: str = "en", screen: str = ROUND) -> list[Wanted]:
    return [(seat.token, language, screen) for seat in seats]


def others(seats: list[Seat]) -> list[Seat]:
    """The seats but the one whose player played the round's last card (as
    the engine has it), in seat order."""
    game = seats[0].game
    game.refresh_from_db()
    current = shown_round(game)
    assert current is not None
    player = played_cards(current.state)[-1].player
    return [seat for number, seat in enumerate(seats) if number != player]


def test_each_seat_phone_is_pushed_the_answer_it_would_fetch(table):
    game, editor, seats, cards = table
    editor.get("round")  # the round as it is at version 0, kept for the polls
    pushing = Pushing()
    assert pushing.answers(game.pk, wanted(seats)).answers == {}  # nothing to start from yet
    for number, card in enumerate(cards[:6], start=1):
        send(editor, card)
        pushed = pushing.answers(game.pk, wanted(seats))

        assert pushed is not None
        assert (pushed.since, pushed.version) == (number - 1, number)
        assert sorted(pushed.answers) == sorted(wanted(others(seats)))
        for seat in others(seats):
            answer = pushed.answers[(seat.token, "en", ROUND)]
            assert KEY.sub("", answer) == KEY.sub("", fetched(seat, number - 1))
            assert f'data-version="{number}"' in answer


def last_player(game) -> int:
    """The player of the round's last card (the engine's replay)."""
    game.refresh_from_db()
    current = CurrentRound.load(game)
    assert current is not None
    return played_cards(current.state)[-1].player


def completed(table) -> Pushing:
    """The round complete (every card sent by the edit phone), and an events
    server's answers that have seen it so (the game read again)."""
    game, editor, _, cards = table
    for card in cards:
        send(editor, card)
    pushing = Pushing()
    pushing.answers(game.pk, [])
    game.refresh_from_db()
    return pushing


def test_each_seat_phone_is_pushed_its_whole_round_screen_once_the_round_is_complete(table):
    """The round's last card: every other seat's phone is pushed the whole
    round screen it would fetch (the result and its Agree), the game's
    version and no other; the seat whose card it was has its own."""
    game, editor, seats, cards = table
    pushing = Pushing()
    for card in cards[:-1]:
        send(editor, card)
    pushing.answers(game.pk, [])  # the round before its last card
    send(editor, cards[-1])

    pushed = pushing.answers(game.pk, wanted(seats))

    game.refresh_from_db()
    assert pushed is not None and pushed.whole
    assert (pushed.since, pushed.version) == (game.version, game.version)
    tapped = last_player(game)
    assert sorted(pushed.answers) == sorted(
        wanted([seat for number, seat in enumerate(seats) if number != tapped])
    )
    for number, seat in enumerate(seats):
        if number != tapped:
            answer = pushed.answers[(seat.token, "en", ROUND)]
            assert "Agree to round 1" in answer
            assert bare(answer) == bare(fetched(seat, game.version - 1))


def test_after_a_seat_agrees_every_seat_is_pushed_the_round_screen_again(table):
    """An Agree (not a card: which phone sent it is not known) is pushed to
    every seat, the Agree's own seat too, each as it would fetch it."""
    game, editor, seats, cards = table
    pushing = completed(table)
    current = Round.objects.get(game=game, number=1)
    actions.agree_round(game, Stamp(game.version, uuid.uuid4().hex), 2, seen(current))

    pushed = pushing.answers(game.pk, wanted(seats))

    game.refresh_from_db()
    assert pushed is not None and pushed.whole and pushed.version == game.version
    assert sorted(pushed.answers) == sorted(wanted(seats))
    name = game.players[2]
    assert "You agreed to round 1." in pushed.answers[(seats[2].token, "en", ROUND)]
    for seat in seats:
        answer = pushed.answers[(seat.token, "en", ROUND)]
        assert f"Agreed: {name}" in answer
        assert bare(answer) == bare(fetched(seat, game.version - 1))


def test_a_confirmed_round_is_pushed_nothing(table):
    """Confirm leads each phone to the round's story: it asks (its poll is
    redirected), nothing is pushed to swap in."""
    game, editor, seats, cards = table
    pushing = completed(table)
    actions.confirm_round(game, Stamp(game.version, uuid.uuid4().hex))

    pushed = pushing.answers(game.pk, wanted(seats))

    assert pushed is not None and not pushed.whole and pushed.answers == {}


def test_the_seat_asked_for_is_told_so_in_its_language(table):
    game, editor, seats, cards = table
    pushing = Pushing()
    pushing.answers(game.pk, [])
    send(editor, cards[0])

    pushed = pushing.answers(game.pk, [*wanted(seats, "de"), *wanted(seats, "en")])

    assert pushed is not None
    turns = [
        seat
        for seat in others(seats)
        if "your-turn" in pushed.answers[(seat.token, "en", ROUND)]
        and "Your card" in pushed.answers[(seat.token, "en", ROUND)]
        and "Deine Karte" in pushed.answers[(seat.token, "de", ROUND)]
    ]
    assert len(turns) == 1
    assert all('-de"' in pushed.answers[(seat.token, "de", ROUND)] for seat in others(seats))


def test_the_seat_that_tapped_its_card_is_pushed_no_answer_of_it(table):
    """Its phone shows its card's own answer: the others are pushed theirs,
    for the card and for the card taken back, and it the bare version."""
    game, editor, seats, cards = table
    send(editor, cards[0])
    pushing = Pushing()
    pushing.answers(game.pk, [])
    tapping = [seat for seat in seats if seat not in others(seats)][0]
    asked = seats[(seats.index(tapping) + 1) % 4]  # the next player, clockwise

    send(asked, cards[1])
    played = pushing.answers(game.pk, wanted(seats))
    game.refresh_from_db()
    stamp = {"version": game.version, "key": uuid.uuid4().hex}
    assert asked.client.post(asked.url("undo_card"), stamp, headers=PLAY).status_code == 200
    taken = pushing.answers(game.pk, wanted(seats))

    assert played is not None and taken is not None
    mine = (asked.token, "en", ROUND)
    assert sorted(played.answers) == sorted(wanted([s for s in seats if s is not asked]))
    assert sorted(taken.answers) == sorted(played.answers)
    assert mine not in played.answers and mine not in taken.answers
    assert played.version + 1 == taken.version
    assert all(f'data-version="{taken.version}"' in taken.answers[one] for one in taken.answers)


def test_a_change_other_than_a_card_is_pushed_nothing_and_the_next_card_again(table):
    game, editor, seats, cards = table
    pushing = Pushing()
    pushing.answers(game.pk, [])
    actions.set_dealer(game, Stamp(game.version, uuid.uuid4().hex), (game.first_dealer + 1) % 4)

    assert pushing.answers(game.pk, wanted(seats)).answers == {}

    send(editor, cards[0])  # led by another player: any card leads
    pushed = pushing.answers(game.pk, wanted(seats))
    assert pushed is not None
    assert sorted(pushed.answers) == sorted(wanted(others(seats)))


def test_a_replaced_seat_link_is_pushed_nothing(table):
    game, editor, seats, cards = table
    pushing = Pushing()
    pushing.answers(game.pk, [])
    actions.replace_seat_link(game, 2)
    send(editor, cards[0])

    pushed = pushing.answers(game.pk, wanted(seats))

    assert pushed is not None
    kept = [seats[0], seats[1], seats[3]]
    assert sorted(pushed.answers) == sorted(wanted([s for s in others(seats) if s in kept]))


def test_a_deleted_game_is_pushed_nothing_and_forgotten(table):
    game, editor, seats, cards = table
    pushing = Pushing()
    pk = game.pk
    pushing.answers(pk, [])
    game.delete()

    assert pushing.answers(pk, wanted(seats)) is None
    assert pushing.rounds == {}


def standings(viewer: Seat, language: str) -> str:
    """What the link's standings fetch (watch.js's ask), in ``language``."""
    headers = {"HX-Request": "true", "Accept-Language": language}
    response = viewer.client.get(viewer.url("live"), headers=headers)
    assert response.status_code == 200
    return response.text


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_link_on_the_standings_is_pushed_the_standings_it_would_fetch(
    table, language, settings
):
    settings.IMP_EVENTS_URL = "/events/"
    game, editor, seats, cards = table
    view = Seat(Client(), game, game.view_token)
    links = [editor, view, seats[1]]
    pushing = Pushing()
    for card in cards[:5]:
        send(editor, card)
        pushed = pushing.answers(game.pk, wanted(links, language, STANDINGS))

        assert pushed is not None
        game.refresh_from_db()
        assert pushed.version == game.version
        for link in links:
            answer = pushed.answers[(link.token, language, STANDINGS)]
            assert answer == standings(link, language)
            assert f'data-version="{game.version}"' in answer
            assert f"/events/{link.token}/?lang={language}&amp;screen=standings" in answer
    assert ("<h1>Spielstand</h1>" if language == "de" else "<h1>Standings</h1>") in answer


def test_the_standings_are_pushed_after_any_change_and_a_seat_is_pushed_both(table):
    game, editor, seats, cards = table
    pushing = Pushing()
    pushing.answers(game.pk, [])
    actions.set_dealer(game, Stamp(game.version, uuid.uuid4().hex), (game.first_dealer + 1) % 4)
    both = [*wanted(seats[:1]), *wanted(seats[:1], screen=STANDINGS)]

    pushed = pushing.answers(game.pk, both)

    assert pushed is not None
    assert list(pushed.answers) == [(seats[0].token, "en", STANDINGS)]  # not a card: the round asks
    assert pushed.answers[(seats[0].token, "en", STANDINGS)] == standings(seats[0], "en")
    send(editor, cards[0])
    every = [*wanted(seats), *wanted(seats, screen=STANDINGS)]
    shown = [*wanted(others(seats)), *wanted(seats, screen=STANDINGS)]
    assert sorted(pushing.answers(game.pk, every).answers) == sorted(shown)


def test_standings_carried_in_the_events_server_are_a_fresh_replays():
    """In the events server's process (no card's answer noted anything
    there) a card in an unfinished round is noted from the round it last
    replayed, and what counts carried forward: after every card of a round,
    its Confirm and the next round's cards, the standings pushed are those
    of a replay of the whole game."""
    record = simulated("classic", 4, rounds=2, seed=5)
    game = game_for(record)
    view = Seat(Client(), game, game.view_token)
    pushing = Pushing()
    first, second = (cards_of(item) for item in record["rounds"])
    carried = []

    def pushed_as_replayed() -> None:
        pushed = pushing.answers(game.pk, wanted([view], screen=STANDINGS))
        assert pushed is not None
        carried.append(played_on(game, game.version))
        cache.clear()
        caches[ROUNDS].clear()
        assert pushed.answers[(view.token, "en", STANDINGS)] == standings(view, "en")

    pushing.answers(game.pk, [])
    for card in [*first, None, *second[:6]]:
        game.refresh_from_db()
        stamp = Stamp(game.version, uuid.uuid4().hex)
        if card is None:
            actions.confirm_round(game, stamp)
        else:
            actions.play_card(game, stamp, card_code(card))
        game.refresh_from_db()
        pushed_as_replayed()

    # the round's last card (it is then complete) and the Confirm were replayed whole
    assert carried == [*[True] * (len(first) - 1), False, False, *[True] * 6]


def test_a_finished_game_is_pushed_no_standings():
    record = simulated("classic", 4, rounds=1, seed=5)
    record["goal"] = {"rounds": 1}
    game = game_for(record)
    editor = Seat(Client(), game, game.edit_token)
    for card in cards_of(record["rounds"][0]):
        send(editor, card)
    assert editor.post("confirm_round").status_code == 302
    view = Seat(Client(), game, game.view_token)

    pushed = Pushing().answers(game.pk, wanted([editor, view], screen=STANDINGS))

    assert pushed is not None and pushed.answers == {}  # the Play again form: each phone asks
    assert "wins" in standings(view, "en")


def test_a_round_screen_is_pushed_only_on_a_seat_link(table):
    game, editor, seats, cards = table
    pushing = Pushing()
    pushing.answers(game.pk, [])
    send(editor, cards[0])

    pushed = pushing.answers(game.pk, wanted([editor, *others(seats)[:1]]))

    assert pushed is not None
    assert list(pushed.answers) == wanted(others(seats)[:1])


def row(tricks: list[list[str]], **entered) -> Round:
    return Round(pk=entered.pop("pk", 1), number=1, tricks=tricks, **entered)


@pytest.mark.parametrize(
    ("before", "after", "only"),
    [
        (row([["1", "2"]]), row([["1", "2", "3"]]), True),  # a card played
        (row([["1", "2", "3", "4"]]), row([["1", "2", "3", "4"], ["5"]]), True),  # a new trick
        (row([["1", "2", "3"]]), row([["1", "2"]]), True),  # a card taken back
        (row([["1", "2"]]), row([["1", "2", "3", "4"]]), True),  # two cards, one version unseen
        (row([["1", "2"]]), row([["1", "5"]]), False),  # a card fixed
        (row([["1", "2"]]), row([["1", "2"]], pk=2), False),  # another round
        (row([["1"]]), row([["1", "2"]], dealer=3), False),  # another dealer
        (row([["1"]]), row([["1", "2"]], flags=[{"seat": 1}]), False),  # a trick flagged
    ],
    ids=["card", "new-trick", "taken-back", "two-cards", "fixed", "other-round", "dealer", "flag"],
)
def test_only_cards_played_on_or_taken_back_count_as_played_on(before, after, only):
    assert only_played_on(before, after) is only


def test_a_card_s_answers_are_read_in_two_queries(table, django_assert_num_queries):
    """The game with its round being played, and its links: the round is
    replayed once for the seats' answers and the standings, and what counts
    carried forward."""
    game, editor, seats, cards = table
    view = Seat(Client(), game, game.view_token)
    pushing = Pushing()
    both = [*wanted(seats), *wanted([view], screen=STANDINGS)]
    send(editor, cards[0])
    pushing.answers(game.pk, both)
    game.refresh_from_db()
    actions.play_card(game, Stamp(game.version, uuid.uuid4().hex), card_code(cards[1]))

    with django_assert_num_queries(2):
        pushed = pushing.answers(game.pk, both)

    shown = [*wanted(others(seats)), *wanted([view], screen=STANDINGS)]
    assert pushed is not None and sorted(pushed.answers) == sorted(shown)
