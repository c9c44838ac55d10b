"""The dispute page: "Who wins this trick?" (docs/rules.md, section 4).

The table taps the cards of one trick in play order in the round screen's
card grid and gives the price of each bottle; the form reads the strings and
the engine (:func:`scoring.dispute.rule_disputed_trick`) checks them and
says who wins and why. Nothing is stored. Opened from a game
(``g/<token>/dispute/``), the page starts from that game's deck, the
bottles' prices and owners, and the players' names in the order of the
trick being played.

A tap on a card or on a place of the trick answers the trick so far (an htmx
request gets the ``dispute.html#board`` partial; a plain one is redirected
to the trick's address); the tap that fills the trick's last place answers
the engine's ruling at once, as "Who wins?" does (the button stays for a
trick of fewer cards, and without JavaScript). Bad input is a 400 whose
message names the card and says what is wrong with it. The trick has as
many places as the game's tricks have cards, else as the deck's largest
trick (:func:`scoring.dispute.places_for`).
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any
from urllib.parse import urlencode

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe

from companion.access import find_game
from companion.forms.dispute import (
    DisputeForm,
    deck_and_places,
    draft,
    is_submitted,
    is_tap,
    is_whole,
    point,
)
from companion.models import Game
from companion.present import HtmxHttpRequest, face
from companion.screens.play import Pick, pick, round_view
from companion.screens.round import round_replay
from companion.texts import say
from companion.views.answers import in_place
from scoring.cards import START_PRICE, Deck, card_code, card_text
from scoring.dispute import DisputeRuling, card_choices, dispute_deck
from scoring.texts import Text


@require_http_methods(["GET", "HEAD", "POST"])
def dispute(request: HtmxHttpRequest) -> HttpResponse:
    """Who wins this trick? The card grid; a tap's trick so far; the ruling."""
    data = request.POST if request.method == "POST" else request.GET
    if is_tap(data):
        fields = draft(data)
        whole = "card" in data and is_whole(fields)
        if not request.htmx:
            query = urlencode(fields if whole else {**fields, "draft": "1"})
            anchor = "#result" if whole else "#board"
            return HttpResponseRedirect(f"{reverse('imp:dispute')}?{query}{anchor}")
        return _answer(request, DisputeForm(fields) if whole else DisputeForm(initial=fields))
    if is_submitted(data) and "draft" not in data:
        return _answer(request, DisputeForm(data))
    return _answer(request, DisputeForm(initial=draft(data)))


@require_safe
def game_dispute(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The dispute page, started from a game's deck, bottles and players."""
    access = find_game(token)
    return _answer(request, DisputeForm(initial=game_start(access.game)))


def game_start(game: Game) -> dict[str, str]:
    """The dispute form's first values from a game: its deck, each bottle's
    price (19 when the round has none) and owner, how many cards its tricks
    hold, the players' names in the order of the trick being played (else
    of the next trick)."""
    replayed = round_replay(game)
    view = round_view(replayed, replayed.rounds[-1])
    deck = replayed.deck
    fields = {
        "edition": deck.edition,
        "half_cards": "on" if deck == dispute_deck("matagot", True) else "",
    }
    for index, bottle in enumerate(map(asdict, view.bottles[:2]), 1):
        key = "price" if index == 1 else "second_price"
        fields[key] = bottle["price"] or card_text(START_PRICE)
        fields[f"owner_{index}"] = bottle["owner"] or ""
    state = view.state
    shape = state.shape
    fields["players"] = str(shape.cards_per_trick)
    ask = view.ask
    order = shape.orders[state.next_leader]
    names = [slot.name for slot in ask.slots] if ask else [shape.names[s] for s in order]
    for index, name in enumerate(names, 1):
        fields[f"name_{index}"] = name
    return fields


def _answer(request: HtmxHttpRequest, form: DisputeForm) -> HttpResponse:
    """The page (or its board, to htmx) with the form's trick and ruling;
    the winning place of the trick is marked in the trick itself."""
    ruling = form.ruling
    status = 400 if form.is_bound and ruling is None else 200
    typed = form.typed()
    deck, places, deck_error = deck_and_places(typed)
    context: dict[str, Any] = {
        "form": form,
        "seats": form.seats()[:places],
        "ruling": ruling,
        "winning": face(ruling.deck, ruling.winning_card) if ruling else None,
        "next_price": face(ruling.deck, ruling.next_price) if ruling else None,
        "slots": _slots(deck, places, typed, ruling),
        "picker": _picker(deck, places, typed),
        "deck_words": _deck_words(deck),
        "deck_error": deck_error,
        "clear_url": _clear_url(typed),
    }
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    template = "dispute.html#board" if partial else "dispute.html"
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    if partial and form.is_bound:
        response["HX-Push-Url"] = f"{reverse('imp:dispute')}?{urlencode(typed)}"
    return in_place(response)


def _clear_url(typed: dict[str, str]) -> str:
    """The page with the same deck, prices, owners and names, and no card."""
    kept = {name: text for name, text in typed.items() if not name.startswith("card_")}
    return f"{reverse('imp:dispute')}?{urlencode({**kept, 'draft': '1'})}"


def _deck_words(deck: Deck) -> str:
    """The deck in the reader's words: "Classic, 36 cards"."""
    edition = capfirst(say(Text(f"edition.{deck.edition}")))
    return gettext("%(edition)s, %(count)s cards") % {"edition": edition, "count": len(deck.cards)}


def _slots(
    deck: Deck, places: int, typed: dict[str, str], ruling: DisputeRuling | None
) -> list[dict[str, Any]]:
    """The trick's places: who plays there, the card tapped (its face, or
    its text when the deck has no such card), whether it is the next, and
    whether it wins the trick (the engine's ruling)."""
    slots = []
    filled = [i for i in range(1, places + 1) if typed[f"card_{i}"].strip()]
    winner = filled[ruling.trick.winner_index] if ruling else 0
    next_place = next((i for i in range(1, places + 1) if not typed[f"card_{i}"].strip()), 0)
    for place in range(1, places + 1):
        text = typed[f"card_{place}"].strip()
        code = card_code(text) if text else None
        slots.append(
            {
                "place": place,
                "name": typed[f"name_{place}"].strip() or gettext("Player %(n)s") % {"n": place},
                "text": text,
                "face": face(deck, code) if code is not None and deck.has(code) else None,
                "is_next": place == next_place,
                "wins": place == winner,
            }
        )
    return slots


def _picker(deck: Deck, places: int, typed: dict[str, str]) -> list[Pick]:
    """The card grid: the engine says which cards may still be added."""
    prices = [point(typed["price"]), point(typed["second_price"])]
    cards = [typed[f"card_{i}"] for i in range(1, places + 1)]
    choices = card_choices(deck, prices, cards, places)
    return [pick(face(deck, code), state) for code, state in choices]
