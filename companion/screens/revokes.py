"""Revoke warnings as the table reads them: the engine's findings
(:class:`scoring.findings.Revoke`) in the players' words — who, the card
that did not follow colour (and from which hand where there are two), the
card that showed the colour, both tricks, each card's place to open.
Nothing here decides a rule: every place and card is the finding's own."""

from __future__ import annotations

from dataclasses import dataclass

from companion.revokes import revoke_token
from companion.texts import card, frame, revoke_words, say
from scoring.cards import Deck, card_code
from scoring.findings import Played, Revoke
from scoring.texts import Card, Value


@dataclass(frozen=True, slots=True)
class RevokePlace:
    """One card of a revoke: its trick, the card, and its place in the
    trick (``at``: the trick opens with it chosen)."""

    number: int
    card: str
    at: int


@dataclass(frozen=True, slots=True)
class RevokeView:
    """A revoke warning in the players' words (:func:`revoke_view`)."""

    text: str
    why: str
    player: str | None
    hand: str | None
    key: str
    tricks: tuple[RevokePlace, RevokePlace]


def revoke_view(warning: Revoke, deck: Deck) -> RevokeView:
    """A revoke warning in the players' words, with its two cards: the one
    that did not follow colour and the one that showed the colour, each
    with its trick and its place in it (``at``: the trick opens with it
    chosen). ``key`` names the revoke in its *Let it stand* form.

    ``text`` is short, for the round screen ("Christian did not follow blue
    in trick 1 (played 15), but plays blue 8 in trick 2."); ``why`` is the
    engine's whole reason."""
    return RevokeView(
        text=_short(warning, deck),
        why=revoke_words(warning),
        player=warning.player,
        hand=warning.hand,
        key=revoke_token(warning),
        tricks=(_place(warning.failed), _place(warning.later)),
    )


def _place(played: Played) -> RevokePlace:
    return RevokePlace(played.trick, card(played.card), played.at)


def _short(warning: Revoke, deck: Deck) -> str:
    code = card_code(warning.later.card)
    colour = say(deck.colour_text(code)) if code is not None and code in deck.cards else ""
    played = "revoke_played" if warning.hand is None else f"revoke_played_{warning.hand}"
    later = "revoke_later" if warning.hand is None else "revoke_later_hand"
    values: dict[str, Value] = {
        "player": warning.player or "",
        "colour": colour,
        "trick": warning.failed.trick,
        "card": Card(warning.later.card),
        "played": frame(played, {"card": Card(warning.failed.card)}),
        "later": frame(later, {"trick": warning.later.trick}),
    }
    return frame("revoke_short", values).replace("  ", " ")
