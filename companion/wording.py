"""Small pieces of wording in the reader's language, shared by the modules
that put the engine's values into words: names joined with "and", a card's
number with the reader's decimal mark."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.formats import get_format
from django.utils.translation import gettext

from scoring.cards import card_text


def and_list(names: Iterable[str]) -> str:
    """Names joined with the reader's "and": "Ann and Ben", "Ann und Ben"."""
    return f" {gettext('and')} ".join(str(name) for name in names)


def decimal(text: str) -> str:
    """A number written with a point ("2.5") as the reader writes it
    ("2,5" in German)."""
    return text.replace(".", str(get_format("DECIMAL_SEPARATOR")))


def card_number(code: int) -> str:
    """A card's number as the reader writes it: "2.5", in German "2,5"
    (the engine's and the forms' "2.5" is :func:`scoring.cards.card_text`)."""
    return decimal(card_text(code))
