"""A new group: its name and its players, one name a line. What a valid
name is, and how many players a group may list, is the engine's rule
(:func:`scoring.names.check_group`)."""

from __future__ import annotations

from typing import Any

from django import forms

from companion.texts import say
from scoring.findings import RecordError
from scoring.names import GROUP_MAX, check_group


class GroupForm(forms.Form):
    name = forms.CharField(
        label="The group's name",
        widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": "Thursday table"}),
        error_messages={"required": "Give the group a name."},
    )
    players = forms.CharField(
        label="Players, one name a line",
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off"}),
        help_text=f"Up to {GROUP_MAX}; a game then picks who sits at the table.",
        error_messages={"required": "Name the group's players, one a line."},
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
