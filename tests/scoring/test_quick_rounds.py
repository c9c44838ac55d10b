"""Quick rounds: the Imp's Trick's cards, when entered, are checked like any
Imp's Trick and must hold the coins entered for it; in team mode a bottle
owner's partner's coins may be left out (docs/rules.md, section 5)."""

import pytest

from scoring.findings import ImpsTrickError, KnownHandError, QuickRoundError, UnknownCard
from scoring.record import output_document, parse_record, replay, write_record

THREE = ["Adam", "Betty", "Christian"]
FOUR = ["Adam", "Betty", "Christian", "Doris"]


def record(rounds, players=THREE, variant="classic", **fields):
    return {
        "format": "bottle-imp/1",
        "variant": variant,
        "players": players,
        "first_dealer": 0,
        "goal": {},
        "rounds": rounds,
        **fields,
    }


def quick(points, bottle, imps, **fields):
    return {"quick": {"points": points, "bottle": bottle, "imps_trick_points": imps}, **fields}


# Classic deck, 3 players: the Imp's Trick holds 3 cards. 1, 2 and 3 are
# yellow with 1 + 1 + 2 = 4 coins; the deck holds 126.
POINTS = {"Adam": 60, "Betty": 40, "Christian": 22}


def test_a_quick_round_with_its_imps_trick_cards_is_scored():
    data = record([quick(POINTS, ["Betty"], 4, imps_trick=["3", "1", "2"])])
    game = replay(parse_record(data))
    assert game.totals == (60, -4, 22)
    assert output_document(game)["rounds"][0]["imps_trick"] == ["1", "2", "3"]
    assert write_record(parse_record(data))["rounds"][0]["imps_trick"] == ["3", "1", "2"]


@pytest.mark.parametrize(
    ("imps", "error", "message"),
    [
        (
            ["3", "1", "5"],
            QuickRoundError,
            "round 1: the Imp's Trick's cards 1, 3, 5 hold 5 coins, but its coins are entered as 4",
        ),
        (["3", "1"], ImpsTrickError, "round 1: the Imp's Trick of this round holds 3 cards, but 2"),
        (["3", "1", "1"], KnownHandError, "round 1: the Imp's Trick lists 1 twice"),
        (["3", "1", "19"], UnknownCard, "round 1: the Imp's Trick holds 19, which is not a card"),
        (["3", "1", "2.0"], UnknownCard, "round 1: the Imp's Trick holds '2.0': '2.0' is not how"),
    ],
)
def test_a_quick_round_whose_imps_trick_cards_are_wrong_is_refused(imps, error, message):
    data = record([quick(POINTS, ["Betty"], 4, imps_trick=imps)])
    with pytest.raises(error, match=f"^{message}"):
        replay(parse_record(data))


def test_teams_a_bottle_owners_partner_may_have_no_coins():
    # Adam deals (2-1-1): Betty and Doris are partners, Adam and Christian
    # play alone. Betty owns the bottle: her team scores minus 10 each, so
    # Doris's coins are not counted.
    points = {"Adam": 40, "Betty": None, "Christian": 30, "Doris": None}
    data = record([quick(points, ["Betty"], 10)], players=FOUR, variant="teams", teams="2-1-1")
    game = replay(parse_record(data))
    assert game.totals == (80, -10, 60, -10)


def test_teams_a_player_alone_without_coins_and_without_the_bottle_is_refused():
    points = {"Adam": None, "Betty": None, "Christian": 30, "Doris": 40}
    data = record([quick(points, ["Betty"], 10)], players=FOUR, variant="teams", teams="2-1-1")
    with pytest.raises(QuickRoundError, match="^round 1: Adam's coins are missing"):
        replay(parse_record(data))
