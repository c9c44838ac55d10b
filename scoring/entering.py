"""Entering a card and taking it back: the table's two moves on the round
being played (docs/rules.md, sections 3, 4 and 6).

Entries in, entries out: a card goes where the replay says the next card
goes (the open trick, or a new one led by the last trick's winner), and
Lopaka plays his own card whenever it is his turn and his hand is known
(section 6). Taking back removes the last card entered and the cards
Lopaka played after it. The replay of the result judges it: a card that
breaks a rule raises the engine's finding, as any replay does.

>>> from scoring.variants import Table
>>> from scoring.rounds import replay_round
>>> from scoring.cards import card_code as c
>>> table = Table.create(("Adam", "Betty", "Christian"), "classic")
>>> entries = RoundEntries(tricks=((c("24"), c("15")),))
>>> played = play(table, entries, replay_round(table, entries, 1, 0), c("17"))
>>> table.names[played.card.player], played.card.trick, played.entries.tricks[-1][-1] == c("17")
('Adam', 1, True)
>>> after = replay_round(table, played.entries, 1, 0)
>>> take_back(table, played.entries, after).entries == entries
True
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.entries import RoundEntries
from scoring.prompt import next_card, whose_turn
from scoring.rounds import replay_round
from scoring.state import RoundState
from scoring.texts import Text
from scoring.variants import Table


@dataclass(frozen=True)
class Placed:
    """A card as the round holds it: who played it (a seat), in which trick (from 1)."""

    player: int
    card: int
    trick: int


@dataclass(frozen=True)
class Played:
    """What entering a card made of the round: the new entries, the card
    the table entered, and the cards Lopaka played after it, each with his
    reason (section 6)."""

    entries: RoundEntries
    card: Placed
    lopaka: tuple[Placed, ...] = ()
    reasons: tuple[Text, ...] = ()


@dataclass(frozen=True)
class LopakaPlayed:
    """The cards Lopaka played for himself (:func:`lopaka_plays`)."""

    entries: RoundEntries
    cards: tuple[Placed, ...] = ()
    reasons: tuple[Text, ...] = ()


@dataclass(frozen=True)
class TakenBack:
    """What taking back made of the round: the new entries and the cards
    taken, in play order; the first is the card the table entered, the
    others Lopaka's after it."""

    entries: RoundEntries
    cards: tuple[Placed, ...]


class NothingToTakeBack(Exception):
    """The round holds no card to take back."""

    def __init__(self, number: int) -> None:
        super().__init__(f"round {number} holds no card to take back")
        self.round = number


def play(table: Table, entries: RoundEntries, state: RoundState, card: int) -> Played:
    """Enter ``card`` as the next card of the round ``state`` replays from
    ``entries`` (whose card it is: :func:`scoring.prompt.whose_turn`), then
    let Lopaka play his own cards (:func:`lopaka_plays`)."""
    turn = whose_turn(state)
    placed = Placed(turn.player, card, turn.trick)
    after = entries.with_card(card, opens_trick=turn.opens_trick)
    if not table.variant.has_lopaka:
        return Played(after, placed)  # no Lopaka: no replay needed to ask
    lopaka = lopaka_plays(table, after, state.number, state.shape.dealer)
    return Played(lopaka.entries, placed, lopaka.cards, lopaka.reasons)


def lopaka_plays(table: Table, entries: RoundEntries, number: int, dealer: int) -> LopakaPlayed:
    """While it is Lopaka's turn and his hand is known, his card is played
    for him (section 6): the entries of round ``number`` (dealt by
    ``dealer``) with his cards, and his reasons."""
    cards: list[Placed] = []
    reasons: list[Text] = []
    if not table.variant.has_lopaka:
        return LopakaPlayed(entries)  # no Lopaka at this table: no replay needed to ask
    state = replay_round(table, entries, number, dealer)
    while True:
        ask = next_card(table, entries, state)
        if ask is None or ask.forced is None:
            return LopakaPlayed(entries, tuple(cards), tuple(reasons))
        cards.append(Placed(ask.player, ask.forced, ask.trick))
        if ask.reason is not None:
            reasons.append(ask.reason)
        entries = entries.with_card(ask.forced, opens_trick=ask.position == 0)
        state = replay_round(table, entries, state.number, state.shape.dealer)


def take_back(table: Table, entries: RoundEntries, state: RoundState) -> TakenBack:
    """Take back the last card entered, and the cards Lopaka played after
    it: cards come off until the next card is not Lopaka's to play by
    himself. :class:`NothingToTakeBack` when no card is entered."""
    played = played_cards(state)
    taken = 0
    while entries.card_count:
        entries = entries.without_last_card()
        taken += 1
        if not table.variant.has_lopaka:
            break  # only Lopaka plays by himself: no replay needed to ask
        now = replay_round(table, entries, state.number, state.shape.dealer)
        ask = next_card(table, entries, now)
        if ask is None or ask.forced is None:
            break
    if not taken:
        raise NothingToTakeBack(state.number)
    return TakenBack(entries, played[-taken:])


def played_cards(state: RoundState) -> tuple[Placed, ...]:
    """Every card of the round so far, in play order, with its player and trick."""
    return tuple(
        Placed(seat, card, number)
        for number, trick in enumerate(state.tricks, 1)
        for seat, card in zip(trick.players, trick.cards, strict=False)
    )


def cards_between(before: RoundState, after: RoundState) -> tuple[Placed, ...]:
    """The cards played on since ``before``, or taken back from it, when
    the cards of one state of the round are a beginning of the other's: the
    longer one's cards beyond the shorter one's."""
    shorter, longer = sorted((played_cards(before), played_cards(after)), key=len)
    if longer[: len(shorter)] != shorter:
        raise ValueError("neither state of the round begins the other")
    return longer[len(shorter) :]
