"""Revoke warnings as the table reads them: the player, the tricks and the
cards in the players' words, with the tricks to open. The engine found the
revoke (:class:`scoring.findings.Revoke`); nothing here decides a rule."""

from __future__ import annotations

from typing import Any

from scoring.cards import card_text
from scoring.findings import Revoke
from scoring.rounds import RoundState


def revoke_view(warning: Revoke, state: RoundState) -> dict[str, Any]:
    """A revoke warning in the players' words, with the two tricks it is
    about: where the player did not follow colour (the finding's trick) and
    where they later played that colour (the trick holding its card)."""
    names = state.shape.names
    seat = names.index(warning.player) if warning.player in names else None
    tricks = []
    for number, play in enumerate(state.tricks, 1):
        if seat is None or seat not in play.players:
            continue
        card = card_text(play.cards[play.players.index(seat)])
        if number == warning.trick or card == warning.card:
            tricks.append({"number": number, "card": card})
    return {
        "text": f"In trick {warning.trick}, {warning.why}.",
        "player": warning.player,
        "tricks": tricks,
    }
