"""Export and import of whole games as `bottle-imp/1` records
(docs/record-format.md), and the derived documents the app hands out.

Nothing here decides a rule: an import is checked by parsing *and*
replaying it through ``scoring``; exports are the stored entries
(:func:`companion.replay.record_data`) or the engine's output document.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from companion.models import Game, Group, Round
from companion.replay import Counted
from companion.texts import say
from scoring.findings import Finding
from scoring.record import load_record, output_document, parse_record, replay
from scoring.record import write_record as engine_write_record

MAX_RECORD_BYTES = 1024 * 1024
"""Largest record accepted by an upload or the API (1 MiB)."""


class RecordRefused(Exception):
    """A record that cannot become a game; ``errors`` are the plain-words findings."""

    def __init__(self, errors: list[str]) -> None:
        # A finding may echo a piece of the record (a card's text); a lone
        # surrogate in it could not be written into the answer (UTF-8): it
        # is shown escaped, as "\ud800".
        errors = [error.encode("utf-8", "backslashreplace").decode("utf-8") for error in errors]
        super().__init__("\n".join(errors))
        self.errors = errors


def read_record(raw: bytes | str) -> dict[str, Any]:
    """Check a record (JSON text) with the engine: its fields *and* a replay.

    Returns the record as the engine writes it back (normalised card texts),
    or raises :class:`RecordRefused` with the engine's findings.
    """
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordRefused(
            [gettext("the record is larger than %(n)s KiB") % {"n": MAX_RECORD_BYTES // 1024}]
        )
    try:
        record = load_record(raw)
        replay(record)
    except Finding as error:
        raise RecordRefused([say(finding) for finding in error.findings]) from None
    return engine_write_record(record)


def import_record(data: dict[str, Any]) -> Game:
    """Create a new game and its rounds from a checked record, in one transaction.

    Earlier rounds are stored as confirmed. The last round stays unconfirmed
    unless it ends the game: unfinished, it is continued at the table;
    complete, the table confirms it and the next round starts. A record
    without rounds gets an empty first round, like a new game.
    """
    ends = record_ends(data)
    with transaction.atomic():
        return store_records([(data, ends)])[0]


def record_ends(data: dict[str, Any]) -> bool:
    """Whether a checked record's last round ends its game (the engine's
    replay says), so that it is stored confirmed; RecordRefused if the
    engine refuses the record."""
    try:
        state = replay(parse_record(data))
    except Finding as error:
        raise RecordRefused([say(finding) for finding in error.findings]) from None
    return bool(state.finished and state.rounds[-1].complete)


def store_records(
    records: Sequence[tuple[dict[str, Any], bool]], group: Group | None = None
) -> list[Game]:
    """New games (in ``group``, if given) and their rounds from checked
    records, each with whether its last round ends it (:func:`record_ends`):
    two inserts however many games, inside the caller's transaction (the
    engine's work is done before it, so a writer waits for no replay)."""
    goals = [data.get("goal") or {} for data, _ends in records]
    games = Game.objects.bulk_create(
        Game(
            players=list(data["players"]),
            variant=data["variant"],
            teams=data.get("teams") or "",
            edition=data.get("edition", "classic"),
            first_dealer=data["first_dealer"],
            goal_rounds=goal.get("rounds"),
            goal_target=goal.get("target"),
            group=group,
        )
        for (data, _ends), goal in zip(records, goals, strict=True)
    )
    rounds = []
    for game, (data, ends) in zip(games, records, strict=True):
        items = data["rounds"] or [{"tricks": []}]
        last = len(items)
        rounds += [
            stored_round(game, number, item, confirmed=number < last or ends)
            for number, item in enumerate(items, 1)
        ]
    Round.objects.bulk_create(rounds)
    return games


def stored_round(game: Game, number: int, item: dict[str, Any], *, confirmed: bool) -> Round:
    """An unsaved ``Round`` row holding a `bottle-imp/1` round's entries."""
    return Round(
        game=game,
        number=number,
        dealer=item.get("dealer"),
        tricks=item.get("tricks", []),
        imps_trick=item.get("imps_trick"),
        lopaka_hand=item.get("lopaka_hand"),
        open_hands=item.get("open_hands"),
        quick=item.get("quick"),
        confirmed=confirmed,
    )


FORMULA_START = re.compile(r"(^|[,;\t])(?=[ ]*[=+\-@\t\r])")
"""Where a spreadsheet would start reading a formula: the cell's start, or
after a separator a spreadsheet may split at (a comma, a semicolon as in
German ones, a tab), before = + - @, a tab or a carriage return."""

NUMBER = re.compile(r"-?\d+")


def _cell(value: object) -> str:
    """A cell made safe from spreadsheet formulas: "'" before each place one
    could start ("x;=1+1" is written "x;'=1+1", so no separator a
    spreadsheet splits at makes a cell "=1+1"). A whole number (a score,
    negative too) stays a number."""
    text = str(value)
    if NUMBER.fullmatch(text):
        return text
    return FORMULA_START.sub(r"\1'", text)


def standings_text(counted: Counted) -> str:
    """The engine's output document of the confirmed rounds, as ``python -m
    scoring score`` prints it for them; a complete round the table has not
    confirmed follows them, marked ``"confirmed": false``, its scores not in
    the totals."""
    document = output_document(counted.state, waiting=counted.waiting)
    return json.dumps(document, ensure_ascii=False) + "\n"


def scores_csv(counted: Counted) -> str:
    """Round-by-round scores: a header of player names, one row per confirmed
    round, and a totals row; a complete round the table has not confirmed
    comes after the totals, marked "(unconfirmed)"."""
    state = counted.state
    players = list(state.table.players)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    rows: list[list[object]] = [["Round", *players]]
    for item in state.rounds:
        if item.outcome is not None:
            rows.append([item.number, *item.outcome.scores])
    rows.append(["Total", *state.totals])
    waiting = counted.waiting
    if waiting is not None and waiting.outcome is not None:
        rows.append([f"{waiting.number} (unconfirmed)", *waiting.outcome.scores])
    writer.writerows([_cell(value) for value in row] for row in rows)
    return out.getvalue()
