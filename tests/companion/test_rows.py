"""Rows read in plain SQL (companion.rows.select) are the instances the ORM
reads: every field converted the same way (JSON, dates, booleans), in any
order of columns, with a subquery's column as an attribute."""

from __future__ import annotations

import pytest
from django.db.models.query_utils import DeferredAttribute

from companion import rows
from companion.models import Game, Round
from tests.factories import GameFactory, RoundFactory

pytestmark = pytest.mark.django_db


def fields_of(instance):
    return {
        field.attname: getattr(instance, field.attname)
        for field in type(instance)._meta.concrete_fields
    }


def test_a_game_row_is_the_orm_s():
    game = GameFactory(
        players=["Ann", "Ben", "Cy"], teams="", goal_rounds=None, goal_target=150, has_undone=True
    )
    (found,) = rows.select(Game, "SELECT * FROM companion_game WHERE id = %s", [game.pk])
    assert fields_of(found) == fields_of(Game.objects.get(pk=game.pk))
    assert found.players == ["Ann", "Ben", "Cy"]
    assert found.has_undone is True
    assert found.updated.tzinfo is not None
    assert found._state.adding is False  # a saved row: save() updates it


def test_a_round_row_keeps_its_json_and_reads_extra_columns():
    game = GameFactory(first_round=None)
    tricks = [["24", "7", "2.5"], ["13"]]
    item = RoundFactory(game=game, tricks=tricks, open_hands={"1": ["3", "5"]}, confirmed=True)
    sql = (
        "SELECT r.number, r.confirmed, r.tricks, r.open_hands, r.id, r.game_id,"
        " (SELECT g.version + 40 FROM companion_game AS g WHERE g.id = r.game_id) AS later"
        " FROM companion_round AS r WHERE r.id = %s"
    )
    (found,) = rows.select(Round, sql, [item.pk])
    assert (found.tricks, found.open_hands) == (tricks, {"1": ["3", "5"]})
    assert (found.number, found.confirmed, found.game_id) == (1, True, game.pk)
    assert found.later == 40
    # the columns it was not given are deferred, as with the ORM's only()
    assert "quick" in found.get_deferred_fields()
    assert isinstance(type(found).__dict__["quick"], DeferredAttribute)


def test_no_row_is_an_empty_list():
    assert rows.select(Game, "SELECT * FROM companion_game WHERE id = %s", [-1]) == []
