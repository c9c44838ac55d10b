"""Revoke warnings as the table reads them: the player, the tricks and the
cards in the players' words, with the tricks to open. The engine found the
revoke (:class:`scoring.findings.Revoke`); nothing here decides a rule."""

from __future__ import annotations

from typing import Any

from companion.texts import frame, revoke_words, say
from scoring.cards import Deck, card_code, card_text
from scoring.findings import Revoke
from scoring.rounds import RoundState
from scoring.texts import Card, Value


def revoke_view(warning: Revoke, state: RoundState, deck: Deck) -> dict[str, Any]:
    """A revoke warning in the players' words, with the two tricks it is
    about: where the player did not follow colour (the finding's trick) and
    where they later played that colour (the trick holding its card), each
    with the player's place in it (``at``: the trick opens with it chosen).

    ``text`` is short, for the round screen ("Christian did not follow blue
    in trick 1 (played 15), but plays blue 8 in trick 2."); ``why`` is the
    engine's whole reason."""
    names = state.shape.names
    seat = names.index(warning.player) if warning.player in names else None
    tricks = []
    for number, play in enumerate(state.tricks, 1):
        if seat is None or seat not in play.players:
            continue
        card = card_text(play.cards[play.players.index(seat)])
        if number == warning.trick or card == warning.card:
            tricks.append({"number": number, "card": card, "at": play.players.index(seat)})
    return {
        "text": _short(warning, tricks, deck),
        "why": revoke_words(warning),
        "player": warning.player,
        "tricks": tricks,
    }


def _short(warning: Revoke, tricks: list[dict[str, Any]], deck: Deck) -> str:
    code = card_code(warning.card)
    colour = say(deck.colour_text(code)) if code is not None and code in deck.cards else ""
    earlier = next((trick for trick in tricks if trick["number"] == warning.trick), None)
    later = next((trick for trick in tricks if trick["card"] == warning.card), None)
    values: dict[str, Value] = {
        "player": warning.player or "",
        "colour": colour,
        "trick": warning.trick or 0,
        "card": warning.card or "",
        "played": ""
        if earlier is None
        else frame("revoke_played", {"card": Card(earlier["card"])}),
        "later": "" if later is None else frame("revoke_later", {"trick": later["number"]}),
    }
    return frame("revoke_short", values).replace("  ", " ")
