"""Random legal games of every variant (for property tests and benchmarks).

The simulator deals each round as the books say (docs/rules.md, sections 3 and 6)
and plays it with random legal cards: every player follows colour when they
can, Lopaka by his rules. It writes the game as a `bottle-imp/1` record.

>>> record = simulate("lopaka", 2, rounds=2, seed=7)
>>> record["variant"], len(record["rounds"]), len(record["rounds"][0]["tricks"])
('lopaka', 2, 11)
"""

from __future__ import annotations

import json
import random
from typing import Any

from scoring.cards import START_PRICE, card_text, dearer
from scoring.lopaka import lopaka_card
from scoring.names import MAX_ROUNDS
from scoring.tricks import rule_trick
from scoring.variants import BRIGHT_HOUSE, DEVILS_EYE, TEAM_LAYOUTS, RoundShape, Table

_DEFAULT_TEAMS = {4: "2-1-1", 5: "2-2-1", 6: "2-2-2"}

SIMULATE_MAX = 10_000
"""The most rounds ``python -m scoring simulate`` makes."""


def simulate(
    variant: str,
    players: int,
    rounds: int = 1,
    seed: int | None = None,
    teams: str | None = None,
    edition: str | None = None,
) -> dict[str, Any]:
    """A random legal record of ``rounds`` complete rounds; its goal is that
    many rounds, or none when they are more than a goal may ask for."""
    rng = random.Random(seed)
    if variant == "teams" and teams is None:
        teams = _DEFAULT_TEAMS.get(players)
    if edition is None:
        edition = "matagot" if players >= 5 else rng.choice(("classic", "matagot"))
    names = tuple(f"Player {seat + 1}" for seat in range(players))
    table = Table.create(names, variant, teams, edition)
    first_dealer = rng.randrange(players)
    record: dict[str, Any] = {"format": "bottle-imp/1"}
    if edition != "classic":
        record["edition"] = edition
    record["variant"] = variant
    if teams is not None:
        record["teams"] = teams
    record.update(
        players=list(names),
        first_dealer=first_dealer,
        goal={"rounds": rounds} if rounds <= MAX_ROUNDS else {},
        rounds=[
            simulate_round(table, (first_dealer + number) % players, rng)
            for number in range(rounds)
        ],
    )
    return record


def simulate_round(table: Table, dealer: int, rng: random.Random) -> dict[str, Any]:
    """One random legal round as record entries."""
    shape = table.shape(dealer)
    cards = list(table.deck.cards)
    rng.shuffle(cards)
    imps = sorted(cards[: shape.imps_trick_size])
    rest = cards[shape.imps_trick_size :]
    variant = table.variant
    if variant.has_open_hands:
        tricks, hands = _play_two_hands(table, shape, rest, rng)
        entry: dict[str, Any] = {"tricks": tricks, "imps_trick": _texts(imps)}
        entry["open_hands"] = {table.players[seat]: _texts(hand) for seat, hand in hands.items()}
        return entry
    per_hand = shape.tricks
    hands_of = {
        seat: rest[seat * per_hand : (seat + 1) * per_hand] for seat in range(len(shape.names))
    }
    entry = {"tricks": _play_one_hand(table, shape, hands_of, rng), "imps_trick": _texts(imps)}
    if shape.lopaka is not None:
        entry["lopaka_hand"] = _texts(hands_of[shape.lopaka])
    return entry


def _texts(cards: list[int]) -> list[str]:
    return [card_text(card) for card in cards]


def _play_one_hand(
    table: Table, shape: RoundShape, dealt: dict[int, list[int]], rng: random.Random
) -> list[list[str]]:
    colour = table.deck.colour
    prices = [START_PRICE] * table.variant.bottles
    leader = shape.first_leader
    hands = {seat: list(hand) for seat, hand in dealt.items()}
    tricks = []
    for _ in range(shape.tricks):
        order = shape.orders[leader]
        trick: list[int] = []
        for seat in order:
            hand = hands[seat]
            if seat == shape.lopaka:
                card = lopaka_card(hand, trick, dearer(prices), table.deck)
            else:
                legal = [c for c in hand if trick and colour[c] == colour[trick[0]]] or hand
                card = rng.choice(legal)
            hand.remove(card)
            trick.append(card)
        leader = _settle(trick, order, prices)
        tricks.append(_texts(trick))
    return tricks


def _settle(trick: list[int], order: tuple[int, ...], prices: list[int]) -> int:
    ruling = rule_trick(trick, prices)
    if ruling.bottle is not None and ruling.new_price is not None:
        prices[ruling.bottle] = ruling.new_price
    return order[ruling.winner_index]


def _play_two_hands(
    table: Table, shape: RoundShape, cards: list[int], rng: random.Random
) -> tuple[list[list[str]], dict[int, list[int]]]:
    variant = table.variant
    size_open, size_hidden = variant.open_hand_size, variant.hidden_hand_size
    per_player = size_open + size_hidden
    open_hands = {p: cards[p * per_player : p * per_player + size_open] for p in range(2)}
    hidden = {p: cards[p * per_player + size_open : (p + 1) * per_player] for p in range(2)}
    shown = {p: sorted(hand) for p, hand in open_hands.items()}
    hands = {p: (list(open_hands[p]), list(hidden[p])) for p in range(2)}
    colour = table.deck.colour
    prices = [START_PRICE]
    leader = shape.first_leader
    tricks = []
    for _ in range(shape.tricks):
        order = shape.orders[leader]
        trick: list[int] = []
        for index, seat in enumerate(order):
            which = shape.hands[index]
            if which is not None:  # Bright House: the place says which hand plays
                pools = [hands[seat][which]]
            else:
                pools = [pool for pool in hands[seat] if pool]
            options = []
            for pool in pools:
                legal = [c for c in pool if trick and colour[c] == colour[trick[0]]] or pool
                options += [(pool, card) for card in legal]
            pool, card = rng.choice(options)
            pool.remove(card)
            trick.append(card)
        leader = _settle(trick, order, prices)
        tricks.append(_texts(trick))
    assert variant.hands in (BRIGHT_HOUSE, DEVILS_EYE)
    return tricks, shown


def simulate_command(args: Any) -> int:
    """``python -m scoring simulate``: print a random legal record."""
    import sys

    from scoring.findings import Finding

    if not 1 <= args.rounds <= SIMULATE_MAX:
        print(
            f"--rounds must be a whole number from 1 to {SIMULATE_MAX}, not {args.rounds}",
            file=sys.stderr,
        )
        return 1
    try:
        record = simulate(
            args.variant, args.players, args.rounds, args.seed, args.teams, args.edition
        )
    except Finding as error:
        print(str(error), file=sys.stderr)
        return 1
    # UTF-8 whatever the terminal's encoding, as ``score`` writes.
    sys.stdout.buffer.write(json.dumps(record, ensure_ascii=False, indent=2).encode() + b"\n")
    sys.stdout.buffer.flush()
    return 0


__all__ = ["TEAM_LAYOUTS", "simulate", "simulate_round"]
