"""Lopaka, the dummy who plays by fixed rules (docs/rules.md, section 6).

>>> from scoring.cards import card_code as c, deck_for
>>> deck = deck_for("classic", 2)
>>> hand = [c(n) for n in ("12", "17", "18", "32", "36")]
>>> card, reason = lopaka_play(hand, [c("24"), c("20")], c("19"), deck)
>>> card == c("32"), reason
(True, 'Lopaka must follow blue and 32 is the highest card that wins the trick.')
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.cards import Deck, card_text
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
) -> tuple[int, str]:
    """The card Lopaka must play, and a one-line reason.

    Leading, he plays his highest card. Otherwise, among the cards he may
    play (the led colour if he has it), the highest that would win the trick
    as it stands; if none would, the lowest of them. He ignores earlier
    tricks. ``hand`` is what is left of his face-up hand.
    """
    card = lopaka_card(hand, trick, price, deck)
    if not trick:
        return card, f"Lopaka leads his highest card, {card_text(card)}."
    led = trick[0]
    if deck.colour[card] == deck.colour[led]:
        rule = f"Lopaka must follow {deck.colour_name(led)} and "
    else:
        rule = f"Lopaka has no {deck.colour_name(led)} card, so "
    if wins_so_far([*trick, card], price) == len(trick):
        return card, f"{rule}{card_text(card)} is the highest card that wins the trick."
    return (
        card,
        f"{rule}none of his cards can win the trick: he plays his lowest, {card_text(card)}.",
    )
