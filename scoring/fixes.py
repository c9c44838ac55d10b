"""A fix keeps every card with its player (docs/rules.md, section 9).

The table enters each card as a player's ("Christian's card"), so an entry
means "Christian played 13". When a fix of an earlier trick (a card
changed, two cards swapped, a trick deleted) changes who wins it, a later
trick is led by someone else: each of its cards stays with the player it
was entered for, and the trick is played again in order from its new
leader. Where Lopaka's face-up hand is known, his later cards are his
rules' to play again (section 6); the players' cards stay with the players.
In the trick being played, a card whose player now comes after someone
who has not played yet is taken back, to be entered again in its turn.

Below, Adam's 17 wins trick 1 and he leads trick 2 (Adam 4, Betty 6,
Christian 8). The table fixes Adam's 17 to 30: Christian's 15 wins now,
so Christian leads trick 2 and each card keeps its player:

>>> from scoring.cards import card_code as c, card_text
>>> from scoring.variants import Table
>>> table = Table.create(("Adam", "Betty", "Christian"), "classic")
>>> def entered(*tricks):
...     return RoundEntries(tricks=tuple(tuple(c(n) for n in t) for t in tricks))
>>> before = entered(("24", "15", "17"), ("4", "6", "8"))
>>> fixed = keep_players(table, 0, 1, before, entered(("24", "15", "30"), ("4", "6", "8")))
>>> [[card_text(card) for card in trick] for trick in fixed.entries.tricks]
[['24', '15', '30'], ['8', '4', '6']]
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.cards import card_of
from scoring.entries import RoundEntries
from scoring.findings import RuleError
from scoring.prompt import Prompt, next_card
from scoring.rounds import replay_round
from scoring.texts import Text, Value
from scoring.variants import Table

Slot = tuple[int, int]
"""A card's place in a trick by player: (seat, which of that seat's cards in
the trick, 0 or 1) — a player has two cards a trick in Bright House and
Devil's Eye, the open hand's (or first played) one first."""


class LedAnew(RuleError):
    """An entry that cannot be what happened in a trick a fix made someone
    else lead (section 9): the finding, and who leads that trick now."""


@dataclass(frozen=True)
class Refixed:
    """A round's entries after a fix, each card with its player. ``notes``
    say, in the players' words, what else the fix did: the cards Lopaka
    plays now and why (his rules), and the cards of a trick being played
    taken back because a player who comes before them now has not played."""

    entries: RoundEntries
    notes: tuple[Text, ...] = ()


def keep_players(
    table: Table, dealer: int, number: int, before: RoundEntries, fixed: RoundEntries
) -> Refixed:
    """The entries of round ``number`` after a fix, each card with its player.

    ``before`` are the round's entries as they stand; ``fixed`` the same
    entries with the fix written place by place, as the table saw the
    tricks ("Christian's card in trick 2 is 13": the card at Christian's
    place in trick 2). Each card of ``fixed`` belongs to the player at its
    place in the replay of ``before``; every trick from the first one the
    fix changed on is played again from its leader (section 9). The
    replay's finding, at the trick at fault, when the fixed round cannot be
    what happened.
    """
    state = replay_round(table, before, number, dealer)
    was = _played(before)
    now = _played(fixed)
    if [len(cards) for cards in was] != [len(cards) for cards in now]:
        raise ValueError("a fix changes cards in their places, not how many there are")
    start = next((index for index, cards in enumerate(now) if cards != was[index]), len(now))
    lopaka = state.shape.lopaka
    slots = []
    kept: set[tuple[int, Slot]] = set()
    for index, (play, cards) in enumerate(zip(state.tricks, now, strict=True)):
        trick = _slots(play.players, cards)
        slots.append(trick)
        old = _slots(play.players, was[index])
        kept |= {(index, slot) for slot in trick if slot[0] == lopaka and trick[slot] != old[slot]}
    led = [play.leader for play in state.tricks]
    return _play_again(table, dealer, number, fixed, slots, start, kept, led)


def delete_trick(
    table: Table, dealer: int, number: int, before: RoundEntries, trick: int
) -> Refixed:
    """The entries of round ``number`` without trick ``trick``: the later
    tricks move up, and each is played again from its leader with every
    card kept with its player (section 9).

    >>> from scoring.cards import card_code as c, card_text
    >>> from scoring.variants import Table
    >>> table = Table.create(("Adam", "Betty", "Christian"), "classic")
    >>> tricks = (("24", "15", "17"), ("4", "6", "8"), ("33",))
    >>> before = RoundEntries(tricks=tuple(tuple(c(n) for n in t) for t in tricks))
    >>> after = delete_trick(table, 0, 1, before, 1).entries.tricks
    >>> [[card_text(card) for card in cards] for cards in after]
    [['6', '8', '4'], ['33']]
    """
    if not 1 <= trick <= len(before.tricks):
        raise ValueError(f"round {number} has no trick {trick}")
    if not before.tricks[trick - 1]:  # a trick not yet begun: nothing moves
        rest = before.tricks[: trick - 1] + before.tricks[trick:]
        return Refixed(before.with_tricks(rest))
    state = replay_round(table, before, number, dealer)
    plays = [play for index, play in enumerate(state.tricks, 1) if index != trick]
    slots = [_slots(play.players, play.cards) for play in plays]
    led = [play.leader for play in plays]
    rest = tuple(cards for index, cards in enumerate(_played(before), 1) if index != trick)
    entries = before.with_tricks(rest)
    return _play_again(table, dealer, number, entries, slots, trick - 1, set(), led)


def _played(entries: RoundEntries) -> list[tuple[int, ...]]:
    """The round's tricks with a card (an empty last trick is not begun)."""
    return [cards for cards in entries.tricks if cards]


def _slots(players: tuple[int, ...], cards: tuple[int, ...]) -> dict[Slot, int]:
    """Each card of a trick by its player's slot (see :data:`Slot`)."""
    slots: dict[Slot, int] = {}
    for place, card in enumerate(cards):
        player = players[place]
        slots[player, players[:place].count(player)] = card
    return slots


def _play_again(
    table: Table,
    dealer: int,
    number: int,
    entries: RoundEntries,
    slots: list[dict[Slot, int]],
    start: int,
    kept: set[tuple[int, Slot]],
    led: list[int],
) -> Refixed:
    """Play the tricks again from trick ``start`` on (0-based; the ones
    before it are as entered), each from the leader the replay gives it:
    each player's card from ``slots``, and Lopaka's by his rules where his
    hand is known and the fix did not name his card (``kept``). ``led``
    says who led each trick as entered: a finding in a trick someone else
    leads now says so (:class:`LedAnew`)."""
    shape = table.shape(dealer)
    lopaka = shape.lopaka if entries.lopaka_hand is not None else None
    tricks = list(entries.tricks[:start])
    notes: list[Text] = []
    leaders: dict[int, int] = {}
    try:
        for index in range(start, len(slots)):
            so_far = entries.with_tricks(tuple(tricks))
            leader = replay_round(table, so_far, number, dealer).next_leader
            if leader != led[index]:
                leaders[index + 1] = leader
            order = shape.orders[leader]
            left = dict(slots[index])
            cards: list[int] = []
            for place, player in enumerate(order):
                slot = (player, order[:place].count(player))
                if _replays(lopaka, index, slot, start, kept):
                    ask = _ask(table, dealer, number, entries.with_tricks((*tricks, tuple(cards))))
                    assert ask is not None and ask.player == player
                    cards.append(_lopaka(ask, left.pop(slot, None), number, notes))
                elif slot in left:
                    cards.append(left.pop(slot))
                else:
                    break
            waiting = {
                slot: card
                for slot, card in left.items()
                if not _replays(lopaka, index, slot, start, kept)
            }
            notes += _taken_back(shape.names, number, index + 1, leader, waiting)
            if cards:
                tricks.append(tuple(cards))
        if lopaka is not None:
            tricks = _lopaka_leads(table, dealer, number, entries, tricks, notes)
        fixed = entries.with_tricks(tuple(tricks))
        replay_round(table, fixed, number, dealer)  # the engine judges the whole round
    except RuleError as finding:
        raise _led_anew(finding, leaders, shape.names) from None
    return Refixed(fixed, tuple(notes))


def _led_anew(finding: RuleError, leaders: dict[int, int], names: tuple[str, ...]) -> RuleError:
    """A finding in a trick the fix made someone else lead, saying who
    leads it now; any other finding as it is."""
    if finding.trick not in leaders:
        return finding
    text = Text("fix.led_anew", why=finding.text, leader=names[leaders[finding.trick]])
    return LedAnew(
        text, round=finding.round, trick=finding.trick, player=finding.player, card=finding.card
    )


def _replays(
    lopaka: int | None, index: int, slot: Slot, start: int, kept: set[tuple[int, Slot]]
) -> bool:
    """Whether Lopaka's rules play this card again: his, his hand known
    (``lopaka``), from the first trick the fix changed on, and not the card
    the fix itself named."""
    return slot[0] == lopaka and index >= start and (index, slot) not in kept


def _ask(table: Table, dealer: int, number: int, entries: RoundEntries) -> Prompt | None:
    """What the round asks for next, as the engine replays it so far."""
    return next_card(table, entries, replay_round(table, entries, number, dealer))


def _lopaka(ask: Prompt, had: int | None, number: int, notes: list[Text]) -> int:
    """Lopaka's card by his rules (``ask.forced``), noted when it is not
    the one he had in that place."""
    card = ask.forced
    assert card is not None and ask.reason is not None
    if card != had:
        values: dict[str, Value] = {"round": number, "trick": ask.trick, "card": card_of(card)}
        if had is None:
            notes.append(Text("fix.lopaka_plays", **values, reason=ask.reason))
        else:
            notes.append(
                Text("fix.lopaka_instead", **values, before=card_of(had), reason=ask.reason)
            )
    return card


def _lopaka_leads(
    table: Table,
    dealer: int,
    number: int,
    entries: RoundEntries,
    tricks: list[tuple[int, ...]],
    notes: list[Text],
) -> list[tuple[int, ...]]:
    """After the last trick entered, Lopaka plays on while it is his turn
    (as the app does after every card)."""
    tricks = list(tricks)
    while True:
        partial = entries.with_tricks(tuple(tricks))
        ask = _ask(table, dealer, number, partial)
        if ask is None or ask.forced is None:
            return tricks
        _lopaka(ask, None, number, notes)
        if ask.position:
            tricks[-1] = (*tricks[-1], ask.forced)
        else:
            tricks.append((ask.forced,))


def _taken_back(
    names: tuple[str, ...], number: int, trick: int, leader: int, left: dict[Slot, int]
) -> list[Text]:
    """The cards of a trick being played that cannot keep their places: a
    player who now comes before them has not played yet. They are taken
    back, each said, to be entered again in its player's turn."""
    return [
        Text(
            "fix.taken_back",
            round=number,
            trick=trick,
            leader=names[leader],
            player=names[seat],
            card=card_of(card),
        )
        for (seat, _nth), card in sorted(left.items())
    ]
