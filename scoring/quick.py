"""Quick rounds: coins, bottle owners and the Imp's Trick entered without cards
(docs/record-format.md, ``quick``; docs/rules.md, section 5).
"""

from __future__ import annotations

from scoring.cards import CODE_LIMIT, card_text
from scoring.entries import QuickEntry, RoundEntries
from scoring.findings import QuickRoundError, RuleError
from scoring.hands import mark_imps_trick
from scoring.scores import score_round
from scoring.state import RoundState
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
        listed = ", ".join(card_text(card) for card in cards)
        raise QuickRoundError(
            f"the Imp's Trick's cards {listed} hold {coins} coins, "
            f"but its coins are entered as {points}"
        )
    return cards


def _check(table: Table, shape: RoundShape, quick: QuickEntry) -> None:
    bottles = table.variant.bottles
    if len(quick.bottle) != bottles:
        word = "one bottle" if bottles == 1 else f"{bottles} bottles"
        raise QuickRoundError(
            f"this game has {word}, so {bottles} bottle owner(s) must be named, "
            f"not {len(quick.bottle)}"
        )
    deck_total = table.deck.total
    for seat, points in enumerate(quick.points):
        name = shape.names[seat]
        if points is None:
            if not _may_be_left_out(shape, quick, seat):
                raise QuickRoundError(f"{name}'s coins are missing, and {name} owns no bottle")
        elif not 0 <= points <= deck_total:
            raise QuickRoundError(
                f"{name}'s coins must be between 0 and {deck_total}, not {points}"
            )
    if not 0 <= quick.imps_trick_points <= deck_total:
        raise QuickRoundError(
            "the Imp's Trick's coins must be between 0 and "
            f"{deck_total}, not {quick.imps_trick_points}"
        )
    known = all(points is not None for points in quick.points) and quick.lopaka_known
    if known:
        total = sum(points or 0 for points in quick.points) + quick.imps_trick_points
        if total != deck_total:
            raise QuickRoundError(_not_adding_up(shape, quick, total, deck_total))


def _not_adding_up(shape: RoundShape, quick: QuickEntry, total: int, deck_total: int) -> str:
    """Why the coins entered are not the deck's, naming each number."""
    each = [f"{shape.names[seat]} {points}" for seat, points in enumerate(quick.points)]
    listed = ", ".join(each) + f" and the Imp's Trick {quick.imps_trick_points}"
    gap = abs(deck_total - total)
    word = "coin" if gap == 1 else "coins"
    gap_text = f"{gap} {word} missing" if total < deck_total else f"{gap} {word} too many"
    return (
        f"the coins entered ({listed}) make {total}, but the deck holds {deck_total}: {gap_text}"
    )


def _may_be_left_out(shape: RoundShape, quick: QuickEntry, seat: int) -> bool:
    """Whether a participant's coins are not counted: a bottle owner's, a
    bottle owner's team partner's (the team scores minus the penalty), or
    Lopaka's when his coins are not entered."""
    if seat in quick.bottle or (seat == shape.lopaka and not quick.lopaka_known):
        return True
    return any(seat in team and set(team) & set(quick.bottle) for team in shape.teams)
