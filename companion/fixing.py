"""Fixing a trick in place: what the round screen shows while the table
fixes a card of a trick already played.

The trick's cards by player (the player whose card is wrong is chosen
first), and the card grid of play with every card of the deck: one not
played yet, or one lying elsewhere — in another trick ("Ben, trick 2"), in
this trick, in the Imp's Trick or a known hand — with where it lies, so one
tap moves it here (:func:`companion.actions.move_card` swaps the two cards:
every trick stays whole). Nothing here decides a rule: the engine replays
the fixed round and judges it.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext

from companion.present import CardFace, Replay, face
from scoring.cards import card_code


def fix_view(
    replayed: Replay, row: Any, trick: int, position: int | None, words: dict[str, str]
) -> dict[str, Any]:
    """Trick ``trick`` of the round ``row`` opened to be fixed, with the
    player at ``position`` (play order) chosen; 404 for a trick the round
    does not have."""
    state = replayed.round_state(row.number)
    if not 1 <= trick <= len(state.tricks):
        raise Http404("No such trick.")
    deck, names = replayed.deck, state.shape.names
    play = state.tricks[trick - 1]
    seats = list(zip(play.players, play.cards, strict=False))
    slots = [
        {
            "position": index,
            "name": names[seat],
            "face": face(deck, card),
            "chosen": index == position,
        }
        for index, (seat, card) in enumerate(seats)
    ]
    places = _places(state, row, trick, words)
    return {
        "round": row.number,
        "trick": trick,
        "slots": slots,
        "chosen": None if position is None or position >= len(slots) else slots[position],
        "picker": [_pick(face(deck, card), places.get(card)) for card in deck.cards],
        "tricks": [{"number": number} for number in range(1, len(state.tricks) + 1)],
        "can_delete": not row.confirmed,
    }


def _pick(card: CardFace, place: tuple[str, str] | None) -> dict[str, Any]:
    """One card of the fix grid: its face, and where it lies now — who and
    where, one line each on the card, and as words ("Ben, trick 2")."""
    who, where = place or ("", "")
    words = ", ".join(part for part in (who, where) if part)
    return {"face": card, "who": who, "place": where, "where": words}


def _places(state: Any, row: Any, trick: int, words: dict[str, str]) -> dict[int, tuple[str, str]]:
    """Where each card of the round lies now: (who, where) in the players'
    words — ("Ben", "trick 2"), ("Ben", "this trick"), ("", "Imp's Trick")."""
    names = state.shape.names
    places: dict[int, tuple[str, str]] = {}
    for number, play in enumerate(state.tricks, 1):
        for seat, card in zip(play.players, play.cards, strict=False):
            here = gettext("this trick") if number == trick else None
            places[card] = (names[seat], here or gettext("trick %(n)s") % {"n": number})
    for card in state.imps_trick or ():
        places.setdefault(card, ("", str(words["imps_trick"])))
    hands = [("Lopaka", row.lopaka_hand or ())]
    hands += list((row.open_hands or {}).items())
    for name, cards in hands:
        for text in cards:
            code = card_code(text)
            if code is not None:
                hand = gettext("open hand") if name != "Lopaka" else gettext("his hand")
                places.setdefault(code, (name, hand))
    return places
