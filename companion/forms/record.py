"""The home page's import form: a game record file."""

from django import forms
from django.utils.translation import gettext_lazy as _


class ImportForm(forms.Form):
    record = forms.FileField(label=_("A game record (bottle-imp/1 JSON)"))
