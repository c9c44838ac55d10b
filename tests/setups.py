"""Every way a table can be set up: each variant, each team layout, each
deck it can be played with. Tests that loop over variants take them from
here, so a new variant or layout is tested everywhere at once."""

from __future__ import annotations

from typing import NamedTuple


class Setup(NamedTuple):
    """A variant with its players, team layout (or None) and deck edition."""

    variant: str
    players: int
    teams: str | None
    edition: str

    @property
    def id(self) -> str:
        layout = f"-{self.teams}" if self.teams else ""
        return f"{self.variant}{layout}-{self.players}p-{self.edition}"


EVERY_SETUP = [
    Setup("classic", 3, None, "classic"),
    Setup("classic", 3, None, "matagot"),
    Setup("classic", 4, None, "classic"),
    Setup("classic", 4, None, "matagot"),
    Setup("teams", 4, "2-1-1", "classic"),
    Setup("teams", 4, "2-1-1", "matagot"),
    Setup("teams", 5, "2-2-1", "matagot"),
    Setup("teams", 6, "2-2-2", "matagot"),
    Setup("teams", 6, "2-2-1-1", "matagot"),
    Setup("second-bottle", 5, None, "matagot"),
    Setup("second-bottle", 6, None, "matagot"),
    Setup("lopaka", 2, None, "classic"),
    Setup("lopaka", 2, None, "matagot"),
    Setup("bright-house", 2, None, "classic"),
    Setup("bright-house", 2, None, "matagot"),
    Setup("devils-eye", 2, None, "classic"),
    Setup("devils-eye", 2, None, "matagot"),
]
"""Each variant, team layout and player count, with each deck it allows."""


def _one_each() -> list[Setup]:
    """One set-up per variant, layout and player count; where both decks are
    allowed, the tables take turns: classic, matagot, classic…"""
    groups: dict[tuple[str, int, str | None], list[Setup]] = {}
    for setup in EVERY_SETUP:
        groups.setdefault((setup.variant, setup.players, setup.teams), []).append(setup)
    return [options[index % len(options)] for index, options in enumerate(groups.values())]


EACH_TABLE = _one_each()
"""One set-up per variant, team layout and player count (11 in all): the
slower tests (whole games through the app) loop over these."""
