"""The table's verbs: every change to a game goes through one of these.

Each verb runs in one transaction: it locks the game row, skips a retried
POST (its idempotency key was already applied), refuses a stale form
(:class:`Conflict`), builds the *new* entries, replays the whole game
through the engine with them, and saves only if the engine accepts them. A
:class:`scoring.findings.RuleError` propagates unchanged, so the database is
never left with half a change. Nothing here decides a rule.

The verbs of the round being played (a card, its undo, a known hand) do the
same in another order, for speed (:func:`_apply_current`): the checks and
the engine's replay first, on the game as the request found it, then one
short transaction that claims the game's next version only if it is still
the stamp's (a conflict otherwise: nothing is written) and writes.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from companion import history, rows
from companion.access import GameGone, find_game
from companion.forms.stamp import Stamp
from companion.models import Game, Group, Round, Submission, new_token
from companion.replay import (
    CurrentRound,
    RoundRow,
    game_record,
    game_state,
    latest_round,
    load_rows,
)
from companion.texts import say
from companion.wording import card_number
from scoring.cards import card_code, card_text
from scoring.changes import describe_changes
from scoring.game import GameState, dealer_of_round
from scoring.names import check_group, check_players
from scoring.prompt import next_card
from scoring.record import GameRecord, replay
from scoring.state import RoundState


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
    "edit_trick": gettext_lazy("other cards"),
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
    of :func:`_apply_current` while that round is unfinished)."""
    before: RoundState | None = None
    """That round as the engine had it before the change (what the phone
    that sent it shows): its answer sends only the parts that differ."""
    what: str = ""
    """The change in the players' words, as its history keeps it."""
    removed: list[Round] = field(default_factory=list)
    """Rounds the change takes away (an undone Confirm's next round)."""
    kept: history.Change | None = None
    """The change as the game's history keeps it (not for an undo or redo)."""
    undoing: list[history.Change] = field(default_factory=list)
    redoing: history.Change | None = None
    """An undo's changes taken back, or a redo's change made again: they
    are marked, not kept as new changes."""


def create_game(
    *,
    players: list[str],
    variant: str,
    teams: str = "",
    edition: str = "classic",
    first_dealer: int = 0,
    dealer_was_random: bool = False,
    goal_rounds: int | None = None,
    goal_target: int | None = None,
    follows: Game | None = None,
    group: Group | None = None,
) -> Game:
    """A new game with its first (empty) round; the engine checks the set-up
    and the names are stored as it cleans them (:func:`scoring.names.check_players`)."""
    with transaction.atomic():
        game = Game(
            follows=follows,
            group=group,
            players=list(check_players(players)),
            variant=variant,
            teams=teams,
            edition=edition,
            first_dealer=first_dealer,
            dealer_was_random=dealer_was_random,
            goal_rounds=goal_rounds,
            goal_target=goal_target,
        )
        first = Round(number=1)
        game_state(game, [first])
        game.save()
        first.game = game
        first.save()
    return game


def create_group(name: str, players: list[str]) -> Group:
    """A new group with its own links; the engine cleans the name and the
    players (:func:`scoring.names.check_group`)."""
    title, names = check_group(name, players)
    return Group.objects.create(name=title, players=list(names))


def play_again(token: str) -> Game:
    """The rematch of a finished game: the same players, variant, teams,
    deck and goal, dealt first by whoever would deal next; a new game with
    its own links. A game has one rematch: asking again (a second tap,
    another phone) finds it."""
    with transaction.atomic():
        access = find_game(token, lock=True)
        access.require_edit()
        game = access.game
        existing = Game.objects.filter(follows=game).first()
        if existing is not None:
            return existing
        state = game_state(game)
        if not state.finished:
            raise Refused(gettext("This game is not over yet: play again once it has a winner."))
        return create_game(
            players=list(game.players),
            variant=game.variant,
            teams=game.teams,
            edition=game.edition,
            first_dealer=state.next_dealer,
            goal_rounds=game.goal_rounds,
            goal_target=game.goal_target,
            follows=game,
            group=game.group,
        )


def replace_edit_link(token: str) -> Game:
    """A new edit link for the game of this edit link: old copies lead nowhere."""
    return _replace_link(token, "edit_token")


def replace_view_link(token: str) -> Game:
    """A new view link for the game of this edit link: old copies of the
    view link lead nowhere (only the edit link may do this)."""
    return _replace_link(token, "view_token")


def _replace_link(token: str, link: str) -> Game:
    with transaction.atomic():
        access = find_game(token, lock=True)
        access.require_edit()
        game = access.game
        setattr(game, link, new_token())
        game.version += 1
        game.updated = timezone.now()
        changed = Game.objects.filter(pk=game.pk).update(
            **{link: getattr(game, link)}, version=game.version, updated=game.updated
        )
        if not changed:
            raise GameGone()  # deleted since it was found
    return game


def delete_game(token: str) -> set[str]:
    """Delete the game of this edit link and all its rounds; its two tokens."""
    with transaction.atomic():
        access = find_game(token, lock=True)
        access.require_edit()
        game = access.game
        tokens = {game.edit_token, game.view_token}
        game.delete()
    return tokens


def play_card(game: Game, stamp: Stamp, card: int) -> Done:
    """Enter the next card of the round being played (Lopaka then plays his own)."""

    def change(current: CurrentRound) -> Done:
        _open_round([current.row])
        done = Done(what=_next_card_words(current, card))
        _add_card(current, card)
        _lopaka_plays(current, done)
        return done

    return _apply_current(game, stamp, change, Sent("play_card", (card,)))


def undo_card(game: Game, stamp: Stamp) -> Done:
    """Take back the last card entered, and the cards Lopaka played after it
    (or the quick entry of an unconfirmed round)."""

    def change(current: CurrentRound) -> Done:
        row = _open_round([current.row], for_cards=False)
        if row.quick is not None:
            row.quick = None
            return Done(what=f"Took back the quick entry of round {row.number}")
        if not any(row.tricks):
            raise Refused(gettext("There is no card to undo in this round."))
        played = _played_cards(current)
        taken = 0
        while any(row.tricks):
            _pop(row)
            taken += 1
            now = current.again()
            ask = next_card(now.table, now.entries, now.state)
            if ask is None or ask.forced is None:
                break
        return Done(what=f"Took back {played[-taken]}")

    return _apply_current(game, stamp, change, Sent("undo_card", ()))


def set_known_hand(game: Game, stamp: Stamp, seat: int, cards: list[int]) -> Done:
    """Enter a face-up hand: Lopaka's 11 cards (seat = number of players) or a
    player's open hand (Bright House, Devil's Eye). No cards clears it."""

    def change(current: CurrentRound) -> Done:
        row = _open_round([current.row])
        texts = [card_text(card) for card in sorted(cards)] or None
        players = list(game.players)
        if seat == len(players):
            row.lopaka_hand = texts
        elif 0 <= seat < len(players):
            hands = dict(row.open_hands or {})
            if texts is None:
                hands.pop(players[seat], None)
            else:
                hands[players[seat]] = texts
            row.open_hands = hands or None
        else:
            raise Refused(gettext("There is no seat %(seat)s at this table.") % {"seat": seat})
        owner = "Lopaka" if seat == len(players) else players[seat]
        hand = "face-up hand" if seat == len(players) else "open hand"
        what = f"{owner}'s {hand} in round {row.number}"
        done = Done(what=what if texts else f"Cleared {what}")
        _lopaka_plays(current, done)
        return done

    return _apply_current(game, stamp, change, Sent("set_known_hand", (seat, sorted(cards))))


def edit_trick(game: Game, stamp: Stamp, number: int, trick: int, cards: list[int]) -> Done:
    """Correct the cards of an earlier trick; the whole game is replayed."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        target = _trick_round(rounds, number, trick)
        tricks = [list(cards_of) for cards_of in target.tricks]
        tricks[trick - 1] = [card_text(card) for card in cards]
        target.tricks = tricks
        return [target], Done(what=f"Corrected trick {trick} of round {number}")

    return _apply(
        game, stamp, change, Sent("edit_trick", (number, trick, list(cards))), describe=True
    )


def move_card(game: Game, stamp: Stamp, number: int, trick: int, position: int, card: int) -> Done:
    """Fix one card of a trick in place: ``card`` goes to ``position`` (its
    place in play order) of trick ``trick`` of round ``number``. The card
    that was there takes the place ``card`` leaves — in another trick, in
    this trick, or in the Imp's Trick as entered — so every trick stays
    whole; a card not played yet simply replaces it. One change (one Undo
    takes it back); the whole game is replayed and the engine judges it."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        target = _trick_round(rounds, number, trick)
        tricks = [list(cards) for cards in target.tricks]
        if not 0 <= position < len(tricks[trick - 1]):
            raise Refused(
                gettext("Trick %(trick)s has no card %(n)s.") % {"trick": trick, "n": position + 1}
            )
        state = game_state(game, rounds).rounds[number - 1]
        old = card_code(tricks[trick - 1][position])
        if old == card:
            who = _who_played(state, trick, position)
            raise Refused(
                gettext("%(name)s's card in trick %(trick)s is %(card)s already.")
                % {"name": who, "trick": trick, "card": card_number(card)}
            )
        words = _moved_words(state, tricks, (number, trick, position), card, old)
        found = _place_of(tricks, card)
        if found is not None:
            tricks[found[0] - 1][found[1]] = card_text(old)
        elif target.imps_trick and card in _codes(target.imps_trick):
            target.imps_trick = [
                card_text(old) if code == card else card_text(code)
                for code in _codes(target.imps_trick)
            ]
        tricks[trick - 1][position] = card_text(card)
        target.tricks = tricks
        return [target], Done(what=words)

    sent = Sent("move_card", (number, trick, position, card))
    return _apply(game, stamp, change, sent, describe=True)


def _codes(texts: list[str]) -> list[int]:
    return [code for text in texts if (code := card_code(text)) is not None]


def _place_of(tricks: list[list[str]], card: int) -> tuple[int, int] | None:
    """Where ``card`` lies in a round's tricks as entered: (trick, position)."""
    for number, cards in enumerate(tricks, 1):
        for position, text in enumerate(cards):
            if card_code(text) == card:
                return number, position
    return None


def _who_played(state: Any, trick: int, position: int) -> str:
    """The name of who played the card at ``position`` of ``trick``, as the
    engine's replay has it."""
    play = state.tricks[trick - 1]
    return str(state.shape.names[play.players[position]])


def _moved_words(
    state: Any, tricks: list[list[str]], here: tuple[int, int, int], card: int, old: int
) -> str:
    """A card moved, in the players' words (before it moves): "Swapped
    Betty's 15 in trick 3 and Adam's 17 in trick 1 of round 2", "Swapped
    Betty's 15 and Adam's 17 in trick 3 of round 2", or "Betty's 15 in trick
    3 of round 2 is now 18"."""
    number, trick, position = here
    who = _who_played(state, trick, position)
    was, now = card_text(old), card_text(card)
    found = _place_of(tricks, card)
    if found is None:
        return f"{who}'s {was} in trick {trick} of round {number} is now {now}"
    other = _who_played(state, found[0], found[1])
    if found[0] == trick:
        return f"Swapped {who}'s {was} and {other}'s {now} in trick {trick} of round {number}"
    return (
        f"Swapped {who}'s {was} in trick {trick} and {other}'s {now} "
        f"in trick {found[0]} of round {number}"
    )


def delete_trick(game: Game, stamp: Stamp, number: int, trick: int) -> Done:
    """Delete an earlier trick; the later ones move up and the game is replayed."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        target = _trick_round(rounds, number, trick)
        target.tricks = [list(cards) for i, cards in enumerate(target.tricks, 1) if i != trick]
        return [target], Done(what=f"Deleted trick {trick} of round {number}")

    return _apply(game, stamp, change, Sent("delete_trick", (number, trick)), describe=True)


def enter_quick_round(
    game: Game,
    stamp: Stamp,
    points: dict[str, int | None],
    bottle: list[str],
    imps_trick_points: int,
) -> Done:
    """Score the round being played from its coins and bottle owner(s) alone."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = _open_round(rounds, for_cards=False)
        if any(current.tricks):
            raise Refused(gettext("Cards are already entered in this round: undo them first."))
        current.quick = {
            "points": points,
            "bottle": bottle,
            "imps_trick_points": imps_trick_points,
        }
        current.tricks = []
        current.lopaka_hand = current.open_hands = current.imps_trick = None
        return [current], Done(what=f"Quick entry of round {current.number}")

    return _apply(
        game, stamp, change, Sent("enter_quick_round", (points, bottle, imps_trick_points))
    )


DEALER_FIXED = gettext_lazy("The dealer can only be changed before the first card of the round.")


def set_dealer(game: Game, stamp: Stamp, seat: int) -> Done:
    """Name who deals the round being played, when the table did not rotate
    as usual (docs/rules.md, section 2); the later rounds follow from there. Only
    before the round's first card (or quick entry). The usual dealer clears
    the override (nothing is stored then)."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = _open_round(rounds, for_cards=False)
        if current.quick is not None or any(current.tricks):
            raise Refused(str(DEALER_FIXED))
        players = list(game.players)
        if not 0 <= seat < len(players):
            raise Refused(gettext("There is no seat %(seat)s at this table.") % {"seat": seat})
        current.dealer = None if seat == _usual_dealer(game, rounds) else seat
        return [current], Done(what=f"{players[seat]} deals round {current.number}")

    return _apply(game, stamp, change, Sent("set_dealer", (seat,)))


def _usual_dealer(game: Game, rounds: list[Round]) -> int:
    """Who deals the last round by the rotation, as the engine has it: one
    seat left a round from the nearest earlier round with an entered dealer
    (else from the first dealer)."""
    current = rounds[-1]
    entered = next(
        ((row.number, row.dealer) for row in reversed(rounds[:-1]) if row.dealer is not None),
        None,
    )
    table = game.table
    return dealer_of_round(table, game.first_dealer, current.number, entered)


def confirm_round(game: Game, stamp: Stamp) -> Done:
    """The table accepts the round's result; the next round starts unless the
    game has ended."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = _open_round(rounds, for_cards=False)
        state = game_state(game, rounds)
        if not state.rounds[current.number - 1].complete:
            raise Refused(gettext("Round %(n)s is not complete yet.") % {"n": current.number})
        current.confirmed = True
        changed = [current]
        if not state.finished:
            following = start_next_round(game, rounds)
            changed.append(following)
        return changed, Done(what=f"Confirmed round {current.number}")

    return _apply(game, stamp, change, Sent("confirm_round", ()))


def start_next_round(game: Game, rounds: list[Round]) -> Round:
    """The next round, dealt by the player left of the last dealer (the
    engine's ``next_dealer``); it is checked with the others before saving."""
    following = Round(game=game, number=len(rounds) + 1)
    rounds.append(following)
    return following


def dismiss_warnings(game: Game, stamp: Stamp) -> Done:
    """The table has settled the round's revoke warnings: hide them."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = rounds[-1]
        state = game_state(game, rounds)
        current.dismissed_warnings = len(state.rounds[current.number - 1].warnings)
        return [current], Done(what=f"Let the revoke stand in round {current.number}")

    return _apply(game, stamp, change, Sent("dismiss_warnings", ()))


def undo(game: Game, stamp: Stamp, back_to: int | None = None) -> Done:
    """Take back the game's last change, or every change from the one
    numbered ``back_to`` on (newest first); each can be redone in order."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        taken = history.to_undo(game, back_to)
        if not taken:
            raise Refused(gettext("There is no change to undo."))
        done = Done(undoing=taken, what=taken[-1].what)
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
    return _apply(game, stamp, change, Sent("undo", (back_to,)), describe=True)


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
        return changed, Done(redoing=again, what=again.what, removed=removed)

    return _apply(game, stamp, change, Sent("redo", ()), describe=True)


Change = Callable[[list[Round]], tuple[list[Round], Done]]

ROUND_FIELDS = (*history.ENTRY_FIELDS, "version")
"""What a change stores of a round it changes."""


def _lock(game: Game, stamp: Stamp, sent: Sent) -> Game | None:
    """The game row, locked until the transaction ends, in one query with
    what the stamp's key was applied to already: None for the same change
    (a retry), :class:`KeyReused` for another. Conflict when the stamp's
    version is not the game's; 404 (:class:`GameGone`) when the game was
    deleted since the request found it."""
    # Plain SQL: compiling the ORM's select_for_update().annotate(Subquery(...))
    # cost five times what the database took to run it, on every change.
    sql = (
        f"SELECT g.*, (SELECT s.digest FROM {Submission._meta.db_table} AS s"
        " WHERE s.game_id = g.id AND s.key = %s) AS applied"
        f" FROM {Game._meta.db_table} AS g WHERE g.id = %s"
    )
    if connection.features.has_select_for_update:
        sql += " FOR UPDATE"  # of the game row (SQLite: BEGIN IMMEDIATE locks)
    found = rows.select(Game, sql, [stamp.key, game.pk])
    if not found:
        raise GameGone()  # deleted since the request found it
    locked = found[0]
    if locked.applied is not None:
        return sent.again(locked.applied)
    if stamp.version != locked.version:
        # After waiting for the lock, PostgreSQL re-reads the game row but
        # not the subquery above (its snapshot is older): ask again, afresh.
        applied = Submission.objects.filter(game_id=game.pk, key=stamp.key)
        digest = applied.values_list("digest", flat=True).first()
        if digest is not None:
            return sent.again(digest)
        raise Conflict()
    return locked


def _saved(
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
        if item.pk is None:
            item.save()  # a round an undo or a redo makes again
        else:
            rows.update(item, ROUND_FIELDS)
    locked.version += 1
    locked.updated = timezone.now()
    had_undone = locked.has_undone
    if done.undoing or done.redoing:
        history.mark(locked, done.undoing, done.redoing)
    else:
        done.kept = history.record(locked, done.what, before, changed, shown)
    fields = ["version", "updated"]
    if locked.has_undone != had_undone:
        fields.append("has_undone")
    rows.update(locked, fields)
    _keep_key(locked, stamp, sent)


def _keep_key(game: Game, stamp: Stamp, sent: Sent) -> None:
    """Store the stamp's key with what it was sent for (a retry finds it)."""
    rows.run(_key_row(game, stamp, sent))


KEY_FIELDS = ("game", "key", "digest", "created")


def _key_row(game: Game, stamp: Stamp, sent: Sent) -> rows.Write:
    """The statement that stores the stamp's key (:func:`_keep_key`)."""
    key = Submission(game=game, key=stamp.key, digest=sent.digest, created=game.updated)
    return rows.inserting(key, KEY_FIELDS)


def _apply(game: Game, stamp: Stamp, change: Change, sent: Sent, *, describe: bool = False) -> Done:
    """Lock, check key and version, change, replay, save (see the module doc)."""
    with transaction.atomic():
        locked = _lock(game, stamp, sent)
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
            done.changes = tuple(say(line) for line in describe_changes(before, after))
        shown = rounds[-1].number if rounds else 0
        _saved(locked, stamp, sent, changed, done, entries, shown)
    # Only these change in a verb: no query to read the game again.
    game.version, game.updated = locked.version, locked.updated
    game.has_undone = locked.has_undone
    return done


def _apply_current(
    game: Game, stamp: Stamp, change: Callable[[CurrentRound], Done], sent: Sent
) -> Done:
    """:func:`_apply` for a verb that changes only the round being played
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
    row = latest_round(game, stamp.key)
    if row is not None and row.applied is not None:
        sent.again(row.applied)  # KeyReused when the key was sent with another change
        return Done(applied=False)  # a retry of the change made
    if row is None:
        _lock(game, stamp, sent)  # GameGone when the game was deleted since it was found
        raise Refused(gettext("This game has no round to play."))
    if stamp.version != game.version or stamp.version != row.game_version:
        raise Conflict()  # before the engine's verdict: a stale form is a 409, not a 400
    current = CurrentRound.of(game, row)
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
    saved = _save_current(game, stamp, sent, row, done, entries)
    if saved is None:  # the game changed meanwhile (or was deleted): say how
        if _lock(game, stamp, sent) is None:
            return Done(applied=False)  # by this very change, sent again
        raise Conflict()
    game.version, game.updated, game.has_undone = saved.version, saved.updated, False
    return done


CLAIMED = ("version", "updated", "has_undone")
"""What a change of the round being played stores of the game row first."""


def _save_current(
    game: Game, stamp: Stamp, sent: Sent, row: Round, done: Done, before: dict[int, history.Entries]
) -> Game | None:
    """:func:`_saved` for :func:`_apply_current`, in plain SQL. The game row
    is claimed first: its version raised in one statement that holds only
    while the row still has the stamp's version (on PostgreSQL it locks the
    row until the transaction ends; SQLite's transaction holds the database).
    None when it no longer has: nothing is written then.

    Every statement is prepared before the transaction begins (the values
    turned into what the database stores, the change kept for undo built):
    tables entering cards at once wait for each other only while the
    database writes."""
    claimed = copy.copy(game)
    claimed.version, claimed.updated = stamp.version + 1, timezone.now()
    claimed.has_undone = False  # a new change leaves nothing to redo
    claim = rows.updating(claimed, CLAIMED, version=stamp.version)
    row.version += 1
    kept = history.new_change(claimed, done.what, before, [row], row.number)
    writes = (
        rows.updating(row, ROUND_FIELDS),
        rows.inserting(kept, history.CHANGE_FIELDS),
        _key_row(claimed, stamp, sent),
    )
    with transaction.atomic():
        if rows.run(claim) != 1:
            row.version -= 1
            return None
        if game.has_undone:
            history.forget_undone(game)
        for write in writes:
            rows.run(write)
    done.kept = kept
    return claimed


def _open_round(rounds: list[Round], *, for_cards: bool = True) -> Round:
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


def _trick_round(rounds: list[Round], number: int, trick: int) -> Round:
    if not 1 <= number <= len(rounds):
        raise Refused(gettext("There is no round %(n)s.") % {"n": number})
    target = rounds[number - 1]
    if not 1 <= trick <= len(target.tricks):
        raise Refused(
            gettext("Round %(n)s has no trick %(trick)s.") % {"n": number, "trick": trick}
        )
    return target


def _append(current: Round, card: int, state: object) -> None:
    """Add a card to the trick being played, or start the next trick."""
    tricks = [list(cards) for cards in current.tricks]
    plays = state.tricks  # type: ignore[attr-defined]
    if tricks and plays and not plays[-1].is_complete:
        tricks[-1].append(card_text(card))
    else:
        tricks.append([card_text(card)])
    current.tricks = tricks


def _add_card(round_: CurrentRound, card: int) -> None:
    """:func:`_append` without a replay first: a trick is complete once it
    holds the engine's ``cards_per_trick`` (the replay after the change still
    checks the card)."""
    current = round_.row
    size = round_.table.shape(round_.dealer).cards_per_trick
    tricks = [list(cards) for cards in current.tricks]
    if tricks and len(tricks[-1]) < size:
        tricks[-1].append(card_text(card))
    else:
        tricks.append([card_text(card)])
    current.tricks = tricks


def _next_card_words(current: CurrentRound, card: int) -> str:
    """The card about to be entered, in the players' words: "Betty's 17 in
    trick 3" (whose turn it is, as the round's replay so far has it)."""
    state = current.state
    plays = state.tricks
    if plays and not plays[-1].is_complete:
        leader, position, trick = plays[-1].leader, len(plays[-1].cards), len(plays)
    else:
        leader, position, trick = state.next_leader, 0, len(plays) + 1
    seat = state.shape.orders[leader][position]
    return f"{state.shape.names[seat]}'s {card_text(card)} in trick {trick}"


def _played_cards(current: CurrentRound) -> list[str]:
    """Every card of the round so far in the players' words, in play order."""
    names = current.state.shape.names
    return [
        f"{names[seat]}'s {card_text(card)} in trick {number}"
        for number, play in enumerate(current.state.tricks, 1)
        for seat, card in zip(play.players, play.cards, strict=False)
    ]


def _pop(current: Round) -> None:
    tricks = [list(cards) for cards in current.tricks]
    tricks[-1].pop()
    if not tricks[-1]:
        tricks.pop()
    current.tricks = tricks


def _lopaka_plays(current: CurrentRound, done: Done) -> None:
    """While it is Lopaka's turn and his hand is known, play his card for him."""
    if not current.table.variant.has_lopaka:
        return  # no Lopaka at this table: no replay needed to ask
    while True:
        now = current.again()
        ask = next_card(now.table, now.entries, now.state)
        if ask is None or ask.forced is None:
            return
        _append(current.row, ask.forced, now.state)
        if ask.reason is not None:
            done.notes.append(say(ask.reason))
