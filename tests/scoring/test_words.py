"""How the engine words a list, a two-bottle trick and the Imp's Trick
(docs/rules.md, sections 1, 4 and 5): lists joined as people write them,
the bottle a two-bottle ruling speaks of named by its number, and the
Imp's Trick called by the name of the table's deck (Matagot: the Devil's
Trick). The rounds are those of test_rounds_hand_computed.py, ruled on by
hand in its comments.
"""

import pytest

from scoring.changes import describe_changes
from scoring.record import parse_record, replay
from scoring.story import round_story
from scoring.texts import joined
from scoring.tricks import explain_play
from tests.scoring.test_rounds_hand_computed import (
    CLASSIC_4,
    FOUR,
    SECOND_BOTTLE_6,
    SIX,
    record,
    split,
)


def game_of(data):
    return replay(parse_record(data))


@pytest.mark.parametrize(
    ("code", "items", "said"),
    [
        ("list.and", ["Ann"], "Ann"),
        ("list.and", ["Ann", "Ben"], "Ann and Ben"),
        ("list.and", ["Ann", "Ben", "Dora"], "Ann, Ben and Dora"),
        ("list.and", ["Ann", "Ben", "Dora", "Eve"], "Ann, Ben, Dora and Eve"),
        ("list.or", [3, 4, 5], "3, 4 or 5"),
        ("list.comma", ["12", "15", "17"], "12, 15, 17"),
        ("findings.joined", ["a", "b", "c"], "a; b; c"),
    ],
)
def test_a_list_is_joined_as_people_write_it(code, items, said):
    assert str(joined(code, items)) == said


def test_three_winners_of_a_corrected_game_are_listed_with_commas():
    def game(adam, betty, christian):
        points = {"Adam": adam, "Betty": betty, "Christian": christian, "Doris": None}
        quick = {"points": points, "bottle": ["Doris"], "imps_trick_points": 6}
        return game_of(record("classic", FOUR, [{"quick": quick}], goal={"rounds": 1}))

    # Adam 50, Betty 35, Christian 35: Adam wins. Fixed to 40 each: all three.
    said = [str(text) for text in describe_changes(game(50, 35, 35), game(40, 40, 40))]

    assert "The game is now won by Adam, Betty and Christian." in said


def test_a_two_bottle_ruling_names_the_bottle_sold():
    # Adam deals, Betty leads; both bottles start on the 19. Trick 1: 18 →
    # Betty buys bottle 1; trick 2: bottle 2 is the dearer at 19, 18.5 →
    # Betty; trick 3: the dearer is bottle 2 at 18.5, 5 → Adam; trick 4: the
    # dearer is bottle 1 at 18, 3 → Adam. Trick 5: nothing below 5.
    data = record("second-bottle", SIX, [{"tricks": split(SECOND_BOTTLE_6)}], edition="matagot")
    state = game_of(data).rounds[0]
    said = [str(explain_play(play, state.shape.names, bottles=2)) for play in state.tricks[:5]]

    assert said == [
        "18 is the highest card below the dearer price 19: Betty wins the trick and bottle 1, "
        "which was at 19; its price is now 18, and bottle 2's 19 is now the dearer price.",
        "18.5 is the highest card below the dearer price 19: Betty wins the trick and "
        "bottle 2, which was at 19; its price is now 18.5.",
        "5 is the highest card below the dearer price 18.5: Adam wins the trick and bottle 2, "
        "which was at 18.5; its price is now 5, and bottle 1's 18 is now the dearer price.",
        "3 is the highest card below the dearer price 18: Adam wins the trick and bottle 1, "
        "which was at 18; its price is now 3, and bottle 2's 5 is now the dearer price.",
        "No card is below the dearer price 5, so the highest card, 10.5, wins: Frank wins "
        "the trick; neither bottle moves.",
    ]


def test_a_one_bottle_ruling_says_the_bottle():
    data = record("classic", FOUR, [{"tricks": split(CLASSIC_4)}])
    state = game_of(data).rounds[0]

    assert "wins the trick and the bottle" in str(explain_play(state.tricks[0], FOUR))


def test_a_matagot_story_calls_the_imps_trick_the_devils_trick():
    data = record("second-bottle", SIX, [{"tricks": split(SECOND_BOTTLE_6)}], edition="matagot")
    story = round_story(game_of(data), 1)
    reasons = [str(line.reason) for line in story.scores]

    assert reasons[0] == "owns both bottles: minus the Devil's Trick's 33 coins twice = -66"
    assert not any("Imp's Trick" in text for text in reasons)


def test_a_classic_story_calls_it_the_imps_trick():
    data = record("classic", FOUR, [{"tricks": split(CLASSIC_4)}])
    story = round_story(game_of(data), 1)

    owner = next(line for line in story.scores if line.bottles)
    assert "minus the Imp's Trick's" in str(owner.reason)
