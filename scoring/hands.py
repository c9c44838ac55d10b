"""Hands the table can see: the Imp's Trick when entered, Lopaka's face-up
hand, and the open hands of Bright House and Devil's Eye (docs/rules.md, sections
6 and 8). They let the engine refuse plays that everyone can see are wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from scoring.cards import card_of, why_not_a_card
from scoring.findings import (
    CardInKnownHand,
    ImpsTrickError,
    KnownHandError,
    LopakaMisplay,
    NotInOpenHand,
    OpenHandMustFollow,
    RecordError,
    UnknownCard,
    Where,
    quote,
)
from scoring.lopaka import lopaka_card, lopaka_play
from scoring.texts import Text
from scoring.variants import BRIGHT_HOUSE, HIDDEN, OPEN, RoundShape, Table

if TYPE_CHECKING:
    from scoring.entries import RoundEntries

KNOWN = 254
"""Mark of a card in a known hand, not yet played, in the table of seen cards."""
IMPS = 255
"""Mark of a card in the Imp's Trick in the table of seen cards."""


class Replaying(Protocol):
    """What the known hands read of a round's replay as it runs
    (:mod:`scoring.rounds`): the bottles' prices, and where a card is played."""

    prices: list[int]

    def at(self, trick: int, player: int, card: int) -> Where:
        """Where a finding about this card happened."""
        ...


def mark_imps_trick(
    table: Table, shape: RoundShape, entries: RoundEntries, seen: bytearray
) -> None:
    """Check an entered Imp's Trick and mark its cards as seen."""
    cards = entries.imps_trick
    if cards is None:
        return
    if len(cards) != shape.imps_trick_size:
        raise ImpsTrickError(Text("imps.wrong_size", size=shape.imps_trick_size, count=len(cards)))
    _check_cards(table, cards, Text("hand.imps_trick"), entries)
    for card in cards:
        seen[card] = IMPS


def _check_cards(table: Table, cards: tuple[int, ...], what: Text, entries: RoundEntries) -> None:
    """Refuse a hand's card that is not in the deck, or listed twice: in
    one pass, whatever the length."""
    deck = table.deck
    listed: set[int] = set()
    for card in cards:
        if card < 0:
            value = entries.written(card)
            raise UnknownCard(
                Text("hand.holds_no_card", what=what, value=quote(value), why=why_not_a_card(value))
            )
        if not deck.has(card):
            raise UnknownCard(Text("hand.holds_not_in_deck", what=what, card=card_of(card)))
        if card in listed:
            raise KnownHandError(Text("hand.lists_twice", what=what, card=card_of(card)))
        listed.add(card)


class KnownHands:
    """The face-up hands of a round while it is replayed."""

    def __init__(self, table: Table, shape: RoundShape, entries: RoundEntries) -> None:
        self.table = table
        self.entries = entries
        self.shape = shape
        self.owner: dict[int, int] = {}
        self.lopaka_left: list[int] | None = None
        self.misplay: LopakaMisplay | None = None
        """The first Lopaka play his rules forbid. It is raised once the round
        is replayed: a later card he plays that is not in his face-up hand
        says more (the hand or that play is wrong, and his rules read the
        hand), so that finding comes first."""
        self.open: dict[int, frozenset[int]] = {}
        self.open_left: dict[int, set[int]] = {}
        self.hidden_played: dict[int, int] = {}

    def add(self, player: int, cards: tuple[int, ...], seen: bytearray, what: Text) -> None:
        """Add a known hand, refusing cards that are elsewhere."""
        _check_cards(self.table, cards, what, self.entries)
        for card in cards:
            if seen[card] == IMPS:
                raise KnownHandError(Text("hand.holds_imps", what=what, card=card_of(card)))
            if card in self.owner:
                other = self.shape.names[self.owner[card]]
                raise KnownHandError(
                    Text("hand.holds_other", what=what, card=card_of(card), player=other)
                )
            self.owner[card] = player
            seen[card] = KNOWN

    def owner_of(self, card: int) -> str:
        """The name of whoever holds a known card."""
        return self.shape.names[self.owner[card]]

    def hand_of(self, player: int, card: int) -> int | None:
        """From which hand a Devil's Eye card came, where that can be known."""
        if player not in self.open:
            return None
        return OPEN if card in self.open[player] else HIDDEN

    def check_trick(
        self,
        replay: Replaying,
        trick: int,
        order: tuple[int, ...],
        cards: tuple[int, ...],
        keys: tuple[int, ...] | None,
    ) -> tuple[int, ...] | None:
        """Check a trick's cards against the known hands; the revoke slots.

        Devil's Eye cards from a known open hand or the hidden hand get their
        slot here; where the open hand is unknown the slot is -1 (no record).
        """
        colour = self.table.deck.colour
        found: list[int] = []
        for index, card in enumerate(cards):
            if colour[card] < 0:
                break
            player = order[index]
            self.check(replay, trick, player, card, cards, index)
            if keys is None:
                hand = self.hand_of(player, card)
                found.append(-1 if hand is None else 2 * player + hand)
        if keys is None:
            return tuple(found) + (-1,) * (len(cards) - len(found))
        return keys

    def check(
        self,
        replay: Replaying,
        trick: int,
        player: int,
        card: int,
        cards: tuple[int, ...],
        index: int,
    ) -> None:
        """Refuse a play that the known hands show to be impossible. Where it
        happened (``replay.at``) is written only for a finding: this runs for
        every card."""
        owner = self.owner.get(card)
        spot = (trick, player, card)
        if owner is not None and owner != player:
            raise CardInKnownHand(
                Text("card.in_face_up_hand", card=card_of(card), player=self.owner_of(card)),
                **replay.at(*spot),
            )
        if player == self.shape.lopaka and self.lopaka_left is not None:
            self.check_lopaka(replay, spot, cards[:index])
        elif player in self.open_left:
            self.check_open(replay, spot, cards, index)

    def check_lopaka(
        self, replay: Replaying, spot: tuple[int, int, int], trick: tuple[int, ...]
    ) -> None:
        left = self.lopaka_left
        assert left is not None
        card = spot[2]
        if card not in left:
            raise LopakaMisplay(Text("lopaka.not_in_hand", card=card_of(card)), **replay.at(*spot))
        price = max(replay.prices)
        must = lopaka_card(left, trick, price, self.table.deck)
        if card != must and self.misplay is None:
            _must, reason = lopaka_play(left, trick, price, self.table.deck)
            self.misplay = LopakaMisplay(
                Text("lopaka.must_play", card=card_of(must), reason=reason), **replay.at(*spot)
            )
        left.remove(card)

    def check_open(
        self,
        replay: Replaying,
        spot: tuple[int, int, int],
        cards: tuple[int, ...],
        index: int,
    ) -> None:
        _trick, player, card = spot
        left = self.open_left[player]
        name = self.shape.names[player]
        if self.table.variant.hands == BRIGHT_HOUSE:
            from_open = self.shape.hands[index] == OPEN
            if from_open and card not in left:
                raise NotInOpenHand(Text("open.not_in_open", player=name), **replay.at(*spot))
            if not from_open and card in left:
                raise KnownHandError(Text("open.in_open", player=name), **replay.at(*spot))
        else:
            from_open = card in left
            if not from_open:
                self.count_hidden(player, name, replay, spot)
        if from_open:
            self.check_follow(player, card, cards, index, replay, spot)
            left.remove(card)

    def count_hidden(
        self, player: int, name: str, replay: Replaying, spot: tuple[int, int, int]
    ) -> None:
        played = self.hidden_played.get(player, 0) + 1
        size = self.table.variant.hidden_hand_size
        if played > size:
            raise KnownHandError(
                Text("open.hidden_all_played", player=name, size=size), **replay.at(*spot)
            )
        self.hidden_played[player] = played

    def check_follow(
        self,
        player: int,
        card: int,
        cards: tuple[int, ...],
        index: int,
        replay: Replaying,
        spot: tuple[int, int, int],
    ) -> None:
        if index == 0:
            return
        colour = self.table.deck.colour
        led = colour[cards[0]]
        if colour[card] == led:
            return
        if any(colour[other] == led for other in self.open_left[player]):
            led_colour = self.table.deck.colour_text(cards[0])
            raise OpenHandMustFollow(
                Text("open.must_follow", colour=led_colour), **replay.at(*spot)
            )


def known_hands(
    table: Table, shape: RoundShape, entries: RoundEntries, seen: bytearray
) -> KnownHands | None:
    """Mark the Imp's Trick and the known hands of a round, checking them."""
    mark_imps_trick(table, shape, entries, seen)
    variant = table.variant
    if entries.lopaka_hand is not None and not variant.has_lopaka:
        raise RecordError(Text("lopaka.not_in_variant", variant=variant.title_text))
    if entries.open_hands and not variant.has_open_hands:
        raise RecordError(Text("open.not_in_variant", variant=variant.title_text))
    if entries.lopaka_hand is None and not entries.open_hands:
        return None
    hands = KnownHands(table, shape, entries)
    if entries.lopaka_hand is not None:
        _add_lopaka(hands, shape, entries.lopaka_hand, seen)
    for player, cards in entries.open_hands:
        name = shape.names[player]
        size = variant.open_hand_size
        if len(cards) != size:
            raise KnownHandError(
                Text(
                    "open.wrong_size",
                    player=name,
                    size=size,
                    variant=variant.title_text,
                    count=len(cards),
                )
            )
        hands.add(player, cards, seen, Text("hand.open", player=name))
        hands.open[player] = frozenset(cards)
        hands.open_left[player] = set(cards)
    return hands


def _add_lopaka(
    hands: KnownHands, shape: RoundShape, cards: tuple[int, ...], seen: bytearray
) -> None:
    if len(cards) != shape.tricks:
        raise KnownHandError(Text("lopaka.wrong_size", size=shape.tricks, count=len(cards)))
    assert shape.lopaka is not None
    hands.add(shape.lopaka, cards, seen, Text("hand.lopaka"))
    hands.lopaka_left = list(cards)
