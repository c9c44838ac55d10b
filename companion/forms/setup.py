"""The set-up form: players in seat order, variant, deck, first dealer, goal
(docs/rules.md, sections 2, 3 and 7).

It offers only the variants that fit the number of names entered
(:func:`scoring.variants.variants_for`) and lets the engine judge the
combination (:meth:`scoring.variants.Table.create`), the names
(:func:`scoring.names.clean_name`, :func:`scoring.names.check_players`) and
the goal (:func:`scoring.names.check_goal`): the same rule as an import.
"""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from companion.texts import say
from scoring.findings import RecordError, WrongDeck
from scoring.game import suggested_rounds
from scoring.names import MAX_ROUNDS, MAX_TARGET, NAME_MAX, check_goal, check_players, clean_name
from scoring.variants import Table, variants_for

SEATS = 6
TARGETS = (200, 300, 500)
RANDOM = "random"

EDITIONS = [
    ("classic", _("Classic (Bambus, Z-Man, Stronghold): 36 cards, 2–4 players")),
    ("matagot", _("Matagot: 36 cards, or 54 with the half cards for 5–6 players")),
]
GOALS = [
    ("rounds", _("A number of rounds")),
    ("target", _("A target total")),
    ("open", _("No end: just keep the totals")),
]


def names_in(data: Any) -> list[str]:
    """The non-empty names of the form's data, trimmed, in seat order."""
    names = [str(data.get(f"name_{seat}") or "").strip() for seat in range(SEATS)]
    return [name for name in names if name]


def variant_value(name: str, layout: str | None) -> str:
    return f"{name}:{layout}" if layout else name


class NewGameForm(forms.Form):
    """Everything the table agrees on before the first round."""

    variant = forms.ChoiceField(
        label=_("Variant"),
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose a variant."),
            "invalid_choice": _("Choose a variant that fits the number of players."),
        },
    )
    edition = forms.ChoiceField(
        label=_("Deck"), choices=EDITIONS, widget=forms.RadioSelect, initial="classic"
    )
    dealer = forms.ChoiceField(label=_("First dealer"))
    goal = forms.ChoiceField(
        label=_("The game ends after"), choices=GOALS, widget=forms.RadioSelect, initial="rounds"
    )
    # The limits are the engine's (check_goal); the attributes only help the keyboard.
    rounds = forms.IntegerField(
        label=_("Rounds"),
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 1, "max": MAX_ROUNDS}),
    )
    target = forms.IntegerField(
        label=_("Target total"),
        required=False,
        widget=forms.NumberInput(
            attrs={"inputmode": "numeric", "list": "targets", "min": 1, "max": MAX_TARGET}
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat in range(SEATS):
            # What a name may be is the engine's rule (clean_name, in clean()).
            self.fields[f"name_{seat}"] = forms.CharField(
                label=gettext("Seat %(n)s") % {"n": seat + 1},
                required=False,
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "placeholder": gettext("Name") if seat < 3 else gettext("(empty)"),
                        "maxlength": NAME_MAX,
                    }
                ),
            )
        self.order_fields([f"name_{seat}" for seat in range(SEATS)])
        source = self.data if self.is_bound else self.initial
        self.names = names_in(source)
        self.count = len(self.names)
        self.options = variants_for(self.count) if self.count >= 2 else ()
        self.fields["variant"].choices = [
            (
                variant_value(variant.name, layout and layout.name),
                f"{say(variant.title_text)}{' ' + layout.name if layout else ''}: "
                f"{say(variant.description_text)}",
            )
            for variant, layout in self.options
        ]
        if len(self.options) == 1 and not self.is_bound:
            self.initial.setdefault("variant", self.fields["variant"].choices[0][0])
        if self.count >= 5 and not self.is_bound:
            self.initial["edition"] = "matagot"
        self.fields["dealer"].choices = [(RANDOM, gettext("Pick at random"))] + [
            (name, name) for name in self.names
        ]
        self.fields["rounds"].widget.attrs["placeholder"] = str(suggested_rounds(self.count or 3))
        self.fields["rounds"].help_text = (
            gettext("Empty: each player deals twice (%(n)s rounds).")
            % {"n": suggested_rounds(self.count or 3)}
            if self.count != 2
            else gettext("Empty: 4 rounds, as the books suggest for two players.")
        )

    def name_fields(self) -> list[forms.BoundField]:
        return [self[f"name_{seat}"] for seat in range(SEATS)]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        names = self.names
        if len(names) < 2:
            self.add_error("name_0", gettext("Enter at least two players' names, one a seat."))
            return data
        players = self._players(data, names)
        if players is None:
            return data
        variant, _, teams = str(data.get("variant") or "").partition(":")
        if variant:
            try:
                Table.create(players, variant, teams or None, data.get("edition", "classic"))
            except WrongDeck as error:
                self.add_error("edition", f"{say(error)}.")
            except RecordError as error:
                self.add_error("variant", f"{say(error)}.")
        data["players"], data["variant_name"], data["teams"] = list(players), variant, teams
        dealer = data.get("dealer")
        if dealer == RANDOM:
            data["first_dealer"], data["dealer_was_random"] = secrets.randbelow(len(names)), True
        elif dealer in names:
            data["first_dealer"], data["dealer_was_random"] = names.index(dealer), False
        self._goal(data, len(names))
        return data

    def _players(self, data: dict[str, Any], names: list[str]) -> tuple[str, ...] | None:
        """The names as the engine cleans them; None (with the engine's
        words on the seat, or on the form) when it refuses them."""
        refused = False
        for seat in range(SEATS):
            text = data.get(f"name_{seat}") or ""
            if not text.strip():
                continue
            try:
                clean_name(text)
            except RecordError as error:
                self.add_error(f"name_{seat}", f"{say(error)}.")
                refused = True
        if refused:
            return None
        try:
            return check_players(names)
        except RecordError as error:
            self.add_error(None, f"{say(error)}.")
            return None

    def _goal(self, data: dict[str, Any], players: int) -> None:
        """The goal chosen, checked by the engine (check_goal)."""
        goal = data.get("goal")
        data["goal_rounds"] = data["goal_target"] = None
        if goal == "rounds":
            rounds = data.get("rounds")
            data["goal_rounds"] = suggested_rounds(players) if rounds is None else rounds
        elif goal == "target":
            if data.get("target") is None:
                self.add_error("target", gettext("Enter the target total, for example 300."))
                return
            data["goal_target"] = data.get("target")
        try:
            check_goal(rounds=data["goal_rounds"], target=data["goal_target"])
        except RecordError as error:
            self.add_error("target" if goal == "target" else "rounds", f"{say(error)}.")

    def game_fields(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "players": data["players"],
            "variant": data["variant_name"],
            "teams": data["teams"],
            "edition": data["edition"],
            "first_dealer": data["first_dealer"],
            "dealer_was_random": data["dealer_was_random"],
            "goal_rounds": data["goal_rounds"],
            "goal_target": data["goal_target"],
        }


def moved(data: Any, move: str) -> dict[str, Any]:
    """The form's values with one name moved up or down a seat."""
    values = {key: data.get(key) for key in data}
    for seat in range(SEATS):
        values[f"name_{seat}"] = str(values.get(f"name_{seat}") or "").strip()
    direction, _, seat_text = move.partition("-")
    if not seat_text.isdigit():
        return values
    seat = int(seat_text)
    other = seat - 1 if direction == "up" else seat + 1
    if 0 <= seat < SEATS and 0 <= other < SEATS:
        first, second = f"name_{seat}", f"name_{other}"
        values[first], values[second] = values.get(second, ""), values.get(first, "")
    return values
