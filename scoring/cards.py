"""Cards and decks (docs/rules.md, section 1).

A card is kept as a small int, its *code*: twice its number, so the 17 is 34
and the half card 2.5 is 5. Codes compare exactly like the numbers they stand
for, index flat tables, and never meet a binary float.

>>> card_code("17"), card_code("2.5"), card_code("17.0")
(34, 5, 34)
>>> card_text(34), card_text(5)
('17', '2.5')
>>> classic = deck_for("classic", 4)
>>> len(classic.cards), classic.total, classic.colour_name(card_code("24"))
(36, 126, 'blue')
>>> matagot = deck_for("matagot", 6)
>>> len(matagot.cards), matagot.total, matagot.colour_name(card_code("36.5"))
(54, 190, 'green')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.findings import RecordError, WrongDeck, quote
from scoring.texts import Card, Text, colour_text

START_PRICE = 38
"""The 19, the start price card, as a code (docs/rules.md, section 4)."""

CODE_LIMIT = 200
"""Codes of well-formed numbers from 0 to 99.5; larger numbers are no cards."""

EDITIONS = ("classic", "matagot")

YELLOW, BLUE, RED = 0, 1, 2

_CLASSIC_TABLE = {
    YELLOW: "1:1 2:1 3:2 5:2 7:3 9:3 12:4 15:4 18:5 22:5 25:6 28:6",
    BLUE: "4:1 6:1 8:2 10:2 13:3 17:3 20:4 24:4 27:5 30:5 32:6 34:6",
    RED: "11:1 14:1 16:2 21:2 23:3 26:3 29:4 31:4 33:5 35:5 36:6 37:6",
}
"""The classic printing (Bambus, Z-Man, Stronghold): number:coins by colour."""

_MATAGOT_TABLE = {
    YELLOW: "1:1 2:1 4:2 5:2 7:3 9:3 12:4 15:4 18:5 22:5 25:6 28:6",
    BLUE: "3:1 6:1 8:2 10:2 13:3 17:4 20:4 23:4 27:5 30:5 32:6 35:6",
    RED: "11:1 14:1 16:2 21:2 24:3 26:3 29:4 31:4 33:5 34:5 36:6 37:6",
}
"""The Matagot printing's 36 basic cards. Its 18 half cards n + 0.5 take the
colour and coins of each even n."""

_COLOUR_NAMES = {
    "classic": ("yellow", "blue", "red"),
    "matagot": ("red", "blue", "green"),
}
"""Ruling of docs/rules.md, section 1: a Matagot game names its colours red, blue
and green (low, middle, high); a classic game yellow, blue and red."""

COLOUR_SYMBOLS = ("▼", "◆", "▲")
"""A shape for each colour (low, middle, high), so no table needs the hue."""

_NUMBER = re.compile(r"\s*(\d{1,3})(?:\.(\d{1,12}))?\s*")


def card_code(text: object) -> int | None:
    """The code of a card written as a number ("17", "2.5", 17, 2.5), or None.

    None means the text is no number of a card at all (not a multiple of 0.5,
    negative, 100 or more, or not a number).

    >>> card_code("13.25") is None, card_code("abc") is None, card_code(True) is None
    (True, True, True)
    """
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return 2 * text if 0 <= text < CODE_LIMIT // 2 else None
    if isinstance(text, float):
        doubled = text * 2
        if doubled.is_integer() and 0 <= doubled < CODE_LIMIT:
            return int(doubled)
        return None
    if not isinstance(text, str):
        return None
    match = _NUMBER.fullmatch(text)
    if match is None:
        return None
    whole, fraction = match.groups()
    code = 2 * int(whole)
    if fraction and fraction.strip("0"):
        if fraction.rstrip("0") != "5":
            return None
        code += 1
    return code if code < CODE_LIMIT else None


def why_not_a_card(value: object) -> Text:
    r"""Why a value written in a record for a card is none, in plain words.
    A record writes each card exactly as :func:`card_text` does.

    >>> print(why_not_a_card("15.0"), why_not_a_card(24), why_not_a_card("abc"), sep="\n")
    '15.0' is not how a card is written: write "15"
    the number 24 is not how a card is written: write "24", as text
    'abc' is not a card
    """
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        code = card_code(value) if not isinstance(value, str) or len(value) <= 20 else None
        if code is not None and isinstance(value, str):
            return Text("card.write_as", value=quote(value), card=card_of(code))
        if code is not None:
            return Text("card.write_as_text", value=quote(value), card=card_of(code))
    return Text("card.not_a_card", value=quote(value))


def card_text(code: int) -> str:
    """The card as it is written: "17", "2.5"."""
    return str(code // 2) + (".5" if code & 1 else "")


def card_of(code: int) -> Card:
    """The card as a text's value: its number as written, never translated."""
    return Card(card_text(code))


def _parse_table(table: dict[int, str]) -> dict[int, tuple[int, int]]:
    cards = {}
    for colour, row in table.items():
        for item in row.split():
            number, coins = item.split(":")
            cards[2 * int(number)] = (colour, int(coins))
    return cards


@dataclass(frozen=True)
class Deck:
    """The cards of one game: which cards, their colours and coins.

    ``colour`` and ``coins`` are flat tables indexed by code (-1 and 0 where
    there is no such card), so the hot path reads them without a lookup.
    """

    edition: str
    cards: tuple[int, ...]
    colour: tuple[int, ...]
    coins: tuple[int, ...]
    total: int

    def __hash__(self) -> int:
        # The edition and the cards tell the decks apart; hashing the two
        # 200-entry tables as well made every lookup keyed by a deck slow.
        return hash((self.edition, self.cards))

    def has(self, code: int) -> bool:
        """Whether the card is in this deck."""
        return 0 <= code < CODE_LIMIT and self.colour[code] >= 0

    def colour_name(self, code: int) -> str:
        """The colour's name as this edition's players call it."""
        return _COLOUR_NAMES[self.edition][self.colour[code]]

    def colour_text(self, code: int) -> Text:
        """The colour's name as a text (:meth:`colour_name`), for the reader's word."""
        return colour_text(self.colour_name(code))

    def colour_names(self) -> tuple[str, str, str]:
        """The three colour names, low to high."""
        names = _COLOUR_NAMES[self.edition]
        return names[0], names[1], names[2]

    def points(self, codes: Iterable[int]) -> int:
        """The coins on the cards."""
        coins = self.coins
        return sum(coins[c] for c in codes)


def _make_deck(edition: str, with_half_cards: bool) -> Deck:
    table = _parse_table(_CLASSIC_TABLE if edition == "classic" else _MATAGOT_TABLE)
    if with_half_cards:
        for code, entry in list(table.items()):
            if code % 4 == 0:
                table[code + 1] = entry
    colour = [-1] * CODE_LIMIT
    coins = [0] * CODE_LIMIT
    for code, (card_colour, card_coins) in table.items():
        colour[code] = card_colour
        coins[code] = card_coins
    return Deck(
        edition=edition,
        cards=tuple(sorted(table)),
        colour=tuple(colour),
        coins=tuple(coins),
        total=sum(entry[1] for entry in table.values()),
    )


_DECKS = {
    ("classic", False): _make_deck("classic", False),
    ("matagot", False): _make_deck("matagot", False),
    ("matagot", True): _make_deck("matagot", True),
}


def deck_for(edition: str, players: int) -> Deck:
    """The deck a game uses, from the edition and the number of players.

    Classic with 2–4 players: 36 cards; matagot with 2–4 players: its 36
    basic cards; 5–6 players: matagot with the 18 half cards, 54 in all.
    """
    if edition not in EDITIONS:
        raise RecordError(Text("edition.unknown", value=quote(edition)))
    if players >= 5:
        if edition != "matagot":
            raise WrongDeck(Text("deck.wrong", players=players))
        return _DECKS[("matagot", True)]
    return _DECKS[(edition, False)]


def dearer(prices: Sequence[int]) -> int:
    """The price a trick is played at: the dearer bottle's (docs/rules.md,
    section 5). The one place the rule is written: the replay, the prompt
    for Lopaka's card, the simulator and :func:`scoring.tricks.sell` all ask it.

    >>> from scoring.cards import card_code as c, card_text
    >>> card_text(dearer([c("15"), c("19")])), card_text(dearer([c("12")]))
    ('19', '12')
    """
    return prices[0] if len(prices) == 1 else max(prices)
