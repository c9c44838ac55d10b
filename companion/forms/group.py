"""A new group: its name and its players, one name a line. What a valid
name is, and how many players a group may list, is the engine's rule
(:func:`scoring.names.check_group`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from companion.texts import say
from scoring.findings import RecordError
from scoring.names import GROUP_MAX, check_group


class GroupForm(forms.Form):
    name = forms.CharField(
        label=_("The group's name"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": _("Thursday table")}),
        error_messages={"required": _("Give the group a name.")},
    )
    players = forms.CharField(
        label=_("Players, one name a line"),
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off"}),
        help_text=format_lazy(
            _("Up to {max}; a game then picks who sits at the table."), max=GROUP_MAX
        ),
        error_messages={"required": _("Name the group's players, one a line.")},
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        lines = [line for line in str(data.get("players") or "").splitlines() if line.strip()]
        if "name" not in data or not lines:
            return data
        try:
            data["name"], data["names"] = check_group(data["name"], lines)
        except RecordError as error:
            self.add_error("players" if "player" in str(error) else "name", f"{say(error)}.")
        return data
