"""The game record `bottle-imp/1` (docs/record-format.md): reading, writing, and
the output document of ``python -m scoring score``.

>>> record = parse_record({"format": "bottle-imp/1", "variant": "classic",
...     "players": ["Adam", "Betty", "Christian"], "first_dealer": 0, "goal": {},
...     "rounds": [{"tricks": [["24", "15", "17"]]}]})
>>> game = replay(record)
>>> [card_text(play.price) for play in game.rounds[0].tricks]
['17']
>>> write_record(record)["rounds"]
[{'tricks': [['24', '15', '17']]}]
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, cast

from scoring.cards import CODE_LIMIT, card_text
from scoring.entries import Goal, QuickEntry, RoundEntries
from scoring.findings import Finding, InvalidRecord, RecordError, RuleError, quote
from scoring.game import GameState, replay_game
from scoring.names import check_goal, check_players, same_name
from scoring.rounds import check_trick_count
from scoring.state import RoundState
from scoring.texts import Text
from scoring.variants import LOPAKA, Table

FORMAT = "bottle-imp/1"
MALFORMED_LIMIT = 100
"""Values that are no cards get codes -1…-100, which index no card's colour."""


@dataclass(frozen=True)
class GameRecord:
    """A whole game as entered: the table, the goal, and each round's entries."""

    table: Table
    edition: str
    goal: Goal
    first_dealer: int
    rounds: tuple[RoundEntries, ...]


def load_record(text: str | bytes) -> GameRecord:
    """Parse a record from JSON text; RecordError on bad JSON or fields."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RecordError(Text("record.not_json", error=str(error))) from None
    return parse_record(data)


def parse_record(data: Any) -> GameRecord:
    """Check a record's fields and turn it into entries."""
    if not isinstance(data, dict):
        raise RecordError(Text("record.not_object"))
    if data.get("format") != FORMAT:
        shown = quote(data.get("format"))
        raise RecordError(Text("record.format", expected=repr(FORMAT), value=shown))
    players = check_players(data.get("players"))
    edition = data.get("edition", "classic")
    if not isinstance(edition, str):
        raise RecordError(Text("edition.unknown", value=quote(edition)))
    variant = data.get("variant")
    if not isinstance(variant, str):
        raise RecordError(Text("record.variant_not_name", value=quote(variant)))
    teams = data.get("teams")
    if teams is not None and not isinstance(teams, str):
        raise RecordError(Text("record.teams_written", value=quote(teams)))
    table = Table.create(players, variant, teams, edition)
    first_dealer = _seat(data.get("first_dealer"), len(players), Text("record.first_dealer"))
    goal = _goal(data.get("goal"))
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError(Text("record.no_rounds"))
    parsed = tuple(parse_round(table, item, number) for number, item in enumerate(rounds, 1))
    return GameRecord(table, edition, goal, first_dealer, parsed)


def replay(record: GameRecord) -> GameState:
    """Replay a record's rounds into the game's state."""
    return replay_game(record.table, record.goal, record.first_dealer, record.rounds)


def _seat(value: Any, count: int, field: Text) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
        raise RecordError(Text("record.seat", field=field, last=count - 1, value=quote(value)))
    return value


def _goal(value: Any) -> Goal:
    if not isinstance(value, dict) or not {"rounds", "target"} >= set(value) or len(value) > 1:
        raise RecordError(Text("record.goal"))
    return check_goal(**value)


_CARD_TEXTS = {card_text(code): code for code in range(CODE_LIMIT)}
"""Card texts as the engine writes them, for a parse without a regex."""
_TEXT_OF = tuple(card_text(code) for code in range(CODE_LIMIT))
"""The same, by code, for writing without a call per card."""


class _Cards:
    """Turns card texts into codes. A card must be written exactly as the
    engine writes it ("17", "2.5"); anything else ("17.0", " 17", 17) gets a
    negative code, and the replay refuses it naming who played it."""

    def __init__(self) -> None:
        self.malformed: dict[object, tuple[int, object]] = {}

    def code(self, value: Any) -> int:
        if isinstance(value, str):
            known = _CARD_TEXTS.get(value)
            if known is not None:
                return known
            key: object = value
        else:  # not hashed: 1, 1.0 and true would be one key
            key = (type(value).__name__, quote(value))
        entry = self.malformed.get(key)
        if entry is not None:
            return entry[0]
        if len(self.malformed) >= MALFORMED_LIMIT:
            raise RecordError(Text("record.too_many_no_cards", most=MALFORMED_LIMIT))
        code = -1 - len(self.malformed)
        self.malformed[key] = (code, value)
        return code

    def codes(self, value: Any, what: Text, number: int) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise RecordError(Text("record.not_card_list", what=what), round=number)
        try:
            fast = tuple(map(_CARD_TEXTS.get, value))
        except TypeError:  # an unhashable entry: no card, found below
            fast = (None,)
        if None not in fast:
            return cast(tuple[int, ...], fast)  # no None in it: every text was a card
        return tuple(self.code(text) for text in value)


def parse_round(table: Table, data: Any, number: int) -> RoundEntries:
    """Check one round of a record (round ``number`` of the game) and turn it
    into entries; RecordError names the round."""
    if not isinstance(data, dict):
        raise RecordError(Text("record.round_not_object"), round=number)
    dealer = data.get("dealer")
    if dealer is not None:
        dealer = _seat(dealer, len(table.players), Text("record.round_dealer", round=number))
    has_tricks, has_quick = "tricks" in data, "quick" in data
    if has_tricks == has_quick:
        raise RecordError(Text("record.tricks_or_quick"), round=number)
    cards = _Cards()
    imps = data.get("imps_trick")
    imps_trick = None if imps is None else cards.codes(imps, Text("hand.imps_trick"), number)
    if has_quick:
        return RoundEntries(
            dealer=dealer,
            quick=_quick(table, data["quick"], number),
            imps_trick=imps_trick,
            malformed=tuple(cards.malformed.values()),
        )
    tricks = data["tricks"]
    if not isinstance(tricks, list):
        raise RecordError(Text("record.tricks_not_list"), round=number)
    try:  # the count first: no card of a round with too many tricks is read
        check_trick_count(table.shape(0 if dealer is None else dealer), len(tricks))
    except RuleError as error:
        raise error.located(number) from None
    parsed = _plain_tricks(tricks)
    if parsed is None:
        parsed = tuple(
            cards.codes(trick, Text("hand.trick", trick=i), number)
            for i, trick in enumerate(tricks, 1)
        )
    lopaka = data.get("lopaka_hand")
    return RoundEntries(
        dealer=dealer,
        tricks=parsed,
        imps_trick=imps_trick,
        lopaka_hand=None if lopaka is None else cards.codes(lopaka, Text("hand.lopaka"), number),
        open_hands=_open_hands(table, data.get("open_hands"), cards, number),
        malformed=tuple(cards.malformed.values()),
    )


def _plain_tricks(tricks: list[Any]) -> tuple[tuple[int, ...], ...] | None:
    """The tricks' codes when every card is written as the engine writes it
    (the common case, read without a call per card); else None."""
    if not all(type(trick) is list for trick in tricks):
        return None
    get = _CARD_TEXTS.get
    try:
        parsed = tuple([tuple(map(get, trick)) for trick in tricks])
    except TypeError:  # an unhashable entry: no card
        return None
    if any(None in trick for trick in parsed):
        return None
    return cast(tuple[tuple[int, ...], ...], parsed)  # no None in it, checked above


def _open_hands(
    table: Table, value: Any, cards: _Cards, number: int
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise RecordError(Text("record.open_hands_map"), round=number)
    seats = _seats(table.players)
    hands: dict[int, tuple[int, ...]] = {}
    for name, hand in value.items():
        seat = _seat_named(seats, name, Text("record.open_hands"), number)
        player = table.players[seat]
        if seat in hands:
            raise RecordError(Text("record.open_hands_twice", player=player), round=number)
        hands[seat] = cards.codes(hand, Text("hand.open", player=player), number)
    return tuple(sorted(hands.items()))


def _seats(names: tuple[str, ...]) -> dict[str, int]:
    return {name: seat for seat, name in enumerate(names)}


def _seat_named(seats: dict[str, int], name: Any, what: Text, number: int) -> int:
    """The seat of the player a record names, after the names' normalisation."""
    seat = seats.get(same_name(name)) if isinstance(name, str) else None
    if seat is None:
        raise RecordError(Text("record.not_a_player", what=what, value=quote(name)), round=number)
    return seat


def _quick(table: Table, data: Any, number: int) -> QuickEntry:
    if not isinstance(data, dict):
        raise RecordError(Text("quick.not_object"), round=number)
    names = table.names
    seats = _seats(names)
    points = data.get("points")
    if not isinstance(points, dict):
        raise RecordError(Text("quick.no_points"), round=number)
    values: dict[int, Any] = {}
    for name, value in points.items():
        seat = _seat_named(seats, name, Text("quick.entry"), number)
        if seat in values:
            raise RecordError(Text("quick.names_twice", player=names[seat]), round=number)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise RecordError(
                Text("quick.coins_not_whole", player=names[seat], value=quote(value)),
                round=number,
            )
        values[seat] = value
    for seat, name in enumerate(names):
        if seat not in values and name != LOPAKA:
            raise RecordError(Text("quick.no_coins_for", player=name), round=number)
    bottle = data.get("bottle")
    if not isinstance(bottle, list):
        raise RecordError(Text("quick.bottle_not_list"), round=number)
    owners = tuple(_seat_named(seats, name, Text("quick.bottle"), number) for name in bottle)
    imps = data.get("imps_trick_points")
    if isinstance(imps, bool) or not isinstance(imps, int):
        raise RecordError(Text("quick.no_imps"), round=number)
    return QuickEntry(
        points=tuple(values.get(seat) for seat in range(len(names))),
        bottle=owners,
        imps_trick_points=imps,
        lopaka_known=LOPAKA not in seats or seats[LOPAKA] in values,
    )


def write_record(record: GameRecord) -> dict[str, Any]:
    """The record as a JSON-ready dict, the same in meaning as it was read."""
    table = record.table
    data: dict[str, Any] = {"format": FORMAT}
    if record.edition != "classic":
        data["edition"] = record.edition
    data["variant"] = table.variant.name
    if table.layout is not None:
        data["teams"] = table.layout.name
    data["players"] = list(table.players)
    data["first_dealer"] = record.first_dealer
    goal = record.goal
    data["goal"] = (
        {"rounds": goal.rounds} if goal.rounds else {"target": goal.target} if goal.target else {}
    )
    data["rounds"] = [write_round(table, entries) for entries in record.rounds]
    return data


def write_round(table: Table, entries: RoundEntries) -> dict[str, Any]:
    """One round's entries as a JSON-ready dict."""
    texts = dict(entries.malformed)
    names = table.names

    def text(code: int) -> object:
        return texts[code] if code < 0 else _TEXT_OF[code]

    data: dict[str, Any] = {}
    if entries.dealer is not None:
        data["dealer"] = entries.dealer
    quick = entries.quick
    if quick is not None:
        points = {
            names[seat]: value
            for seat, value in enumerate(quick.points)
            if names[seat] != LOPAKA or quick.lopaka_known
        }
        data["quick"] = {
            "points": points,
            "bottle": [names[seat] for seat in quick.bottle],
            "imps_trick_points": quick.imps_trick_points,
        }
        if entries.imps_trick is not None:
            data["imps_trick"] = [text(card) for card in entries.imps_trick]
        return data
    data["tricks"] = [[text(card) for card in trick] for trick in entries.tricks]
    if entries.imps_trick is not None:
        data["imps_trick"] = [text(card) for card in entries.imps_trick]
    if entries.lopaka_hand is not None:
        data["lopaka_hand"] = [text(card) for card in entries.lopaka_hand]
    if entries.open_hands:
        data["open_hands"] = {
            names[seat]: [text(card) for card in hand] for seat, hand in entries.open_hands
        }
    return data


def output_document(game: GameState, waiting: RoundState | None = None) -> dict[str, Any]:
    """The output document of docs/record-format.md for a replayed game.

    ``waiting``: a complete round after ``game``'s rounds that does not count
    yet (the table has not confirmed it): listed last, marked ``"confirmed":
    false``, its scores apart from ``totals``, ``finished`` and ``winners``.
    """
    players = game.table.players
    rounds = [_round_output(state) for state in game.rounds]
    if waiting is not None:
        rounds.append({**_round_output(waiting), "confirmed": False})
    return {
        "players": list(players),
        "rounds": rounds,
        "totals": dict(zip(players, game.totals, strict=True)),
        "finished": game.finished,
        "winners": [players[seat] for seat in game.winners],
    }


def _round_output(state: Any) -> dict[str, Any]:
    shape = state.shape
    names = shape.names
    outcome = state.outcome
    players = names[: len(names) - (1 if shape.lopaka is not None else 0)]
    return {
        "dealer": names[shape.dealer],
        "complete": state.complete,
        "teams": [[names[a], names[b]] for a, b in shape.teams],
        "tricks": [
            {
                "leader": names[leader],
                "winner": None if winner is None else names[winner],
                "price": None if price is None else _TEXT_OF[price],
            }
            for leader, _players, _cards, winner, price, *_rest in state.tricks
        ],
        "bottle_owners": [names[seat] for seat in state.bottle_owners],
        "imps_trick": None
        if state.imps_trick is None
        else [_TEXT_OF[card] for card in state.imps_trick],
        "penalty": state.penalty,
        "trick_points": _trick_points(state, names),
        "scores": None if outcome is None else dict(zip(players, outcome.scores, strict=True)),
        "warnings": [str(warning) for warning in state.warnings],
    }


def _trick_points(state: Any, names: tuple[str, ...]) -> dict[str, int | None]:
    # A quick round without Lopaka's coins holds one entry fewer: no key for him.
    return dict(zip(names, state.trick_points, strict=False))


def findings_of(error: Finding) -> list[str]:
    """The lines the command line prints for a refused record."""
    if isinstance(error, InvalidRecord):
        return [str(finding) for finding in error.findings]
    return [str(error)]
