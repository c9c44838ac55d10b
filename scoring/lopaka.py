"""Lopaka, the dummy who plays by fixed rules (docs/rules.md, section 6).

>>> from scoring.cards import card_code as c, deck_for
>>> deck = deck_for("classic", 2)
>>> hand = [c(n) for n in ("12", "17", "18", "32", "36")]
>>> card, reason = lopaka_play(hand, [c("24"), c("20")], c("19"), deck)
>>> card == c("32"), str(reason)
(True, 'Lopaka must follow blue and 32 is the highest card that wins the trick.')
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.cards import Deck, card_of
from scoring.texts import Text
from scoring.tricks import wins_so_far


def lopaka_card(hand: Sequence[int], trick: Sequence[int], price: int, deck: Deck) -> int:
    """The card Lopaka must play (:func:`lopaka_play` without its reason:
    the replay asks this for every card he plays).

    >>> from scoring.cards import card_code as c, deck_for
    >>> deck = deck_for("classic", 2)
    >>> hand = [c(n) for n in ("12", "17", "18", "32", "36")]
    >>> lopaka_card(hand, [c("24"), c("20")], c("19"), deck) == c("32")
    True
    """
    if not hand:
        raise ValueError("Lopaka has no cards left")
    if not trick:
        return max(hand)
    colour = deck.colour
    led = colour[trick[0]]
    choices = [card for card in hand if colour[card] == led] or list(hand)
    seat = len(trick)
    winners = [card for card in choices if wins_so_far([*trick, card], price) == seat]
    return max(winners) if winners else min(choices)


def lopaka_play(
    hand: Sequence[int], trick: Sequence[int], price: int, deck: Deck
) -> tuple[int, Text]:
    """The card Lopaka must play, and a one-line reason.

    Leading, he plays his highest card. Otherwise, among the cards he may
    play (the led colour if he has it), the highest that would win the trick
    as it stands; if none would, the lowest of them. He ignores earlier
    tricks. ``hand`` is what is left of his face-up hand.
    """
    card = lopaka_card(hand, trick, price, deck)
    if not trick:
        return card, Text("lopaka.leads", card=card_of(card))
    led = trick[0]
    follows = deck.colour[card] == deck.colour[led]
    wins = wins_so_far([*trick, card], price) == len(trick)
    code = _REASONS[follows, wins]
    return card, Text(code, colour=deck.colour_text(led), card=card_of(card))


_REASONS = {
    (True, True): "lopaka.follows_wins",
    (True, False): "lopaka.follows_loses",
    (False, True): "lopaka.void_wins",
    (False, False): "lopaka.void_loses",
}
"""Lopaka's reason, by whether he follows the led colour and whether his card wins."""
