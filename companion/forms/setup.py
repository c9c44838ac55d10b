"""The set-up form: players in seat order, deck, variant, first dealer, goal
(docs/rules.md, sections 1, 2, 3 and 7).

The deck is the one the table owns: the form never changes it because a
seat was filled or emptied; when the names are too many for it, it says so
beside the deck (the engine's words, :func:`scoring.cards.deck_for`). A
variant is always chosen: the usual one for the number of names
(:func:`scoring.variants.usual_variant`) until the table picks another of
those that fit (:func:`scoring.variants.variants_for`). The engine judges
the combination (:meth:`scoring.variants.Table.create`), the names
(:func:`scoring.names.clean_name`, :func:`scoring.names.check_players`) and
the goal (:func:`scoring.names.check_goal`): the same rule as an import.

Every error is shown once, beside its field, and the first takes the focus
(:attr:`NewGameForm.focus`).
"""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from companion.texts import in_words, say
from scoring.cards import EDITIONS as DECKS
from scoring.cards import Deck, deck_for
from scoring.findings import RecordError, WrongDeck
from scoring.game import suggested_rounds
from scoring.names import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TARGET,
    MIN_PLAYERS,
    NAME_MAX,
    check_goal,
    check_players,
    clean_name,
)
from scoring.variants import Table, usual_variant, variants_for

SEATS = MAX_PLAYERS
"""A name field for each seat the engine allows (its most players)."""
TARGETS = (200, 300, 500)
RANDOM = "random"

EDITIONS = [
    ("classic", _("Classic (Bambus, Z-Man, Stronghold): 36 cards, 2–4 players")),
    ("matagot", _("Matagot: 36 cards, or 54 with the half cards for 5–6 players")),
]
EDITION_NAMES = {"classic": _("Classic"), "matagot": _("Matagot")}
DECK_WORDS = {
    "classic": _("Classic deck: %(cards)s cards, %(coins)s coins"),
    "matagot": _("Matagot deck: %(cards)s cards, %(coins)s coins"),
}
GOALS = [
    ("rounds", _("A number of rounds")),
    ("target", _("A target total")),
    ("open", _("No end: just keep the totals")),
]
SHOWN_ORDER = (
    *(f"name_{seat}" for seat in range(SEATS)),
    "edition",
    "variant",
    "dealer",
    "goal",
    "rounds",
    "target",
)
"""The fields in the order the form shows them: the first in error takes the focus."""


def names_in(data: Any) -> list[str]:
    """The non-empty names of the form's data, trimmed, in seat order."""
    names = [str(data.get(f"name_{seat}") or "").strip() for seat in range(SEATS)]
    return [name for name in names if name]


def variant_value(name: str, layout: str | None) -> str:
    return f"{name}:{layout}" if layout else name


def whole_number(value: Any) -> int | None:
    """A small whole number typed in a field, for a summary; else None."""
    text = str(value or "").strip()
    return int(text) if text.isdigit() and len(text) <= len(str(MAX_TARGET)) else None


class NewGameForm(forms.Form):
    """Everything the table agrees on before the first round."""

    variant = forms.ChoiceField(
        label=_("Variant"),
        widget=forms.RadioSelect,
        required=False,
        error_messages={
            "invalid_choice": _("Choose a variant that fits the number of players."),
        },
    )
    # How many names the variants on the screen were drawn for: a variant
    # chosen for another number of players gives way to the usual one.
    drawn = forms.IntegerField(required=False, widget=forms.HiddenInput)
    edition = forms.ChoiceField(
        label=_("Deck"),
        choices=EDITIONS,
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose the deck your table plays with.")},
    )
    dealer = forms.ChoiceField(label=_("First dealer"), required=False)
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
        self.options = variants_for(self.count) if self.count >= MIN_PLAYERS else ()
        self.titles = {
            variant_value(variant.name, layout.name if layout else None): (
                f"{say(variant.title_text)}{' ' + layout.name if layout else ''}"
            )
            for variant, layout in self.options
        }
        variant_field = self.fields["variant"]
        assert isinstance(variant_field, forms.ChoiceField)
        variant_field.choices = [
            (value, f"{self.titles[value]}: {say(variant.description_text)}")
            for value, (variant, _layout) in zip(self.titles, self.options, strict=True)
        ]
        usual = usual_variant(self.count) if self.options else None
        self.usual = ""
        if usual is not None:
            variant, layout = usual
            self.usual = variant_value(variant.name, layout.name if layout else None)
        if self.is_bound:
            data = self.data.copy() if isinstance(self.data, QueryDict) else dict(self.data)
            data["variant"] = self._variant_chosen(data)
            data["drawn"] = str(self.count)
            self.data = data
        else:
            self.initial["variant"] = self._variant_chosen(self.initial)
            self.initial["drawn"] = self.count
        dealer = self.fields["dealer"]
        assert isinstance(dealer, forms.ChoiceField)
        dealer.choices = [(RANDOM, gettext("Pick at random"))] + [
            (name, name) for name in self.names
        ]
        self.fields["rounds"].widget.attrs["placeholder"] = str(suggested_rounds(self.count or 3))
        self.fields["rounds"].help_text = (
            gettext("Empty: each player deals twice (%(n)s rounds).")
            % {"n": suggested_rounds(self.count or 3)}
            if self.count != 2
            else gettext("Empty: 4 rounds, as the books suggest for two players.")
        )

    def _variant_chosen(self, values: Any) -> str:
        """The variant sent, if it fits the names; else the usual one when
        the table did not choose (none sent, or the variants on its screen
        were drawn for another number of names)."""
        chosen = str(values.get("variant") or "")
        if chosen in self.titles:
            return chosen
        drawn = str(values.get("drawn") or "")
        if not chosen or (drawn and drawn != str(self.count)):
            return self.usual
        return chosen

    def name_fields(self) -> list[forms.BoundField]:
        return [self[f"name_{seat}"] for seat in range(SEATS)]

    # What the form shows of its current choices: the summaries of its
    # disclosures, and the deck in words beside Start.

    @property
    def edition_now(self) -> str:
        """The deck chosen, "" while none is."""
        value = self["edition"].value()
        return value if value in DECKS else ""

    def deck(self) -> Deck | None:
        """The deck chosen, as the engine has it for these players (its
        smallest form when the players are too many for it)."""
        edition = self.edition_now
        if not edition:
            return None
        try:
            return deck_for(edition, max(self.count, MIN_PLAYERS))
        except WrongDeck:
            return deck_for(edition, MIN_PLAYERS)

    def deck_words(self) -> str:
        """The deck in words, its cards and coins counted by the engine:
        "Classic deck: 36 cards, 126 coins"."""
        deck = self.deck()
        if deck is None:
            return gettext("No deck chosen yet: which one does your table own?")
        return str(DECK_WORDS[deck.edition]) % {"cards": len(deck.cards), "coins": deck.total}

    def deck_refused(self) -> str | None:
        """Why the chosen deck cannot be played by these players (the
        engine's words, and what to do), or None."""
        edition = self.edition_now
        if not edition:
            return None
        try:
            deck_for(edition, self.count)
        except WrongDeck as error:
            needed = deck_for("matagot", self.count)
            hint = gettext(
                "Choose Matagot if your table has its %(cards)s cards, or leave seats empty."
            ) % {"cards": len(needed.cards)}
            return f"{in_words(error)} {hint}"
        return None

    def deck_errors(self) -> list[str]:
        """What to show beside the deck: its errors, or (before Start) why
        these players cannot play with it."""
        if self.is_bound:
            return [str(error) for error in self.errors.get("edition", [])]
        refused = self.deck_refused()
        return [refused] if refused else []

    def edition_title(self) -> str:
        edition = self.edition_now
        return str(EDITION_NAMES[edition]) if edition else gettext("not chosen yet")

    def variant_title(self) -> str:
        value = str(self["variant"].value() or "")
        return self.titles.get(value, gettext("none yet"))

    def dealer_title(self) -> str:
        value = str(self["dealer"].value() or "")
        return value if value in self.names else gettext("picked at random")

    def goal_title(self) -> str:
        goal = self["goal"].value()
        if goal == "open":
            return gettext("no end, just the totals")
        if goal == "target":
            target = whole_number(self["target"].value())
            if target is None:
                return gettext("a target total")
            return gettext("a total of %(n)s") % {"n": target}
        rounds = whole_number(self["rounds"].value()) or suggested_rounds(self.count or 3)
        return ngettext("%(n)s round", "%(n)s rounds", rounds) % {"n": rounds}

    @property
    def focus(self) -> str | None:
        """The field that takes the focus: the first in error, as shown."""
        if not self.is_bound:
            return None
        return next((name for name in SHOWN_ORDER if name in self.errors), None)

    def full_clean(self) -> None:
        super().full_clean()
        for name in self.errors:
            if name in self.fields and not isinstance(self.fields[name].widget, forms.RadioSelect):
                attrs = self.fields[name].widget.attrs
                attrs.update({"aria-invalid": "true", "aria-describedby": f"id_{name}-error"})
                if name == self.focus:
                    attrs["autofocus"] = True

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        names = self.names
        refused = self.deck_refused()
        if refused:
            self.add_error("edition", refused)
        if len(names) < MIN_PLAYERS:
            self.add_error("name_0", gettext("Enter at least two players' names, one a seat."))
            return data
        players = self._players(data, names)
        self._goal(data, len(names))
        if players is None:
            return data
        variant, _, teams = str(data.get("variant") or "").partition(":")
        if not variant:
            self.add_error("variant", gettext("Choose a variant."))
        elif data.get("edition"):
            try:
                Table.create(players, variant, teams or None, data["edition"])
            except WrongDeck:
                pass  # said beside the deck (deck_refused)
            except RecordError as error:
                self.add_error("variant", in_words(error))
        data["players"], data["variant_name"], data["teams"] = list(players), variant, teams
        dealer = data.get("dealer") or RANDOM
        if dealer == RANDOM:
            data["first_dealer"], data["dealer_was_random"] = secrets.randbelow(len(names)), True
        else:
            data["first_dealer"], data["dealer_was_random"] = names.index(dealer), False
        return data

    def _players(self, data: dict[str, Any], names: list[str]) -> tuple[str, ...] | None:
        """The names as the engine cleans them; None (with the engine's
        words on the seat it concerns) when it refuses them."""
        refused = False
        seats = []
        for seat in range(SEATS):
            text = data.get(f"name_{seat}") or ""
            if not text.strip():
                continue
            seats.append(seat)
            try:
                clean_name(text)
            except RecordError as error:
                self.add_error(f"name_{seat}", in_words(error))
                refused = True
        if refused:
            return None
        try:
            return check_players(names)
        except RecordError as error:
            self.add_error(f"name_{self._seat_refused(names, seats)}", in_words(error))
            return None

    @staticmethod
    def _seat_refused(names: list[str], seats: list[int]) -> int:
        """The seat whose name the engine refuses with those before it (the
        second of two equal names)."""
        for end in range(MIN_PLAYERS, len(names) + 1):
            try:
                check_players(names[:end])
            except RecordError:
                return seats[end - 1]
        return seats[0]

    def _goal(self, data: dict[str, Any], players: int) -> None:
        """The goal chosen, checked by the engine (check_goal)."""
        goal = data.get("goal")
        data["goal_rounds"] = data["goal_target"] = None
        if goal == "rounds":
            rounds = data.get("rounds")
            data["goal_rounds"] = suggested_rounds(players) if rounds is None else rounds
        elif goal == "target":
            if data.get("target") is None:
                if "target" not in self.errors:
                    self.add_error("target", gettext("Enter the target total, for example 300."))
                return
            data["goal_target"] = data.get("target")
        try:
            check_goal(rounds=data["goal_rounds"], target=data["goal_target"])
        except RecordError as error:
            self.add_error("target" if goal == "target" else "rounds", in_words(error))

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
