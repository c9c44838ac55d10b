"""Migration 0006: a round's count of dismissed warnings becomes the list of
the revokes it settled (the first N findings of the engine's replay), in
the rounds and in the history of changes, so that undo still works."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from companion.models import Round

BEFORE = [("companion", "0005_groups")]
AFTER = [("companion", "0006_settled_revokes")]

# Devil's Eye (see tests/companion/test_revokes.py): Betty's and Adam's
# revokes are caught in trick 2, Betty's first.
TRICKS = [["24", "33", "35", "36"], ["32", "30", "12", "34"]]
OPEN = {
    "Adam": ["11", "14", "16", "21", "23", "26", "29"],
    "Betty": ["1", "2", "3", "5", "7", "9", "12"],
}
BETTY = {"player": "Betty", "trick": 1, "card": "33", "later_trick": 2, "later_card": "32"}
ADAM = {"player": "Adam", "trick": 1, "card": "35", "later_trick": 2, "later_card": "30"}


def migrate(to):
    executor = MigrationExecutor(connection)
    executor.migrate(to)
    return executor.loader.project_state(to).apps


@pytest.fixture(autouse=True)
def latest():
    """The database back at the latest migration after each test: the next
    tests of this process share it (a later field missing was a 500 in
    every page of them)."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def entries(dismissed: int, tricks=TRICKS) -> dict:
    return {
        "dealer": None,
        "tricks": tricks,
        "imps_trick": None,
        "lopaka_hand": None,
        "open_hands": OPEN,
        "quick": None,
        "confirmed": False,
        "dismissed_warnings": dismissed,
    }


@pytest.mark.django_db(transaction=True)
def test_the_count_of_dismissed_warnings_becomes_the_revokes_it_settled():
    apps = migrate(BEFORE)
    game = apps.get_model("companion", "Game").objects.create(
        players=["Adam", "Betty"], variant="devils-eye", first_dealer=1, goal_rounds=3
    )
    rounds = apps.get_model("companion", "Round")
    rounds.objects.create(game=game, number=1, tricks=TRICKS, open_hands=OPEN, dismissed_warnings=1)
    apps.get_model("companion", "Change").objects.create(
        game=game,
        number=1,
        what="Let the revoke stand in round 1",
        round=1,
        rounds=[{"number": 1, "before": entries(0), "after": entries(2)}],
    )
    other = apps.get_model("companion", "Game").objects.create(
        players=["Adam", "Betty", "Christian"], variant="classic", goal_rounds=3
    )
    rounds.objects.create(game=other, number=1, tricks=[["24", "15", "17"]])

    changes = migrate(AFTER).get_model("companion", "Change")

    assert settled(game) == [BETTY]
    assert settled(other) == []
    (item,) = changes.objects.get(game_id=game.pk).rounds
    assert item["before"]["settled_revokes"] == []
    assert item["after"]["settled_revokes"] == [BETTY, ADAM]
    assert "dismissed_warnings" not in item["before"]
    assert "dismissed_warnings" not in item["after"]


@pytest.mark.django_db(transaction=True)
def test_a_round_the_engine_refuses_keeps_no_settled_revoke():
    apps = migrate(BEFORE)
    game = apps.get_model("companion", "Game").objects.create(
        players=["Adam", "Betty", "Christian"], variant="classic", goal_rounds=3
    )
    apps.get_model("companion", "Round").objects.create(
        game=game, number=1, tricks=[["24", "24", "17"]], dismissed_warnings=1
    )

    migrate(AFTER)

    assert settled(game) == []


def settled(game) -> list:
    """The settled revokes of a game's round, read as this migration left
    the table (the model's later fields are not there yet)."""
    return Round.objects.filter(game_id=game.pk).values_list("settled_revokes", flat=True).get()
