"""Migration 0008: each change of the history kept as an English sentence
becomes its code and values (a sentence no pattern reads is kept whole, as
the code "text"), and going back writes each English sentence again."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from companion.texts import ChangeText, say_change

BEFORE = [("companion", "0007_group_edition")]
AFTER = [("companion", "0008_change_codes")]

SENTENCES = [
    ("Betty's 17 in trick 3", "card.played", {"player": "Betty", "card": "17", "trick": 3}),
    ("Betty's 2.5 in trick 1", "card.played", {"player": "Betty", "card": "2.5", "trick": 1}),
    (
        "Took back Adam's 17 in trick 1",
        "card.taken_back",
        {"player": "Adam", "card": "17", "trick": 1},
    ),
    ("Took back the quick entry of round 2", "quick.taken_back", {"round": 2}),
    ("Quick entry of round 1", "quick.entered", {"round": 1}),
    ("Adam's open hand in round 1", "hand.open", {"player": "Adam", "round": 1}),
    ("Cleared Adam's open hand in round 1", "hand.open_cleared", {"player": "Adam", "round": 1}),
    ("Lopaka's face-up hand in round 2", "hand.face_up", {"player": "Lopaka", "round": 2}),
    (
        "Cleared Lopaka's face-up hand in round 2",
        "hand.face_up_cleared",
        {"player": "Lopaka", "round": 2},
    ),
    (
        "Christian's 15 in trick 1 of round 1 is now 32",
        "card.replaced",
        {"player": "Christian", "was": "15", "trick": 1, "round": 1, "now": "32"},
    ),
    (
        "Swapped Betty's 24 and Adam's 17 in trick 1 of round 1",
        "cards.swapped",
        {"player": "Betty", "was": "24", "other": "Adam", "now": "17", "trick": 1, "round": 1},
    ),
    (
        "Swapped Christian's 15 in trick 1 and Christian's 8 in trick 2 of round 1",
        "cards.swapped_tricks",
        {
            "player": "Christian",
            "was": "15",
            "trick": 1,
            "other": "Christian",
            "now": "8",
            "other_trick": 2,
            "round": 1,
        },
    ),
    ("Corrected trick 1 of round 3", "trick.corrected", {"trick": 1, "round": 3}),
    ("Deleted trick 2 of round 1", "trick.deleted", {"trick": 2, "round": 1}),
    ("Christian deals round 1", "dealer.set", {"player": "Christian", "round": 1}),
    ("Confirmed round 4", "round.confirmed", {"round": 4}),
    (
        "Let Christian's revoke stand in round 1",
        "revoke.settled",
        {"player": "Christian", "round": 1},
    ),
    ("Let the revoke stand in round 2", "revoke.settled_first", {"round": 2}),
    ("Fixed the score by hand", "text", {"text": "Fixed the score by hand"}),
]


def migrate(to):
    executor = MigrationExecutor(connection)
    executor.migrate(to)
    return executor.loader.project_state(to).apps


@pytest.fixture
def latest():
    """The database back at the latest migration after the test."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def kept_as_sentences(apps) -> int:
    """A game whose history holds each sentence, in order: its id."""
    game = apps.get_model("companion", "Game").objects.create(
        players=["Adam", "Betty", "Christian"], variant="classic", goal_rounds=3
    )
    changes = apps.get_model("companion", "Change")
    for number, (what, _, _) in enumerate(SENTENCES, 1):
        changes.objects.create(game=game, number=number, what=what, round=1, rounds=[])
    return game.pk


@pytest.mark.django_db(transaction=True)
def test_each_kind_of_sentence_becomes_its_code_and_values(latest):
    game = kept_as_sentences(migrate(BEFORE))

    apps = migrate(AFTER)

    # the model as migration 0008 left it (later migrations add fields)
    kept = apps.get_model("companion", "Change").objects.filter(game_id=game).order_by("number")
    assert [(change.code, change.values) for change in kept] == [
        (code, values) for _, code, values in SENTENCES
    ]
    texts = [ChangeText(change.code, change.values) for change in kept]
    with translation.override("en"):
        assert [say_change(text) for text in texts] == [what for what, _, _ in SENTENCES]
    with translation.override("de"):
        assert say_change(texts[1]) == "2,5 von Betty in Stich 1"
        assert say_change(texts[11]) == (
            "15 von Christian in Stich 1 und 8 von Christian in Stich 2 von Runde 1 getauscht"
        )


@pytest.mark.django_db(transaction=True)
def test_going_back_writes_each_english_sentence_again(latest):
    game = kept_as_sentences(migrate(BEFORE))
    apps = migrate(AFTER)
    apps.get_model("companion", "Change").objects.create(
        game_id=game,
        number=len(SENTENCES) + 1,
        code="card.played",
        values={"player": "Confirmed round 2", "card": "5", "trick": 1},
        round=1,
        rounds=[],
    )

    apps = migrate(BEFORE)

    kept = apps.get_model("companion", "Change").objects.filter(game_id=game)
    assert list(kept.order_by("number").values_list("what", flat=True)) == [
        *(what for what, _, _ in SENTENCES),
        "Confirmed round 2's 5 in trick 1",
    ]


def test_a_sentence_kept_whole_is_said_as_it_is():
    with translation.override("de"):
        assert say_change(ChangeText("text", {"text": "Fixed by hand"})) == "Fixed by hand"
