"""From stored entries to the engine's results: a game is replayed through
``scoring`` every time it is shown. Nothing here decides a rule."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from django.core.cache import caches

from companion.access import GameGone
from companion.history import ENTRY_FIELDS
from companion.models import Game, Round
from scoring.cards import Deck
from scoring.entries import RoundEntries
from scoring.game import GameState, dealer_of_round
from scoring.prompt import Prompt, next_card
from scoring.record import GameRecord, parse_record, parse_round, replay, write_record
from scoring.rounds import RoundState, replay_round
from scoring.variants import Table


class RoundRow(NamedTuple):
    """A stored round as read for showing a game: the fields of
    :class:`~companion.models.Round`, read-only (a verb changes and saves
    ``Round`` instances of its own)."""

    id: int
    number: int
    dealer: int | None
    tricks: list[list[str]]
    imps_trick: list[str] | None
    lopaka_hand: list[str] | None
    open_hands: dict[str, list[str]] | None
    quick: dict[str, Any] | None
    confirmed: bool
    settled_revokes: list[dict[str, Any]]
    agreed: list[dict[str, Any]]
    flags: list[dict[str, Any]]
    version: int

    @property
    def pk(self) -> int:
        return self.id


def load_rows(game: Game) -> list[RoundRow]:
    """A game's rounds in order, as tuples: a hundred model instances took
    longer to build than the query and the JSON together.

    A game always has its first round (a new game and an import make it),
    so none means the game was deleted since the request found it: 404.
    """
    values = Round.objects.filter(game_id=game.pk).order_by("number").values_list(*RoundRow._fields)
    found = [RoundRow._make(row) for row in values]
    if not found:
        raise GameGone()
    return found


def round_data(item: Round | RoundRow) -> dict[str, Any]:
    """A stored round as a `bottle-imp/1` round."""
    data: dict[str, Any] = {}
    if item.dealer is not None:
        data["dealer"] = item.dealer
    if item.quick is not None:
        data["quick"] = item.quick
        return data
    data["tricks"] = item.tricks
    if item.imps_trick is not None:
        data["imps_trick"] = item.imps_trick
    if item.lopaka_hand is not None:
        data["lopaka_hand"] = item.lopaka_hand
    if item.open_hands:
        data["open_hands"] = item.open_hands
    return data


def record_data(game: Game, rounds: Sequence[Round | RoundRow] | None = None) -> dict[str, Any]:
    """A stored game as a `bottle-imp/1` record (what export writes)."""
    if rounds is None:
        rounds = load_rows(game)
    goal: dict[str, int] = {}
    if game.goal_rounds:
        goal = {"rounds": game.goal_rounds}
    elif game.goal_target:
        goal = {"target": game.goal_target}
    data: dict[str, Any] = {"format": "bottle-imp/1"}
    if game.edition != "classic":
        data["edition"] = game.edition
    data["variant"] = game.variant
    if game.teams:
        data["teams"] = game.teams
    data.update(
        players=list(game.players),
        first_dealer=game.first_dealer,
        goal=goal,
        rounds=[round_data(item) for item in rounds],
    )
    return data


def game_record(game: Game, rounds: Sequence[Round | RoundRow] | None = None) -> GameRecord:
    """The engine's record of a stored game; raises the engine's findings."""
    return parse_record(record_data(game, rounds))


def game_state(game: Game, rounds: Sequence[Round | RoundRow] | None = None) -> GameState:
    """Replay a stored game through the engine."""
    return replay(game_record(game, rounds))


@dataclass(frozen=True)
class Counted:
    """What counts of a game: the rounds the table has confirmed.

    ``state`` replays the confirmed rounds (and an unfinished round being
    played, which counts for nothing): its totals, ``finished`` and winners
    are the game's as every screen and export shows them. ``waiting`` is a
    complete round the table has not confirmed yet, shown as such with its
    scores apart; ``after`` is the game once it is confirmed (the engine's
    replay of every round: whether Confirm ends the game, and who wins).
    """

    state: GameState
    waiting: RoundState | None
    after: GameState

    @property
    def ends_game(self) -> bool:
        """Whether confirming the waiting round ends the game (the engine says)."""
        return self.waiting is not None and self.after.finished


def what_counts(
    record: GameRecord, state: GameState, rounds: Sequence[Round | RoundRow]
) -> Counted:
    """The one rule of what counts (:class:`Counted`) for a game's record,
    its replay ``state`` and its stored ``rounds``: the confirmed ones."""
    confirmed = [row.confirmed for row in rounds]
    if all(confirmed):
        return Counted(state, None, state)
    if confirmed[:-1] == [True] * (len(rounds) - 1) and not state.rounds[-1].complete:
        # Only the round being played is unconfirmed, and an unfinished
        # round counts for nothing yet: the replay's totals, ranks and
        # complete rounds are the confirmed ones (no second replay).
        return Counted(state, None, state)
    waiting = state.rounds[-1] if not confirmed[-1] and state.rounds[-1].complete else None
    # the confirmed rounds' entries, as parsed already (no second parse)
    entries = tuple(
        item for item, is_confirmed in zip(record.rounds, confirmed, strict=True) if is_confirmed
    )
    return Counted(replay(replace(record, rounds=entries)), waiting, state)


ROUND_FIELDS = ("id", "game_id", "number", *ENTRY_FIELDS, "version")
"""A round's stored fields, as :func:`latest_round` reads them."""


@dataclass(frozen=True)
class Latest:
    """The round being played, as :func:`latest_round` read it, with the
    game's version as the same query saw it (the round read is that
    version's) and the earlier rounds whose dealer was entered, as (number,
    seat), for the engine to say who deals it (:func:`dealer_of`)."""

    row: Round
    game_version: int
    entered: tuple[tuple[int, int], ...] = ()


def latest_round(game: Game) -> Latest | None:
    """The game's last round (the one being played) and the game's version,
    in one query; then, after the first round and unless the round's own
    dealer was entered, the earlier rounds whose dealer was."""
    rounds = Round.objects.filter(game_id=game.pk).order_by("-number")
    found = rounds.values_list(*ROUND_FIELDS, "game__version").first()
    if found is None:
        return None
    row = Round(**dict(zip(ROUND_FIELDS, found, strict=False)))
    return with_entered(row, found[-1])


def latest_with_game(game: int) -> tuple[Game, Latest | None] | None:
    """The game (by its id) and its last round, read together in one query
    (:func:`latest_round`, for a process that has not read the game yet);
    None when the game is gone."""
    row = Round.objects.filter(game_id=game).select_related("game").order_by("-number").first()
    if row is None:
        found = Game.objects.filter(pk=game).first()
        return None if found is None else (found, None)
    bare = Round(**{name: getattr(row, name) for name in ROUND_FIELDS})  # as latest_round's
    return row.game, with_entered(bare, row.game.version)


def with_entered(row: Round, game_version: int) -> Latest:
    """:class:`Latest` for ``row``, read at ``game_version``: after the first
    round and unless the round's own dealer was entered, with the earlier
    rounds whose dealer was (one more query)."""
    entered: tuple[tuple[int, int], ...] = ()
    if row.dealer is None and row.number > 1:
        earlier = Round.objects.filter(
            game_id=row.game_id, number__lt=row.number, dealer__isnull=False
        )
        # in any order (the engine takes the nearest): without Round's default
        # ordering, which orders by the game's and joins its table for it
        entered = tuple(
            (number, dealer)
            for number, dealer in earlier.order_by().values_list("number", "dealer")
            if dealer is not None
        )
    return Latest(row, game_version, entered)


def dealer_of(game: Game, table: Table, latest: Latest) -> int:
    """Who deals the round being played, as the engine has it
    (:func:`scoring.game.dealer_of_round`)."""
    row = latest.row
    if row.dealer is not None:
        return row.dealer
    return dealer_of_round(table, game.first_dealer, row.number, latest.entered)


@dataclass
class CurrentRound:
    """The round being played, replayed alone through the engine.

    A card, an undo or a known hand only changes the last, unconfirmed
    round; every earlier round was checked when it was entered, and the
    round exists, so the game had not ended before it. Replaying that round
    alone (with its dealer) is the engine's whole verdict on the change.
    Offers what the round screen reads of :class:`companion.present.Replayed`.
    """

    game: Game
    row: Round
    dealer: int
    table: Table
    entries: RoundEntries
    state: RoundState

    @classmethod
    def load(cls, game: Game) -> CurrentRound | None:
        """The game's last round, replayed (None for a game without rounds)."""
        latest = latest_round(game)
        return None if latest is None else cls.read(game, latest)

    @classmethod
    def read(cls, game: Game, latest: Latest) -> CurrentRound:
        """The round :func:`latest_round` read, replayed with its dealer."""
        table = game.table
        return cls.of(game, latest.row, dealer_of(game, table, latest), table)

    @classmethod
    def of(cls, game: Game, row: Round, dealer: int, table: Table | None = None) -> CurrentRound:
        """Replay ``row`` (as it is now) alone, dealt by ``dealer``, at the
        game's ``table`` (made from the game unless given); raises the
        engine's findings."""
        if table is None:
            table = game.table
        entries = parse_round(table, round_data(row), row.number)
        state = replay_round(table, entries, row.number, dealer)
        return cls(game, row, dealer, table, entries, state)

    def again(self) -> CurrentRound:
        """The same round replayed again after its row was changed."""
        return CurrentRound.of(self.game, self.row, self.dealer, self.table)

    @property
    def rounds(self) -> list[Round]:
        return [self.row]

    @property
    def deck(self) -> Deck:
        return self.table.deck

    def round_state(self, number: int) -> RoundState:
        if number != self.row.number:
            raise LookupError(f"only round {self.row.number} was replayed")
        return self.state

    def prompt(self, number: int) -> Prompt | None:
        return next_card(self.table, self.entries, self.round_state(number))


ROUNDS = "rounds"
"""The cache (of settings.CACHES) that keeps the round being played as the
engine replayed it, under its game's view link and version: no other game
has that link, and every change of a game claims its next version, so a
version's round never changes. After a change every phone of the table asks
for the round; one replay answers them all."""


def shown_round(game: Game) -> CurrentRound | None:
    """The round being played, replayed, for showing the game at the version
    the request read: as an earlier answer at that version kept it, else
    read and replayed (and kept). None when the game's last round is
    complete: its result shows the whole game's replay."""
    kept = kept_round(game, game.version)
    if kept is not None:
        return kept
    return latest_shown(game, latest_round(game))


def latest_shown(game: Game, latest: Latest | None) -> CurrentRound | None:
    """:func:`shown_round` from the round :func:`latest_round` read (None
    when it is complete, or there is none); kept for the phones that ask."""
    if latest is None:
        return None
    current = CurrentRound.read(game, latest)
    if current.state.complete:
        return None
    keep_round(current, latest.game_version)  # the version its round was read at
    return current


def kept_round(game: Game, version: int) -> CurrentRound | None:
    """The game's round being played at ``version``, as kept (a copy of its
    own: a verb may change it), or None."""
    kept = caches[ROUNDS].get(round_key(game, version))
    return replace(kept, game=game) if isinstance(kept, CurrentRound) else None


def keep_round(current: CurrentRound, version: int) -> None:
    """Keep ``current``, the game's round being played at ``version``, for
    the phones that ask for it next (a complete round is not kept)."""
    if not current.state.complete:
        caches[ROUNDS].set(round_key(current.game, version), current)


def round_key(game: Game, version: int) -> str:
    return f"imp:round:{game.view_token}:v{version}"


def keep_played_on(game: Game, version: int) -> None:
    """Note that the change which made ``version`` only played on in the
    round being played, unfinished before it and after it (a card, a card
    taken back, a known hand): what counts of the game is as it was at the
    version before."""
    caches[ROUNDS].set(played_key(game, version), True)


def played_on(game: Game, version: int) -> bool:
    """Whether :func:`keep_played_on` noted ``version`` (unknown: False)."""
    return caches[ROUNDS].get(played_key(game, version)) is True


def played_key(game: Game, version: int) -> str:
    return f"imp:played-on:{game.view_token}:v{version}"


SHOWN_SPAN = 8
"""The most changes a screen may be behind for :func:`round_as_shown`."""


def round_as_shown(game: Game, version: int) -> RoundState | None:
    """The round being played as a screen that shows ``version`` of the game
    has it, when it was kept (:func:`keep_round`) and every change since
    only played on in it (:func:`keep_played_on`: a card, a card taken back,
    a known hand); else None (not known here)."""
    if not game.version - SHOWN_SPAN <= version < game.version:
        return None
    since = [played_key(game, later) for later in range(version + 1, game.version + 1)]
    found = caches[ROUNDS].get_many([round_key(game, version), *since])
    kept = found.get(round_key(game, version))
    if not isinstance(kept, CurrentRound) or any(found.get(key) is not True for key in since):
        return None
    return kept.state


__all__ = [
    "ROUNDS",
    "Counted",
    "CurrentRound",
    "Latest",
    "RoundRow",
    "dealer_of",
    "keep_played_on",
    "keep_round",
    "kept_round",
    "game_record",
    "game_state",
    "latest_round",
    "load_rows",
    "played_on",
    "record_data",
    "round_as_shown",
    "round_data",
    "shown_round",
    "what_counts",
    "write_record",
]
