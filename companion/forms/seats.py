"""The seats' forms: a flag on a trick with its note, and the game's
setting of whether every seat must agree before Confirm."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from companion.forms.stamp import Stamp, StampForm
from companion.seats import NOTE_MAX


class SeatForm(StampForm):
    """A seat's word on the round it saw (``seen``: its entries, in a few
    characters, :func:`companion.seats.seen`): the seats say it at once,
    each on its own phone, so it does not depend on the game's version,
    only on the round being the one the phone showed."""

    seen = forms.RegexField(regex=r"^[0-9a-f]{16}$", widget=forms.HiddenInput)

    def stamp(self) -> Stamp:
        return Stamp(self.cleaned_data["version"], self.cleaned_data["key"], any_version=True)


class FlagForm(SeatForm):
    """A trick of the round a seat flags, with a short note."""

    trick = forms.IntegerField(label=_("Trick"), min_value=1)
    note = forms.CharField(label=_("Note"), required=False, max_length=NOTE_MAX)


class AgreementForm(StampForm):
    """Whether every seat must agree to a round before Confirm."""

    required = forms.BooleanField(label=_("Every seat must agree before Confirm"), required=False)
