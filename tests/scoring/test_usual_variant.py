"""The variant a table plays unless it chooses another: everyone for
themselves (docs/rules.md, sections 3 and 6)."""

from __future__ import annotations

import pytest

from scoring.variants import usual_variant, variants_for


@pytest.mark.parametrize(
    ("players", "variant"),
    [
        (2, "lopaka"),
        (3, "classic"),
        (4, "classic"),
        (5, "second-bottle"),
        (6, "second-bottle"),
    ],
)
def test_the_usual_variant_is_everyone_for_themselves(players, variant):
    usual = usual_variant(players)

    assert usual is not None
    assert (usual[0].name, usual[1]) == (variant, None)
    assert usual in variants_for(players)


@pytest.mark.parametrize("players", [0, 1, 7])
def test_no_usual_variant_where_no_variant_fits(players):
    assert usual_variant(players) is None
