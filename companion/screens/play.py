"""The round being played as the round screen shows it: its tricks, the card
asked for and the grid of cards to tap, the bottles, the result. Nothing
here decides a rule: every value is the engine's (its replay and prompt)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import overload

from django.utils.translation import get_language, gettext

from companion.models import Round
from companion.present import (
    CardFace,
    PlayedCard,
    Replay,
    faces,
)
from companion.replay import RoundRow
from companion.revokes import unsettled
from companion.screens.result import ResultView, result_view
from companion.screens.revokes import RevokeView, revoke_view
from companion.texts import card_number, hand_words, say
from scoring.cards import COLOUR_SYMBOLS, Deck
from scoring.prompt import Prompt
from scoring.rounds import RoundState, TrickPlay
from scoring.texts import colour_text
from scoring.tricks import explain_play
from scoring.variants import BRIGHT_HOUSE


@dataclass(frozen=True, slots=True)
class TrickView:
    """One trick of a round as the screens show it: who played what, who
    won, the price it sold at, the ruling in the engine's words."""

    round: int
    number: int
    leader: str
    cards: tuple[PlayedCard, ...]
    winner: str | None
    price: str | None
    points: int
    ruling: str
    complete: bool
    confirmed: bool = False


def trick_view(
    shown: Mapping[int, CardFace],
    names: tuple[str, ...],
    round_number: int,
    number: int,
    play: TrickPlay,
    bottles: int = 1,
    *,
    confirmed: bool = False,
) -> TrickView:
    """One trick of a round (``shown``: the deck's :func:`faces`): who
    played what, who won, the ruling in the engine's words (which bottle
    it sold when the round has ``bottles`` 2)."""
    return TrickView(
        round=round_number,
        number=number,
        leader=names[play.leader],
        cards=tuple(
            PlayedCard(names[seat], shown[card])
            for seat, card in zip(play.players, play.cards, strict=False)
        ),
        winner=None if play.winner is None else names[play.winner],
        price=None if play.price is None else card_number(play.price),
        points=play.points,
        ruling=say(explain_play(play, names, bottles)) if play.is_complete else "",
        complete=play.is_complete,
        confirmed=confirmed,
    )


class TrickViews(Sequence[TrickView]):
    """The :func:`trick_view` of each trick of a round, each made when it is
    first read: a card's answer shows the last trick or two (the ruling,
    the strip of tricks to fix), not the whole round's."""

    def __init__(
        self,
        shown: Mapping[int, CardFace],
        names: tuple[str, ...],
        row: Round | RoundRow,
        plays: tuple[TrickPlay, ...],
        bottles: int = 1,
    ) -> None:
        self.shown, self.names, self.row, self.plays = shown, names, row, plays
        self.bottles = bottles
        self.made: dict[int, TrickView] = {}

    def __len__(self) -> int:
        return len(self.plays)

    @overload
    def __getitem__(self, index: int) -> TrickView: ...

    @overload
    def __getitem__(self, index: slice) -> list[TrickView]: ...

    def __getitem__(self, index: int | slice) -> TrickView | list[TrickView]:
        if isinstance(index, slice):
            return [self._view(i) for i in range(len(self.plays))[index]]
        return self._view(range(len(self.plays))[index])

    def _view(self, index: int) -> TrickView:
        if index not in self.made:
            play, row = self.plays[index], self.row
            self.made[index] = trick_view(
                self.shown,
                self.names,
                row.number,
                index + 1,
                play,
                self.bottles,
                confirmed=row.confirmed,
            )
        return self.made[index]


@dataclass(frozen=True, slots=True)
class BottleView:
    """A bottle's price now (none after a quick entry) and its owner (none
    while it is on the start card)."""

    price: str | None
    owner: str | None


def bottles_view(state: RoundState) -> tuple[BottleView, ...]:
    """Each bottle's price and owner now."""
    names = state.shape.names
    if state.is_quick:
        return tuple(BottleView(None, names[seat]) for seat in state.bottle_owners)
    return tuple(
        BottleView(card_number(price), None if owner is None else names[owner])
        for price, owner in zip(state.prices, state.owners, strict=True)
    )


@dataclass(frozen=True, slots=True)
class Coins:
    """A player's coins won in tricks so far."""

    name: str
    points: int | None


@dataclass(frozen=True, slots=True)
class Slot:
    """A place in the trick being played: whose, the card there (or none
    yet), whether it is the next, what the screen asks once it is, and the
    hand it comes from (Bright House)."""

    name: str
    face: CardFace | None
    is_next: bool
    asks: str
    hand: str


@dataclass(frozen=True, slots=True)
class Led:
    """The colour led, as the table's deck shows it."""

    name: str
    symbol: str
    css: str


@dataclass(frozen=True, slots=True)
class Pick:
    """One card of the grid to tap (:func:`pick`)."""

    face: CardFace
    state: str
    off: bool
    gone: bool
    led: bool
    mark: str


@dataclass(frozen=True, slots=True)
class AskView:
    """Whose card is asked for, the trick so far, and the grid to tap."""

    player: str
    leader: str
    trick: int
    hand: str
    slots: tuple[Slot, ...]
    is_hand_known: bool
    forced: CardFace | None
    reason: str | None
    led: Led | None
    picker: tuple[Pick, ...]
    marks: str


@dataclass(frozen=True, slots=True)
class RoundView:
    """Everything the round screen shows about one round: its entries
    (``row``) and the engine's state, the set-up (dealer, teams, sizes),
    the bottles and coins now, its tricks, the revokes waiting and settled,
    the card asked for (``ask``), the last ruling, the result."""

    row: Round | RoundRow
    state: RoundState
    number: int
    dealer: str
    teams: tuple[tuple[str, str], ...]
    individuals: tuple[str, ...]
    imps_trick_size: int
    tricks_total: int
    bottles: tuple[BottleView, ...]
    coins: tuple[Coins, ...]
    tricks: Sequence[TrickView]
    warnings: tuple[RevokeView, ...]
    settled: tuple[RevokeView, ...]
    complete: bool
    quick: bool
    result: ResultView | None
    ask: AskView | None
    lopaka: str | None
    ruling: TrickView | None
    opening: bool
    next_leader: str | None
    last_trick: TrickView | None = None
    """The trick just played, kept in the slots with its ruling until the
    next trick's first card (None once that card is in, and before)."""


def round_view(replayed: Replay, row: Round | RoundRow) -> RoundView:
    """Everything the round screen shows about one round (a complete round's
    result needs the whole game: its totals)."""
    state = replayed.round_state(row.number)
    shape, shown = state.shape, faces(replayed.deck)
    names = shape.names
    ask = replayed.prompt(row.number)
    waiting = unsettled(state.warnings, row.settled_revokes)
    tricks = TrickViews(shown, names, row, state.tricks, len(state.prices))
    lopaka = None if shape.lopaka is None else names[shape.lopaka]
    # The last complete trick's ruling stays on screen while the next trick
    # is played (its place on the round screen is always there).
    done = [trick for trick in tricks[-2:] if trick.complete]
    next_leader = None
    if tricks and tricks[-1].complete and not state.complete:
        next_leader = names[state.next_leader]
    asked = None if ask is None else prompt_view(replayed, state, ask)
    last_trick = None
    if ask is not None and not ask.cards_so_far and done and done[-1].number == ask.trick - 1:
        last_trick = done[-1]
    return RoundView(
        row=row,
        state=state,
        number=row.number,
        dealer=names[shape.dealer],
        teams=tuple((names[a], names[b]) for a, b in shape.teams),
        individuals=tuple(names[seat] for seat in shape.individuals),
        imps_trick_size=shape.imps_trick_size,
        tricks_total=shape.tricks,
        bottles=bottles_view(state),
        coins=tuple(
            Coins(name, points) for name, points in zip(names, state.trick_points, strict=True)
        ),
        tricks=tricks,
        warnings=tuple(revoke_view(warning, replayed.deck) for warning in waiting),
        settled=tuple(
            revoke_view(warning, replayed.deck)
            for warning in state.warnings
            if warning not in waiting
        ),
        complete=state.complete,
        quick=state.is_quick,
        result=result_view(replayed, state),
        ask=asked,
        lopaka=lopaka,
        ruling=done[-1] if done else None,
        # The round's first card (and Lopaka's answer to it): the dealer and
        # quick entry below the play are no longer offered.
        opening=len(tricks) == 1 and sum(card.name != lopaka for card in tricks[0].cards) == 1,
        next_leader=next_leader,
        last_trick=last_trick,
    )


def prompt_view(replayed: Replay, state: RoundState, ask: Prompt) -> AskView:
    """Whose card is asked for, the trick so far, and the picker's cards."""
    deck, shape, shown = replayed.deck, state.shape, faces(replayed.deck)
    names = shape.names
    order = shape.orders[ask.leader]
    bright_house = replayed.table.variant.hands == BRIGHT_HOUSE
    slots = []
    for position, seat in enumerate(order):
        card = ask.cards_so_far[position] if position < len(ask.cards_so_far) else None
        slots.append(
            Slot(
                name=names[seat],
                face=None if card is None else shown[card],
                is_next=position == ask.position,
                # What the screen asks once this slot's card is next
                # (static/js/round.js, while the cards before it wait).
                asks=gettext("%(name)s's card") % {"name": names[seat]},
                hand=hand_words(shape.hands[position]) if bright_house else "",
            )
        )
    unseen, choices = set(ask.unseen), set(ask.choices)
    made = _picks(deck, get_language())
    picker = []
    for card in deck.cards:
        how = "ok" if card in choices else "off" if card in unseen else "gone"
        key = (card, how, ask.led is not None and deck.colour[card] == ask.led)
        item = made.get(key)
        if item is None:
            item = made[key] = pick(shown[card], how, led=key[2])
        picker.append(item)
    return AskView(
        player=names[ask.player],
        leader=names[ask.leader],
        trick=ask.trick,
        hand=hand_words(ask.hand) if bright_house else "",
        slots=tuple(slots),
        is_hand_known=ask.is_hand_known,
        forced=None if ask.forced is None else shown[ask.forced],
        reason=None if ask.reason is None else say(ask.reason),
        led=None if ask.led is None else led_view(deck, ask.led),
        picker=tuple(picker),
        marks="".join(item.mark for item in picker),
    )


def led_view(deck: Deck, colour: int) -> Led:
    """The colour the engine says was led (:attr:`scoring.prompt.Prompt.led`):
    its name and symbol as the table's deck shows them."""
    prefix = "suit" if deck.edition == "classic" else "matagot"
    name = deck.colour_names()[colour]
    word = say(colour_text(name))
    return Led(word, COLOUR_SYMBOLS[colour], f"{prefix}-{name}")


@lru_cache(maxsize=64)
def _picks(deck: Deck, language: str | None) -> dict[tuple[int, str, bool], Pick]:
    """The picks of a deck's grid made so far in a language, by card, state
    and colour led: values, made once (a card's answer makes the grid's
    every card: made anew, they cost as much again as the rest of the
    round's view)."""
    return {}


def pick(card: CardFace, state: str, *, led: bool = False) -> Pick:
    """One card of the picker: a button to enter it ("ok"), a disabled one
    ("off": the engine says it cannot be played now), or a gap ("gone":
    played already); ``led``: of the colour led in the trick (set off on
    screen). The markup is the ``pick`` partial of ``imp/cards.html``;
    ``mark`` is the same in one character, for a card's answer to a phone
    that already shows the grid (:data:`MARKS`)."""
    led = led and state != "gone"
    return Pick(card, state, state == "off", state == "gone", led, MARKS[(state, led)])


MARKS = {
    ("ok", False): ".",
    ("ok", True): "l",
    ("off", False): "o",
    ("off", True): "O",
    ("gone", False): "-",
}
"""Each card of the grid in one character, in the deck's order: the answer
to a card tapped on a phone with JavaScript sends these in place of the
grid's buttons, and static/js/round.js sets the buttons it already shows
(a button to tap ".", of the colour led "l", one that may not be played now
"o" or "O" when of the colour led, a gap "-")."""
