"""What a phone asks for next in an unfinished round (docs/rules.md, sections 3, 6, 8):
whose card, from which hand, and which cards may be entered.

>>> from scoring.variants import Table
>>> from scoring.rounds import replay_round
>>> from scoring.entries import RoundEntries
>>> table = Table.create(("Adam", "Betty", "Christian"), "classic")
>>> entries = RoundEntries(tricks=((48, 30),))
>>> ask = next_card(table, entries, replay_round(table, entries, 1, 0))
>>> table.names[ask.player], ask.trick, ask.position, len(ask.choices)
('Adam', 1, 2, 34)
>>> table.deck.colour_names()[ask.led]
'blue'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from scoring.cards import START_PRICE, card_text
from scoring.entries import RoundEntries
from scoring.lopaka import lopaka_play
from scoring.state import RoundState
from scoring.texts import Card, Text, colour_text, joined
from scoring.variants import BRIGHT_HOUSE, OPEN, Table


@dataclass(frozen=True)
class Prompt:
    """The next card the table is asked for.

    ``choices`` are the cards that may be entered: the legal cards of a
    known hand, otherwise every card not yet seen and not in someone else's
    known hand. ``forced`` is Lopaka's card, with ``reason``, when his hand
    is known. ``led`` is the colour of the trick's first card (an index of
    :meth:`scoring.cards.Deck.colour_names`, low to high), the colour the
    others must follow (section 4); None while the trick has no card yet.
    """

    trick: int
    position: int
    leader: int
    player: int
    hand: int | None
    cards_so_far: tuple[int, ...]
    unseen: tuple[int, ...]
    choices: tuple[int, ...]
    is_hand_known: bool
    forced: int | None = None
    reason: Text | None = None
    led: int | None = None


class Turn(NamedTuple):
    """Whose card comes next (docs/rules.md, section 3): in the trick being
    played, or leading the next one. ``trick`` counts from 1, ``position``
    is the card's place in the trick (0: it leads), ``player`` a seat."""

    trick: int
    position: int
    leader: int
    player: int
    cards_so_far: tuple[int, ...]

    @property
    def opens_trick(self) -> bool:
        """Whether the next card starts a new trick (no trick is open)."""
        return self.position == 0


def whose_turn(state: RoundState) -> Turn:
    """Whose card comes next in a round replayed so far: the next in the
    open trick's order, or the leader of the next trick once the last is
    complete (the trick's winner leads; section 4).

    >>> from scoring.variants import Table
    >>> from scoring.rounds import replay_round
    >>> from scoring.entries import RoundEntries
    >>> table = Table.create(("Adam", "Betty", "Christian"), "classic")
    >>> turn = whose_turn(replay_round(table, RoundEntries(tricks=((48, 30),)), 1, 0))
    >>> table.names[turn.player], turn.trick, turn.position, turn.opens_trick
    ('Adam', 1, 2, False)
    """
    last = state.tricks[-1] if state.tricks else None
    if last is not None and not last.is_complete:
        leader, so_far, trick = last.leader, last.cards, len(state.tricks)
    else:
        leader, so_far, trick = state.next_leader, (), len(state.tricks) + 1
    position = len(so_far)
    return Turn(trick, position, leader, state.shape.orders[leader][position], so_far)


def asked_after(state: RoundState) -> tuple[int, ...]:
    """Who is asked for the open trick's cards after the next one, in turn,
    Lopaka passed over (his card is entered for him). Empty when the next
    card is its trick's last: its winner leads the next trick, not known
    before it is played; and once the round is complete.

    >>> from scoring.variants import Table
    >>> from scoring.rounds import replay_round
    >>> from scoring.entries import RoundEntries
    >>> table = Table.create(("Adam", "Betty", "Christian", "Dan"), "classic")
    >>> state = replay_round(table, RoundEntries(tricks=((48,),)), 1, 0)
    >>> table.names[whose_turn(state).player], [table.names[p] for p in asked_after(state)]
    ('Christian', ['Dan', 'Adam'])
    >>> asked_after(replay_round(table, RoundEntries(tricks=((48, 30, 32),)), 1, 0))
    ()
    """
    if state.complete or state.is_quick:
        return ()
    _trick, position, leader, _player, _so_far = whose_turn(state)
    later = state.shape.orders[leader][position + 1 :]
    return tuple(player for player in later if player != state.shape.lopaka)


def trick_follows(state: RoundState) -> bool:
    """Whether another trick follows the open one (or the one the next card
    opens), its winner leading it: not in the round's last trick, nor once
    the round is complete.

    >>> from scoring.variants import Table
    >>> from scoring.rounds import replay_round
    >>> from scoring.entries import RoundEntries
    >>> table = Table.create(("Adam", "Betty", "Christian"), "classic")
    >>> trick_follows(replay_round(table, RoundEntries(tricks=((48, 30),)), 1, 0))
    True
    """
    if state.complete or state.is_quick:
        return False
    return whose_turn(state).trick < state.shape.tricks


def next_card(table: Table, entries: RoundEntries, state: RoundState) -> Prompt | None:
    """Who plays next and what they may play; None once the round is complete."""
    if state.complete or state.is_quick:
        return None
    trick, position, leader, player, so_far = whose_turn(state)
    hand = state.shape.hands[position]
    played = {card for cards in entries.tricks for card in cards}
    imps = set(entries.imps_trick or ())
    unseen = tuple(card for card in table.deck.cards if card not in played and card not in imps)
    known = _known_left(table, entries, played)
    others = set().union(*(cards for seat, cards in known.items() if seat != player))
    free = tuple(
        card for card in unseen if card not in others and card not in known.get(player, ())
    )
    led = table.deck.colour[so_far[0]] if so_far else None
    base = Prompt(trick, position, leader, player, hand, so_far, unseen, free, False, led=led)
    own = known.get(player)
    if own is None:
        return base
    price = state.price if state.prices else START_PRICE
    if player == state.shape.lopaka:
        card, reason = lopaka_play(sorted(own), so_far, price, table.deck)
        return replace(base, choices=(card,), is_hand_known=True, forced=card, reason=reason)
    legal = _following(table, sorted(own), so_far)
    if table.variant.hands == BRIGHT_HOUSE:
        if hand == OPEN:
            return replace(base, choices=legal, is_hand_known=True)
        return base
    return replace(base, choices=tuple(sorted(set(legal) | set(free))), is_hand_known=True)


def your_turn(table: Table, state: RoundState, ask: Prompt) -> Text:
    """What the phone of the player asked for says (docs/rules.md, sections
    3 and 4): their card is asked for, the colour to follow (none when they
    lead) and each bottle's price now.

    >>> from scoring.variants import Table
    >>> from scoring.rounds import replay_round
    >>> from scoring.entries import RoundEntries
    >>> table = Table.create(("Adam", "Betty", "Christian"), "classic")
    >>> entries = RoundEntries(tricks=((48, 30),))
    >>> state = replay_round(table, entries, 1, 0)
    >>> print(your_turn(table, state, next_card(table, entries, state)))
    Your card — follow blue, the bottle is at 19
    """
    prices = state.prices or (START_PRICE,)
    led = None if ask.led is None else colour_text(table.deck.colour_names()[ask.led])
    if len(prices) == 1:
        price = Card(card_text(prices[0]))
        if led is None:
            return Text("turn.lead", price=price)
        return Text("turn.follow", colour=led, price=price)
    listed = joined("list.and", [Card(card_text(each)) for each in prices])
    if led is None:
        return Text("turn.lead_bottles", prices=listed)
    return Text("turn.follow_bottles", colour=led, prices=listed)


def _known_left(table: Table, entries: RoundEntries, played: set[int]) -> dict[int, set[int]]:
    known: dict[int, set[int]] = {}
    if entries.lopaka_hand is not None:
        known[len(table.players)] = set(entries.lopaka_hand) - played
    for seat, cards in entries.open_hands:
        known[seat] = set(cards) - played
    return known


def _following(table: Table, hand: list[int], so_far: tuple[int, ...]) -> tuple[int, ...]:
    if not so_far:
        return tuple(hand)
    colour = table.deck.colour
    led = colour[so_far[0]]
    return tuple(card for card in hand if colour[card] == led) or tuple(hand)
