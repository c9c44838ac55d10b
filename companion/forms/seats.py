"""The seats' forms: a flag on a trick with its note, and the game's
setting of whether every seat must agree before Confirm."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from companion.forms.stamp import StampForm
from companion.seats import NOTE_MAX


class FlagForm(StampForm):
    """A trick of the round a seat flags, with a short note."""

    trick = forms.IntegerField(label=_("Trick"), min_value=1)
    note = forms.CharField(label=_("Note"), required=False, max_length=NOTE_MAX)


class AgreementForm(StampForm):
    """Whether every seat must agree to a round before Confirm."""

    required = forms.BooleanField(label=_("Every seat must agree before Confirm"), required=False)
