"""Every player on their own phone (issue 24): each player's seat link,
reached from "Which seat is yours?"; a seat enters only its own player's
cards in its turn (a 403 in words otherwise), takes back only its own last
card, agrees to a round and flags a trick (kept in the history, undone by
Undo); the edit link may require every seat's agreement before Confirm;
every other change is refused to a seat link, route by route."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from companion.models import Change, Round, Seat
from companion.redact import redact
from companion.replay import CurrentRound
from companion.seats import seen
from tests.companion.app_routes import game_routes
from tests.companion.conftest import Seat as Phone
from tests.companion.conftest import text
from tests.companion.tables import cards_of, game_for, simulated

pytestmark = pytest.mark.django_db

PLAYS = {"play_card", "undo_card", "agree", "flag"}
"""The changes a seat link may ask for (each checks its seat)."""


@pytest.fixture
def record() -> dict:
    return simulated("classic", 4, rounds=2, seed=5)


def asked(game) -> tuple[int, int]:
    """Whose card the engine asks for, and in which trick."""
    current = CurrentRound.load(game)
    assert current is not None
    ask = current.prompt(current.row.number)
    assert ask is not None
    return ask.player, ask.trick


def play_round(game, seats, cards) -> None:
    """Each card entered by the phone of the player the engine asks for."""
    for card in cards:
        player, trick = asked(game)
        name = game.players[player]
        data = {"card": card, "player": name, "trick": trick}
        response = seats[player].post("play_card", data)
        assert response.status_code == 302, text(response)[:3000]


def shown(seat: Phone, data: dict | None = None) -> dict:
    """A seat's Agree or Flag form's fields: the round as its phone shows it."""
    return {"seen": seen(Round.objects.get(game=seat.game, number=1)), **(data or {})}


def stored(game) -> list[list[str]]:
    return Round.objects.get(game=game, number=1).tricks


# ---- which seat is yours -------------------------------------------------


def test_the_view_link_reaches_every_seat_once_and_never_in_a_cache(table):
    game, _, _ = table
    viewer = Phone(Client(), game, game.view_token)

    response = viewer.get("seats")
    again = viewer.get("seats")

    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    page = text(response)
    assert "Which seat is yours?" in page
    links = list(game.seats.order_by("seat"))
    assert [link.seat for link in links] == [0, 1, 2, 3]
    for link in links:
        assert reverse("imp:round", args=[link.token]) in page
        assert len(link.token) == 36
    for link in links:
        assert reverse("imp:round", args=[link.token]) in text(again)  # made once
    assert Seat.objects.filter(game=game).count() == 4


def test_lopaka_has_no_seat(client):
    game = game_for(simulated("lopaka", 2, seed=3))

    page = text(Phone(client, game, game.view_token).get("seats"))

    assert [link.seat for link in game.seats.all()] == [0, 1]
    assert "Lopaka" not in page.split("<h1>")[1]


def test_a_seat_links_pages_are_private_and_say_whose_seat(table):
    game, _, seats = table
    name = game.players[2]

    round_page = seats[2].get("round")
    game_page = seats[2].get("game")

    assert round_page.status_code == game_page.status_code == 200
    assert "no-store" in round_page["Cache-Control"]
    assert f'data-seat="{name}"' in round_page.text
    assert f"{name}'s seat" in text(game_page)


def test_a_seat_token_is_never_written_to_a_log(table):
    _, _, seats = table
    token = seats[0].token

    for line in (f"GET /g/{token}/round/live/ HTTP/1.1", f"token {token} seen"):
        assert token not in redact(line)


# ---- your turn -------------------------------------------------------------


def test_only_the_phone_of_the_player_asked_for_says_your_turn(table):
    game, _, seats = table
    player, _ = asked(game)

    pages = [text(seat.get("round")) for seat in seats]

    for number, page in enumerate(pages):
        if number == player:
            assert "Your card — you lead, the bottle is at 19" in page
            assert "your-turn" in page
        else:
            assert "Your card" not in page
            assert f"{game.players[player]}'s card" in page


def pace_of(page: str) -> str:
    """How soon a seat's phone says its player may be asked (follow.js's pace)."""
    stamp = re.search(r'<div id="play-stamp"[^>]*>', page)
    assert stamp is not None
    found = re.search(r'data-pace="(\w+)"', stamp.group(0))
    return "" if found is None else found.group(1)


def test_a_seat_phone_follows_faster_the_sooner_its_player_is_asked(table, record):
    """In a trick of four: the player asked right after the next card is
    "soon", the one after "near"; the asked one and the last of the trick
    neither. Once the next card closes the trick, any player may lead the
    next one: every phone but the asked one's is "soon"."""
    game, _, seats = table
    first = asked(game)[0]
    order = [(first + step) % 4 for step in range(4)]

    paces = [pace_of(text(seat.get("round"))) for seat in seats]

    assert [paces[player] for player in order] == ["", "soon", "near", ""]

    play_round(game, seats, cards_of(record["rounds"][0])[:3])
    paces = [pace_of(text(seat.get("round"))) for seat in seats]

    assert asked(game)[0] == order[3]
    assert [paces[player] for player in order] == ["soon", "soon", "soon", ""]


def test_in_the_rounds_last_trick_no_phone_hurries(table, record):
    """No trick follows the round's last: the player asked after the next
    card is "soon", and once the next card closes the round no phone is
    asked again (the table confirms): no phone hurries."""
    game, _, seats = table
    cards = cards_of(record["rounds"][0])
    play_round(game, seats, cards[:-2])

    assert sorted(pace_of(text(seat.get("round"))) for seat in seats) == ["", "", "", "soon"]

    play_round(game, seats, cards[-2:-1])

    assert [pace_of(text(seat.get("round"))) for seat in seats] == ["", "", "", ""]


def test_your_turn_names_the_colour_to_follow_in_german(table, record):
    game, _, seats = table
    play_round(game, seats, cards_of(record["rounds"][0])[:1])
    player, _ = asked(game)
    seats[player].client.cookies["django_language"] = "de"

    with translation.override("de"):
        page = text(seats[player].client.get(seats[player].url("round"), HTTP_ACCEPT_LANGUAGE="de"))

    assert "Deine Karte — bediene" in page
    assert "die Flasche steht auf 19" in page


# ---- a seat's own cards ----------------------------------------------------


def test_each_seat_enters_its_own_cards_and_they_are_stored_for_it(table, record):
    game, _, seats = table
    cards = cards_of(record["rounds"][0])[:8]

    play_round(game, seats, cards)

    tricks = stored(game)
    assert [card for trick in tricks for card in trick] == cards
    kept = Change.objects.filter(game=game, code="card.played").order_by("number")
    assert [change.values["card"] for change in kept] == cards


def test_a_seat_out_of_its_turn_is_refused_in_words_and_nothing_is_stored(table, record):
    game, _, seats = table
    player, trick = asked(game)
    other = (player + 1) % 4
    card = cards_of(record["rounds"][0])[0]
    name, asked_name = game.players[other], game.players[player]

    response = seats[other].post("play_card", {"card": card, "player": name, "trick": trick})

    assert response.status_code == 403
    page = text(response)
    assert f"Round 1, trick 1: it is {asked_name}'s turn, not {name}'s" in page
    assert f"{name}'s {card} was not stored" in page
    assert stored(game) == []


def test_a_seat_may_not_enter_a_card_for_another_player(table, record):
    game, _, seats = table
    player, trick = asked(game)
    other = game.players[(player + 1) % 4]
    card = cards_of(record["rounds"][0])[0]

    response = seats[player].post("play_card", {"card": card, "player": other, "trick": trick})

    assert response.status_code == 403
    assert f"was tapped for {other}" in text(response)
    assert stored(game) == []


def test_a_card_tapped_for_a_trick_that_is_over_is_refused(table, record):
    game, _, seats = table
    cards = cards_of(record["rounds"][0])
    play_round(game, seats, cards[:4])
    player, trick = asked(game)
    name = game.players[player]

    response = seats[player].post("play_card", {"card": cards[4], "player": name, "trick": 1})

    assert response.status_code == 403
    assert "was tapped for trick 1, which is over" in text(response)
    assert len(stored(game)) == 1


def test_the_edit_phone_still_enters_for_anyone(table, record):
    game, editor, seats = table
    cards = cards_of(record["rounds"][0])

    play_round(game, seats, cards[:2])
    editor.play(cards[2])
    play_round(game, seats, cards[3:5])

    assert [card for trick in stored(game) for card in trick] == cards[:5]


def test_a_seat_takes_back_only_its_own_last_card(table, record):
    game, _, seats = table
    cards = cards_of(record["rounds"][0])
    first, _ = asked(game)
    play_round(game, seats, cards[:1])
    second, _ = asked(game)

    refused = seats[second].post("undo_card")
    assert refused.status_code == 403
    assert f"the last card is {game.players[first]}'s {cards[0]}" in text(refused)
    assert stored(game) == [[cards[0]]]

    assert "Take back my card" in text(seats[first].get("round"))
    assert seats[first].post("undo_card").status_code == 302
    assert stored(game) == []


# ---- the table agrees -------------------------------------------------------


@pytest.fixture
def complete(table, record):
    """The first round played to its end by the seats."""
    game, editor, seats = table
    play_round(game, seats, cards_of(record["rounds"][0]))
    return game, editor, seats


def test_every_seat_is_offered_agree_and_flag_once_the_round_is_complete(complete):
    _, _, seats = complete

    for seat in seats:
        page = text(seat.get("round"))
        assert "Agree to round 1" in page
        assert "Flag a trick" in page


def test_agreements_and_flags_show_on_the_edit_phones_confirm(complete):
    game, editor, seats = complete
    names = game.players

    for seat in seats[:3]:
        assert seat.post("agree", shown(seat)).status_code == 302
    flagged = seats[3].post("flag", shown(seats[3], {"trick": 3, "note": "wrong card"}))
    assert flagged.status_code == 302

    page = text(editor.get("round"))
    assert f"Agreed: {names[0]}, {names[1]} and {names[2]}" in page
    assert f"{names[3]} flags trick 3: “wrong card”" in page
    fix = reverse("imp:fix_trick", args=[game.edit_token, 1, 3])
    assert f'href="{fix}"' in page
    assert "Fix trick 3" in page
    assert "You agreed to round 1." in text(seats[0].get("round"))
    kept = Change.objects.filter(game=game).order_by("-number")
    codes = list(kept.values_list("code", flat=True))
    assert codes[:4] == ["trick.flagged", "round.agreed", "round.agreed", "round.agreed"]
    assert editor.post("confirm_round").status_code == 302


def test_seats_agree_at_once_each_on_the_version_its_phone_showed(complete):
    game, _, seats = complete
    game.refresh_from_db()
    showed = game.version

    for seat in seats:
        response = seat.post("agree", shown(seat, {"version": showed}))
        assert response.status_code == 302

    row = Round.objects.get(game=game, number=1)
    assert sorted(item["player"] for item in row.agreed) == sorted(game.players)


def test_an_agreement_to_a_round_that_changed_since_is_a_conflict(complete):
    game, _, seats = complete
    data = shown(seats[0], {"seen": "0" * 16})

    response = seats[0].post("agree", data, htmx=True)

    assert response.status_code == 409
    assert "The round changed since this phone showed it" in text(response)
    assert Round.objects.get(game=game, number=1).agreed == []


def test_undo_takes_back_an_agreement_and_a_flag(complete):
    game, editor, seats = complete
    seats[0].post("agree", shown(seats[0]))
    seats[1].post("flag", shown(seats[1], {"trick": 2, "note": ""}))

    editor.post("undo")
    row = Round.objects.get(game=game, number=1)
    assert row.flags == []
    assert len(row.agreed) == 1
    editor.post("undo")
    assert Round.objects.get(game=game, number=1).agreed == []


def test_a_fixed_trick_asks_the_seats_again(complete, record):
    game, editor, seats = complete
    seats[0].post("agree", shown(seats[0]))
    seats[1].post("flag", shown(seats[1], {"trick": 1, "note": "x"}))
    tricks = record["rounds"][0]["tricks"]
    row = Round.objects.get(game=game, number=1)
    row.tricks = [list(reversed(tricks[0])), *tricks[1:]]  # the round is another now
    row.save()

    page = text(editor.get("round"))

    assert "Agreed:" not in page
    assert 'class="flag"' not in page


def test_a_game_may_require_every_seats_agreement_before_confirm(complete):
    game, editor, seats = complete

    response = editor.post("agreement", {"required": "on"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.agree_required is True
    for seat in seats[:3]:
        seat.post("agree", shown(seat))

    refused = editor.post("confirm_round")
    assert refused.status_code == 400
    assert f"Every seat must agree before Confirm: waiting for {game.players[3]}." in text(refused)
    assert not Round.objects.get(game=game, number=1).confirmed

    seats[3].post("agree", shown(seats[3]))
    assert editor.post("confirm_round").status_code == 302
    assert Round.objects.get(game=game, number=1).confirmed


def test_the_agreement_setting_is_in_the_history_and_undone_by_undo(table):
    game, editor, _ = table

    editor.post("agreement", {"required": "on"})
    change = Change.objects.filter(game=game).latest("number")
    assert change.code == "setting.agree_required"
    editor.post("undo")

    game.refresh_from_db()
    assert game.agree_required is False
    editor.post("redo")
    game.refresh_from_db()
    assert game.agree_required is True


def test_a_seats_link_is_replaced_and_the_history_says_so(table):
    game, editor, seats = table
    old = seats[1].token

    response = editor.post("new_seat_link", {}, 1)

    assert response.status_code == 302
    assert seats[1].get("round").status_code == 404
    new = Seat.objects.get(game=game, seat=1).token
    assert new != old
    assert Phone(Client(), game, new).get("round").status_code == 200
    change = Change.objects.filter(game=game).latest("number")
    assert (change.code, change.values) == ("seat.replaced", {"player": game.players[1]})
    assert "New seat link for" not in text(editor.get("round")).split("Undo:")[-1][:80]


# ---- everything else is the edit link's ----------------------------------


def change_routes() -> list[str]:
    names = {route.name for route in game_routes() if not route.is_group}
    return sorted(names - PLAYS)


@pytest.mark.parametrize("name", change_routes())
def test_a_seat_link_is_refused_every_other_change(table, name):
    game, _, seats = table
    route = next(route for route in game_routes() if route.name == name)
    url = route.url(seats[0].token)
    before = (
        list(Round.objects.filter(game=game).values()),
        Change.objects.filter(game=game).count(),
    )

    response = seats[0].client.post(url, {"version": 0, "key": "0" * 32})

    # a change is refused in words; a page that takes no POST (405) is no change
    assert response.status_code in (403, 405), (name, response.status_code)
    if response.status_code == 403:
        assert f"This is {game.players[0]}'s seat link" in text(response)
    after = (
        list(Round.objects.filter(game=game).values()),
        Change.objects.filter(game=game).count(),
    )
    assert after == before


def test_the_seat_verbs_are_refused_to_the_view_and_edit_links(table):
    game, editor, _ = table
    viewer = Phone(Client(), game, game.view_token)

    assert viewer.post("agree").status_code == 403
    assert viewer.post("flag", {"trick": 1}).status_code == 403
    refused = editor.post("agree")
    assert refused.status_code == 403
    assert "Only a seat link agrees" in text(refused)


# ---- following the game ------------------------------------------------------


def test_a_seat_polls_like_the_edit_phone_and_an_unchanged_game_is_one_query(
    table, django_assert_num_queries
):
    game, _, seats = table
    page = seats[0].get("round").text
    assert "every 2s" not in page.split('id="round"')[1].split(">")[0]
    game.refresh_from_db()
    etag = f'"g{game.pk}v{game.version}-en"'

    with django_assert_num_queries(1):
        response = seats[0].client.get(
            seats[0].url("round_live"), HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true"
        )

    assert response.status_code == 304


# ---- quick to reach ------------------------------------------------------------


def test_the_home_page_lists_a_seat_and_the_installed_app_opens_on_it(table):
    game, _, seats = table
    seats[2].get("round")

    home = text(seats[2].client.get("/"))
    launched = seats[2].client.get("/?launch=app")

    assert f"{game.players[2]}'s seat in {', '.join(game.players)}" in home
    assert launched.status_code == 302
    assert launched["Location"] == reverse("imp:round", args=[seats[2].token])
    assert Client().get("/?launch=app").status_code == 200  # no seat: the home page
