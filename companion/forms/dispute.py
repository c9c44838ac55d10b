"""The dispute page's form: one trick as the table entered it, as strings.

The cards are tapped in a card grid, one at a time: a tap sends ``card``
(the card's number), which goes to the trick's first empty place, and a
tap on a place sends ``drop`` (its number), which empties it
(:func:`draft`). The form only reads the fields; whether they make a trick,
and who wins it, is :func:`scoring.dispute.rule_disputed_trick`'s call. Its
findings are put on the fields they name.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from companion.texts import say
from scoring.cards import Deck
from scoring.dispute import (
    DisputeError,
    DisputeRuling,
    dispute_deck,
    places_for,
    rule_disputed_trick,
)
from scoring.names import NAME_MAX
from scoring.variants import trick_sizes

SEATS = 6
"""At most six cards in a trick (six players): the fields there are."""

SIZES = tuple(
    sorted({size for half in (False, True) for size in trick_sizes(dispute_deck("matagot", half))})
)
"""Every number of cards a trick has in some variant (the engine's registry)."""

CARD_MAX = 8
"""The most characters a card or a price may be typed with."""

EDITION_CHOICES = [
    ("classic", _("Classic (Bambus, Z-Man, Stronghold)")),
    ("matagot", "Matagot"),
]

_NUMBER = {"inputmode": "decimal", "autocomplete": "off", "size": 5}


BOTTLES = 2
"""At most two bottles (the second-bottle variant)."""

ACTIONS = ("card", "drop")
"""What a tap sends while the trick is entered: a card to add, a place to empty."""


def point(text: str) -> str:
    """A number as the engine reads it: a decimal comma ("0,5", as German
    is written) becomes a point."""
    return text.replace(",", ".")


def _card_field(index: int) -> forms.CharField:
    return forms.CharField(
        label=gettext("Card %(n)s") % {"n": index},
        required=False,
        max_length=CARD_MAX,
        widget=forms.HiddenInput,
    )


def _owner_field(index: int) -> forms.CharField:
    return forms.CharField(
        label=gettext("Owner of bottle %(n)s") % {"n": index},
        required=False,
        max_length=NAME_MAX,
        widget=forms.HiddenInput,
    )


def _name_field(index: int) -> forms.CharField:
    return forms.CharField(
        label=gettext("Player %(n)s (optional)") % {"n": index},
        required=False,
        max_length=NAME_MAX,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "placeholder": gettext("Player %(n)s") % {"n": index}}
        ),
    )


class DisputeForm(forms.Form):
    """One trick as the table saw it: edition, deck size, prices, cards.

    Once valid, ``cleaned_data["ruling"]`` is the engine's
    :class:`~scoring.dispute.DisputeRuling`.
    """

    edition = forms.ChoiceField(label=_("Edition"), choices=EDITION_CHOICES, initial="classic")
    half_cards = forms.BooleanField(
        label=_("54 cards: with the half cards (matagot, 5–6 players)"), required=False
    )
    price = forms.CharField(
        label=_("Price of the bottle"),
        initial="19",
        max_length=CARD_MAX,
        error_messages={
            "required": _("Enter the price of the bottle (19 at the start of a round).")
        },
        widget=forms.TextInput(attrs=_NUMBER),
    )
    players = forms.TypedChoiceField(
        label=_("Cards in a trick (one a player)"),
        choices=[("", _("as the deck allows")), *((size, str(size)) for size in SIZES)],
        coerce=int,
        empty_value=None,
        required=False,
    )
    second_price = forms.CharField(
        label=_("Price of the second bottle (second-bottle variant, optional)"),
        required=False,
        max_length=CARD_MAX,
        widget=forms.TextInput(attrs=_NUMBER),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for index in range(1, SEATS + 1):
            self.fields[f"card_{index}"] = _card_field(index)
            self.fields[f"name_{index}"] = _name_field(index)
        for index in range(1, BOTTLES + 1):
            self.fields[f"owner_{index}"] = _owner_field(index)

    def seats(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """(card, name) bound fields for each place in the trick."""
        return [(self[f"card_{i}"], self[f"name_{i}"]) for i in range(1, SEATS + 1)]

    def owners(self) -> list[forms.BoundField]:
        """The bottles' owners before the trick (hidden: they come from a game)."""
        return [self[f"owner_{i}"] for i in range(1, BOTTLES + 1)]

    def typed(self) -> dict[str, str]:
        """Every field's text as sent (or as first offered), for the card grid."""
        values = {name: self[name].value() for name in self.fields}
        values["half_cards"] = "on" if values["half_cards"] else ""
        return {name: str(value or "") for name, value in values.items()}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        try:
            data["ruling"] = self._rule(data)
        except DisputeError as error:
            for finding in error.findings:
                self.add_error(_field_of(finding, self.fields), capfirst(say(finding)) + ".")
        return data

    def _rule(self, data: dict[str, Any]) -> DisputeRuling:
        places = range(1, SEATS + 1)
        return rule_disputed_trick(
            data["edition"],
            bool(data.get("half_cards")),
            [point(data.get("price") or ""), point(data.get("second_price") or "")],
            [data.get(f"card_{index}") or "" for index in places],
            [data.get(f"name_{index}") or "" for index in places],
            owners=[data.get(f"owner_{index}") or "" for index in range(1, BOTTLES + 1)],
            players=data.get("players"),
        )

    @property
    def ruling(self) -> DisputeRuling | None:
        """The engine's ruling once the form is valid, else None."""
        if not self.is_bound or not self.is_valid():
            return None
        ruling: DisputeRuling = self.cleaned_data["ruling"]
        return ruling


def _field_of(finding: object, fields: dict[str, forms.Field]) -> str | None:
    """The form's field for a finding's place ("card 3" is card_3), or None."""
    place = getattr(finding, "place", None) or ""
    field = place.replace(" ", "_")
    return field if field in fields else None


def is_submitted(data: Any) -> bool:
    """Whether the query or body holds a trick (any card field), not just a visit."""
    return any(f"card_{index}" in data for index in range(1, SEATS + 1))


def is_tap(data: Any) -> bool:
    """Whether a card or a place was tapped (the trick is still being entered)."""
    return any(action in data for action in ACTIONS)


def deck_and_places(typed: dict[str, str]) -> tuple[Deck, int, str]:
    """The engine's deck for the edition and half cards typed, how many
    places its trick has (the players chosen, else the deck's largest
    trick: :func:`scoring.dispute.places_for`), and what is wrong with the
    deck, said to the reader (the classic deck meanwhile)."""
    try:
        deck, error = dispute_deck(typed.get("edition", ""), bool(typed.get("half_cards"))), ""
    except DisputeError as finding:
        deck, error = dispute_deck("classic", False), say(finding)
    players = typed.get("players", "")
    return deck, places_for(deck, int(players) if players.isdigit() else None), error


def is_whole(fields: dict[str, str]) -> bool:
    """Whether each place of the trick holds a card: it can be ruled."""
    places = deck_and_places(fields)[1]
    return all(fields.get(f"card_{i}", "").strip() for i in range(1, places + 1))


def draft(data: Any) -> dict[str, str]:
    """The fields sent, after a tap: the tapped ``card`` put in the trick's
    first empty place (none left: nothing changes), or place ``drop``
    emptied. Fields not sent are left out (the form's first values stand).
    Only texts are moved; the engine checks them when the trick is ruled."""
    fields = {name: str(data[name])[:NAME_MAX] for name in DisputeForm().fields if name in data}
    card = str(data.get("card", "")).strip()[:CARD_MAX]
    places = deck_and_places(fields)[1]
    empty = [i for i in range(1, places + 1) if not fields.get(f"card_{i}", "").strip()]
    if card and empty:
        fields[f"card_{empty[0]}"] = card
    drop = str(data.get("drop", ""))
    if drop.isdigit() and 1 <= int(drop) <= SEATS:
        fields[f"card_{drop}"] = ""
    return fields
