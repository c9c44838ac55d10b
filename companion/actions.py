"""The table's verbs: every change to a game goes through one of these.

Each verb runs in one transaction: it locks the game row, skips a retried
POST (its idempotency key was already applied), refuses a stale form
(:class:`Conflict`), builds the *new* entries, replays the whole game
through the engine with them, and saves only if the engine accepts them. A
:class:`scoring.findings.RuleError` propagates unchanged, so the database is
never left with half a change. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction

from companion.models import Game, Round, Submission
from companion.replay import game_record, game_state
from scoring.cards import card_text
from scoring.changes import describe_changes
from scoring.game import GameState
from scoring.prompt import next_card
from scoring.record import GameRecord, replay
from scoring.variants import VARIANTS, Table


@dataclass(frozen=True)
class Stamp:
    """What every mutating form carries: the game's version it was rendered
    from, and a fresh idempotency key."""

    version: int
    key: str


class Conflict(Exception):
    """The form was rendered from an older version of the game."""

    def __init__(self, message: str = "") -> None:
        super().__init__(
            message or "Someone else entered a card at the same time; here is the current round."
        )


class Refused(Exception):
    """A change the app cannot make in the game's present state (not a rule)."""


@dataclass
class Done:
    """What a verb did: whether it was applied (not a retry), what the
    replay says changed, and Lopaka's reasons for the cards he played."""

    applied: bool = True
    changes: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    """The game's rounds after the change, with the engine's replay of them
    (``record``, ``state``): the answer shows them without a second replay."""
    record: GameRecord | None = None
    state: GameState | None = None


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
) -> Game:
    """A new game with its first (empty) round; the engine checks the set-up."""
    with transaction.atomic():
        game = Game(
            players=players,
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


def play_card(game: Game, stamp: Stamp, card: int) -> Done:
    """Enter the next card of the round being played (Lopaka then plays his own)."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = _open_round(rounds)
        _add_card(game, current, card)
        done = Done()
        _lopaka_plays(game, rounds, current, done)
        return [current], done

    return _apply(game, stamp, change)


def undo_card(game: Game, stamp: Stamp) -> Done:
    """Take back the last card entered, and the cards Lopaka played after it
    (or the quick entry of an unconfirmed round)."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = _open_round(rounds, for_cards=False)
        if current.quick is not None:
            current.quick = None
            return [current], Done()
        if not any(current.tricks):
            raise Refused("There is no card to undo in this round.")
        while any(current.tricks):
            _pop(current)
            record = game_record(game, rounds)
            state = replay(record)
            index = current.number - 1
            ask = next_card(record.table, record.rounds[index], state.rounds[index])
            if ask is None or ask.forced is None:
                break
        return [current], Done()

    return _apply(game, stamp, change)


def set_known_hand(game: Game, stamp: Stamp, seat: int, cards: list[int]) -> Done:
    """Enter a face-up hand: Lopaka's 11 cards (seat = number of players) or a
    player's open hand (Bright House, Devil's Eye). No cards clears it."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = _open_round(rounds)
        texts = [card_text(card) for card in sorted(cards)] or None
        players = list(game.players)
        if seat == len(players):
            current.lopaka_hand = texts
        elif 0 <= seat < len(players):
            hands = dict(current.open_hands or {})
            if texts is None:
                hands.pop(players[seat], None)
            else:
                hands[players[seat]] = texts
            current.open_hands = hands or None
        else:
            raise Refused(f"There is no seat {seat} at this table.")
        done = Done()
        _lopaka_plays(game, rounds, current, done)
        return [current], done

    return _apply(game, stamp, change)


def edit_trick(game: Game, stamp: Stamp, number: int, trick: int, cards: list[int]) -> Done:
    """Correct the cards of an earlier trick; the whole game is replayed."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        target = _trick_round(rounds, number, trick)
        tricks = [list(cards_of) for cards_of in target.tricks]
        tricks[trick - 1] = [card_text(card) for card in cards]
        target.tricks = tricks
        return [target], Done()

    return _apply(game, stamp, change, describe=True)


def delete_trick(game: Game, stamp: Stamp, number: int, trick: int) -> Done:
    """Delete an earlier trick; the later ones move up and the game is replayed."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        target = _trick_round(rounds, number, trick)
        target.tricks = [list(cards) for i, cards in enumerate(target.tricks, 1) if i != trick]
        return [target], Done()

    return _apply(game, stamp, change, describe=True)


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
            raise Refused("Cards are already entered in this round: undo them first.")
        current.quick = {
            "points": points,
            "bottle": bottle,
            "imps_trick_points": imps_trick_points,
        }
        current.tricks = []
        current.lopaka_hand = current.open_hands = current.imps_trick = None
        return [current], Done()

    return _apply(game, stamp, change)


def confirm_round(game: Game, stamp: Stamp) -> Done:
    """The table accepts the round's result; the next round starts unless the
    game has ended."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = _open_round(rounds, for_cards=False)
        state = game_state(game, rounds)
        if not state.rounds[current.number - 1].complete:
            raise Refused(f"Round {current.number} is not complete yet.")
        current.confirmed = True
        changed = [current]
        if not state.finished:
            following = start_next_round(game, rounds)
            changed.append(following)
        return changed, Done()

    return _apply(game, stamp, change)


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
        return [current], Done()

    return _apply(game, stamp, change)


Change = Callable[[list[Round]], tuple[list[Round], Done]]


def _apply(game: Game, stamp: Stamp, change: Change, *, describe: bool = False) -> Done:
    """Lock, check key and version, change, replay, save (see the module doc)."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if Submission.objects.filter(game=locked, key=stamp.key).exists():
            return Done(applied=False)
        if stamp.version != locked.version:
            raise Conflict()
        rounds = list(locked.rounds.all())
        before: GameState | None = game_state(locked, rounds) if describe else None
        changed, done = change(rounds)
        record = game_record(locked, rounds)
        after = replay(record)
        done.rounds, done.record, done.state = rounds, record, after
        if before is not None:
            done.changes = describe_changes(before, after)
        for item in changed:
            item.version += 1
            item.save()
        locked.version += 1
        locked.save(update_fields=["version", "updated"])
        Submission.objects.create(game=locked, key=stamp.key)
    # Only these change in a verb: no query to read the game again.
    game.version, game.updated = locked.version, locked.updated
    return done


def _open_round(rounds: list[Round], *, for_cards: bool = True) -> Round:
    """The round being played; with ``for_cards``, one that takes cards."""
    if not rounds:
        raise Refused("This game has no round to play.")
    current = rounds[-1]
    if current.confirmed:
        raise Refused("The game is over: its last round is confirmed.")
    if for_cards and current.quick is not None:
        raise Refused(f"Round {current.number} was entered quickly; it has no cards.")
    return current


def _trick_round(rounds: list[Round], number: int, trick: int) -> Round:
    if not 1 <= number <= len(rounds):
        raise Refused(f"There is no round {number}.")
    target = rounds[number - 1]
    if not 1 <= trick <= len(target.tricks):
        raise Refused(f"Round {number} has no trick {trick}.")
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


def _add_card(game: Game, current: Round, card: int) -> None:
    """:func:`_append` without a replay first: a trick is complete once it
    holds the engine's ``cards_per_trick`` (the replay after the change still
    checks the card)."""
    table = Table.create(tuple(game.players), game.variant, game.teams or None, game.edition)
    size = table.shape(game.first_dealer).cards_per_trick
    tricks = [list(cards) for cards in current.tricks]
    if tricks and len(tricks[-1]) < size:
        tricks[-1].append(card_text(card))
    else:
        tricks.append([card_text(card)])
    current.tricks = tricks


def _pop(current: Round) -> None:
    tricks = [list(cards) for cards in current.tricks]
    tricks[-1].pop()
    if not tricks[-1]:
        tricks.pop()
    current.tricks = tricks


def _lopaka_plays(game: Game, rounds: list[Round], current: Round, done: Done) -> None:
    """While it is Lopaka's turn and his hand is known, play his card for him."""
    variant = VARIANTS.get(game.variant)
    if variant is not None and not variant.has_lopaka:
        return  # no Lopaka at this table: no replay needed to ask
    index = current.number - 1
    while True:
        record = game_record(game, rounds)
        state = replay(record)
        ask = next_card(record.table, record.rounds[index], state.rounds[index])
        if ask is None or ask.forced is None:
            return
        _append(current, ask.forced, state.rounds[index])
        done.notes.append(ask.reason or f"Lopaka plays {card_text(ask.forced)}.")
