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
>>> ruling.winner, ruling.names[3], ruling.prices_after_text
('Christian', 'Player 4', ('17',))
>>> print(ruling.sentence)
17 is the highest card below the price 19: Christian wins the trick and the bottle; \
the price is now 17.
>>> rule_disputed_trick("classic", False, ["19"], ["24", "19"], [])
Traceback (most recent call last):
...
scoring.dispute.NotAPlayingCard: card 2: the 19 is the start price card, not a playing card
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.cards import EDITIONS, START_PRICE, Deck, card_code, card_text, deck_for
from scoring.findings import Finding, RecordError, RuleError, quote
from scoring.names import clean_name
from scoring.tricks import TrickRuling, explain, rule_trick

MIN_CARDS, MAX_CARDS = 2, 6
"""A trick has one card a player: 2 to 6 (docs/rules.md, section 2)."""


class DisputeError(RuleError):
    """What was typed cannot be one trick of the game.

    ``place`` is the input at fault: "edition", "half cards", "price",
    "second price", "card 3", "name 3", or None for the trick as a whole.
    """

    def __init__(self, why: str, *, place: str | None = None, card: str | None = None) -> None:
        super().__init__(why, card=card)
        self.place = place


class WrongDeckForDispute(DisputeError):
    """Half cards outside the matagot edition, a second bottle without them,
    or an edition that does not exist (docs/rules.md, sections 1 and 5)."""


class ImpossiblePrice(DisputeError):
    """A price that is no card, is above the 19, or lies under both bottles
    (docs/rules.md, sections 4 and 5)."""


class NotAPlayingCard(DisputeError):
    """A card that is not in the deck, or is the 19 (docs/rules.md, section 1)."""


class CardUnderBottle(DisputeError):
    """A card that lies under a bottle as its price (docs/rules.md, section 4)."""


class CardTwice(DisputeError):
    """A card typed twice in one trick: each card exists once (section 1)."""


class WrongCardCount(DisputeError):
    """Fewer than 2 or more than 6 cards in the trick (docs/rules.md, section 2)."""


class NameRefused(DisputeError):
    """A player's name the engine's one rule for names refuses
    (:func:`scoring.names.clean_name`)."""


class InvalidDispute(DisputeError):
    """Several findings about one disputed trick, found together."""

    def __init__(self, errors: Sequence[DisputeError]) -> None:
        super().__init__("; ".join(str(error) for error in errors))
        self.errors = tuple(errors)

    def __str__(self) -> str:
        return "\n".join(str(error) for error in self.errors)

    @property
    def findings(self) -> tuple[Finding, ...]:
        return self.errors


@dataclass(frozen=True)
class DisputeRuling:
    """The ruling on a disputed trick: the cards as codes, the players' names
    (a blank name is "Player n"), the prices before and after, and the
    engine's :class:`~scoring.tricks.TrickRuling`."""

    deck: Deck
    cards: tuple[int, ...]
    names: tuple[str, ...]
    prices: tuple[int, ...]
    prices_after: tuple[int, ...]
    trick: TrickRuling
    owners: tuple[str, ...] = ()
    """Who owned each bottle before the trick, as typed (empty when unknown)."""

    @property
    def winner(self) -> str:
        """Who wins the trick."""
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
    def prices_after_text(self) -> tuple[str, ...]:
        """The prices of the bottles after the trick, as written."""
        return tuple(card_text(price) for price in self.prices_after)

    @property
    def sentence(self) -> str:
        """Who wins the trick and why, in one sentence."""
        return explain(self.trick, self.names)

    @property
    def bottle_sentence(self) -> str:
        """Where the bottle ends, in one sentence.

        >>> ruling = rule_disputed_trick("matagot", True, ["15", "19"], ["12", "10", "30"], [])
        >>> print(ruling.bottle_sentence)
        Bottle 2 (the dearer) is sold to Player 1: the price goes from 19 to 12.
        >>> ruling = rule_disputed_trick(
        ...     "classic", False, ["17"], ["24", "15"], ["Ben", "Cy"], owners=["Ben"]
        ... )
        >>> print(ruling.bottle_sentence)
        The bottle is sold to Cy, from Ben: the price goes from 17 to 15.
        """
        bottle = self.trick.bottle
        if bottle is None:
            keeps = [f" {owner} keeps it." for owner in self.owners if owner]
            keeps_text = keeps[0] if len(keeps) == 1 else ""
            return "No bottle is sold: no card is below the price." + keeps_text
        which = "The bottle" if len(self.prices) == 1 else f"Bottle {bottle + 1} (the dearer)"
        owner = self.owners[bottle] if bottle < len(self.owners) else ""
        prices = f"the price goes from {card_text(self.trick.old_price)} to " + card_text(
            self.trick.winning_card
        )
        if owner == self.winner:
            return f"{which} stays with {owner}: {prices}."
        seller = f", from {owner}" if owner else ""
        return f"{which} is sold to {self.winner}{seller}: {prices}."


def rule_disputed_trick(
    edition: str,
    half_cards: bool,
    prices: Sequence[str],
    cards: Sequence[str],
    names: Sequence[str],
    *,
    owners: Sequence[str] = (),
) -> DisputeRuling:
    """Check a trick typed as text and rule on it (see the module docstring).

    ``prices`` holds one price a bottle (a blank second price is no second
    bottle). ``cards`` are the places of the trick in play order; a blank
    place is skipped but keeps its number, so "card 3" is the third place.
    ``names[i]`` is who played ``cards[i]``; ``owners[i]``, optional, who
    owns bottle i + 1 before the trick. Raises a :class:`DisputeError`,
    or :class:`InvalidDispute` with all of them when there are several.
    """
    deck = dispute_deck(edition, half_cards)
    found: list[DisputeError] = []
    codes = _prices(deck, [text.strip() for text in prices], found)
    played, places = _cards(deck, cards, codes, found)
    if not found and not MIN_CARDS <= len(played) <= MAX_CARDS:
        found.append(
            WrongCardCount(
                f"a trick has {MIN_CARDS} to {MAX_CARDS} cards, one a player, in the order "
                f"they were played; {len(played)} entered"
            )
        )
    who = [_name(names, place, found) for place in places]
    owned = tuple(_owner(owners, index, found) for index in range(len(codes)))
    if len(found) == 1:
        raise found[0]
    if found:
        raise InvalidDispute(found)
    trick = rule_trick(played, codes)
    after = list(codes)
    if trick.bottle is not None:
        after[trick.bottle] = trick.winning_card
    return DisputeRuling(deck, tuple(played), tuple(who), tuple(codes), tuple(after), trick, owned)


def card_choices(
    deck: Deck, prices: Sequence[str], cards: Sequence[str]
) -> tuple[tuple[int, str], ...]:
    """How each card of the deck stands while a disputed trick is typed:
    "ok", it may be added; "off", it lies under a bottle as its price
    (section 4) or the trick has its 6 cards (section 2); "gone", it is in
    the trick already (each card exists once, section 1). Texts that are no
    card are passed over: :func:`rule_disputed_trick` names them.

    >>> deck = dispute_deck("classic", False)
    >>> choices = dict(card_choices(deck, ["17"], ["24", ""]))
    >>> choices[card_code("17")], choices[card_code("24")], choices[card_code("15")]
    ('off', 'gone', 'ok')
    """
    under = {card_code(text.strip()) for text in prices}
    played = {card_code(text.strip()) for text in cards if text.strip()}
    full = len(played) >= MAX_CARDS
    return tuple(
        (code, "gone" if code in played else "off" if full or code in under else "ok")
        for code in deck.cards
    )


def dispute_deck(edition: str, half_cards: bool) -> Deck:
    """The deck of a disputed trick: the edition's 36 cards, or matagot's 54
    with the half cards (docs/rules.md, sections 1 and 5). Raises
    :class:`WrongDeckForDispute` for an unknown edition or half cards
    outside matagot."""
    if edition not in EDITIONS:
        raise WrongDeckForDispute(
            f"the edition must be classic or matagot, not {quote(edition)}", place="edition"
        )
    if half_cards and edition != "matagot":
        raise WrongDeckForDispute(
            "the half cards exist only in the matagot edition (5–6 players)", place="half cards"
        )
    return deck_for(edition, 6 if half_cards else 4)


def _prices(deck: Deck, typed: list[str], found: list[DisputeError]) -> list[int]:
    while len(typed) > 1 and not typed[-1]:
        typed.pop()
    if not typed or not typed[0]:
        found.append(
            ImpossiblePrice(
                "the price of the bottle is missing (19 at the start of a round)", place="price"
            )
        )
        return []
    if len(typed) > 2:
        found.append(ImpossiblePrice(f"there are at most 2 bottles, not {len(typed)}"))
        return []
    if len(typed) == 2 and len(deck.cards) < 54:
        found.append(
            WrongDeckForDispute(
                "the second bottle is played only with 5–6 players, with the 54 cards",
                place="second price",
            )
        )
        typed = typed[:1]
    codes: list[int] = []
    for index, text in enumerate(typed):
        what = ("the price", "the second price")[index]
        code = _price(deck, text, what, found)
        if code is not None and code in codes and code != START_PRICE:
            found.append(
                ImpossiblePrice(
                    f"both bottles cannot lie on the {card_text(code)}: there is one such card",
                    place="second price",
                    card=text,
                )
            )
        elif code is not None:
            codes.append(code)
    return codes


def _price(deck: Deck, text: str, what: str, found: list[DisputeError]) -> int | None:
    code = card_code(text)
    place = what.removeprefix("the ")
    if code is None or (code != START_PRICE and not deck.has(code)):
        found.append(
            ImpossiblePrice(
                f"{what} {_typed(text)} is not a card number of {_deck_words(deck)} nor the 19",
                place=place,
                card=text,
            )
        )
        return None
    if code > START_PRICE:
        found.append(
            ImpossiblePrice(
                f"{what} {card_text(code)} is impossible: the price starts at 19 and only "
                "goes down",
                place=place,
                card=text,
            )
        )
        return None
    return code


def _cards(
    deck: Deck, typed: Sequence[str], prices: list[int], found: list[DisputeError]
) -> tuple[list[int], list[int]]:
    """The codes of the cards typed, and the place (from 1) of each."""
    played: list[int] = []
    places: list[int] = []
    first_at: dict[int, int] = {}
    for place, raw in enumerate(typed, 1):
        text = raw.strip()
        if not text:
            continue
        code = card_code(text)
        finding = _card_finding(deck, f"card {place}", text, code, prices, first_at)
        if finding is not None or code is None:
            found.extend([finding] if finding else [])
            continue
        first_at[code] = place
        played.append(code)
        places.append(place)
    return played, places


def _card_finding(
    deck: Deck,
    place: str,
    text: str,
    code: int | None,
    prices: list[int],
    first_at: dict[int, int],
) -> DisputeError | None:
    """What is wrong with the card typed at ``place``, or None."""
    where = {"place": place, "card": text}
    if code == START_PRICE:
        return NotAPlayingCard(
            f"{place}: the 19 is the start price card, not a playing card", **where
        )
    if code is None or not deck.has(code):
        return NotAPlayingCard(
            f"{place}: {_typed(text)} is not a card of {_deck_words(deck)}", **where
        )
    if code in prices:
        return CardUnderBottle(
            f"{place}: the {card_text(code)} lies under the bottle as its price; it cannot be "
            "played",
            **where,
        )
    if code in first_at:
        return CardTwice(
            f"{place}: the {card_text(code)} is already card {first_at[code]}; each card exists "
            "once",
            **where,
        )
    return None


def _name(names: Sequence[str], place: int, found: list[DisputeError]) -> str:
    """Who played the card at ``place``: the name typed, or "Player n"."""
    typed = names[place - 1] if place <= len(names) else ""
    if not typed.strip():
        return f"Player {place}"
    try:
        return clean_name(typed)
    except RecordError as error:
        found.append(NameRefused(f"name {place}: {error.why}", place=f"name {place}"))
        return typed


def _owner(owners: Sequence[str], index: int, found: list[DisputeError]) -> str:
    """Who owns bottle ``index`` + 1 before the trick: the name typed, or none."""
    typed = owners[index] if index < len(owners) else ""
    if not typed.strip():
        return ""
    try:
        return clean_name(typed)
    except RecordError as error:
        place = f"owner {index + 1}"
        found.append(NameRefused(f"{place}: {error.why}", place=place))
        return typed


def _typed(text: str) -> str:
    """Typed text in the page's quotation marks, escaped as findings quote it."""
    return f"“{quote(text)[1:-1]}”"


def _deck_words(deck: Deck) -> str:
    return f"the {len(deck.cards)}-card {deck.edition} deck"
