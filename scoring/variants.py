"""Variants, team layouts and the shape of a round (docs/rules.md, sections 2, 3, 5, 6).

A variant is a small configuration object picked from a registry by name.
A :class:`Table` is the fixed facts of one game (players, variant, team
layout, deck); :meth:`Table.shape` gives the shape of a round for a dealer:
who takes part, in which order they play, how many tricks of how many cards.

>>> table = Table.create(("Adam", "Betty", "Christian", "Doris"), "teams", "2-1-1")
>>> shape = table.shape(0)
>>> shape.tricks, shape.cards_per_trick, shape.imps_trick_size
(8, 4, 4)
>>> shape.first_leader, shape.teams, shape.individuals
(1, ((1, 3),), (0, 2))
>>> lopaka = Table.create(("Adam", "Betty"), "lopaka").shape(1)
>>> lopaka.names, lopaka.orders[0]
(('Adam', 'Betty', 'Lopaka'), (0, 2, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from scoring.cards import Deck, deck_for
from scoring.findings import RecordError, WrongDeck, quote
from scoring.texts import Text, joined

ONE_HAND, BRIGHT_HOUSE, DEVILS_EYE = "one", "bright-house", "devils-eye"
OPEN, HIDDEN = 0, 1
LOPAKA = "Lopaka"


@dataclass(frozen=True)
class TeamLayout:
    """A team layout of docs/rules.md, section 5: seats counted from the dealer.

    In 2-2-2 the teams are fixed seats; in the others they move with the dealer.
    """

    name: str
    players: int
    individuals: tuple[int, ...]
    teams: tuple[tuple[int, int], ...]
    fixed: bool = False

    def teams_for(self, dealer: int) -> tuple[tuple[int, int], ...]:
        """The pairs of seats that form teams when ``dealer`` deals."""
        if self.fixed:
            return self.teams
        n = self.players
        return tuple(((dealer + a) % n, (dealer + b) % n) for a, b in self.teams)

    def individuals_for(self, dealer: int) -> tuple[int, ...]:
        """The seats that play alone (and score double) when ``dealer`` deals."""
        return tuple((dealer + a) % self.players for a in self.individuals)


TEAM_LAYOUTS = {
    layout.name: layout
    for layout in (
        TeamLayout("2-1-1", 4, (0, 2), ((1, 3),)),
        TeamLayout("2-2-1", 5, (0,), ((1, 3), (2, 4))),
        TeamLayout("2-2-2", 6, (), ((0, 3), (1, 4), (2, 5)), fixed=True),
        TeamLayout("2-2-1-1", 6, (0, 3), ((1, 4), (2, 5))),
    )
}


@dataclass(frozen=True)
class Variant:
    """One way to play (docs/rules.md, sections 3, 5, 6). Its title and
    description are texts of :data:`scoring.texts.TEMPLATES`, by its name."""

    name: str
    players: tuple[int, ...]
    bottles: int = 1
    has_teams: bool = False
    has_lopaka: bool = False
    hands: str = ONE_HAND
    open_hand_size: int = 0
    hidden_hand_size: int = 0

    @property
    def title_text(self) -> Text:
        """The variant's title as a text ("Classic")."""
        return Text(f"variant.{self.name}.title")

    @property
    def description_text(self) -> Text:
        """One sentence on how the variant is played, as a text."""
        return Text(f"variant.{self.name}.description")

    @property
    def title(self) -> str:
        """The variant's title in English."""
        return str(self.title_text)

    @property
    def description(self) -> str:
        """How the variant is played, in English."""
        return str(self.description_text)

    @property
    def has_open_hands(self) -> bool:
        """Whether each player has a face-up hand (Bright House, Devil's Eye)."""
        return self.hands != ONE_HAND


VARIANTS = {
    variant.name: variant
    for variant in (
        Variant("classic", (3, 4)),
        Variant(
            "teams",
            (4, 5, 6),
            has_teams=True,
        ),
        Variant(
            "second-bottle",
            (5, 6),
            bottles=2,
        ),
        Variant(
            "lopaka",
            (2,),
            has_lopaka=True,
        ),
        Variant(
            "bright-house",
            (2,),
            hands=BRIGHT_HOUSE,
            open_hand_size=8,
            hidden_hand_size=8,
        ),
        Variant(
            "devils-eye",
            (2,),
            hands=DEVILS_EYE,
            open_hand_size=7,
            hidden_hand_size=9,
        ),
    )
}

_TRICKS_BY_PARTICIPANTS = {3: 11, 4: 8, 5: 10, 6: 8}
"""Tricks of a round by the number of seats at the table (section 3)."""


def variants_for(players: int) -> tuple[tuple[Variant, TeamLayout | None], ...]:
    """Every (variant, team layout) that fits this many players.

    >>> [(v.name, t and t.name) for v, t in variants_for(6)]
    [('teams', '2-2-2'), ('teams', '2-2-1-1'), ('second-bottle', None)]
    """
    options: list[tuple[Variant, TeamLayout | None]] = []
    for variant in VARIANTS.values():
        if players not in variant.players:
            continue
        if variant.has_teams:
            options += [
                (variant, layout) for layout in TEAM_LAYOUTS.values() if layout.players == players
            ]
        else:
            options.append((variant, None))
    return tuple(options)


@cache
def trick_sizes(deck: Deck) -> tuple[int, ...]:
    """How many cards a trick holds in the variants played with ``deck``
    (docs/rules.md, sections 2, 3 and 6): the registry's every variant,
    team layout and player count whose table has this deck, and the shape
    of its rounds. Smallest first.

    >>> trick_sizes(deck_for("classic", 4)), trick_sizes(deck_for("matagot", 6))
    ((3, 4), (5, 6))
    """
    sizes: set[int] = set()
    for players in sorted({count for variant in VARIANTS.values() for count in variant.players}):
        try:
            if deck_for(deck.edition, players) != deck:
                continue
        except WrongDeck:
            continue
        names = tuple(f"Player {seat}" for seat in range(1, players + 1))
        for variant, layout in variants_for(players):
            teams = layout.name if layout else None
            table = Table.create(names, variant.name, teams, deck.edition)
            sizes.add(table.shape(0).cards_per_trick)
    return tuple(sorted(sizes))


def usual_variant(players: int) -> tuple[Variant, TeamLayout | None] | None:
    """The variant a table of this many players plays unless it chooses
    another: everyone for themselves (docs/rules.md, sections 3 and 6) —
    classic with 3–4 players, the second bottle with 5–6 (the ruling of
    section 3), Lopaka, the books' own game, with 2. None for a count no
    variant fits.

    >>> [(n, usual_variant(n)[0].name) for n in range(2, 7)]
    [(2, 'lopaka'), (3, 'classic'), (4, 'classic'), (5, 'second-bottle'), (6, 'second-bottle')]
    >>> usual_variant(7) is None
    True
    """
    alone = [option for option in variants_for(players) if not option[0].has_teams]
    return alone[0] if alone else None


@dataclass(frozen=True)
class RoundShape:
    """The shape of one round for one dealer (docs/rules.md, sections 2, 3, 5, 6).

    Participants are the players' seats 0…n-1, and Lopaka as seat n in his
    variant. ``orders[leader]`` lists who plays each card of a trick led by
    ``leader``; ``hands`` says from which hand (Bright House: open, open,
    hidden, hidden), or None where any hand may be used.
    """

    dealer: int
    names: tuple[str, ...]
    tricks: int
    cards_per_trick: int
    imps_trick_size: int
    first_leader: int
    orders: tuple[tuple[int, ...], ...]
    hands: tuple[int | None, ...]
    void_keys: tuple[tuple[int, ...] | None, ...]
    teams: tuple[tuple[int, int], ...]
    individuals: tuple[int, ...]
    lopaka: int | None

    @property
    def participants(self) -> int:
        """How many seats take part in tricks (Lopaka included)."""
        return len(self.names)


@dataclass(frozen=True)
class Table:
    """The fixed facts of one game: players, variant, team layout, deck."""

    players: tuple[str, ...]
    variant: Variant
    layout: TeamLayout | None
    deck: Deck = field(compare=False)

    @classmethod
    def create(
        cls,
        players: tuple[str, ...],
        variant: str,
        teams: str | None = None,
        edition: str = "classic",
    ) -> Table:
        """Check the combination and build the table; RecordError if it is wrong."""
        chosen = VARIANTS.get(variant)
        if chosen is None:
            names = ", ".join(VARIANTS)
            raise RecordError(Text("variant.unknown", value=quote(variant), names=names))
        count = len(players)
        layout = _layout_for(chosen, teams, count)
        if count not in chosen.players:
            allowed = joined("list.or", chosen.players)
            raise RecordError(
                Text("variant.players", variant=chosen.title_text, allowed=allowed, count=count)
            )
        if chosen.has_lopaka and any(name.casefold() == "lopaka" for name in players):
            raise RecordError(Text("variant.lopaka_name"))
        return cls(tuple(players), chosen, layout, deck_for(edition, count))

    @property
    def participants(self) -> int:
        """Seats that play tricks: the players, and Lopaka where he plays."""
        return len(self.players) + (1 if self.variant.has_lopaka else 0)

    @property
    def names(self) -> tuple[str, ...]:
        """Names of the participants, Lopaka last where he plays."""
        return self.players + ((LOPAKA,) if self.variant.has_lopaka else ())

    def shape(self, dealer: int) -> RoundShape:
        """The shape of a round dealt by ``dealer``."""
        return _shape(self, dealer)


def _layout_for(variant: Variant, teams: str | None, count: int) -> TeamLayout | None:
    if not variant.has_teams:
        if teams is not None:
            raise RecordError(Text("variant.no_teams", variant=variant.title_text))
        return None
    if teams is None:
        raise RecordError(Text("teams.missing"))
    layout = TEAM_LAYOUTS.get(teams)
    if layout is None:
        raise RecordError(Text("teams.unknown", value=quote(teams)))
    if layout.players != count:
        raise RecordError(Text("teams.players", teams=teams, players=layout.players, count=count))
    return layout


@cache
def _shape(table: Table, dealer: int) -> RoundShape:
    variant = table.variant
    names = table.names
    count = len(table.players)
    if variant.has_lopaka:
        other = 1 - dealer
        cycle: tuple[int, ...] = (other, count, dealer)
    else:
        cycle = tuple(range(count))
    successor = {seat: cycle[(i + 1) % len(cycle)] for i, seat in enumerate(cycle)}
    if variant.has_open_hands:
        tricks, per_trick = 8, 4
        orders: tuple[tuple[int, ...], ...] = tuple((p, 1 - p, p, 1 - p) for p in range(2))
        hands: tuple[int | None, ...] = (
            (OPEN, OPEN, HIDDEN, HIDDEN) if variant.hands == BRIGHT_HOUSE else (None,) * 4
        )
    else:
        per_trick = len(cycle)
        tricks = _TRICKS_BY_PARTICIPANTS[per_trick]
        orders = tuple(_clockwise(leader, successor, per_trick) for leader in range(len(names)))
        hands = (0,) * per_trick
    layout = table.layout
    return RoundShape(
        dealer=dealer,
        names=names,
        tricks=tricks,
        cards_per_trick=per_trick,
        imps_trick_size=len(table.deck.cards) - tricks * per_trick,
        first_leader=successor[dealer],
        orders=orders,
        hands=hands,
        void_keys=tuple(_void_keys(order, hands) for order in orders),
        teams=layout.teams_for(dealer) if layout else (),
        individuals=layout.individuals_for(dealer) if layout else (),
        lopaka=count if variant.has_lopaka else None,
    )


def _void_keys(order: tuple[int, ...], hands: tuple[int | None, ...]) -> tuple[int, ...] | None:
    """Where the replay keeps each card's player-and-hand record of colours
    not followed: one slot per hand of each participant. None where the hand
    a card comes from cannot be told (Devil's Eye)."""
    if None in hands:
        return None
    return tuple(2 * player + (hand or 0) for player, hand in zip(order, hands, strict=True))


def _clockwise(leader: int, successor: dict[int, int], count: int) -> tuple[int, ...]:
    order = [leader]
    while len(order) < count:
        order.append(successor[order[-1]])
    return tuple(order)
