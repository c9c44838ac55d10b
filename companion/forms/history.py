"""The form of an undo: the stamp, and which change to undo back to (none:
the last one)."""

from __future__ import annotations

from django import forms

from companion.forms.stamp import StampForm


class UndoForm(StampForm):
    """Undo the last change, or every change from ``back_to`` on."""

    back_to = forms.IntegerField(
        label="Change", min_value=1, required=False, widget=forms.HiddenInput
    )
