"""How every verb saves its change: in one transaction, or (the round
being played) after the engine's work, by claiming the game's next version.

Each verb runs in one transaction: it locks the game row, skips a retried
POST (its idempotency key was already applied), refuses a stale form
(:class:`Conflict`), builds the *new* entries, replays the whole game
through the engine with them, and saves only if the engine accepts them. A
:class:`scoring.findings.RuleError` propagates unchanged, so the database is
never left with half a change. Nothing here decides a rule.

The verbs of the round being played (a card, its undo, a known hand) do the
same in another order, for speed (:func:`apply_current`): the checks and
the engine's replay first, on the game as the request found it, then one
short transaction that claims the game's next version only if it is still
the stamp's (a conflict otherwise: nothing is written) and writes.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from companion import history
from companion.access import GameGone
from companion.actions.outcome import Conflict, Done, Refused, Sent
from companion.forms.stamp import Stamp
from companion.models import Game, Round, Submission
from companion.replay import (
    CurrentRound,
    RoundRow,
    game_record,
    game_state,
    kept_round,
    latest_round,
    load_rows,
)
from companion.texts import say
from scoring.changes import describe_changes
from scoring.game import GameState
from scoring.record import replay

Change = Callable[[list[Round]], tuple[list[Round], Done]]

ENTRY_FIELDS = history.ENTRY_FIELDS
ROUND_FIELDS = (*ENTRY_FIELDS, "version")
"""What a change stores of a round it changes."""


def lock(game: Game, stamp: Stamp, sent: Sent) -> Game | None:
    """The game row, locked until the transaction ends (call it inside one),
    then what the stamp's key was applied to already: None for the same
    change (a retry), :class:`KeyReused` for another. Conflict when the
    stamp's version is not the game's; 404 (:class:`GameGone`) when the game
    was deleted since the request found it."""
    locked = Game.objects.select_for_update().filter(pk=game.pk).first()
    if locked is None:
        raise GameGone()  # deleted since the request found it
    # read after the lock: what a change that held it before us stored
    applied = Submission.objects.filter(game_id=game.pk, key=stamp.key)
    digest = applied.values_list("digest", flat=True).first()
    if digest is not None:
        sent.again(digest)  # KeyReused unless the very change was sent again
        return None
    if stamp.version != locked.version and not stamp.any_version:
        raise Conflict()
    return locked


def saved(
    locked: Game,
    stamp: Stamp,
    sent: Sent,
    changed: list[Round],
    done: Done,
    before: dict[int, history.Entries],
    shown: int,
) -> None:
    """Save the changed rounds, the game's new version, the key (with what
    it was sent for), and the change in the game's history (an undo or a
    redo marks the changes it takes back or makes again)."""
    for item in done.removed:
        item.delete()
    for item in changed:
        item.version += 1
        if not item.pk:
            item.save()  # a round an undo or a redo makes again
        else:
            item.save(update_fields=ROUND_FIELDS)
    locked.version += 1
    locked.updated = timezone.now()
    had_undone = locked.has_undone
    settings = {name: (getattr(locked, name), now) for name, now in done.settings.items()}
    for name, now in done.settings.items():
        setattr(locked, name, now)
    if done.undoing or done.redoing:
        history.mark(locked, done.undoing, done.redoing)
    else:
        done.kept = history.record(locked, done.what, before, changed, shown, settings)
    fields = ["version", "updated", *done.settings]
    if locked.has_undone != had_undone:
        fields.append("has_undone")
    locked.save(update_fields=fields)
    key_of(locked, stamp, sent).save()


def key_of(game: Game, stamp: Stamp, sent: Sent) -> Submission:
    """The stamp's key with what it was sent for, to store (a retry finds it)."""
    return Submission(game=game, key=stamp.key, digest=sent.digest, created=game.updated)


def apply(game: Game, stamp: Stamp, change: Change, sent: Sent, *, describe: bool = False) -> Done:
    """Lock, check key and version, change, replay, save (see the module doc)."""
    with transaction.atomic():
        locked = lock(game, stamp, sent)
        if locked is None:
            return Done(applied=False)
        rounds = list(locked.rounds.all())
        entries = history.snapshot(rounds)
        before: GameState | None = game_state(locked, rounds) if describe else None
        changed, done = change(rounds)
        record = game_record(locked, rounds)
        after = replay(record)
        done.rounds, done.record, done.state = rounds, record, after
        if before is not None:
            described = describe_changes(before, after, done.fixed)
            done.changes = tuple(say(line) for line in described)
        shown = rounds[-1].number if rounds else 0
        saved(locked, stamp, sent, changed, done, entries, shown)
    # Only these change in a verb: no query to read the game again.
    game.version, game.updated = locked.version, locked.updated
    game.has_undone = locked.has_undone
    for name in done.settings:
        setattr(game, name, getattr(locked, name))
    return done


def apply_current(
    game: Game,
    stamp: Stamp,
    change: Callable[[CurrentRound], Done],
    sent: Sent,
) -> Done:
    """:func:`apply` for a verb that changes only the round being played
    (its last, unconfirmed round): that round alone is loaded and replayed.

    Earlier rounds were checked when they were entered and cannot change
    here; the round exists, so the game had not ended before it. Once the
    change completes the round, the whole game is replayed (the result shows
    the game's totals), so the engine sees everything once a round.

    The engine's work is done before the game is locked, on the game as the
    stamp's version has it: the lock is then held only to check that the
    version is still the stamp's (every change of a round raises it, in the
    same transaction) and to write. Tables entering cards at once wait for
    each other's writes alone, not for each other's replays.
    """
    stamp = continued(game, stamp)
    # the round as the answer of the game's last change kept it, else read
    current = kept_round(game, stamp.version) if stamp.version == game.version else None
    if current is None:
        latest = latest_round(game)
        if latest is None or not stamp.version == game.version == latest.game_version:
            return not_current(game, stamp, sent, has_round=latest is not None)
        current = CurrentRound.read(game, latest)
    row = current.row
    entries = history.snapshot([row])
    before = current.state
    done = change(current)
    done.before = before
    current = current.again()  # the engine's verdict on the changed round
    if current.state.complete:
        # the earlier rounds as tuples (a hundred model instances took longer
        # to build than their query and the replay together)
        rounds: list[Round | RoundRow] = [*load_rows(game)[:-1], row]
        done.record = game_record(game, rounds)
        done.state = replay(done.record)
        done.rounds = rounds
    else:
        done.current = current
    saved = save_current(game, stamp, sent, row, done, entries)
    if not saved:  # the game changed meanwhile, was deleted, or the key was used: say how
        with transaction.atomic():
            if lock(game, stamp, sent) is None:
                return Done(applied=False)  # by this very change, sent again
        raise Conflict()
    return done


def not_current(game: Game, stamp: Stamp, sent: Sent, *, has_round: bool) -> Done:
    """A change whose stamp is not the game's version (or a game without a
    round): a change made with this stamp raised the game's version, so the
    stamp is a retry (nothing to do), a reused key (KeyReused) or a stale
    form (Conflict), as the locked game says."""
    with transaction.atomic():
        if lock(game, stamp, sent) is None:
            return Done(applied=False)  # a retry of the change made
    if not has_round:
        raise Refused(gettext("This game has no round to play."))
    raise Conflict()  # before the engine's verdict: a stale form is a 409, not a 400


def continued(game: Game, stamp: Stamp) -> Stamp:
    """A queued card's stamp moved on to the game's version when the phone's
    own chain explains every change since its version: each of them was
    made with the key of a card the phone queued before it (``stamp.after``,
    keys made after the phone saw that version, so stored after it). Then
    the card continues its phone's queue, not a stale form: no conflict.
    Any change made otherwise (another phone's card, an undo) leaves the
    stamp as it is, and its card is a conflict. One query, only when the
    stamp is behind."""
    behind = game.version - stamp.version
    if not stamp.after or not 0 < behind <= len(stamp.after):
        return stamp
    mine = Submission.objects.filter(game_id=game.pk, key__in=stamp.after).count()
    return Stamp(game.version, stamp.key) if mine == behind else stamp


def save_current(
    game: Game, stamp: Stamp, sent: Sent, row: Round, done: Done, before: dict[int, history.Entries]
) -> bool:
    """:func:`saved` for :func:`apply_current`. The game row is claimed
    first: its version raised in one update that holds only while the row
    still has the stamp's version (on PostgreSQL it locks the row until the
    transaction ends; SQLite's transaction holds the database). False when
    it no longer has, or when the stamp's key was applied already (to a
    change at another version): nothing is written then. On success
    ``game`` has its new version, as stored."""
    now = timezone.now()
    had = game.version, game.updated, game.has_undone
    try:
        with transaction.atomic():
            claimed = Game.objects.filter(pk=game.pk, version=stamp.version).update(
                version=F("version") + 1, updated=now, has_undone=False
            )
            if claimed != 1:
                return False
            if game.has_undone:
                history.forget_undone(game)
            game.version, game.updated, game.has_undone = stamp.version + 1, now, False
            kept = history.new_change(game, done.what, before, [row], row.number)
            Round.objects.filter(pk=row.pk).update(
                version=F("version") + 1, **{name: getattr(row, name) for name in ENTRY_FIELDS}
            )
            kept.save()
            key_of(game, stamp, sent).save()  # one_submission_per_key refuses a used key
    except IntegrityError:
        game.version, game.updated, game.has_undone = had
        return False
    row.version += 1
    done.kept = kept
    return True


def open_round(rounds: list[Round], *, for_cards: bool = True) -> Round:
    """The round being played; with ``for_cards``, one that takes cards."""
    if not rounds:
        raise Refused(gettext("This game has no round to play."))
    current = rounds[-1]
    if current.confirmed:
        raise Refused(gettext("The game is over: its last round is confirmed."))
    if for_cards and current.quick is not None:
        raise Refused(
            gettext("Round %(n)s was entered quickly; it has no cards.") % {"n": current.number}
        )
    return current


def trick_round(rounds: list[Round], number: int, trick: int) -> Round:
    if not 1 <= number <= len(rounds):
        raise Refused(gettext("There is no round %(n)s.") % {"n": number})
    target = rounds[number - 1]
    if not 1 <= trick <= len(target.tricks):
        raise Refused(
            gettext("Round %(n)s has no trick %(trick)s.") % {"n": number, "trick": trick}
        )
    return target
