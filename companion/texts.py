"""The engine's words in the reader's language.

The engine says everything as a :class:`scoring.texts.Text`: a code and its
values. :func:`say` renders one in the active language: the English
template (the message id) through gettext, filled with its values — other
texts said in their turn (a colour, a reason within a reason), cards
written as the reader writes numbers ("2,5" in German), players' names and
quoted input as they are. The German of every template is in this app's
own catalogue, ``companion/locale/de/LC_MESSAGES/django.po``.

:data:`FRAMES` are the few sentences the app wraps around a finding to say
it in the players' words (:func:`in_words`); they are in the same catalogue.

>>> from scoring.texts import Card, Text
>>> say(Text("card.already_played", card=Card("2.5"), earlier=1))
'2.5 was already played in trick 1'
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.formats import get_format
from django.utils.text import capfirst
from django.utils.translation import gettext

from scoring.findings import Finding
from scoring.texts import TEMPLATES, Card, Cards, Text, Value

FRAMES = {
    "played": "{player}'s {card} in trick {trick}: {why}",
    "played_no_trick": "{player}'s {card}: {why}",
    "player_trick": "{player} in trick {trick}: {why}",
    "player": "{player}: {why}",
    "trick": "Trick {trick}: {why}",
    "round": "Round {round}: {text}",
    "revoke": "In trick {trick}, {why}.",
    "revoke_short": (
        "{player} did not follow {colour} in trick {trick}{played}, "
        "but plays {colour} {card}{later}."
    ),
    "revoke_played": " (played {card})",
    "revoke_later": " in trick {trick}",
}
"""How the app frames a finding for the round screen: who, which card,
which trick, the round only when it is not the one shown."""


def say(text: Text | Finding) -> str:
    """A text of the engine (or a whole finding, where and why) in the active
    language."""
    if isinstance(text, Finding):
        text = text.said()
    return _fill(TEMPLATES[text.code], text.values.items())


def said(value: Value) -> str:
    """One value of a text as the reader reads it: a text said, a card as a
    number, a name as it is."""
    if isinstance(value, Text):
        return say(value)
    if isinstance(value, Card):
        return card(value)
    if isinstance(value, Cards):
        return ", ".join(card(item) for item in value)
    return str(value)


def card(text: str) -> str:
    """A card's number as the reader writes it: "2.5", or "2,5" in German."""
    if "." not in text:
        return text
    return text.replace(".", str(get_format("DECIMAL_SEPARATOR")))


def in_words(finding: Finding, shown: int | None = None) -> str:
    """A finding in the players' words: who, which card, which trick, and
    why — the round only when it is not the round ``shown``.

    >>> from scoring.findings import CardAlreadyPlayed
    >>> from scoring.texts import Card, Text
    >>> found = CardAlreadyPlayed(Text("card.already_played", card=Card("24"), earlier=1),
    ...                           round=2, trick=3, player="Betty", card="24")
    >>> in_words(found, shown=2)
    "Betty's 24 in trick 3: 24 was already played in trick 1."
    >>> in_words(found, shown=3)
    "Round 2: Betty's 24 in trick 3: 24 was already played in trick 1."
    """
    why = say(finding.text)
    english = finding.why
    values: dict[str, Value] = {"why": why, "player": finding.player or ""}
    if finding.trick is not None:
        values["trick"] = finding.trick
    if finding.player is not None and finding.card is not None:
        values["card"] = finding.card
        text = frame("played" if finding.trick is not None else "played_no_trick", values)
    elif finding.player is not None and finding.player not in english:
        text = frame("player_trick" if finding.trick is not None else "player", values)
    elif finding.trick is not None and f"trick {finding.trick}" not in english:
        text = frame("trick", values)
    else:
        text = why
    if finding.round is not None and finding.round != shown:
        text = frame("round", {"round": finding.round, "text": text})
    text = capfirst(text.strip()) or ""
    return text if text.endswith((".", "!", "?")) else f"{text}."


def revoke_words(finding: Finding) -> str:
    """A revoke warning in full: "In trick 1, Christian did not follow …"."""
    return frame("revoke", {"trick": finding.trick or 0, "why": say(finding.text)})


def frame(code: str, values: dict[str, Value]) -> str:
    """One of :data:`FRAMES` in the active language, filled with ``values``."""
    return _fill(FRAMES[code], values.items())


def _fill(template: str, values: Iterable[tuple[str, Value]]) -> str:
    return gettext(template).format_map({key: said(value) for key, value in values})
