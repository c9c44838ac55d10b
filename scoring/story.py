"""The story of a round, told from its replay (docs/rules.md, sections 2, 4, 5 and 6).

What a table wants to see once a round is over: each player's score with
its reason, the bottle's journey (every price it was bought at, by whom, in
which trick, and where it ended; both bottles where there are two), the
Imp's Trick's cards and coins, the totals, and who deals next. A quick
round tells what its entries hold: the coins and the owners, no journey.

Everything here is read from a :class:`~scoring.game.GameState`, the replay
of the entries; nothing is stored and nothing is decided anew.

>>> from scoring.cards import card_code as c, card_text
>>> from scoring.entries import Goal, RoundEntries
>>> from scoring.game import replay_game
>>> from scoring.variants import Table
>>> table = Table.create(("Adam", "Betty", "Christian"), "classic")
>>> tricks = [
...     "22 18 25", "28 15 12", "9 5 7", "34 32 30", "27 24 20", "17 13 10",
...     "8 6 4", "11 37 36", "14 35 33", "16 31 29", "21 23 26"]
>>> entries = RoundEntries(tricks=tuple(tuple(c(n) for n in t.split()) for t in tricks))
>>> story = round_story(replay_game(table, Goal(), 0, [entries]), 1)
>>> [(p.trick, story.names[p.buyer], card_text(p.price)) for p in story.journeys[0].purchases]
[(1, 'Christian', '18'), (2, 'Adam', '15'), (3, 'Adam', '9'), (7, 'Adam', '8')]
>>> story.names[story.journeys[0].owner], story.penalty, story.names[story.next_dealer]
('Adam', 4, 'Betty')
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.game import GameState, next_dealer_after
from scoring.scores import reason
from scoring.state import RoundState
from scoring.texts import Text
from scoring.tricks import winning_place

__all__ = ["Journey", "Purchase", "RoundStory", "ScoreStory", "journeys", "round_story"]


@dataclass(frozen=True)
class Purchase:
    """One sale of a bottle (docs/rules.md, section 4): in which trick, who
    bought it, the price paid (the winning card, which becomes the price),
    and from whom (None: nobody owned it yet)."""

    trick: int
    bottle: int
    buyer: int
    price: int
    seller: int | None


@dataclass(frozen=True)
class Journey:
    """One bottle's way through a round: every purchase in order, and where
    it ended. ``price`` is None where a quick round does not say it;
    ``owner`` is None if nobody ever bought it."""

    bottle: int
    purchases: tuple[Purchase, ...]
    owner: int | None
    price: int | None


@dataclass(frozen=True)
class ScoreStory:
    """One player's score for the round, with its reason in plain words
    (:func:`scoring.scores.reason`), the coins won in tricks (None where a
    quick entry left them out), tricks won (None for a quick round) and
    bottles owned at the end."""

    player: int
    score: int
    reason: Text
    coins: int | None
    tricks: int | None
    bottles: int


@dataclass(frozen=True)
class RoundStory:
    """A complete round, told: see the module docstring.

    ``names`` are the participants' names (Lopaka last in his variant);
    ``coins`` and ``tricks_won`` are by participant, Lopaka included;
    ``scores`` and ``totals`` by player. ``imps_trick`` is None where a
    quick round did not enter its cards. ``totals`` are the running totals
    after this round; ``ends_game`` says whether the game ended with it
    (``winners`` then holds the seats with the highest total).
    """

    number: int
    dealer: int
    names: tuple[str, ...]
    is_quick: bool
    journeys: tuple[Journey, ...]
    imps_trick: tuple[int, ...] | None
    penalty: int
    coins: tuple[int | None, ...]
    tricks_won: tuple[int, ...] | None
    scores: tuple[ScoreStory, ...]
    totals: tuple[int, ...]
    next_dealer: int
    ends_game: bool
    winners: tuple[int, ...]
    lopaka: int | None


def journeys(state: RoundState) -> tuple[Journey, ...]:
    """Each bottle's journey through a round, as far as it has been played.

    A sale is a complete trick whose ruling moved a bottle; the price paid
    is the winning card (:func:`scoring.tricks.winning_place`). A quick
    round has no tricks: its journeys are only the owners it names.
    """
    if state.is_quick:
        return tuple(Journey(bottle, (), owner, None) for bottle, owner in enumerate(state.owners))
    bottles = len(state.prices)
    sales: list[list[Purchase]] = [[] for _ in range(bottles)]
    owners: list[int | None] = [None] * bottles
    for number, play in enumerate(state.tricks, 1):
        if play.bottle is None or play.winner is None:
            continue
        at, _sold = winning_place(play.cards, play.old_price)
        bottle = play.bottle
        sales[bottle].append(Purchase(number, bottle, play.winner, play.cards[at], owners[bottle]))
        owners[bottle] = play.winner
    return tuple(
        Journey(bottle, tuple(sales[bottle]), state.owners[bottle], state.prices[bottle])
        for bottle in range(bottles)
    )


def round_story(game: GameState, number: int) -> RoundStory:
    """The story of the complete round ``number`` (from 1) of a replayed game.

    Who deals next is the dealer of the following round when there is one
    (a table may have named another), else the player left of this round's
    dealer. LookupError for a round the game does not have, ValueError for
    one not complete yet.
    """
    if not 1 <= number <= len(game.rounds):
        raise LookupError(f"the game has no round {number}")
    state = game.rounds[number - 1]
    outcome = state.outcome
    if outcome is None or state.penalty is None:
        raise ValueError(f"round {number} is not complete yet")
    shape = state.shape
    players = len(game.table.players)
    tricks_won: tuple[int, ...] | None = None
    if not state.is_quick:
        won = [0] * shape.participants
        for play in state.tricks:
            if play.winner is not None:
                won[play.winner] += 1
        tricks_won = tuple(won)
    coins = tuple(state.trick_points) + (None,) * (shape.participants - len(state.trick_points))
    scores = tuple(
        ScoreStory(
            line.player,
            line.score,
            reason(line, shape.names, coins[line.player], outcome.penalty, game.table.deck.edition),
            coins[line.player],
            None if tricks_won is None else tricks_won[line.player],
            line.bottles,
        )
        for line in outcome.lines
    )
    totals = [0] * players
    for earlier in game.rounds[:number]:
        if earlier.outcome is not None:
            for seat, score in enumerate(earlier.outcome.scores):
                totals[seat] += score
    if number < len(game.rounds):
        next_dealer = game.rounds[number].shape.dealer
    else:
        next_dealer = next_dealer_after(game.table, shape.dealer)
    ends_game = game.finished and number == len(game.rounds)
    return RoundStory(
        number=number,
        dealer=shape.dealer,
        names=shape.names,
        is_quick=state.is_quick,
        journeys=journeys(state),
        imps_trick=state.imps_trick,
        penalty=state.penalty,
        coins=coins,
        tricks_won=tricks_won,
        scores=scores,
        totals=tuple(totals),
        next_dealer=next_dealer,
        ends_game=ends_game,
        winners=game.winners if ends_game else (),
        lopaka=shape.lopaka,
    )
