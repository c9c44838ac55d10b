"""Replaying a round's entries into its state (docs/rules.md, sections 3, 4, 5, 8).

:func:`replay_round` takes what the table entered for a round, finished or
not, and gives back a :class:`RoundState`: the tricks with their winners,
the price and owner of each bottle, coins won so far, revoke warnings, and,
once the round is complete, the Imp's Trick and the scores. Entries that
cannot be what happened raise a :class:`~scoring.findings.RuleError`.
"""

from __future__ import annotations

from scoring.cards import CODE_LIMIT, START_PRICE, card_of, dearer, why_not_a_card
from scoring.entries import RoundEntries
from scoring.findings import (
    CardAlreadyPlayed,
    CardInImpsTrick,
    ImpsTrickError,
    KnownHandError,
    LopakaMisplay,
    NotInOpenHand,
    OpenHandMustFollow,
    Played,
    Revoke,
    RuleError,
    TooManyTricks,
    UnknownCard,
    Where,
    WrongTrickSize,
    quote,
)
from scoring.hands import IMPS, KNOWN, KnownHands, known_hands
from scoring.lopaka import lopaka_play
from scoring.quick import replay_quick
from scoring.scores import score_round
from scoring.state import RoundState, TrickPlay
from scoring.texts import Cards, Text
from scoring.tricks import sell, winning_place
from scoring.variants import OPEN, RoundShape, Table


def replay_round(table: Table, entries: RoundEntries, number: int, dealer: int) -> RoundState:
    """Replay one round's entries (see the module docstring)."""
    shape = table.shape(dealer)
    if entries.quick is not None:
        return replay_quick(table, shape, entries, number)
    try:
        return _Replay(table, shape, entries, number).run()
    except RuleError as error:
        raise error.located(number) from None


def check_trick_count(shape: RoundShape, count: int) -> None:
    """Refuse more tricks than the round has (docs/rules.md, section 3)."""
    if count > shape.tricks:
        raise TooManyTricks(
            Text(
                "trick.too_many",
                participants=shape.participants,
                tricks=shape.tricks,
                count=count,
            ),
            trick=shape.tricks + 1,
        )


class _Replay:
    """The state of one replay while it runs; used once."""

    def __init__(self, table: Table, shape: RoundShape, entries: RoundEntries, number: int):
        self.table = table
        self.deck = table.deck
        self.shape = shape
        self.entries = entries
        self.number = number
        self.colour = table.deck.colour
        self.coins = table.deck.coins
        self.seen = bytearray(CODE_LIMIT)
        self.hands: KnownHands | None = known_hands(table, shape, entries, self.seen)
        self.prices = [START_PRICE] * table.variant.bottles
        self.owners: list[int | None] = [None] * table.variant.bottles
        self.points = [0] * shape.participants
        self.void = [0] * (2 * shape.participants)
        self.void_at: dict[int, tuple[int, int, int]] = {}
        self.warnings: list[Revoke] = []

    def run(self) -> RoundState:
        shape, entries = self.shape, self.entries
        tricks = entries.tricks
        check_trick_count(shape, len(tricks))
        leader = shape.first_leader
        plays = []
        last = len(tricks)
        for number, cards in enumerate(tricks, 1):
            size = len(cards)
            if size > shape.cards_per_trick or (size < shape.cards_per_trick and number < last):
                raise WrongTrickSize(
                    Text("trick.wrong_size", size=shape.cards_per_trick, count=size),
                    trick=number,
                )
            if size == 0:
                continue
            play = self.trick(number, leader, cards)
            plays.append(play)
            if play.winner is not None:
                leader = play.winner
        if self.hands is not None and self.hands.misplay is not None:
            raise self.hands.misplay
        return self.finish(tuple(plays), leader)

    def trick(self, number: int, leader: int, cards: tuple[int, ...]) -> TrickPlay:
        """Check, replay and rule on one trick; the hot path, so it keeps to locals."""
        order = self.shape.orders[leader]
        colour, coins, seen = self.colour, self.coins, self.seen
        void, prices = self.void, self.prices
        price = dearer(prices)
        keys = self.shape.void_keys[leader]
        if self.hands is not None:
            keys = self.hands.check_trick(self, number, order, cards, keys)
        led = colour[cards[0]]
        points = 0
        for index, card in enumerate(cards):
            card_colour = colour[card]
            if card_colour < 0:
                raise UnknownCard(self.not_a_card(card), **self.at(number, order[index], card))
            mark = seen[card]
            if mark and mark != KNOWN:
                self.refuse_seen(number, order[index], card, mark)
            seen[card] = number
            points += coins[card]
            if keys is None:
                continue
            key = keys[index]
            if key < 0:
                continue
            mask = void[key]
            if mask and mask >> card_colour & 1:
                self.revoke(number, index, order[index], card, key, card_colour)
                mask = void[key]
            if index and card_colour != led and not mask >> led & 1:
                void[key] = mask | 1 << led
                self.void_at[3 * key + led] = (number, index, card)
        if len(cards) < self.shape.cards_per_trick:
            return TrickPlay(leader, order[: len(cards)], cards, None, None, None, price, 0)
        bottle = None
        at, sold = winning_place(cards, price)
        winner = order[at]
        if sold:
            bottle, now, after = sell(prices, cards[at])
            prices[:] = now
            self.owners[bottle] = winner
        else:
            after = price
        self.points[winner] += points
        return TrickPlay(leader, order, cards, winner, after, bottle, price, points)

    def not_a_card(self, card: int) -> Text:
        if card < 0:
            return why_not_a_card(self.entries.written(card))
        deck = self.deck
        if card & 1:
            if len(deck.cards) == 54:
                return Text("card.half_only_even")
            return Text("card.half_not_used", count=len(deck.cards))
        return Text("card.not_in_deck", card=card_of(card))

    def refuse_seen(self, trick: int, player: int, card: int, seen: int) -> None:
        where = self.at(trick, player, card)
        if seen == IMPS:
            raise CardInImpsTrick(Text("card.in_imps_trick", card=card_of(card)), **where)
        raise CardAlreadyPlayed(
            Text("card.already_played", card=card_of(card), earlier=seen), **where
        )

    def at(self, trick: int, player: int, card: int) -> Where:
        text = quote(self.entries.written(card)) if card < 0 else card_of(card)
        return {"trick": trick, "player": self.shape.names[player], "card": text}

    def revoke(self, trick: int, at: int, player: int, card: int, key: int, colour: int) -> None:
        """Warn of a revoke: ``key`` (a player's hand) did not follow ``colour``
        earlier, in this trick or before, and now plays it (the card at place
        ``at`` of trick ``trick``)."""
        earlier, earlier_at, other = self.void_at[3 * key + colour]
        self.void[key] &= ~(1 << colour)
        name = self.shape.names[player]
        code, hand = "revoke", None
        if self.table.variant.has_open_hands:
            hand = "open" if key & 1 == OPEN else "hidden"
            code = f"revoke.{hand}_hand"
        played = card_of(card)
        why = Text(
            code,
            player=name,
            colour=self.deck.colour_text(card),
            other=card_of(other),
            card=played,
            trick=trick,
        )
        failed = Played(earlier, earlier_at, card_of(other))
        later = Played(trick, at, played)
        self.warnings.append(
            Revoke(why, round=self.number, player=name, failed=failed, later=later, hand=hand)
        )

    def finish(self, plays: tuple[TrickPlay, ...], leader: int) -> RoundState:
        shape = self.shape
        complete = len(plays) == shape.tricks and plays[-1].winner is not None
        imps = penalty = outcome = None
        if complete:
            imps = self.imps_trick()
            penalty = sum(self.deck.coins[card] for card in imps)
            outcome = score_round(self.table, shape, self.points, self.owners, penalty)
        return RoundState(
            number=self.number,
            shape=shape,
            tricks=plays,
            prices=tuple(self.prices),
            owners=tuple(self.owners),
            trick_points=tuple(self.points),
            complete=complete,
            imps_trick=imps,
            penalty=penalty,
            outcome=outcome,
            warnings=tuple(self.warnings),
            next_leader=leader,
        )

    def imps_trick(self) -> tuple[int, ...]:
        seen = self.seen
        left = tuple([card for card in self.deck.cards if not seen[card] or seen[card] >= KNOWN])
        given = self.entries.imps_trick
        if given is not None and sorted(given) != list(left):
            listed = Cards(card_of(card) for card in sorted(given))
            actual = Cards(card_of(card) for card in left)
            raise ImpsTrickError(Text("imps.not_the_rest", listed=listed, actual=actual))
        return left


__all__ = [
    "KnownHandError",
    "LopakaMisplay",
    "NotInOpenHand",
    "OpenHandMustFollow",
    "RoundState",
    "TrickPlay",
    "lopaka_play",
    "replay_round",
]
