"""Fixing a trick in place: what the round screen shows while the table
fixes a card of a trick already played.

The trick's cards by player (the player whose card is wrong is chosen
first), and the card grid of play with every card of the deck: one not
played yet, or one lying elsewhere — in another trick ("Ben, trick 2"), in
this trick, in the Imp's Trick or a known hand — with where it lies, so one
tap moves it here (:func:`companion.actions.move_card` swaps the two cards:
every trick stays whole, and every later card stays with its player).
Nothing here decides a rule: the engine replays the fixed round and judges
it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.http import Http404

from companion.models import Round
from companion.present import CardFace, Replay, face
from companion.replay import RoundRow
from companion.texts import known_hand_words, trick_words
from scoring.cards import card_code
from scoring.rounds import RoundState
from scoring.variants import LOPAKA


@dataclass(frozen=True, slots=True)
class FixSlot:
    """A card of the trick being fixed: its place in play order, whose it
    is, its face, and whether it is the one chosen to be fixed."""

    position: int
    name: str
    face: CardFace
    chosen: bool


@dataclass(frozen=True, slots=True)
class FixPick:
    """One card of the fix grid: its face, and where it lies now — who and
    where, one line each on the card, and as words ("Ben, trick 2")."""

    face: CardFace
    who: str
    place: str
    where: str


@dataclass(frozen=True, slots=True)
class TrickLink:
    """A trick of the round, one tap from being fixed."""

    number: int


@dataclass(frozen=True, slots=True)
class FixView:
    """Trick ``trick`` of round ``round`` opened to be fixed: its cards by
    player (``slots``, the ``chosen`` one first to fix), the grid of every
    card (``picker``), the round's tricks to move to, whether the trick can
    be deleted (not in a confirmed round), and whether it is fixed on a
    page of its own (``apart``: an earlier round)."""

    round: int
    trick: int
    slots: tuple[FixSlot, ...]
    chosen: FixSlot | None
    picker: tuple[FixPick, ...]
    tricks: tuple[TrickLink, ...]
    can_delete: bool
    apart: bool = False


def fix_view(
    replayed: Replay,
    row: Round | RoundRow,
    trick: int,
    position: int | None,
    words: Mapping[str, str],
    *,
    apart: bool = False,
) -> FixView:
    """Trick ``trick`` of the round ``row`` opened to be fixed, with the
    player at ``position`` (play order) chosen; 404 for a trick the round
    does not have."""
    state = replayed.round_state(row.number)
    if not 1 <= trick <= len(state.tricks):
        raise Http404("No such trick.")
    deck, names = replayed.deck, state.shape.names
    play = state.tricks[trick - 1]
    seats = list(zip(play.players, play.cards, strict=False))
    slots = tuple(
        FixSlot(index, names[seat], face(deck, card), index == position)
        for index, (seat, card) in enumerate(seats)
    )
    places = _places(state, row, trick, words)
    return FixView(
        round=row.number,
        trick=trick,
        slots=slots,
        chosen=None if position is None or position >= len(slots) else slots[position],
        picker=tuple(_pick(face(deck, card), places.get(card)) for card in deck.cards),
        tricks=tuple(TrickLink(number) for number in range(1, len(state.tricks) + 1)),
        can_delete=not row.confirmed,
        apart=apart,
    )


def _pick(card: CardFace, place: tuple[str, str] | None) -> FixPick:
    who, where = place or ("", "")
    words = ", ".join(part for part in (who, where) if part)
    return FixPick(card, who, where, words)


def _places(
    state: RoundState, row: Round | RoundRow, trick: int, words: Mapping[str, str]
) -> dict[int, tuple[str, str]]:
    """Where each card of the round lies now: (who, where) in the players'
    words — ("Ben", "trick 2"), ("Ben", "this trick"), ("", "Imp's Trick")."""
    names = state.shape.names
    places: dict[int, tuple[str, str]] = {}
    for number, play in enumerate(state.tricks, 1):
        for seat, card in zip(play.players, play.cards, strict=False):
            places[card] = (names[seat], trick_words(number, this=number == trick))
    for card in state.imps_trick or ():
        places.setdefault(card, ("", str(words["imps_trick"])))
    hands = [(LOPAKA, row.lopaka_hand or ())]
    hands += list((row.open_hands or {}).items())
    for name, cards in hands:
        for text in cards:
            code = card_code(text)
            if code is not None:
                hand = known_hand_words(lopaka=name == LOPAKA)
                places.setdefault(code, (name, hand))
    return places
