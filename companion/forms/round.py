"""Forms of the round screen: they turn the strings a phone sends into
domain values (card codes, seats, a :class:`~companion.forms.stamp.Stamp`).
Whether a card may be played is the engine's call, not the form's."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from companion.forms.stamp import CHAIN_MAX, KEY_PATTERN, Stamp, StampForm, TappedFor
from scoring.cards import Deck, card_code, card_text
from scoring.findings import Finding


class CardField(forms.Field):
    """A card written as its number; the code of the card."""

    def to_python(self, value: Any) -> Any:
        text = str(value or "").strip()
        if not text:
            return None
        # "2,5" as German writes it is the card 2.5.
        code = card_code(text.replace(",", ".")) if len(text) <= 8 else None
        if code is None:
            raise forms.ValidationError(
                gettext("%(text)s is not a card number.") % {"text": repr(text[:8])}, code="card"
            )
        return code


class CardForm(StampForm):
    """A card of the round being played. A card a phone queued also says
    for whom it was tapped (``player`` in ``trick``: named back when
    another phone was first) and the keys of the phone's cards queued
    before it since its version (``after``, comma-separated)."""

    card = CardField(label=_("Card"))
    after = forms.CharField(required=False, max_length=CHAIN_MAX * 33, widget=forms.HiddenInput)
    player = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)
    trick = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def clean_after(self) -> tuple[str, ...]:
        keys = tuple(key for key in self.cleaned_data["after"].split(",") if key)
        if len(keys) > CHAIN_MAX or not all(re.fullmatch(KEY_PATTERN, key) for key in keys):
            raise forms.ValidationError(gettext("The form's key is damaged; reload the page."))
        return keys

    def stamp(self) -> Stamp:
        return Stamp(
            self.cleaned_data["version"], self.cleaned_data["key"], self.cleaned_data["after"]
        )

    def tapped_for(self) -> TappedFor | None:
        """Whose card the phone tapped it as, if it said."""
        player, trick = self.cleaned_data["player"], self.cleaned_data["trick"]
        return TappedFor(player, trick) if player and trick else None


class DealerForm(StampForm):
    """Who deals the round being played: one of the players' seats."""

    seat = forms.TypedChoiceField(label=_("Dealer"), coerce=int)

    def __init__(self, *args: Any, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seat = self.fields["seat"]
        assert isinstance(seat, forms.ChoiceField)
        seat.choices = [(str(number), name) for number, name in enumerate(names)]


class LetStandForm(StampForm):
    """*Let it stand*: which revoke the table settles, as its warning names
    it ("1:36:2:13", :func:`companion.revokes.revoke_token`); without it,
    the first revoke shown."""

    revoke = forms.CharField(required=False, max_length=40, widget=forms.HiddenInput)


class KnownHandForm(StampForm):
    """Lopaka's face-up hand, or a player's open hand: cards tapped in the deck."""

    seat = forms.IntegerField(min_value=0, max_value=6, widget=forms.HiddenInput)
    cards = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: Any, deck: Deck, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cards = self.fields["cards"]
        assert isinstance(cards, forms.ChoiceField)
        cards.choices = [(card_text(c), card_text(c)) for c in deck.cards]

    def codes(self) -> list[int]:
        return [
            code for text in self.cleaned_data["cards"] if (code := card_code(text)) is not None
        ]


_COINS = {"inputmode": "numeric", "autocomplete": "off", "data-coins": ""}
"""A number of coins: the phone's number pad; the page's arithmetic reads these."""


class QuickForm(StampForm):
    """A round entered without cards: coins, bottle owner(s), the Imp's Trick."""

    imps_trick_points = forms.IntegerField(min_value=0, label=_("Imp's Trick coins"))

    def __init__(
        self,
        *args: Any,
        names: list[str],
        bottles: int,
        lopaka: str | None = None,
        words: dict[str, str] | None = None,
        total: int = 0,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        self.lopaka = lopaka
        self.bottles = bottles
        # what the numbers add up to (the engine's scoring.quick.quick_total),
        # for the page's arithmetic; the engine checks the sum itself
        self.total = total
        self.fields["imps_trick_points"].widget.attrs.update(_COINS)
        self.imps_trick = str(words["imps_trick"]) if words else gettext("Imp's Trick")
        if words:
            self.fields["imps_trick_points"].label = gettext("%(imps_trick)s coins") % {
                "imps_trick": words["imps_trick"]
            }
        for seat, name in enumerate(names):
            self.fields[f"points_{seat}"] = forms.IntegerField(
                label=gettext("%(name)s's coins") % {"name": name},
                required=False,
                min_value=0,
                help_text=gettext("Leave empty for the bottle's owner if not counted."),
                widget=forms.NumberInput(attrs=_COINS),
            )
        owners = [(name, name) for name in names]
        for index in range(bottles):
            if bottles == 1:
                label = gettext("Bottle owner")
            else:
                label = gettext("Owner of bottle %(n)s") % {"n": index + 1}
            self.fields[f"bottle_{index}"] = forms.ChoiceField(label=label, choices=owners)
        self.order_fields(
            [f"points_{seat}" for seat in range(len(names))]
            + [f"bottle_{i}" for i in range(bottles)]
            + ["imps_trick_points"]
        )

    def entry(self) -> tuple[dict[str, int | None], list[str], int]:
        data = self.cleaned_data
        points: dict[str, int | None] = {}
        for seat, name in enumerate(self.names):
            value = data.get(f"points_{seat}")
            if name == self.lopaka and value is None:
                continue
            points[name] = value
        bottle = [data[f"bottle_{i}"] for i in range(self.bottles)]
        return points, bottle, data["imps_trick_points"]

    def number_fields(self) -> list[tuple[forms.BoundField, str]]:
        """Each number with whose coins it is: the players', then the Imp's Trick's."""
        players = [(self[f"points_{seat}"], name) for seat, name in enumerate(self.names)]
        the = gettext("the %(imps_trick)s") % {"imps_trick": self.imps_trick}
        return [*players, (self["imps_trick_points"], the)]

    def point_fields(self) -> list[forms.BoundField]:
        return [self[f"points_{seat}"] for seat in range(len(self.names))]

    def bottle_fields(self) -> list[forms.BoundField]:
        return [self[f"bottle_{i}"] for i in range(self.bottles)]

    def fields_for(self, finding: Finding) -> list[str]:
        """The fields an engine's finding is about, the one to show it first,
        from its code and values (:mod:`scoring.texts`; :data:`ABOUT`): a
        player's coins, every number, the bottle owners, the Imp's Trick's
        coins. None for a finding about none of them."""
        about = ABOUT.get(finding.code)
        player = finding.values.get("player")
        if about == "player" and isinstance(player, str) and player in self.names:
            return [f"points_{self.names.index(player)}"]
        if about == "numbers":
            return [f"points_{seat}" for seat in range(len(self.names))] + ["imps_trick_points"]
        if about == "bottle":
            return [f"bottle_{index}" for index in range(self.bottles)]
        if about == "imps":
            return ["imps_trick_points"]
        return []


ABOUT = {
    "quick.coins_missing": "player",
    "quick.coins_range": "player",
    "quick.not_adding_up": "numbers",
    "quick.owners": "bottle",
    "quick.owners_one": "bottle",
    "quick.imps_range": "imps",
    "quick.imps_cards_coins": "imps",
}
"""What of a quick entry each of the engine's findings about it concerns
(scoring/quick.py raises them): the coins of the player it names, all the
numbers (they must add up to the deck's coins), the bottle owners, or the
Imp's Trick's coins; :meth:`QuickForm.fields_for` turns it into fields."""


class MoveForm(StampForm):
    """Fix a card in place: whose card in the trick (its place in play
    order), and the card that belongs there."""

    position = forms.IntegerField(
        label=_("Whose card"),
        min_value=0,
        max_value=5,
        error_messages={"required": _("tap whose card is wrong first, then the right card")},
    )
    card = CardField(label=_("Card"))
