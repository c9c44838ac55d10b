"""Quick rounds: coins, bottle owners and the Imp's Trick entered without cards
(docs/record-format.md, ``quick``; docs/rules.md, section 5).
"""

from __future__ import annotations

from scoring.cards import CODE_LIMIT, card_of
from scoring.entries import QuickEntry, RoundEntries
from scoring.findings import QuickRoundError, RuleError
from scoring.hands import mark_imps_trick
from scoring.scores import score_round
from scoring.state import RoundState
from scoring.texts import Cards, Text, joined
from scoring.variants import RoundShape, Table


def replay_quick(table: Table, shape: RoundShape, entries: RoundEntries, number: int) -> RoundState:
    """Check a quick round (and its Imp's Trick's cards, when entered) and score it."""
    quick = entries.quick
    assert quick is not None
    try:
        _check(table, shape, quick)
        imps = _imps_trick(table, shape, entries)
    except RuleError as error:
        raise error.located(number) from None
    owners = tuple(quick.bottle)
    penalty = quick.imps_trick_points
    outcome = score_round(table, shape, quick.points, owners, penalty)
    return RoundState(
        number=number,
        shape=shape,
        tricks=(),
        prices=(),
        owners=owners,
        trick_points=quick.points if quick.lopaka_known else quick.points[:-1],
        complete=True,
        imps_trick=imps,
        penalty=penalty,
        outcome=outcome,
        warnings=(),
        next_leader=shape.first_leader,
        is_quick=True,
    )


def quick_total(table: Table) -> int:
    """What a quick round's numbers add up to: the coins of every player's
    tricks and of the Imp's Trick together are all the deck's coins
    (docs/rules.md, sections 1 and 5). The one number left out can be worked
    out from the others; :func:`replay_quick` checks the sum.

    >>> quick_total(Table.create(("Adam", "Betty", "Christian"), "classic"))
    126
    """
    return table.deck.total


def _imps_trick(table: Table, shape: RoundShape, entries: RoundEntries) -> tuple[int, ...] | None:
    """The Imp's Trick's cards entered with a quick round, checked like any
    Imp's Trick; their coins must be the coins entered for it."""
    if entries.imps_trick is None:
        return None
    mark_imps_trick(table, shape, entries, bytearray(CODE_LIMIT))
    cards = tuple(sorted(entries.imps_trick))
    coins = table.deck.points(cards)
    points = entries.quick.imps_trick_points if entries.quick else None
    if coins != points:
        listed = Cards(card_of(card) for card in cards)
        raise QuickRoundError(
            Text("quick.imps_cards_coins", listed=listed, coins=coins, entered=points or 0)
        )
    return cards


def _check(table: Table, shape: RoundShape, quick: QuickEntry) -> None:
    bottles = table.variant.bottles
    if len(quick.bottle) != bottles:
        code = "quick.owners_one" if bottles == 1 else "quick.owners"
        raise QuickRoundError(Text(code, bottles=bottles, count=len(quick.bottle)))
    deck_total = table.deck.total
    for seat, points in enumerate(quick.points):
        name = shape.names[seat]
        if points is None:
            if not _may_be_left_out(shape, quick, seat):
                raise QuickRoundError(Text("quick.coins_missing", player=name))
        elif not 0 <= points <= deck_total:
            raise QuickRoundError(
                Text("quick.coins_range", player=name, most=deck_total, coins=points)
            )
    if not 0 <= quick.imps_trick_points <= deck_total:
        raise QuickRoundError(
            Text("quick.imps_range", most=deck_total, coins=quick.imps_trick_points)
        )
    known = all(points is not None for points in quick.points) and quick.lopaka_known
    if known:
        total = sum(points or 0 for points in quick.points) + quick.imps_trick_points
        if total != deck_total:
            raise QuickRoundError(_not_adding_up(shape, quick, total, deck_total))


def _not_adding_up(shape: RoundShape, quick: QuickEntry, total: int, deck_total: int) -> Text:
    """Why the coins entered are not the deck's, naming each number."""
    each = [
        Text("quick.coins_of", player=shape.names[seat], coins=points or 0)
        for seat, points in enumerate(quick.points)
    ]
    listed = Text("quick.listed", players=joined("list.comma", each), imps=quick.imps_trick_points)
    gap = abs(deck_total - total)
    if total < deck_total:
        code = "quick.coin_missing" if gap == 1 else "quick.coins_missing_many"
    else:
        code = "quick.coin_too_many" if gap == 1 else "quick.coins_too_many"
    return Text(
        "quick.not_adding_up", listed=listed, total=total, deck=deck_total, gap=Text(code, gap=gap)
    )


def _may_be_left_out(shape: RoundShape, quick: QuickEntry, seat: int) -> bool:
    """Whether a participant's coins are not counted: a bottle owner's, a
    bottle owner's team partner's (the team scores minus the penalty), or
    Lopaka's when his coins are not entered."""
    if seat in quick.bottle or (seat == shape.lopaka and not quick.lopaka_known):
        return True
    return any(seat in team and set(team) & set(quick.bottle) for team in shape.teams)
