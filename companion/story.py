"""The story of a complete round, worded for the screen: each player's
score and why, each bottle's journey (who bought it, in which trick, at
what price, from whom; where it ended), the Imp's Trick, who deals next.

The engine tells it (:func:`scoring.story.round_story`, from the replay of
the entries); this module only puts names and card faces on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from companion.present import CardFace, Replayed, face
from companion.texts import card_number, say
from scoring.cards import START_PRICE
from scoring.story import Journey, RoundStory, round_story


@dataclass(frozen=True)
class Sale:
    """One purchase of a bottle: "Trick 3: Betty buys it at 15 from Adam"."""

    trick: int
    buyer: str
    price: str
    seller: str | None
    """Who sold it; None for the first purchase, off the start price card
    (the template names the card in the edition's words, with its article)."""


@dataclass(frozen=True)
class Trip:
    """One bottle's journey through the round."""

    title: str
    sales: tuple[Sale, ...]
    end: str
    """Where it ended, in words: "Doris ends with it, at 10"."""


@dataclass(frozen=True)
class Score:
    """A player's score in the round and why, the tricks won, and the total
    after it (None for Lopaka, who is not in the standings)."""

    name: str
    score: int
    reason: str
    tricks: int | None
    total: int | None = None


@dataclass(frozen=True)
class StoryView:
    number: int
    dealer: str
    is_quick: bool
    scores: tuple[Score, ...]
    trips: tuple[Trip, ...]
    imps_trick: tuple[CardFace, ...]
    penalty: int
    totals: tuple[tuple[str, int], ...]
    next_dealer: str
    ends_game: bool
    winners: tuple[str, ...]
    lopaka: str
    """Lopaka's part in words (his coins, whether he ends with the bottle), or ""."""


def story_view(replayed: Replayed, number: int) -> StoryView | None:
    """The story of round ``number``, or None while it is not complete."""
    try:
        story = round_story(replayed.state, number)
    except (LookupError, ValueError):
        return None
    players = replayed.table.players
    names = story.names
    start = replayed.words["start_card"]
    totals = dict(zip(players, story.totals, strict=True))
    return StoryView(
        number=story.number,
        dealer=players[story.dealer],
        is_quick=story.is_quick,
        scores=tuple(
            Score(
                names[item.player],
                item.score,
                say(item.reason),
                item.tricks,
                totals.get(names[item.player]),
            )
            for item in story.scores
        ),
        trips=tuple(_trip(item, names, start, len(story.journeys)) for item in story.journeys),
        imps_trick=tuple(face(replayed.deck, card) for card in story.imps_trick or ()),
        penalty=story.penalty,
        totals=tuple(zip(players, story.totals, strict=True)),
        next_dealer=players[story.next_dealer],
        ends_game=story.ends_game,
        winners=tuple(players[seat] for seat in story.winners),
        lopaka=_lopaka(story, replayed.words["imps_trick"]),
    )


def _trip(journey: Journey, names: tuple[str, ...], start: str, bottles: int) -> Trip:
    if bottles == 1:
        title = gettext("The bottle")
    else:
        title = gettext("Bottle %(number)s") % {"number": journey.bottle + 1}
    sales = tuple(
        Sale(
            sale.trick,
            names[sale.buyer],
            card_number(sale.price),
            None if sale.seller is None else names[sale.seller],
        )
        for sale in journey.purchases
    )
    if journey.owner is None:
        end = gettext("Nobody bought it: it stays on the %(card)s at %(price)s.") % {
            "card": start,
            "price": card_number(START_PRICE),
        }
    elif journey.price is None:
        end = gettext("%(name)s ends with it (entered quickly: its purchases are not known).") % {
            "name": names[journey.owner]
        }
    else:
        end = gettext("%(name)s ends with it, at %(price)s.") % {
            "name": names[journey.owner],
            "price": card_number(journey.price),
        }
    return Trip(title, sales, end)


def _lopaka(story: RoundStory, imps_trick: str) -> str:
    if story.lopaka is None:
        return ""
    coins = story.coins[story.lopaka]
    ends = story.lopaka in {journey.owner for journey in story.journeys}
    if coins is None and ends:
        text = gettext(
            "Lopaka won an uncounted number of coins in tricks and ends with the bottle,"
            " so no player pays the %(imps_trick)s."
        )
    elif coins is None:
        text = gettext("Lopaka won an uncounted number of coins in tricks.")
    elif ends:
        text = ngettext(
            "Lopaka won %(coins)s coin in tricks and ends with the bottle,"
            " so no player pays the %(imps_trick)s.",
            "Lopaka won %(coins)s coins in tricks and ends with the bottle,"
            " so no player pays the %(imps_trick)s.",
            coins,
        )
    else:
        text = ngettext(
            "Lopaka won %(coins)s coin in tricks.", "Lopaka won %(coins)s coins in tricks.", coins
        )
    said = text % {"coins": coins, "imps_trick": imps_trick}
    return f"{said} {gettext('Lopaka is not in the standings.')}"
