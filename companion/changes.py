"""A change of the game's history in the reader's language.

Each change is kept with what it did in English words (``Change.what``,
written by :mod:`companion.actions`: "Betty's 17 in trick 3", "Confirmed
round 2"), the same for every reader. :func:`said` reads those words back
into their parts and says them in the reader's language, so each reader of
a game reads its history in their own; words it does not know (a change
kept before they were written this way) are shown as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.translation import gettext

from companion.wording import decimal

CARD = r"(?P<{}>\d+(?:\.5)?)"

Say = Callable[[dict[str, str]], str]


def _pattern(text: str) -> re.Pattern[str]:
    text = text.replace("{card}", CARD.format("card")).replace("{was}", CARD.format("was"))
    text = text.replace("{now}", CARD.format("now"))
    for name in ("trick", "trick2", "n"):
        text = text.replace("{" + name + "}", rf"(?P<{name}>\d+)")
    for name in ("name", "other"):
        text = text.replace("{" + name + "}", rf"(?P<{name}>.+?)")
    return re.compile(f"^{text}$", re.S)


def _cards(parts: dict[str, str]) -> dict[str, str]:
    return {
        key: decimal(value) if key in {"card", "was", "now"} else value
        for key, value in parts.items()
    }


PATTERNS: list[tuple[re.Pattern[str], Say]] = [
    (
        _pattern("Took back the quick entry of round {n}"),
        lambda p: gettext("Took back the quick entry of round %(n)s") % p,
    ),
    (
        _pattern("Took back (?P<what>.+)"),
        lambda p: gettext("Took back %(what)s") % {"what": said(p["what"])},
    ),
    (
        _pattern("Cleared (?P<what>.+)"),
        lambda p: gettext("Cleared %(what)s") % {"what": said(p["what"])},
    ),
    (
        _pattern(
            "Swapped {name}'s {was} in trick {trick} and {other}'s {now}"
            " in trick {trick2} of round {n}"
        ),
        lambda p: (
            gettext(
                "Swapped %(name)s's %(was)s in trick %(trick)s and %(other)s's %(now)s"
                " in trick %(trick2)s of round %(n)s"
            )
            % p
        ),
    ),
    (
        _pattern("Swapped {name}'s {was} and {other}'s {now} in trick {trick} of round {n}"),
        lambda p: (
            gettext(
                "Swapped %(name)s's %(was)s and %(other)s's %(now)s"
                " in trick %(trick)s of round %(n)s"
            )
            % p
        ),
    ),
    (
        _pattern("{name}'s {was} in trick {trick} of round {n} is now {now}"),
        lambda p: (
            gettext("%(name)s's %(was)s in trick %(trick)s of round %(n)s is now %(now)s") % p
        ),
    ),
    (
        _pattern("{name}'s {card} in trick {trick}"),
        lambda p: gettext("%(name)s's %(card)s in trick %(trick)s") % p,
    ),
    (
        _pattern("{name}'s face-up hand in round {n}"),
        lambda p: gettext("%(name)s's face-up hand in round %(n)s") % p,
    ),
    (
        _pattern("{name}'s open hand in round {n}"),
        lambda p: gettext("%(name)s's open hand in round %(n)s") % p,
    ),
    (
        _pattern("Corrected trick {trick} of round {n}"),
        lambda p: gettext("Corrected trick %(trick)s of round %(n)s") % p,
    ),
    (
        _pattern("Deleted trick {trick} of round {n}"),
        lambda p: gettext("Deleted trick %(trick)s of round %(n)s") % p,
    ),
    (_pattern("Quick entry of round {n}"), lambda p: gettext("Quick entry of round %(n)s") % p),
    (_pattern("{name} deals round {n}"), lambda p: gettext("%(name)s deals round %(n)s") % p),
    (_pattern("Confirmed round {n}"), lambda p: gettext("Confirmed round %(n)s") % p),
    (
        _pattern("Let the revoke stand in round {n}"),
        lambda p: gettext("Let the revoke stand in round %(n)s") % p,
    ),
]
"""Each kind of change as :mod:`companion.actions` words it, most specific first."""


def said(what: str) -> str:
    """A change's words in the reader's language ("Betty's 17 in trick 3"
    in German: "17 von Betty in Stich 3"); unknown words as they are."""
    for pattern, say in PATTERNS:
        found = pattern.match(what)
        if found is not None:
            return say(_cards(found.groupdict()))
    return what
