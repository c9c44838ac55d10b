"""What the round screen shows, as values for its template: the round
replayed through the engine, the forms it offers (quick entry, known hands,
the dealer), and a fresh stamp for its forms. Nothing here decides a rule."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion.access import Access
from companion.forms import FreshStamp, QuickForm
from companion.models import Game, Round
from companion.present import Replay, Replayed, access_context, face, words_of
from companion.replay import RoundRow, shown_round
from companion.screens.fixing import fix_view
from companion.screens.play import RoundView, TrickView, round_view
from companion.seats import TableSays, seen, table_says
from companion.texts import say
from scoring.entering import played_cards
from scoring.prompt import asked_after, trick_follows, your_turn
from scoring.quick import quick_total
from scoring.state import RoundState
from scoring.variants import LOPAKA

STRIP = 4
"""How many of the round's last tricks the play offers to fix in one tap."""


def last_tricks(tricks: Sequence[TrickView]) -> list[TrickView]:
    """The round's last tricks, one tap from being fixed."""
    return list(tricks[-STRIP:])


def quick_form(game: Game, data: Any = None) -> QuickForm:
    """The quick entry of the round being played: each participant's coins,
    the bottle owners, the Imp's Trick's coins."""
    table = game.table
    return QuickForm(
        data,
        initial=FreshStamp(game.version).initial(),
        names=list(table.names),
        bottles=table.variant.bottles,
        lopaka=LOPAKA if table.variant.has_lopaka else None,
        words=words_of(game),
        total=quick_total(table),
    )


@dataclass(frozen=True, slots=True)
class KnownHand:
    """A face-up hand the table may enter in a round: whose (its ``seat``;
    Lopaka's is after the players'), the place of its refusal (``at``), how
    many cards, the cards stored (``selected``) and the cards shown ticked
    (``chosen``: those stored, or those a refused entry sent)."""

    seat: int
    at: str
    name: str
    size: int
    selected: frozenset[str]
    chosen: frozenset[str]


def known_hands(
    replayed: Replay, row: Round | RoundRow, chosen: tuple[str, list[str]] | None = None
) -> list[KnownHand]:
    """The face-up hands the table may enter in this round, with their cards
    (``selected``, as stored) and the cards shown ticked (``chosen``: those
    stored, or, for the hand of a refused entry, the cards it sent:
    ``chosen`` is that entry's (seat, cards) as sent)."""
    table = replayed.table
    variant = table.variant
    stored: list[tuple[int, str, int, frozenset[str]]] = []
    if variant.has_lopaka:
        lopaka = frozenset(row.lopaka_hand or ())
        stored.append((len(table.players), LOPAKA, table.shape(0).tricks, lopaka))
    if variant.has_open_hands:
        open_hands = row.open_hands or {}
        for seat, name in enumerate(table.players):
            cards = frozenset(open_hands.get(name, ()))
            stored.append((seat, name, variant.open_hand_size, cards))
    hands = []
    for seat, name, size, selected in stored:
        is_refused = chosen is not None and chosen[0] == str(seat)
        shown = frozenset(chosen[1]) if chosen is not None and is_refused else selected
        hands.append(KnownHand(seat, f"hand-{seat}", name, size, selected, shown))
    return hands


def lopaka_first(hands: list[KnownHand], view: RoundView) -> KnownHand | None:
    """Lopaka's hand while it is to be entered first: a Lopaka round that is
    not confirmed and has no hand, no card and no quick entry yet."""
    if view.tricks or view.quick or view.complete or view.row.confirmed:
        return None
    return next((h for h in hands if h.name == LOPAKA and not h.selected), None)


@dataclass(frozen=True, slots=True)
class DealerChoice:
    """A player who may be named the round's dealer (``selected``: the
    dealer now)."""

    seat: int
    name: str
    selected: bool


def dealer_choices(replayed: Replay, view: RoundView) -> list[DealerChoice]:
    """The players, for naming who deals the round (the dealer now is
    selected); none once the round has a card or a quick entry."""
    if view.tricks or view.quick or view.complete:
        return []
    dealer = view.state.shape.dealer
    return [
        DealerChoice(seat, name, seat == dealer) for seat, name in enumerate(replayed.table.players)
    ]


@dataclass(frozen=True, slots=True)
class SeatView:
    """What a seat link's round screen shows of its own seat: whose it is,
    the words of its turn (the engine's, when its player is asked for),
    whether the round's last card is its own (it may take it back), and
    whether it agreed to the round as it is now."""

    name: str
    your_turn: str
    own_last: bool
    agreed: bool
    pace: str = ""
    """How soon its player may be asked for a card (:func:`seat_pace`)."""


SOON, NEAR = "soon", "near"
"""A seat's pace: its player is asked right after the next card (or may
lead the next trick, which the next card closes), or the card after that;
its phone follows the game faster then (static/js/follow.js)."""


def seat_pace(state: RoundState, asked: int, seat: int) -> str:
    """How soon the engine may ask ``seat`` for a card, ``asked`` being
    asked now: :data:`SOON`, :data:`NEAR` or "" (later, or not this trick)."""
    if seat == asked:
        return ""
    after = asked_after(state)
    if seat in after:
        return (SOON, NEAR, "")[min(after.index(seat), 2)]
    # it played this trick already, or sits out of it: it may win the trick
    # and lead the next, once the cards after the next are in (the round's
    # last trick has no next: the table confirms, the round screen asks then)
    if not trick_follows(state):
        return ""
    return (SOON, NEAR, "")[min(len(after), 2)]


def seat_view(access: Access, replayed: Replay, view: RoundView) -> SeatView | None:
    """The seat of a seat link on the round screen (None for the other links)."""
    if access.seat is None:
        return None
    seat, name = access.seat, str(access.seat_name)
    ask = replayed.prompt(view.number) if view.ask is not None else None
    turn = pace = ""
    if ask is not None and ask.player == seat:
        turn = say(your_turn(replayed.table, view.state, ask))
    elif ask is not None:
        pace = seat_pace(view.state, ask.player, seat)
    lopaka = view.state.shape.lopaka
    played = reversed(played_cards(view.state))
    last = next((card.player for card in played if card.player != lopaka), None)
    says = table_says(access.game, view.row)
    own_last = last == seat and not view.row.confirmed
    return SeatView(name, turn, own_last, name in says.agreed, pace)


def round_replay(game: Game) -> Replay:
    """What the round screen needs replayed: the round being played alone
    while it is unfinished (its size does not grow with the game), else the
    whole game (a complete round's result shows the game's totals)."""
    current = shown_round(game)
    return current if current is not None else Replayed.of(game)


def round_context(
    access: Access,
    replayed: Replay | None = None,
    *,
    fix: tuple[int, int | None] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """Everything the round screen's template reads; with ``fix`` (a trick's
    number, and the place in it chosen), that trick opened to be fixed in
    place (:mod:`companion.screens.fixing`)."""
    if replayed is None:
        replayed = round_replay(access.game)
    row = replayed.rounds[-1]
    view = round_view(replayed, row)
    hands = known_hands(replayed, row, extra.pop("chosen", None))
    first = lopaka_first(hands, view)
    next_dealer = None
    if isinstance(replayed, Replayed):
        next_dealer = replayed.table.players[replayed.state.next_dealer]
    context = access_context(access)
    seat = seat_view(access, replayed, view)
    says: TableSays | None = None
    if view.complete and not view.quick and not view.row.confirmed:
        says = table_says(access.game, view.row)
    context.update(
        seen=seen(view.row) if says is not None else "",
        seat=seat,
        can_play=access.can_edit or seat is not None,
        says=says,
        replayed=replayed,
        words=words_of(access.game),
        round=view,
        next_dealer=next_dealer,
        stamp=FreshStamp(access.game.version),
        hands=[hand for hand in hands if hand is not first],
        lopaka_first=first,
        # the quick entry is offered only before the round's first card
        quick_form=None if view.tricks or view.complete else quick_form(access.game),
        quick_open=False,
        dealers=dealer_choices(replayed, view),
        deck=[face(replayed.deck, card) for card in replayed.deck.cards] if hands else [],
        error="",
        fixing=None if fix is None else fix_view(replayed, row, *fix, words_of(access.game)),
        # the last tricks, one tap from being fixed (every trick: in the
        # list); made when drawn (a template calls it), not for every answer
        strip=partial(last_tricks, view.tricks),
    )
    context.update(extra)
    return context
