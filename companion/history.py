"""A game's history of changes: each verb's change kept as its rounds'
entries before and after, so it can be taken back and made again.

Only stored entries move here: the verbs of :mod:`companion.actions` lock
the game, replay the restored entries through the engine and save them, as
for any change. Nothing here decides a rule.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, TypedDict

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
    "agreed",
    "flags",
)
"""What the table entered in a round: all a change can alter (a seat's
agreement and its flags too: an undo takes them back)."""

Entries = dict[str, Any]

KEPT_ONLY = ("seat.replaced",)
"""Changes kept in the history that no undo takes back (a replaced link
stays replaced: its old copies must lead nowhere)."""


def entries_of(row: Round) -> Entries:
    """A round's entries, as a copy the verb's change cannot alter."""
    return {name: copy.deepcopy(getattr(row, name)) for name in ENTRY_FIELDS}


def snapshot(rows: Sequence[Round]) -> dict[int, Entries]:
    """Each round's entries by number, before a change."""
    return {row.number: entries_of(row) for row in rows}


Settings = dict[str, tuple[Any, Any]]
"""A change's game settings, each as (before, after), by the game's field."""


def record(
    game: Game,
    what: ChangeText,
    before: dict[int, Entries],
    changed: Sequence[Round],
    shown: int,
    settings: Settings | None = None,
) -> Change:
    """Keep a new change (:func:`new_change`); the changes undone before it
    can no longer be redone (:func:`forget_undone`): ``game.has_undone``
    follows (the caller saves it)."""
    if game.has_undone:
        forget_undone(game)
        game.has_undone = False
    change = new_change(game, what, before, changed, shown, settings)
    change.save()
    return change


def new_change(
    game: Game,
    what: ChangeText,
    before: dict[int, Entries],
    changed: Sequence[Round],
    shown: int,
    settings: Settings | None = None,
) -> Change:
    """A new change, not stored yet: the changed rounds' entries before and
    after it (and the game's ``settings`` it changed, each before and
    after), and what it did (``what``: a code and its values, said in each
    reader's language). Its number is the game's version after it (one query less
    than counting; an undo or a redo leaves a gap)."""
    set_items = [
        {"setting": name, "before": was, "after": now}
        for name, (was, now) in (settings or {}).items()
    ]
    return Change(
        game=game,
        number=game.version,
        code=what.code,
        values=dict(what.values),
        round=shown,
        rounds=[
            *(
                {"number": row.number, "before": before.get(row.number), "after": entries_of(row)}
                for row in changed
            ),
            *set_items,
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
    done = game.changes.filter(undone=False).exclude(code__in=KEPT_ONLY).order_by("-number")
    if back_to is None:
        return list(done[:1])
    return list(done.filter(number__gte=back_to))


def undo_back_to(game: Game, number: int) -> tuple[Change | None, int]:
    """What an undo back to the change ``number`` takes back: that change
    (None when it is undone or gone), and how many changes with it."""
    done = game.changes.filter(undone=False).exclude(code__in=KEPT_ONLY)
    first = done.filter(number=number).defer("rounds").first()
    if first is None:
        return None, 0
    return first, done.filter(number__gte=number).count()


def to_redo(game: Game) -> list[Change]:
    """The changes a redo makes again, oldest first: the earliest one undone,
    and every change the same undo took back with it."""
    undone = game.changes.filter(undone=True).order_by("number")
    first = undone.first()
    if first is None:
        return []
    if first.undone_with is None:  # undone before undos kept their changes together
        return [first]
    return list(undone.filter(undone_with=first.undone_with))


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
        if "number" not in item:
            continue  # a setting of the game (:func:`settings_of`)
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


def settings_of(change: Change, *, undo: bool) -> dict[str, Any]:
    """The game's settings as they were before ``change`` (``undo``) or
    after it, by field."""
    side = "before" if undo else "after"
    return {item["setting"]: item[side] for item in change.rounds if "setting" in item}


def history(game: Game, shown: int, limit: int = 50) -> list[Change]:
    """The round's history of changes, newest first: every change made
    since the round shown began (undone ones too, as long as they can be
    redone)."""
    return list(game.changes.filter(round__gte=shown).order_by("-number")[:limit])


def mark(game: Game, undone: Sequence[Change], redone: Sequence[Change]) -> None:
    """An undo's changes are marked undone, together (a redo makes them all
    again); a redo's changes done again. ``game.has_undone`` follows (the
    caller saves it)."""
    if undone:
        together = min(kept.number for kept in undone)
        Change.objects.filter(pk__in=[kept.pk for kept in undone]).update(
            undone=True, undone_with=together
        )
    if redone:
        Change.objects.filter(pk__in=[kept.pk for kept in redone]).update(
            undone=False, undone_with=None
        )
    game.has_undone = game.changes.filter(undone=True).exists()


class UndoBar(TypedDict):
    """What the round screen offers to take back (:func:`undo_bar`)."""

    last: Change | None
    redo: Change | None
    redo_count: int


def undo_bar(game: Game, kept: Change | None = None) -> UndoBar:
    """What the round screen offers to take back: the last change done
    (``last``), the earliest one undone (``redo``) and how many changes its
    redo makes again (``redo_count``: all that its undo took back).
    ``kept``: the change just made (no query then: a new change leaves
    nothing to redo)."""
    if kept is not None and not game.has_undone:
        return {"last": kept, "redo": None, "redo_count": 0}
    done = game.changes.filter(undone=False).exclude(code__in=KEPT_ONLY)
    last = done.order_by("-number").first()
    if not game.has_undone:
        return {"last": last, "redo": None, "redo_count": 0}
    undone = game.changes.filter(undone=True).defer("rounds").order_by("number")
    redo = undone.first()
    count = 0
    if redo is not None:
        together = redo.undone_with
        count = 1 if together is None else undone.filter(undone_with=together).count()
    return {"last": last, "redo": redo, "redo_count": count}
