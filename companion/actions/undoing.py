"""Undo and redo of the game's changes, as its history keeps them."""

from __future__ import annotations

from django.utils.translation import gettext

from companion import history
from companion.actions.outcome import Done, Refused, Sent
from companion.actions.saving import apply
from companion.forms.stamp import Stamp
from companion.models import Game, Round


def undo(game: Game, stamp: Stamp, back_to: int | None = None) -> Done:
    """Take back the game's last change, or every change from the one
    numbered ``back_to`` on (newest first); each can be redone in order."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        taken = history.to_undo(game, back_to)
        if not taken:
            raise Refused(gettext("There is no change to undo."))
        done = Done(undoing=taken, what=taken[-1].text)
        changed: dict[int, Round] = {}
        for kept in taken:
            rows, removed = history.restore(rounds, game, kept, undo=True)
            changed.update((row.number, row) for row in rows)
            done.removed += [row for row in removed if row.pk is not None]
            for row in removed:
                changed.pop(row.number, None)
        return list(changed.values()), done

    # what the undo changed in the replay is said too (a trick's winner, the
    # bottle, the scores): taking back a deleted trick re-reads later tricks
    return apply(game, stamp, change, Sent("undo", (back_to,)), describe=True)


def redo(game: Game, stamp: Stamp) -> Done:
    """Make the earliest undone change again (refused once a new change was
    made after the undo: it cleared what could be redone)."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        again = history.to_redo(game)
        if again is None:
            raise Refused(
                gettext(
                    "There is nothing to redo: a change made after an undo clears what could be"
                    " redone."
                )
            )
        changed, removed = history.restore(rounds, game, again, undo=False)
        return changed, Done(redoing=again, what=again.text, removed=removed)

    return apply(game, stamp, change, Sent("redo", ()), describe=True)


