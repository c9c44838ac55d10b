"""A game's history of changes: each verb's change kept as its rounds'
entries before and after, so it can be taken back and made again.

Only stored entries move here: the verbs of :mod:`companion.actions` lock
the game, replay the restored entries through the engine and save them, as
for any change. Nothing here decides a rule.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from companion.models import Change, Game, Round
from companion.texts import ChangeText

ENTRY_FIELDS = (
    "dealer",
    "tricks",
    "imps_trick",
    "lopaka_hand",
    "open_hands",
    "quick",
    "confirmed",
    "settled_revokes",
)
"""What the table entered in a round: all a change can alter."""

Entries = dict[str, Any]


def entries_of(row: Round) -> Entries:
    """A round's entries, as a copy the verb's change cannot alter."""
    return {name: copy.deepcopy(getattr(row, name)) for name in ENTRY_FIELDS}


def snapshot(rows: Sequence[Round]) -> dict[int, Entries]:
    """Each round's entries by number, before a change."""
    return {row.number: entries_of(row) for row in rows}


def record(
    game: Game,
    what: ChangeText,
    before: dict[int, Entries],
    changed: Sequence[Round],
    shown: int,
) -> Change:
    """Keep a new change (:func:`new_change`); the changes undone before it
    can no longer be redone (:func:`forget_undone`): ``game.has_undone``
    follows (the caller saves it)."""
    if game.has_undone:
        forget_undone(game)
        game.has_undone = False
    change = new_change(game, what, before, changed, shown)
    change.save()
    return change


def new_change(
    game: Game,
    what: ChangeText,
    before: dict[int, Entries],
    changed: Sequence[Round],
    shown: int,
) -> Change:
    """A new change, not stored yet: the changed rounds' entries before and
    after it, and what it did (``what``: a code and its values, said in each
    reader's language). Its number is the game's version after it (one query less
    than counting; an undo or a redo leaves a gap)."""
    return Change(
        game=game,
        number=game.version,
        code=what.code,
        values=dict(what.values),
        round=shown,
        rounds=[
            {"number": row.number, "before": before.get(row.number), "after": entries_of(row)}
            for row in changed
        ],
        created=game.updated,
    )


def forget_undone(game: Game) -> None:
    """Delete the game's changes that were undone: a new change is made, and
    they can no longer be redone."""
    game.changes.filter(undone=True).delete()


def to_undo(game: Game, back_to: int | None = None) -> list[Change]:
    """The changes an undo takes back, newest first: the last one, or every
    change from ``back_to`` on."""
    done = game.changes.filter(undone=False).order_by("-number")
    if back_to is None:
        return list(done[:1])
    return list(done.filter(number__gte=back_to))


def to_redo(game: Game) -> Change | None:
    """The change a redo makes again: the earliest one undone."""
    return game.changes.filter(undone=True).order_by("number").first()


def restore(
    rounds: list[Round], game: Game, change: Change, *, undo: bool
) -> tuple[list[Round], list[Round]]:
    """Put the entries of ``change``'s rounds back as they were before it
    (``undo``) or after it: the rounds changed (or made again), and the
    rounds to remove. ``rounds`` (in order) is updated to match."""
    side = "before" if undo else "after"
    changed: list[Round] = []
    removed: list[Round] = []
    for item in change.rounds:
        entries = item[side]
        row = next((row for row in rounds if row.number == item["number"]), None)
        if entries is None:
            if row is not None:
                rounds.remove(row)
                removed.append(row)
            continue
        if row is None:
            row = Round(game=game, number=item["number"])
            rounds.append(row)
            rounds.sort(key=lambda each: each.number)
        for name, value in entries.items():
            setattr(row, name, copy.deepcopy(value))
        changed.append(row)
    return changed, removed


def history(game: Game, shown: int, limit: int = 50) -> list[Change]:
    """The round's history of changes, newest first: every change made
    since the round shown began (undone ones too, as long as they can be
    redone)."""
    return list(game.changes.filter(round__gte=shown).order_by("-number")[:limit])


def mark(game: Game, undone: Sequence[Change], redone: Change | None) -> None:
    """An undo's changes are marked undone; a redo's change done again.
    ``game.has_undone`` follows (the caller saves it)."""
    if undone:
        Change.objects.filter(pk__in=[kept.pk for kept in undone]).update(undone=True)
    if redone is not None:
        Change.objects.filter(pk=redone.pk).update(undone=False)
    game.has_undone = game.changes.filter(undone=True).exists()


def undo_bar(game: Game, kept: Change | None = None) -> dict[str, Change | None]:
    """What the round screen offers to take back: the last change done
    (``last``), and the earliest one undone (``redo``). ``kept``: the change
    just made (no query then: a new change leaves nothing to redo)."""
    if kept is not None and not game.has_undone:
        return {"last": kept, "redo": None}
    last = game.changes.filter(undone=False).order_by("-number").first()
    return {"last": last, "redo": to_redo(game) if game.has_undone else None}
