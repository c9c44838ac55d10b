"""The dispute page: "Who wins this trick?" without a game (docs/rules.md, section 4).

The table types the cards of one trick in play order and the price of each
bottle; the form reads the strings and the engine
(:func:`scoring.dispute.rule_disputed_trick`) checks them and says who wins
and why. Nothing is stored. A plain GET renders the whole page; an htmx
request gets the ``dispute.html#result`` partial. Bad input is a 400 whose
message names the card and says what is wrong with it.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods

from companion.forms.dispute import DisputeForm, is_submitted
from companion.present import HtmxHttpRequest, PlayedCard, face
from scoring.dispute import DisputeRuling


@require_http_methods(["GET", "HEAD", "POST"])
def dispute(request: HtmxHttpRequest) -> HttpResponse:
    """Who wins this trick? A form on GET; its answer on the same page."""
    data = request.POST if request.method == "POST" else request.GET
    form = DisputeForm(data) if is_submitted(data) else DisputeForm()
    ruling = form.ruling
    status = 400 if form.is_bound and ruling is None else 200
    played = _played(ruling) if ruling else []
    context = {
        "form": form,
        "ruling": ruling,
        "played": played,
        "winning": played[ruling.trick.winner_index] if ruling else None,
    }
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    template = "dispute.html#result" if partial else "dispute.html"
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _played(ruling: DisputeRuling) -> list[PlayedCard]:
    """The trick's cards as the ``played_card`` partial of ``imp/cards.html`` draws them."""
    winner = ruling.trick.winner_index
    return [
        PlayedCard(name, face(ruling.deck, code, named=True), wins=index == winner)
        for index, (name, code) in enumerate(zip(ruling.names, ruling.cards, strict=True))
    ]
