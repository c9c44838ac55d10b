"""What every mutating form carries: the game's version it was rendered
from (a stale form is refused) and a fresh idempotency key (a retried POST is
applied once)."""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Stamp:
    """What every mutating form carries: the game's version it was rendered
    from, and a fresh idempotency key; for a card a phone queued, the keys
    of the cards it queued before it since that version (``after``: its own
    chain, :func:`companion.actions.saving.continued`)."""

    version: int
    key: str
    after: tuple[str, ...] = ()
    any_version: bool = False
    """A change that does not depend on the game's version (a seat's
    agreement checks the round it saw instead): never a stale form."""


@dataclass(frozen=True)
class TappedFor:
    """Whose card a phone tapped a card as: a player's name, in a trick."""

    player: str
    trick: int


KEY_PATTERN = r"^[0-9a-f]{32}$"
CHAIN_MAX = 64
"""The most keys a queued card names before it (a phone's queue is a few
tricks long at most)."""


class FreshStamp:
    """The hidden fields of the forms of one render: the game's version, and
    a new idempotency key each time ``key`` is read (one per form)."""

    def __init__(self, version: int) -> None:
        self.version = version

    @property
    def key(self) -> str:
        return uuid.uuid4().hex

    def initial(self) -> dict[str, Any]:
        return {"version": self.version, "key": self.key}

    @property
    def fields(self) -> SafeString:
        """Both hidden inputs, with a fresh key (``{{ stamp.fields }}`` in a form)."""
        return format_html(
            '<input type="hidden" name="version" value="{}">'
            '<input type="hidden" name="key" value="{}">',
            self.version,
            self.key,
        )


def form_key(data: Any) -> str:
    """The key a form sent, if well-formed, to carry on in its page drawn
    again (nothing was made with it yet); else a fresh one."""
    key = str(data.get("key") or "")
    return key if re.fullmatch(KEY_PATTERN, key) else uuid.uuid4().hex


class StampForm(forms.Form):
    """The hidden fields every mutating form carries."""

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    key = forms.RegexField(
        regex=KEY_PATTERN,
        widget=forms.HiddenInput,
        error_messages={"invalid": _("The form's key is damaged; reload the page.")},
    )

    def stamp(self) -> Stamp:
        return Stamp(self.cleaned_data["version"], self.cleaned_data["key"])

    def error_text(self) -> str:
        """All errors as one line, each naming its field."""
        parts = []
        for name, errors in self.errors.items():
            label = "" if name == "__all__" else f"{self.fields[name].label or name}: "
            parts += [f"{label}{error}" for error in errors]
        return " ".join(parts)
