"""The home page's import form: a game record file."""

from django import forms


class ImportForm(forms.Form):
    record = forms.FileField(label="A game record (bottle-imp/1 JSON)")
