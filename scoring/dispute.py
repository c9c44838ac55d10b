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
>>> rule_disputed_trick("classic", False, ["19"], ["24", "19"], [])
Traceback (most recent call last):
...
scoring.dispute.NotAPlayingCard: card 2: the 19 is the start price card, not a playing card
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.cards import EDITIONS, START_PRICE, Deck, card_code, card_of, card_text, deck_for
from scoring.findings import Finding, RecordError, RuleError, quote, several
from scoring.names import clean_name
from scoring.texts import Text, Value
from scoring.tricks import TrickRuling, explain, rule_trick

MIN_CARDS, MAX_CARDS = 2, 6
"""A trick has one card a player: 2 to 6 (docs/rules.md, section 2)."""


class DisputeError(RuleError):
    """What was typed cannot be one trick of the game.

    ``place`` is the input at fault: "edition", "half cards", "price",
    "second price", "card 3", "name 3", or None for the trick as a whole.
    """

    def __init__(self, why: Text, *, place: str | None = None, card: str | None = None) -> None:
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
        super().__init__(several(errors, "findings.joined"))
        self.errors = tuple(errors)

    def said(self) -> Text:
        return several(self.errors, "findings.lines")

    @property
    def findings(self) -> tuple[Finding, ...]:
        return self.errors


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
    def prices_after_text(self) -> tuple[str, ...]:
        """The prices of the bottles after the trick, as written."""
        return tuple(card_text(price) for price in self.prices_after)

    @property
    def sentence(self) -> Text:
        """Who wins the trick and why, in one sentence."""
        return explain(self.trick, self.names)

    @property
    def bottle_sentence(self) -> Text:
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
                Text("dispute.card_count", least=MIN_CARDS, most=MAX_CARDS, count=len(played))
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
        raise WrongDeckForDispute(Text("edition.unknown", value=quote(edition)), place="edition")
    if half_cards and edition != "matagot":
        raise WrongDeckForDispute(Text("dispute.half_cards"), place="half cards")
    return deck_for(edition, 6 if half_cards else 4)


def _prices(deck: Deck, typed: list[str], found: list[DisputeError]) -> list[int]:
    while len(typed) > 1 and not typed[-1]:
        typed.pop()
    if not typed or not typed[0]:
        found.append(ImpossiblePrice(Text("dispute.no_price"), place="price"))
        return []
    if len(typed) > 2:
        found.append(ImpossiblePrice(Text("dispute.too_many_bottles", count=len(typed))))
        return []
    if len(typed) == 2 and len(deck.cards) < 54:
        found.append(WrongDeckForDispute(Text("dispute.second_bottle"), place="second price"))
        typed = typed[:1]
    codes: list[int] = []
    for index, text in enumerate(typed):
        code = _price(deck, text, index, found)
        if code is not None and code in codes and code != START_PRICE:
            found.append(
                ImpossiblePrice(
                    Text("dispute.same_price", card=card_of(code)),
                    place="second price",
                    card=text,
                )
            )
        elif code is not None:
            codes.append(code)
    return codes


_PRICES = (("price", "dispute.the_price"), ("second price", "dispute.the_second_price"))
"""The place of each bottle's price, and how a finding names it."""


def _price(deck: Deck, text: str, index: int, found: list[DisputeError]) -> int | None:
    code = card_code(text)
    place, what_code = _PRICES[index]
    what = Text(what_code)
    if code is None or (code != START_PRICE and not deck.has(code)):
        found.append(
            ImpossiblePrice(
                Text(
                    "dispute.price_no_card", what=what, typed=_typed(text), deck=_deck_words(deck)
                ),
                place=place,
                card=text,
            )
        )
        return None
    if code > START_PRICE:
        found.append(
            ImpossiblePrice(
                Text("dispute.price_above", what=what, card=card_of(code)),
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
        finding = _card_finding(deck, place, text, code, prices, first_at)
        if finding is not None or code is None:
            found.extend([finding] if finding else [])
            continue
        first_at[code] = place
        played.append(code)
        places.append(place)
    return played, places


def _card_finding(
    deck: Deck,
    number: int,
    text: str,
    code: int | None,
    prices: list[int],
    first_at: dict[int, int],
) -> DisputeError | None:
    """What is wrong with the card typed at place ``number``, or None."""
    where = {"place": f"card {number}", "card": text}
    place = Text("dispute.card", number=number)
    if code == START_PRICE:
        return NotAPlayingCard(Text("dispute.start_card", place=place), **where)
    if code is None or not deck.has(code):
        typed, deck_words = _typed(text), _deck_words(deck)
        return NotAPlayingCard(
            Text("dispute.not_a_card", place=place, typed=typed, deck=deck_words), **where
        )
    if code in prices:
        return CardUnderBottle(
            Text("dispute.under_bottle", place=place, card=card_of(code)), **where
        )
    if code in first_at:
        return CardTwice(
            Text("dispute.card_twice", place=place, card=card_of(code), first=first_at[code]),
            **where,
        )
    return None


def _name(names: Sequence[str], place: int, found: list[DisputeError]) -> Value:
    """Who played the card at ``place``: the name typed, or "Player n"."""
    typed = names[place - 1] if place <= len(names) else ""
    if not typed.strip():
        return Text("dispute.player", number=place)
    try:
        return clean_name(typed)
    except RecordError as error:
        why = Text("dispute.name", number=place, why=error.text)
        found.append(NameRefused(why, place=f"name {place}"))
        return typed


def _owner(owners: Sequence[str], index: int, found: list[DisputeError]) -> str:
    """Who owns bottle ``index`` + 1 before the trick: the name typed, or none."""
    typed = owners[index] if index < len(owners) else ""
    if not typed.strip():
        return ""
    try:
        return clean_name(typed)
    except RecordError as error:
        why = Text("dispute.owner", number=index + 1, why=error.text)
        found.append(NameRefused(why, place=f"owner {index + 1}"))
        return typed


def _typed(text: str) -> str:
    """Typed text in the page's quotation marks, escaped as findings quote it."""
    return f"“{quote(text)[1:-1]}”"


def _deck_words(deck: Deck) -> Text:
    return Text("dispute.deck", count=len(deck.cards), edition=Text(f"edition.{deck.edition}"))
