"""The dispute page: "Who wins this trick?" without a game (docs/rules.md, section 4).

The table types the cards of one trick in play order and the price of the
bottle; the engine (:func:`scoring.tricks.rule_trick`) says who wins and
why. Nothing is stored. A plain GET renders the whole page; an htmx request
gets the ``dispute.html#result`` partial. Bad input is a 400 whose message
names the card and says what is wrong with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods
from django_htmx.middleware import HtmxDetails

from companion.present import PlayedCard, face
from scoring.cards import START_PRICE, Deck, card_code, card_text, deck_for
from scoring.tricks import TrickRuling, explain, rule_trick

SEATS = 6
"""At most six cards in a trick (six players)."""

CARD_MAX = 8
NAME_MAX = 40

EDITION_CHOICES = [
    ("classic", "Classic (Bambus, Z-Man, Stronghold)"),
    ("matagot", "Matagot"),
]


def _card_field(index: int) -> forms.CharField:
    return forms.CharField(
        label=f"Card {index}",
        required=False,
        max_length=CARD_MAX,
        widget=forms.TextInput(
            attrs={"inputmode": "decimal", "autocomplete": "off", "size": 5}
        ),
    )


def _name_field(index: int) -> forms.CharField:
    return forms.CharField(
        label=f"Player {index} (optional)",
        required=False,
        max_length=NAME_MAX,
        widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": f"Player {index}"}),
    )


class DisputeForm(forms.Form):
    """One trick as the table saw it: edition, deck size, prices, cards."""

    edition = forms.ChoiceField(choices=EDITION_CHOICES, initial="classic")
    half_cards = forms.BooleanField(
        label="54 cards: with the half cards (matagot, 5–6 players)", required=False
    )
    price = forms.CharField(
        label="Price of the bottle",
        initial="19",
        max_length=CARD_MAX,
        error_messages={"required": "Enter the price of the bottle (19 at the start of a round)."},
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off", "size": 5}),
    )
    second_price = forms.CharField(
        label="Price of the second bottle (second-bottle variant, optional)",
        required=False,
        max_length=CARD_MAX,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off", "size": 5}),
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        for index in range(1, SEATS + 1):
            self.fields[f"card_{index}"] = _card_field(index)
            self.fields[f"name_{index}"] = _name_field(index)

    def seats(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """(card, name) bound fields for each place in the trick."""
        return [(self[f"card_{i}"], self[f"name_{i}"]) for i in range(1, SEATS + 1)]

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        edition = data.get("edition")
        if edition is None:
            return data
        if data.get("half_cards") and edition != "matagot":
            self.add_error(
                "half_cards", "The half cards exist only in the matagot edition (5–6 players)."
            )
            return data
        deck = deck_for(edition, 6 if data.get("half_cards") else 4)
        data["deck"] = deck
        prices = self._clean_prices(data, deck)
        cards, names = self._clean_cards(data, deck, prices)
        data["prices"], data["cards"], data["names"] = prices, cards, names
        return data

    def _clean_price(self, field: str, raw: str, deck: Deck, what: str) -> int | None:
        code = card_code(raw)
        if code is None or (code != START_PRICE and not deck.has(code)):
            self.add_error(field, f"{what} “{raw}” is not a card number of {_deck_words(deck)} "
                                  "nor the 19.")
            return None
        if code > START_PRICE:
            self.add_error(
                field,
                f"{what} {card_text(code)} is impossible: the price starts at 19 and only "
                "goes down.",
            )
            return None
        return code

    def _clean_prices(self, data: dict[str, object], deck: Deck) -> list[int]:
        prices: list[int] = []
        raw = str(data.get("price") or "").strip()
        if raw:
            code = self._clean_price("price", raw, deck, "The price")
            if code is not None:
                prices.append(code)
        second = str(data.get("second_price") or "").strip()
        if second:
            if len(deck.cards) < 54:
                self.add_error(
                    "second_price",
                    "The second bottle is played only with 5–6 players: tick “54 cards”.",
                )
                return prices
            code = self._clean_price("second_price", second, deck, "The second price")
            if code is not None and prices and code == prices[0] and code != START_PRICE:
                self.add_error(
                    "second_price",
                    f"Both bottles cannot lie on the {card_text(code)}: there is one such card.",
                )
            elif code is not None:
                prices.append(code)
        return prices

    def _clean_cards(
        self, data: dict[str, object], deck: Deck, prices: list[int]
    ) -> tuple[list[int], list[str]]:
        cards: list[int] = []
        names: list[str] = []
        seen: dict[int, int] = {}
        for index in range(1, SEATS + 1):
            field = f"card_{index}"
            raw = str(data.get(field) or "").strip()
            if not raw:
                continue
            code = card_code(raw)
            if code == START_PRICE:
                self.add_error(field, f"Card {index}: the 19 is the start price card, not a "
                                      "playing card.")
                continue
            if code is None or not deck.has(code):
                self.add_error(field, f"Card {index}: “{raw}” is not a card of "
                                      f"{_deck_words(deck)}.")
                continue
            if code in prices:
                self.add_error(field, f"Card {index}: the {card_text(code)} lies under the "
                                      "bottle as its price; it cannot be played.")
                continue
            if code in seen:
                self.add_error(field, f"Card {index}: the {card_text(code)} is already card "
                                      f"{seen[code]}; each card exists once.")
                continue
            seen[code] = index
            cards.append(code)
            name = str(data.get(f"name_{index}") or "").strip()
            names.append(name or f"Player {index}")
        if not self.errors and len(cards) < 2:
            self.add_error(None, "Enter at least 2 cards, in the order they were played.")
        return cards, names


def _deck_words(deck: Deck) -> str:
    return f"the {len(deck.cards)}-card {deck.edition} deck"


@dataclass(frozen=True)
class Dispute:
    """The engine's answer, ready to show (the cards are drawn by the
    ``played_card`` partial of ``imp/cards.html``)."""

    ruling: TrickRuling
    reason: str
    played: list[PlayedCard]
    winner: str
    winning_card: PlayedCard
    bottle_words: str
    new_price: str | None
    old_price: str
    prices_after: list[str]


def rule_dispute(deck: Deck, prices: list[int], cards: list[int], names: list[str]) -> Dispute:
    """Ask the engine who wins the trick, and put its answer in words."""
    ruling = rule_trick(cards, prices)
    played = [
        PlayedCard(names[index], face(deck, code, named=True), wins=index == ruling.winner_index)
        for index, code in enumerate(cards)
    ]
    after = list(prices)
    if ruling.bottle is None:
        bottle_words = "No bottle is sold: no card is below the price."
    else:
        after[ruling.bottle] = ruling.winning_card
        which = "The bottle" if len(prices) == 1 else f"Bottle {ruling.bottle + 1} (the dearer)"
        bottle_words = (
            f"{which} is sold to {names[ruling.winner_index]}: "
            f"the price goes from {card_text(ruling.old_price)} to "
            f"{card_text(ruling.winning_card)}."
        )
    return Dispute(
        ruling=ruling,
        reason=explain(ruling, names),
        played=played,
        winner=names[ruling.winner_index],
        winning_card=played[ruling.winner_index],
        bottle_words=bottle_words,
        new_price=None if ruling.new_price is None else card_text(ruling.new_price),
        old_price=card_text(ruling.old_price),
        prices_after=[card_text(p) for p in after],
    )


@require_http_methods(["GET", "HEAD", "POST"])
def dispute(request: HttpRequest) -> HttpResponse:
    """Who wins this trick? A form on GET; its answer on the same page."""
    data = request.POST if request.method == "POST" else request.GET
    form = DisputeForm(data) if _submitted(data) else DisputeForm()
    result = None
    status = 200
    if form.is_bound:
        if form.is_valid():
            clean = form.cleaned_data
            result = rule_dispute(clean["deck"], clean["prices"], clean["cards"], clean["names"])
        else:
            status = 400
    htmx: HtmxDetails | None = getattr(request, "htmx", None)
    partial = bool(htmx) and not htmx.history_restore_request  # type: ignore[union-attr]
    template = "dispute.html#result" if partial else "dispute.html"
    response = render(request, template, {"form": form, "result": result}, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _submitted(data: object) -> bool:
    return any(f"card_{i}" in data for i in range(1, SEATS + 1))  # type: ignore[operator]
