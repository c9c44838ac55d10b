"""Hands the table can see: the Imp's Trick when entered, Lopaka's face-up
hand, and the open hands of Bright House and Devil's Eye (docs/rules.md, sections
6 and 8). They let the engine refuse plays that everyone can see are wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from scoring.cards import card_text, why_not_a_card
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
        raise ImpsTrickError(
            f"the Imp's Trick of this round holds {shape.imps_trick_size} cards, "
            f"but {len(cards)} are entered"
        )
    _check_cards(table, cards, "the Imp's Trick", entries)
    for card in cards:
        seen[card] = IMPS


def _check_cards(table: Table, cards: tuple[int, ...], what: str, entries: RoundEntries) -> None:
    """Refuse a hand's card that is not in the deck, or listed twice: in
    one pass, whatever the length."""
    deck = table.deck
    listed: set[int] = set()
    for card in cards:
        if card < 0:
            value = entries.written(card)
            raise UnknownCard(f"{what} holds {quote(value)}: {why_not_a_card(value)}")
        if not deck.has(card):
            raise UnknownCard(f"{what} holds {card_text(card)}, which is not a card of this deck")
        if card in listed:
            raise KnownHandError(f"{what} lists {card_text(card)} twice")
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

    def add(self, player: int, cards: tuple[int, ...], seen: bytearray, what: str) -> None:
        """Add a known hand, refusing cards that are elsewhere."""
        _check_cards(self.table, cards, what, self.entries)
        for card in cards:
            if seen[card] == IMPS:
                raise KnownHandError(f"{what} holds {card_text(card)}, which is in the Imp's Trick")
            if card in self.owner:
                other = self.shape.names[self.owner[card]]
                raise KnownHandError(f"{what} holds {card_text(card)}, which is in {other}'s hand")
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
                f"{card_text(card)} is in {self.owner_of(card)}'s face-up hand",
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
            raise LopakaMisplay(
                f"{card_text(card)} is not in Lopaka's face-up hand", **replay.at(*spot)
            )
        price = max(replay.prices)
        must = lopaka_card(left, trick, price, self.table.deck)
        if card != must and self.misplay is None:
            _must, reason = lopaka_play(left, trick, price, self.table.deck)
            self.misplay = LopakaMisplay(
                f"Lopaka must play {card_text(must)}. {reason}", **replay.at(*spot)
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
                raise NotInOpenHand(
                    f"this card comes from {name}'s open hand, which does not hold it",
                    **replay.at(*spot),
                )
            if not from_open and card in left:
                raise KnownHandError(
                    f"this card comes from {name}'s hidden hand, but it is in the open hand",
                    **replay.at(*spot),
                )
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
                f"{name}'s hidden hand held only {size} cards, all played; "
                "this card must come from the open hand",
                **replay.at(*spot),
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
            name = self.table.deck.colour_name(cards[0])
            raise OpenHandMustFollow(
                f"the open hand holds {name}, so it must follow {name}", **replay.at(*spot)
            )


def known_hands(
    table: Table, shape: RoundShape, entries: RoundEntries, seen: bytearray
) -> KnownHands | None:
    """Mark the Imp's Trick and the known hands of a round, checking them."""
    mark_imps_trick(table, shape, entries, seen)
    variant = table.variant
    if entries.lopaka_hand is not None and not variant.has_lopaka:
        raise RecordError(f"a lopaka_hand is given, but the {variant.title} variant has no Lopaka")
    if entries.open_hands and not variant.has_open_hands:
        raise RecordError(f"open_hands are given, but the {variant.title} variant has none")
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
                f"{name}'s open hand holds {size} cards in {variant.title}, "
                f"but {len(cards)} are entered"
            )
        hands.add(player, cards, seen, f"{name}'s open hand")
        hands.open[player] = frozenset(cards)
        hands.open_left[player] = set(cards)
    return hands


def _add_lopaka(
    hands: KnownHands, shape: RoundShape, cards: tuple[int, ...], seen: bytearray
) -> None:
    if len(cards) != shape.tricks:
        raise KnownHandError(
            f"Lopaka's hand holds {shape.tricks} cards, but {len(cards)} are entered"
        )
    assert shape.lopaka is not None
    hands.add(shape.lopaka, cards, seen, "Lopaka's hand")
    hands.lopaka_left = list(cards)
