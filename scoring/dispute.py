"""Who wins a disputed trick, typed in without a game (docs/rules.md,
sections 1, 4 and 5).

The table gives, as text, the edition, whether the 54-card deck (with the
half cards) is in use, the price of each bottle, and the cards of one trick
in play order with the names of who played them. :func:`rule_disputed_trick`
checks all of it and says who wins, whether a bottle is sold, and the prices
afterwards. Every finding names its place ("card 3", "price") and quotes the
text that was typed.

>>> ruling = rule_disputed_trick(
...     "classic", False, ["19"], ["24", "15", "17", "32"], ["Adam", "Betty", "Christian", ""]
... )
>>> ruling.winner, str(ruling.names[3]), ruling.prices_after_text
('Christian', 'Player 4', ('17',))
>>> print(ruling.sentence)
17 is the highest card below the price 19: Christian wins the trick and the bottle; \
the price is now 17.
>>> rule_disputed_trick("classic", False, ["19"], ["24", "19", "15"], [])
Traceback (most recent call last):
...
scoring.dispute_input.NotAPlayingCard: card 2: the 19 is the start price card, not a playing card
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.cards import Deck, card_code, card_of, card_text
from scoring.dispute_input import (
    CardTwice,
    CardUnderBottle,
    DisputeError,
    ImpossiblePrice,
    InvalidDispute,
    NameRefused,
    NotAPlayingCard,
    WrongCardCount,
    WrongDeckForDispute,
    check_size,
    dispute_deck,
    read_cards,
    read_name,
    read_owner,
    read_prices,
)
from scoring.texts import Text, Value, joined
from scoring.tricks import TrickRuling, explain, rule_trick
from scoring.variants import trick_sizes


@dataclass(frozen=True)
class DisputeRuling:
    """The ruling on a disputed trick: the cards as codes, the players' names
    (a blank name is the text "Player n"), the prices before and after, and
    the engine's :class:`~scoring.tricks.TrickRuling`."""

    deck: Deck
    cards: tuple[int, ...]
    names: tuple[Value, ...]
    prices: tuple[int, ...]
    prices_after: tuple[int, ...]
    trick: TrickRuling
    owners: tuple[str, ...] = ()
    """Who owned each bottle before the trick, as typed (empty when unknown)."""

    @property
    def winner(self) -> Value:
        """Who wins the trick: a name, or the text "Player n"."""
        return self.names[self.trick.winner_index]

    @property
    def winning_card(self) -> int:
        """The card that wins the trick."""
        return self.trick.winning_card

    @property
    def is_sold(self) -> bool:
        """Whether a bottle changes hands (a card was below its price)."""
        return self.trick.bottle is not None

    @property
    def new_price(self) -> int | None:
        """The sold bottle's price afterwards, or None when none is sold."""
        return self.trick.new_price

    @property
    def next_price(self) -> int:
        """The price the next trick is played at: with two bottles, the
        dearer of them after the sale (:func:`scoring.tricks.sell`)."""
        return self.trick.next_price

    @property
    def prices_after_text(self) -> tuple[str, ...]:
        """The prices of the bottles after the trick, as written."""
        return tuple(card_text(price) for price in self.prices_after)

    @property
    def sentence(self) -> Text:
        """Who wins the trick and why, in one sentence; with two bottles,
        which bottle is sold and the price the next trick is played at.

        >>> ruling = rule_disputed_trick(
        ...     "matagot", True, ["15", "19"], ["12", "10", "30", "32", "36"], []
        ... )
        >>> print(ruling.sentence)
        12 is the highest card below the price 19: Player 1 wins the trick and bottle 2, \
the dearer; the next trick is played at 15, the dearer of the bottles now (15 and 12).
        """
        trick = self.trick
        if trick.bottle is None or len(self.prices) == 1:
            return explain(trick, self.names)
        return Text(
            "dispute.sold_dearer",
            card=card_of(trick.winning_card),
            price=card_of(trick.old_price),
            winner=self.winner,
            number=trick.bottle + 1,
            next=card_of(trick.next_price),
            prices=joined("list.and", [card_of(price) for price in self.prices_after]),
        )

    @property
    def bottle_sentence(self) -> Text:
        """Where the bottle ends, in one sentence.

        >>> ruling = rule_disputed_trick(
        ...     "matagot", True, ["15", "19"], ["12", "10", "30", "32", "36"], []
        ... )
        >>> print(ruling.bottle_sentence)
        Bottle 2 (the dearer) is sold to Player 1: the price goes from 19 to 12.
        >>> ruling = rule_disputed_trick(
        ...     "classic", False, ["17"], ["24", "15", "32"], ["Ben", "Cy", "Di"], owners=["Ben"]
        ... )
        >>> print(ruling.bottle_sentence)
        The bottle is sold to Cy, from Ben: the price goes from 17 to 15.
        """
        bottle = self.trick.bottle
        if bottle is None:
            keeps = [owner for owner in self.owners if owner]
            if len(keeps) == 1:
                return Text("dispute.not_sold_keeps", owner=keeps[0])
            return Text("dispute.not_sold")
        which = (
            Text("dispute.the_bottle")
            if len(self.prices) == 1
            else Text("dispute.dearer_bottle", number=bottle + 1)
        )
        owner = self.owners[bottle] if bottle < len(self.owners) else ""
        prices = Text(
            "dispute.prices",
            old=card_of(self.trick.old_price),
            new=card_of(self.trick.winning_card),
        )
        if owner == str(self.winner):
            return Text("dispute.stays", which=which, owner=owner, prices=prices)
        if owner:
            return Text(
                "dispute.sold_from", which=which, winner=self.winner, owner=owner, prices=prices
            )
        return Text("dispute.sold", which=which, winner=self.winner, prices=prices)


def rule_disputed_trick(
    edition: str,
    half_cards: bool,
    prices: Sequence[str],
    cards: Sequence[str],
    names: Sequence[str],
    *,
    owners: Sequence[str] = (),
    players: int | None = None,
) -> DisputeRuling:
    """Check a trick typed as text and rule on it (see the module docstring).

    ``prices`` holds one price a bottle (a blank second price is no second
    bottle). ``cards`` are the places of the trick in play order; a blank
    place is skipped but keeps its number, so "card 3" is the third place.
    ``names[i]`` is who played ``cards[i]``; ``owners[i]``, optional, who
    owns bottle i + 1 before the trick. ``players``, when the table is
    known (a game's), is how many cards its tricks hold; else any trick
    size a variant has with the deck is ruled on (:func:`trick_sizes`).
    Raises a :class:`DisputeError`, or :class:`InvalidDispute` with all of
    them when there are several.
    """
    deck = dispute_deck(edition, half_cards)
    found: list[DisputeError] = []
    codes = read_prices(deck, [text.strip() for text in prices], found)
    played, places = read_cards(deck, cards, codes, found)
    if not found:
        check_size(deck, players, len(played), found)
    who = [read_name(names, place, found) for place in places]
    owned = tuple(read_owner(owners, index, found) for index in range(len(codes)))
    if len(found) == 1:
        raise found[0]
    if found:
        raise InvalidDispute(found)
    trick = rule_trick(played, codes)
    return DisputeRuling(
        deck, tuple(played), tuple(who), tuple(codes), trick.prices_after, trick, owned
    )


def places_for(deck: Deck, players: int | None = None) -> int:
    """How many places a disputed trick has: the table's number of cards a
    trick when it is one the deck is played with, else the deck's largest
    trick (:func:`trick_sizes`).

    >>> deck = dispute_deck("classic", False)
    >>> places_for(deck), places_for(deck, 3), places_for(deck, 6)
    (4, 3, 4)
    """
    sizes = trick_sizes(deck)
    return players if players in sizes else sizes[-1]


def card_choices(
    deck: Deck, prices: Sequence[str], cards: Sequence[str], places: int | None = None
) -> tuple[tuple[int, str], ...]:
    """How each card of the deck stands while a disputed trick is typed:
    "ok", it may be added; "off", it lies under a bottle as its price
    (section 4) or the trick has its ``places`` cards (:func:`places_for`,
    section 2); "gone", it is in the trick already (each card exists once,
    section 1). Texts that are no card are passed over:
    :func:`rule_disputed_trick` names them.

    >>> deck = dispute_deck("classic", False)
    >>> choices = dict(card_choices(deck, ["17"], ["24", ""]))
    >>> choices[card_code("17")], choices[card_code("24")], choices[card_code("15")]
    ('off', 'gone', 'ok')
    """
    under = {card_code(text.strip()) for text in prices}
    played = {card_code(text.strip()) for text in cards if text.strip()}
    full = len(played) >= (places or places_for(deck))
    return tuple(
        (code, "gone" if code in played else "off" if full or code in under else "ok")
        for code in deck.cards
    )


__all__ = [
    "CardTwice",
    "CardUnderBottle",
    "DisputeError",
    "DisputeRuling",
    "ImpossiblePrice",
    "InvalidDispute",
    "NameRefused",
    "NotAPlayingCard",
    "WrongCardCount",
    "WrongDeckForDispute",
    "card_choices",
    "dispute_deck",
    "places_for",
    "rule_disputed_trick",
]
