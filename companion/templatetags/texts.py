"""The engine's words in templates: ``{{ ruling.sentence|say }}`` says a
:class:`scoring.texts.Text` (or a finding) in the reader's language
(:func:`companion.texts.say`); a plain string is shown as it is."""

from __future__ import annotations

from django import template

from companion.texts import say as say_text
from scoring.findings import Finding
from scoring.texts import Text

register = template.Library()


@register.filter
def say(value: object) -> object:
    """A text of the engine in the reader's language; anything else as it is."""
    if isinstance(value, Text | Finding):
        return say_text(value)
    return value
