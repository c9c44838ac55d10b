"""What the screens show, taken from the engine's replay of a game.

Nothing here decides a rule or computes a score: it picks values out of
:class:`scoring.game.GameState` and :class:`scoring.prompt.Prompt` and puts
them into plain objects for the templates (names, card faces, sentences the
engine wrote).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any

from django.http import HttpRequest
from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import get_language, ngettext
from django_htmx.middleware import HtmxDetails

from companion.access import Access
from companion.models import Game, Round
from companion.replay import Counted, CurrentRound, RoundRow, game_record, load_rows, what_counts
from companion.texts import card_number, edition_words, say
from scoring.cards import COLOUR_SYMBOLS, Deck, card_text
from scoring.game import GameState
from scoring.prompt import Prompt, next_card
from scoring.record import GameRecord, replay
from scoring.rounds import RoundState
from scoring.variants import Table


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware."""

    htmx: HtmxDetails


def words_of(game: Game) -> dict[str, str]:
    """The game's edition's words for the same things (:func:`companion.texts.edition_words`)."""
    return edition_words(game.edition)


@dataclass(frozen=True)
class CardFace:
    """A card as the screen shows it: number, colour (name, symbol, class),
    coins, and the words a screen reader says for what the eye sees.

    The texts are escaped once, when the face is made (faces are memoized,
    see :func:`face`): the ``face`` partial is drawn some 40 times per round
    screen, and Django would otherwise escape each of its texts at every
    render (half the partial's cost). Nothing here is markup.
    """

    code: int
    text: SafeString
    """The card as the forms send it ("2.5")."""
    number: SafeString
    """The card as the reader writes it ("2.5", in German "2,5")."""
    colour: SafeString
    symbol: SafeString
    css: SafeString
    coins: SafeString
    """The coins as the face shows them ("3")."""
    label: SafeString
    """Number, coins, colour: the picker button's name (WCAG 2.5.3, label in name)."""
    words: SafeString
    """The colour and coins in words, said after the number (", blue, 3 coins")."""
    shown: SafeString = SafeString("")
    """The colour written out beside its symbol (" blue"), or nothing."""


def coins(count: int) -> str:
    """A number of coins in words: "1 coin", "3 coins"."""
    return ngettext("%(count)s coin", "%(count)s coins", count) % {"count": count}


@dataclass(frozen=True)
class PlayedCard:
    """A card on the table: its face, who played it, whether it wins the
    trick (docs/rules.md, section 4)."""

    name: str
    face: CardFace
    wins: bool = False


def face(deck: Deck, code: int, *, named: bool = False) -> CardFace:
    """How one card of the deck looks on screen, in the reader's language;
    ``named``: with its colour written out beside the symbol (the dispute
    page's rows), the words then saying only the coins. The markup is the
    ``face`` partial of ``imp/cards.html``."""
    return _face(deck, code, named, get_language())


def faces(deck: Deck) -> Mapping[int, CardFace]:
    """Every card's :func:`face`, by code: for a view that shows many cards
    (the reader's language is looked up once, not once a card)."""
    return _faces(deck, get_language())


@lru_cache(maxsize=64)
def _faces(deck: Deck, language: str | None) -> Mapping[int, CardFace]:
    return MappingProxyType({code: _face(deck, code, False, language) for code in deck.cards})


@lru_cache(maxsize=4096)
def _face(deck: Deck, code: int, named: bool, language: str | None) -> CardFace:
    """Memoized: a card's face depends on nothing but the deck (the engine's
    constant decks) and the language, so each face is built once per
    process and language; no game state is kept."""
    english = deck.colour_name(code)
    colour = say(deck.colour_text(code))
    prefix = "suit" if deck.edition == "classic" else "matagot"
    text, number, count = card_text(code), card_number(code), deck.coins[code]
    return CardFace(
        code=code,
        text=escape(text),
        number=escape(number),
        colour=escape(colour),
        symbol=escape(COLOUR_SYMBOLS[deck.colour[code]]),
        css=escape(f"{prefix}-{english}"),
        coins=escape(count),
        label=escape(f"{number}, {coins(count)}, {colour}"),
        words=escape(f", {coins(count)}" if named else f", {colour}, {coins(count)}"),
        shown=escape(f" {colour}" if named else ""),
    )


@dataclass
class Replayed:
    """A stored game and its replay: the record, the state, the rows."""

    game: Game
    rounds: Sequence[Round | RoundRow]
    record: GameRecord
    state: GameState

    @classmethod
    def of(cls, game: Game, rounds: Sequence[Round | RoundRow] | None = None) -> Replayed:
        rows = load_rows(game) if rounds is None else rounds
        record = game_record(game, rows)
        return cls(game, rows, record, replay(record))

    @property
    def table(self) -> Table:
        return self.record.table

    @property
    def deck(self) -> Deck:
        return self.record.table.deck

    @property
    def words(self) -> dict[str, str]:
        return words_of(self.game)

    def round_state(self, number: int) -> RoundState:
        return self.state.rounds[number - 1]

    def prompt(self, number: int) -> Prompt | None:
        index = number - 1
        return next_card(self.record.table, self.record.rounds[index], self.state.rounds[index])

    @cached_property
    def counted(self) -> Counted:
        """What counts of the game: its confirmed rounds, and a complete
        round waiting for the table's Confirm (:func:`companion.replay.what_counts`)."""
        return what_counts(self.record, self.state, self.rounds)

    def confirmed(self) -> GameState:
        """The game as the table has accepted it: only confirmed rounds count."""
        return self.counted.state


Replay = Replayed | CurrentRound
"""What the round screen reads: the whole game replayed, or the round being played alone."""


def access_context(access: Access) -> dict[str, Any]:
    return {
        "access": access,
        "game": access.game,
        "token": access.token,
        "can_edit": access.can_edit,
    }
