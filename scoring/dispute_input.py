"""What was typed for a disputed trick, checked (docs/rules.md, sections 1,
2, 4 and 5): the findings :func:`scoring.dispute.rule_disputed_trick` raises,
and the readers of each kind of input that collect them. Every finding
names its place ("card 3", "price") and quotes the text that was typed.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.cards import EDITIONS, START_PRICE, Deck, card_code, card_of, deck_for
from scoring.findings import Finding, RecordError, RuleError, quote, several
from scoring.names import clean_name
from scoring.texts import Text, Value, joined
from scoring.variants import trick_sizes


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
    """A trick of a size no variant has with the deck in use, or other than
    the table's when its number of players is given (docs/rules.md,
    sections 2, 3 and 6; :func:`scoring.variants.trick_sizes`)."""


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


def check_size(deck: Deck, players: int | None, count: int, found: list[DisputeError]) -> None:
    """Refuse a trick of a size no variant has with the deck, or, at a known
    table, other than its tricks' (docs/rules.md, sections 2, 3 and 6)."""
    sizes = trick_sizes(deck)
    if players in sizes:
        if count != players:
            found.append(
                WrongCardCount(Text("dispute.trick_players", players=players, count=count))
            )
        return
    if count not in sizes:
        allowed = joined("list.or", sizes)
        words = deck_words(deck)
        found.append(
            WrongCardCount(Text("dispute.trick_size", deck=words, sizes=allowed, count=count))
        )


def read_prices(deck: Deck, typed: list[str], found: list[DisputeError]) -> list[int]:
    """The bottles' prices as codes (docs/rules.md, sections 4 and 5): one
    or two, each a card of the deck or the 19, never both on one card; a
    blank last price is no bottle. Findings go to ``found``."""
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
                Text("dispute.price_no_card", what=what, typed=_typed(text), deck=deck_words(deck)),
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


def read_cards(
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
        typed, words = _typed(text), deck_words(deck)
        return NotAPlayingCard(
            Text("dispute.not_a_card", place=place, typed=typed, deck=words), **where
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


def read_name(names: Sequence[str], place: int, found: list[DisputeError]) -> Value:
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


def read_owner(owners: Sequence[str], index: int, found: list[DisputeError]) -> str:
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


def deck_words(deck: Deck) -> Text:
    """The deck as a finding names it: "the 36-card classic deck"."""
    return Text("dispute.deck", count=len(deck.cards), edition=Text(f"edition.{deck.edition}"))
