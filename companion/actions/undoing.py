"""Undo and redo of the game's changes, as its history keeps them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from companion import history
from companion.actions.outcome import Done, Refused, Sent
from companion.actions.saving import apply
from companion.forms.stamp import Stamp
from companion.models import Change, Game, Round


def undo(game: Game, stamp: Stamp, back_to: int | None = None) -> Done:
    """Take back the game's last change, or every change from the one
    numbered ``back_to`` on (newest first): one redo makes them all again."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        taken = history.to_undo(game, back_to)
        if not taken:
            raise Refused(gettext("There is no change to undo."))
        changed, removed = restore_all(rounds, game, taken, undo=True)
        settings = settings_all(taken, undo=True)
        done = Done(undoing=taken, what=taken[-1].text, removed=removed, settings=settings)
        return changed, done

    # what the undo changed in the replay is said too (a trick's winner, the
    # bottle, the scores): taking back a deleted trick re-reads later tricks
    return apply(game, stamp, change, Sent("undo", (back_to,)), describe=True)


def redo(game: Game, stamp: Stamp) -> Done:
    """Make the earliest undone change again, with every change the same undo
    took back (one redo for an undo back to a change of the history); refused
    once a new change was made after the undo: it cleared what could be
    redone."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        again = history.to_redo(game)
        if not again:
            raise Refused(
                gettext(
                    "There is nothing to redo: a change made after an undo clears what could be"
                    " redone."
                )
            )
        changed, removed = restore_all(rounds, game, again, undo=False)
        settings = settings_all(again, undo=False)
        done = Done(redoing=again, what=again[-1].text, removed=removed, settings=settings)
        return changed, done

    return apply(game, stamp, change, Sent("redo", ()), describe=True)


def settings_all(changes: list[Change], *, undo: bool) -> dict[str, Any]:
    """The game's settings as ``changes`` leave them, taken in turn (an
    undo's are newest first: the oldest one's "before" is the last word)."""
    settings: dict[str, Any] = {}
    for kept in changes:
        settings.update(history.settings_of(kept, undo=undo))
    return settings


def restore_all(
    rounds: list[Round], game: Game, changes: list[Change], *, undo: bool
) -> tuple[list[Round], list[Round]]:
    """:func:`companion.history.restore` for each of ``changes`` in turn:
    the rounds changed, and the stored rounds to remove."""
    changed: dict[int, Round] = {}
    gone: list[Round] = []
    for kept in changes:
        rows, removed = history.restore(rounds, game, kept, undo=undo)
        changed.update((row.number, row) for row in rows)
        gone += [row for row in removed if row.pk is not None]
        for row in removed:
            changed.pop(row.number, None)
    return list(changed.values()), gone
