"""Players' names and the goal of a game: one rule for the record and the app
(docs/record-format.md, ``players`` and ``goal``; docs/rules.md, sections 2 and 7).

A name is trimmed and NFC-normalised; it may not be empty, longer than
:data:`NAME_MAX` characters, or hold invisible characters (controls,
zero-width and bidi formatting marks, lone surrogates, line separators).
Two names may not be equal ignoring case.

>>> check_players(["  Adam ", "Betty", "Zoe\\u0308"])
('Adam', 'Betty', 'Zoë')
>>> check_players(["Adam", "ADAM"])
Traceback (most recent call last):
...
scoring.findings.RecordError: two players may not share a name: 'Adam' and 'ADAM' are the same name
>>> check_goal(rounds=6)
Goal(rounds=6, target=None)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from scoring.entries import Goal
from scoring.findings import RecordError, quote
from scoring.texts import Text

NAME_MAX = 30
"""The most characters of a player's name."""

MIN_PLAYERS, MAX_PLAYERS = 2, 6
"""A table has 2 to 6 players (docs/rules.md, section 2)."""

GROUP_MAX = 24
"""The most players a group may list (a club plays at several tables)."""

MAX_ROUNDS = 999
"""The most rounds a game's goal may ask for."""

MAX_TARGET = 99_999
"""The highest total a game's goal may ask for."""

_REFUSED = {
    "Cc": "char.control",
    "Cf": "char.format",
    "Cs": "char.surrogate",
    "Zl": "char.line",
    "Zp": "char.paragraph",
}
"""Unicode categories no name may hold, and how a finding calls them."""


def clean_name(text: object) -> str:
    """The name as the game keeps it: trimmed and NFC-normalised.

    RecordError (quoting the name safely) when it is no text, empty, longer
    than :data:`NAME_MAX` characters or holds an invisible character.

    >>> clean_name(" Doris ")
    'Doris'
    >>> clean_name("Eve\\u200b")
    Traceback (most recent call last):
    ...
    scoring.findings.RecordError: the name 'Eve\\u200b' holds an invisible formatting character \
(U+200B); write the name without it
    """
    if not isinstance(text, str):
        raise RecordError(Text("name.not_text", value=quote(text)))
    name = text.strip()
    if not name:
        raise RecordError(Text("name.empty", value=quote(text)))
    if not name.isprintable():
        _refuse_invisible(name)
    # NFC joins at most three code points into one (Hangul), so a longer
    # text cannot become short enough: refuse it before normalising.
    if len(name) <= 3 * NAME_MAX:
        name = unicodedata.normalize("NFC", name)
    if len(name) > NAME_MAX:
        raise RecordError(Text("name.too_long", value=quote(name), length=len(name), most=NAME_MAX))
    return name


def same_name(text: str) -> str:
    """A name as written elsewhere in a record (a quick entry, open hands),
    normalised as :func:`clean_name` does, to find the player it means."""
    name = text.strip()
    return unicodedata.normalize("NFC", name) if len(name) <= 3 * NAME_MAX else name


def _refuse_invisible(name: str) -> None:
    for char in name:
        what = _REFUSED.get(unicodedata.category(char))
        if what is not None:
            raise RecordError(
                Text("name.invisible", value=quote(name), what=Text(what), point=f"{ord(char):04X}")
            )


def check_players(names: object) -> tuple[str, ...]:
    """The players' names, cleaned: the count first (2 to 6), then each
    name, then no two names equal ignoring case. RecordError otherwise."""
    if isinstance(names, str) or not isinstance(names, Sequence) or not names:
        raise RecordError(Text("players.not_list"))
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RecordError(
            Text("players.count", least=MIN_PLAYERS, most=MAX_PLAYERS, count=len(names))
        )
    cleaned = tuple(clean_name(name) for name in names)
    first_of: dict[str, str] = {}
    for name in cleaned:
        key = name.casefold()
        if key in first_of:
            other = first_of[key]
            if other == name:
                raise RecordError(Text("players.twice", name=quote(name)))
            raise RecordError(Text("players.same", first=quote(other), second=quote(name)))
        first_of[key] = name
    return cleaned


def check_group(name: object, players: object) -> tuple[str, tuple[str, ...]]:
    """A group's name and players, cleaned as a game's names are: the name
    is written like a player's; one to :data:`GROUP_MAX` players, no two
    equal ignoring case. RecordError otherwise.

    >>> check_group(" Thursdays ", ["Ann", " Ben"])
    ('Thursdays', ('Ann', 'Ben'))
    """
    if not isinstance(name, str) or not name.strip():
        raise RecordError(Text("group.no_name"))
    title = clean_name(name)
    if isinstance(players, str) or not isinstance(players, Sequence) or not players:
        raise RecordError(Text("group.not_list"))
    if len(players) > GROUP_MAX:
        raise RecordError(Text("group.too_many", most=GROUP_MAX, count=len(players)))
    cleaned = tuple(clean_name(player) for player in players)
    seen: dict[str, str] = {}
    for player in cleaned:
        other = seen.get(player.casefold())
        seen.setdefault(player.casefold(), player)
        if other is not None:
            raise RecordError(Text("players.same", first=quote(other), second=quote(player)))
    return title, cleaned


def check_goal(rounds: object = None, target: object = None) -> Goal:
    """The goal of a game: a number of rounds (1 to :data:`MAX_ROUNDS`), a
    target total (1 to :data:`MAX_TARGET`), or neither (the game never ends
    by itself). RecordError for both, or for a value that is not a whole
    number in range.

    >>> check_goal(target=100_000)
    Traceback (most recent call last):
    ...
    scoring.findings.RecordError: the goal's target must be a whole number from 1 to 99999, \
not 100000
    """
    if rounds is not None and target is not None:
        raise RecordError(Text("goal.both"))
    if rounds is not None:
        return Goal(rounds=_whole(rounds, "rounds", MAX_ROUNDS))
    if target is not None:
        return Goal(target=_whole(target, "target", MAX_TARGET))
    return Goal()


def _whole(value: object, kind: str, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
        raise RecordError(Text(f"goal.{kind}", most=most, value=quote(value)))
    return value
