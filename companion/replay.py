"""From stored entries to the engine's results: a game is replayed through
``scoring`` every time it is shown. Nothing here decides a rule."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from companion import rows
from companion.access import GameGone
from companion.models import Game, Round, Submission
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
    dismissed_warnings: int
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


def latest_round(game: Game, key: str | None = None) -> Round | None:
    """The game's last round (the one being played), in one query, with the
    nearest round before it whose dealer was entered (``prior_number``,
    ``prior_dealer``; None when there is none), for :func:`dealer_of`. With
    an idempotency ``key``, also what the key was applied to already, if it
    was (``applied``: its digest, else None), and the game's version as the
    same statement saw it (``game_version``: the round read is that
    version's)."""
    # Plain SQL: the ORM took ten times longer to compile the two correlated
    # subqueries than the database took to run them (both use the index of
    # one_round_per_number).
    table = Round._meta.db_table
    earlier = (
        f"FROM {table} AS prior WHERE prior.game_id = r.game_id AND prior.number < r.number"
        " AND prior.dealer IS NOT NULL ORDER BY prior.number DESC LIMIT 1"
    )
    applied = (
        f", (SELECT s.digest FROM {Submission._meta.db_table} AS s"
        " WHERE s.game_id = r.game_id AND s.key = %s) AS applied,"
        f" (SELECT g.version FROM {Game._meta.db_table} AS g WHERE g.id = r.game_id)"
        " AS game_version"
    )
    sql = (
        f"SELECT r.*, (SELECT prior.number {earlier}) AS prior_number,"
        f" (SELECT prior.dealer {earlier}) AS prior_dealer{applied if key is not None else ''}"
        f" FROM {table} AS r WHERE r.game_id = %s ORDER BY r.number DESC LIMIT 1"
    )
    params = [game.pk] if key is None else [key, game.pk]
    found = rows.select(Round, sql, params)
    return found[0] if found else None


def dealer_of(game: Game, table: Table, row: Round) -> int:
    """Who deals a round, as the engine's replay of the whole game has it.
    ``row`` comes from :func:`latest_round`, which notes the nearest earlier
    round with an entered dealer."""
    if row.dealer is not None:
        return row.dealer
    number = getattr(row, "prior_number", None)
    dealer = getattr(row, "prior_dealer", None)
    entered = None if number is None or dealer is None else (number, dealer)
    return dealer_of_round(table, game.first_dealer, row.number, entered)


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
        row = latest_round(game)
        return None if row is None else cls.of(game, row)

    @classmethod
    def of(cls, game: Game, row: Round, dealer: int | None = None) -> CurrentRound:
        """Replay ``row`` (as it is now) alone; raises the engine's findings."""
        table = game.table
        entries = parse_round(table, round_data(row), row.number)
        if dealer is None:
            dealer = dealer_of(game, table, row)
        state = replay_round(table, entries, row.number, dealer)
        return cls(game, row, dealer, table, entries, state)

    def again(self) -> CurrentRound:
        """The same round replayed again after its row was changed."""
        return CurrentRound.of(self.game, self.row, self.dealer)

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


__all__ = [
    "CurrentRound",
    "RoundRow",
    "dealer_of",
    "game_record",
    "game_state",
    "latest_round",
    "load_rows",
    "record_data",
    "round_data",
    "write_record",
]
