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

from scoring.cards import card_of
from scoring.texts import Text, Value

if TYPE_CHECKING:
    from scoring.state import TrickPlay


class TrickRuling(NamedTuple):
    """The ruling on a complete trick.

    ``winner_index`` is the place in the trick of the winning card;
    ``bottle`` is the index of the bottle sold (or None); ``new_price`` the
    price of that bottle afterwards (or None when no bottle moved).
    """

    winner_index: int
    winning_card: int
    bottle: int | None
    old_price: int
    new_price: int | None


def rule_trick(cards: Sequence[int], prices: Sequence[int]) -> TrickRuling:
    """Rule on a trick of card codes, given the bottle prices before it.

    With two bottles the dearer one is the one sold (section 5).
    """
    price = max(prices)
    at, sold = winning_place(cards, price)
    card = cards[at]
    if sold:
        return TrickRuling(at, card, prices.index(price), price, card)
    return TrickRuling(at, card, None, price, None)


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


def explain_play(play: TrickPlay, names: Sequence[str]) -> Text:
    """The ruling on a complete :class:`~scoring.state.TrickPlay`, in words.

    With two bottles the dearer one is sold; the sentence then names the
    price of both afterwards.
    """
    ruling = rule_trick(play.cards, [play.old_price])
    text = explain(ruling, [names[seat] for seat in play.players])
    after = play.price
    if ruling.new_price is not None and after is not None and after != ruling.new_price:
        return Text("ruling.sold_other_dearer", other=card_of(after), **text.values)
    return text
