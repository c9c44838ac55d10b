"""Which revoke warnings the table has settled (*Let it stand*), and how a
warning is named in its form; the warnings as the table reads them are
:mod:`companion.screens.revokes`. Nothing here decides a rule: every place
and card is the finding's own (:class:`scoring.findings.Revoke`).

A settled revoke is stored on its round (``Round.settled_revokes``) as what
tells it from any other: its player and each of its two cards with its
trick (:func:`settled_entry`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from scoring.findings import Revoke

Identity = tuple[str, int, str, int, str]
"""A revoke's player, the trick and card that did not follow, the trick and
card that showed the colour (:attr:`scoring.findings.Revoke.identity`)."""


def settled_entry(warning: Revoke) -> dict[str, Any]:
    """How a settled revoke is stored: its player and its two cards with
    their tricks."""
    player, trick, failed, later_trick, later = warning.identity
    return {
        "player": player,
        "trick": trick,
        "card": failed,
        "later_trick": later_trick,
        "later_card": later,
    }


def identity_of(entry: dict[str, Any]) -> Identity:
    """The identity of a stored settled revoke (:func:`settled_entry`)."""
    return (
        str(entry.get("player", "")),
        int(entry.get("trick", 0)),
        str(entry.get("card", "")),
        int(entry.get("later_trick", 0)),
        str(entry.get("later_card", "")),
    )


def unsettled(warnings: Iterable[Revoke], settled: Sequence[dict[str, Any]]) -> list[Revoke]:
    """The revokes the table has not let stand, in the engine's order."""
    done = {identity_of(entry) for entry in settled}
    return [warning for warning in warnings if warning.identity not in done]


def revoke_token(warning: Revoke) -> str:
    """A revoke as its *Let it stand* form names it: "1:36:2:13" (the trick
    and card that did not follow, the trick and card that showed the colour:
    a card is played once in a round, so they tell the player too)."""
    _player, trick, failed, later_trick, later = warning.identity
    return f"{trick}:{failed}:{later_trick}:{later}"
