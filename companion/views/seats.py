"""Every player on their own phone: "Which seat is yours?" (each player's
seat link, reached from any link of the game: the table's one QR code
leads here), a seat's Agree and Flag a trick, and the edit link's settings
of the seats (every seat must agree before Confirm; a seat's new link).

Anyone holding the view link reaches every seat's link here: the table
shares one QR code, and each phone picks its own seat. A seat link only
enters its own player's cards (:func:`companion.actions.cards.own_turn`).
"""

from __future__ import annotations

from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from companion import actions
from companion.access import Access, SeatOnly, find_game
from companion.forms.seats import AgreementForm, FlagForm, SeatForm
from companion.models import Game
from companion.present import HtmxHttpRequest, access_context
from companion.seats import seat_links
from companion.views.change import change, editable


@require_safe
@never_cache
def seats(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Which seat is yours? Each player's name (Lopaka has no seat), leading
    to that seat's link. Never kept by a cache: it holds the seat links."""
    access = find_game(token)
    links = seat_links(access.game)
    players = access.game.players
    context = access_context(access)
    context["seats"] = [
        {"name": players[link.seat], "url": reverse("imp:round", args=[link.token])}
        for link in links
        if link.seat < len(players)
    ]
    return render(request, "sharing/seats.html", context)


def seated(token: str) -> Access:
    """The game of a seat link (404 for no game, 403 for the other links)."""
    access = find_game(token)
    if access.seat is None:
        access.require_edit()  # the view link: its 403
        raise SeatOnly(gettext("Only a seat link agrees to a round or flags a trick."))
    return access


@require_POST
def agree(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The seat's player agrees to the round's result."""
    access = seated(token)
    seat = access.seat
    assert seat is not None

    def agreeing(game: Game, form: SeatForm) -> actions.Done:
        return actions.agree_round(game, form.stamp(), seat, form.cleaned_data["seen"])

    return change(request, token, SeatForm, agreeing, at="agree", access=access)


@require_POST
def flag(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The seat's player flags a trick of the round, with a short note."""
    access = seated(token)
    seat = access.seat
    assert seat is not None

    def flagging(game: Game, form: FlagForm) -> actions.Done:
        data = form.cleaned_data
        note = data["note"].strip()
        return actions.flag_trick(game, form.stamp(), seat, data["trick"], note, data["seen"])

    return change(request, token, FlagForm, flagging, at="flag", access=access)


@require_POST
def agreement(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The edit link sets whether every seat must agree before Confirm."""

    def read(access: Access, data: QueryDict) -> AgreementForm:
        return AgreementForm(data)

    def setting(game: Game, form: AgreementForm) -> actions.Done:
        return actions.require_agreement(game, form.stamp(), form.cleaned_data["required"])

    def answer(request: HtmxHttpRequest, access: Access, done: actions.Done) -> HttpResponse:
        return redirect("imp:share", token=token)

    return change(request, token, read, setting, answer=answer)


@require_POST
def new_seat_link(request: HtmxHttpRequest, token: str, seat: int) -> HttpResponse:
    """A new link for one seat (the edit link only): old copies lead nowhere."""
    access = editable(token)
    if not 0 <= seat < len(access.game.players):
        raise Http404("No such seat.")
    actions.replace_seat_link(access.game, seat)
    return redirect(f"{reverse('imp:share', args=[token])}#seats")
