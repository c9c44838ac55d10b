"""What the table enters for a round: values, never results (docs/record-format.md).

Cards are codes (see :mod:`scoring.cards`). A card text that is no card at
all (or not written exactly as a card is) is kept as a negative code whose
written value is in ``malformed``, so that the replay can name the player
who played it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class QuickEntry:
    """A round entered without cards (docs/record-format.md, ``quick``).

    ``points`` holds each participant's coins in tricks, by seat (Lopaka
    last in his variant); None where not counted (a bottle owner's), and
    ``lopaka_known`` says whether Lopaka's coins were entered at all.
    ``bottle`` holds the owners' seats, one per bottle.
    """

    points: tuple[int | None, ...]
    bottle: tuple[int, ...]
    imps_trick_points: int
    lopaka_known: bool = True


@dataclass(frozen=True)
class RoundEntries:
    """Everything entered for one round: its dealer and its tricks, or a quick entry."""

    dealer: int | None = None
    tricks: tuple[tuple[int, ...], ...] = ()
    imps_trick: tuple[int, ...] | None = None
    lopaka_hand: tuple[int, ...] | None = None
    open_hands: tuple[tuple[int, tuple[int, ...]], ...] = ()
    quick: QuickEntry | None = None
    malformed: tuple[tuple[int, object], ...] = ()

    def written(self, code: int) -> object:
        """What the record wrote for a code that is no card (see ``malformed``)."""
        for known, value in self.malformed:
            if known == code:
                return value
        return None

    def with_card(self, card: int, *, opens_trick: bool) -> RoundEntries:
        """The same entries with ``card`` entered next: it starts a new
        trick, or joins the last one (which the replay says is open).

        >>> RoundEntries(tricks=((48, 30),)).with_card(12, opens_trick=False).tricks
        ((48, 30, 12),)
        >>> RoundEntries(tricks=((48, 30),)).with_card(12, opens_trick=True).tricks
        ((48, 30), (12,))
        """
        tricks = self.tricks
        if opens_trick or not tricks:
            return self.with_tricks((*tricks, (card,)))
        return self.with_tricks((*tricks[:-1], (*tricks[-1], card)))

    def without_last_card(self) -> RoundEntries:
        """The same entries without the last card entered (a trick left
        empty goes too).

        >>> RoundEntries(tricks=((48, 30), (12,))).without_last_card().tricks
        ((48, 30),)
        >>> RoundEntries(tricks=((48, 30),)).without_last_card().tricks
        ((48,),)
        """
        tricks = list(self.tricks)
        while tricks and not tricks[-1]:
            tricks.pop()
        if not tricks:
            return self
        last = tricks.pop()[:-1]
        return self.with_tricks((*tricks, last) if last else tuple(tricks))

    @property
    def card_count(self) -> int:
        """How many cards the tricks hold."""
        return sum(len(cards) for cards in self.tricks)

    def with_tricks(self, tricks: tuple[tuple[int, ...], ...]) -> RoundEntries:
        """The same entries with other tricks."""
        return RoundEntries(
            self.dealer,
            tricks,
            self.imps_trick,
            self.lopaka_hand,
            self.open_hands,
            self.quick,
            self.malformed,
        )


@dataclass(frozen=True)
class Goal:
    """How the game ends (docs/rules.md, section 7): rounds, a target, or never."""

    rounds: int | None = None
    target: int | None = None

    @property
    def is_open(self) -> bool:
        """Whether the game never ends by itself."""
        return self.rounds is None and self.target is None
