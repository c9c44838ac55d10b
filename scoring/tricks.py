"""Who wins a trick, and where the bottle goes (docs/rules.md, section 4).

>>> from scoring.cards import card_code as c
>>> ruling = rule_trick([c("24"), c("15"), c("17"), c("32")], [c("19")])
>>> ruling.winner_index, ruling.new_price == c("17"), ruling.bottle
(2, True, 0)
>>> print(explain(ruling, ["Adam", "Betty", "Christian", "Doris"]))
17 is the highest card below the price 19: Christian wins the trick and the bottle; \
the price is now 17.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from scoring.cards import card_of, dearer
from scoring.texts import Text, Value

if TYPE_CHECKING:
    from scoring.state import TrickPlay


class TrickRuling(NamedTuple):
    """The ruling on a complete trick.

    ``winner_index`` is the place in the trick of the winning card;
    ``bottle`` is the index of the bottle sold (or None); ``new_price`` the
    price of that bottle afterwards (or None when no bottle moved);
    ``prices_after`` every bottle's price after the trick, and
    ``next_price`` the price the next trick is played at (:func:`sell`).
    """

    winner_index: int
    winning_card: int
    bottle: int | None
    old_price: int
    new_price: int | None
    prices_after: tuple[int, ...]
    next_price: int


def rule_trick(cards: Sequence[int], prices: Sequence[int]) -> TrickRuling:
    """Rule on a trick of card codes, given the bottle prices before it.

    With two bottles the dearer one is the one sold (section 5; :func:`sell`).
    """
    price = dearer(prices)
    at, sold = winning_place(cards, price)
    card = cards[at]
    if sold:
        bottle, after, next_price = sell(prices, card)
        return TrickRuling(at, card, bottle, price, card, after, next_price)
    return TrickRuling(at, card, None, price, None, tuple(prices), price)


def sell(prices: Sequence[int], card: int) -> tuple[int, tuple[int, ...], int]:
    """A bottle is sold at ``card``: the dearer bottle is sold, and the next
    trick is played at the dearer of the bottles after (docs/rules.md,
    section 5). Gives the bottle sold (its index), every bottle's price
    after, and the next price. The one place this rule is written: the
    replay (:mod:`scoring.rounds`) and the dispute page both call it.

    >>> from scoring.cards import card_code as c, card_text
    >>> bottle, after, next_price = sell([c("15"), c("19")], c("12"))
    >>> bottle, [card_text(p) for p in after], card_text(next_price)
    (1, ['15', '12'], '15')
    >>> sell([c("19")], c("17")) == (0, (c("17"),), c("17"))
    True
    """
    if len(prices) == 1:
        return 0, (card,), card
    first, second = prices  # at most two bottles (section 5)
    bottle = 0 if first == dearer(prices) else 1  # the first on a tie
    after = (card, second) if bottle == 0 else (first, card)
    return bottle, after, dearer(after)


def winning_place(cards: Sequence[int], price: int) -> tuple[int, bool]:
    """Where in the trick the winning card lies, and whether it is below the
    price, so that its player buys the bottle: the highest card below the
    price wins; when no card is below it, the highest card wins and the
    bottle does not move. The one place this rule is written; the replay's
    hot path calls it once a trick, so it keeps to a plain loop.

    >>> from scoring.cards import card_code as c
    >>> winning_place([c("24"), c("15"), c("17"), c("32")], c("19"))
    (2, True)
    >>> winning_place([c("24"), c("32"), c("20")], c("12"))
    (1, False)
    """
    best_below = best = -1
    below_at = best_at = 0
    for index, card in enumerate(cards):
        if card < price:
            if card > best_below:
                best_below, below_at = card, index
        elif card > best:
            best, best_at = card, index
    if best_below >= 0:
        return below_at, True
    return best_at, False


def wins_so_far(cards: Sequence[int], price: int) -> int:
    """Index of the card that would win the trick as it stands."""
    return winning_place(cards, price)[0]


def explain(ruling: TrickRuling, players: Sequence[Value]) -> Text:
    """One sentence that says who wins a trick and why.

    ``players`` are the names of whoever played each card, in play order.
    """
    winner = players[ruling.winner_index]
    card = card_of(ruling.winning_card)
    price = card_of(ruling.old_price)
    if ruling.new_price is None:
        return Text("ruling.not_sold", price=price, card=card, winner=winner)
    return Text("ruling.sold", card=card, price=price, winner=winner)


def explain_play(play: TrickPlay, names: Sequence[str], bottles: int = 1) -> Text:
    """The ruling on a complete :class:`~scoring.state.TrickPlay`, in words.

    With two bottles (``bottles``, section 5) the dearer one is sold: the
    sentence says which, by its number on the table's screen (the order of
    :attr:`scoring.state.RoundState.prices`, from 1), and the price of both
    afterwards.

    >>> from scoring.state import TrickPlay
    >>> play = TrickPlay(0, (0, 1, 2), (48, 30, 34), 2, 34, 1, 38, 7)
    >>> print(explain_play(play, ["Adam", "Betty", "Christian"], bottles=2))
    17 is the highest card below the dearer price 19: Christian wins the trick and \
bottle 2, which was at 19; its price is now 17.
    """
    ruling = rule_trick(play.cards, [play.old_price])
    text = explain(ruling, [names[seat] for seat in play.players])
    if bottles == 1:
        after = play.price
        if ruling.new_price is not None and after is not None and after != ruling.new_price:
            return Text("ruling.sold_other_dearer", other=card_of(after), **text.values)
        return text
    if ruling.new_price is None or play.bottle is None:
        return Text("ruling.not_sold_bottles", **text.values)
    sold = Text("ruling.sold_bottle", bottle=play.bottle + 1, **text.values)
    if play.price is not None and play.price != ruling.new_price:
        other = 2 - play.bottle  # the other of bottles 1 and 2
        return Text(
            "ruling.sold_bottle_other_dearer",
            other_bottle=other,
            other=card_of(play.price),
            **sold.values,
        )
    return sold
