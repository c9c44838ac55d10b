"""What a verb answers: done (:class:`Done`), or not (:class:`Conflict`,
:class:`KeyReused`, :class:`Refused`), and what a form asked for
(:class:`Sent`, its idempotency key's digest)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, gettext_lazy

from companion.models import Change, Round
from companion.replay import (
    CurrentRound,
    RoundRow,
)
from companion.texts import KEPT, ChangeText
from scoring.game import GameState
from scoring.record import GameRecord
from scoring.state import RoundState
from scoring.texts import Text


class Conflict(Exception):
    """The form was rendered from an older version of the game."""

    def __init__(self, message: str = "") -> None:
        super().__init__(
            message
            or gettext("Someone else entered a card at the same time; here is the current round.")
        )


OTHER = {
    "play_card": gettext_lazy("another card"),
    "set_known_hand": gettext_lazy("other cards"),
    "delete_trick": gettext_lazy("another trick"),
    "move_card": gettext_lazy("another card"),
    "enter_quick_round": gettext_lazy("other coins or bottle owners"),
    "set_dealer": gettext_lazy("another dealer"),
}
"""What a form sent again with a different change of the same kind had."""


class KeyReused(Conflict):
    """The form's idempotency key was already applied to a different change:
    the same form sent twice with other values (nothing is stored)."""

    def __init__(self, other: str) -> None:
        super().__init__(
            gettext("This form was already sent with %(other)s: reload the page.")
            % {"other": other}
        )


@dataclass(frozen=True)
class Sent:
    """What one form asked for: the verb and its values. Its key sent again
    with the same change is a retry (nothing to do); with another change,
    the form was reused (:class:`KeyReused`)."""

    verb: str
    values: tuple[Any, ...] = ()

    @property
    def digest(self) -> str:
        """The verb, then a SHA-256 of the values: "play_card:9f2c…"."""
        values = hashlib.sha256(repr(self.values).encode()).hexdigest()
        return f"{self.verb}:{values}"

    def again(self, digest: str) -> None:
        """None (a retry) when ``digest`` is this change's; KeyReused else.
        A key stored before digests were kept ("") counts as a retry."""
        if digest in ("", self.digest):
            return None
        same_kind = digest.partition(":")[0] == self.verb
        other = gettext("another change")
        raise KeyReused(str(OTHER.get(self.verb, other)) if same_kind else other)


class Refused(Exception):
    """A change the app cannot make in the game's present state (not a rule)."""


class NotYourSeat(Refused):
    """A change a seat link may not make: another player's card, a card out
    of its player's turn, another player's card to take back (a 403, in
    words: round, trick, player, card and why)."""


@dataclass
class Done:
    """What a verb did: whether it was applied (not a retry), what the
    replay says changed, and Lopaka's reasons for the cards he played."""

    applied: bool = True
    changes: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)
    rounds: Sequence[Round | RoundRow] = field(default_factory=list)
    """The game's rounds after the change, with the engine's replay of them
    (``record``, ``state``): the answer shows them without a second replay."""
    record: GameRecord | None = None
    state: GameState | None = None
    current: CurrentRound | None = None
    """Instead of the whole game: the changed round alone, replayed (a verb
    of :func:`apply_current` while that round is unfinished)."""
    before: RoundState | None = None
    """That round as the engine had it before the change (what the phone
    that sent it shows): its answer sends only the parts that differ."""
    what: ChangeText = ChangeText(KEPT)
    """The change as its history keeps it: a code and its values."""
    fixed: tuple[Text, ...] = ()
    """What the engine's fix of a trick says besides the replay's changes
    (:class:`scoring.fixes.Refixed`): said with them, each at its trick."""
    removed: list[Round] = field(default_factory=list)
    """Rounds the change takes away (an undone Confirm's next round)."""
    kept: Change | None = None
    """The change as the game's history keeps it (not for an undo or redo)."""
    undoing: list[Change] = field(default_factory=list)
    redoing: list[Change] = field(default_factory=list)
    """An undo's changes taken back, or a redo's changes made again (all
    that one undo took back): they are marked, not kept as new changes."""
    settings: dict[str, Any] = field(default_factory=dict)
    """The game's settings the change sets (a setting's change, its undo or
    redo), by field: kept in its history with what they were before."""
