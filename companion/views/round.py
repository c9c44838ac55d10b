"""The round screen and its changes: enter cards, undo, known hands, quick
entry, name the round's dealer, confirm the round, dismiss a warning, delete
a trick.

Every change has one shape, :func:`companion.views.change.change`: find
the game (404) and require the edit link (403) → a form turns strings into
values → one verb of :mod:`companion.actions` replays the game through the
engine and saves → what it did, or the reason nothing changed, in place.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from companion import actions
from companion.access import Access, conditional, find_game, peeked
from companion.forms import (
    CardForm,
    DealerForm,
    FreshStamp,
    KnownHandForm,
    LetStandForm,
    QuickForm,
    StampForm,
)
from companion.models import Game
from companion.present import HtmxHttpRequest, access_context
from companion.remembered import qr_once, remember_game
from companion.screens import moment
from companion.screens.play import round_view
from companion.screens.round import quick_form, round_replay
from companion.views.answers import changed, show_round, shown_before
from companion.views.change import change


@require_safe
def round_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The round being played (or the last one, once the game is over): a
    phone opening it, or tapping *Next round* on a story, is past the story."""
    access = find_game(token)
    remember_game(request, access)
    first = not request.htmx and qr_once(request, token)
    return show_round(request, access, qr_once=first)


@require_safe
@conditional
def round_live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The round screen's partial, polled every 2 s by the view link's
    screen: the trick in play, its cards, the bottles, the coins so far. An
    unchanged game answers 304 after one query (the poll sends the version
    it shows as If-None-Match), and the screen stays as it is. A screen that
    showed a round being played (``?round=n``) that the table has confirmed
    meanwhile is led to that round's story, while the next round has not
    begun (:mod:`companion.screens.moment`). A phone following the play
    (static/js/follow.js) is sent only the parts that changed since the
    version it shows, where that is known (:func:`shown_before`)."""
    access = peeked(request, token)  # the game read for the ETag
    shown = moment.shown_round(request.GET.get(moment.SHOWN))
    if shown is not None and moment.is_story_moment(moment.rows_from(access.game, shown), shown):
        url = moment.story_url(token, shown)
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    return show_round(request, access, before=shown_before(request, access))


@require_safe
def round_tricks(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The round screen's list of the round's tricks (with the links to
    correct or delete each), fetched when the table opens it."""
    access = find_game(token)
    replayed = round_replay(access.game)
    context = access_context(access)
    context.update(
        round=round_view(replayed, replayed.rounds[-1]), stamp=FreshStamp(access.game.version)
    )
    return render(request, "imp/round/details.html#trick-list", context)


def playing(token: str) -> Access:
    """The game of a link that enters cards: the edit link, or a seat link
    (whose verbs check its seat themselves); 404, or 403 for the view link."""
    access = find_game(token)
    if access.seat is None:
        access.require_edit()
    return access


@require_POST
def play_card(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Enter the next card of the round being played; a seat link, its own
    player's card in its turn (403 in words otherwise)."""
    access = playing(token)
    seat = access.seat

    def play(game: Game, form: CardForm) -> actions.Done:
        card, tapped = form.cleaned_data["card"], form.tapped_for()
        return actions.play_card(game, form.stamp(), card, tapped, seat)

    return change(request, token, CardForm, play, at="card", access=access)


@require_POST
def undo_card(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Take back the last card (or the quick entry) of the round being
    played; a seat link, its own last card."""
    access = playing(token)
    seat = access.seat

    def take_back(game: Game, form: StampForm) -> actions.Done:
        return actions.undo_card(game, form.stamp(), seat)

    return change(request, token, StampForm, take_back, at="undo-card", access=access)


@require_POST
def known_hand(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Enter Lopaka's face-up hand, or a player's open hand."""

    def read(access: Access, data: QueryDict) -> KnownHandForm:
        return KnownHandForm(data, deck=access.game.table.deck)

    def enter(game: Game, form: KnownHandForm) -> actions.Done:
        return actions.set_known_hand(game, form.stamp(), form.cleaned_data["seat"], form.codes())

    # a refused hand shows the cards it sent still ticked, to correct one
    chosen = (request.POST.get("seat", ""), request.POST.getlist("cards"))
    return change(request, token, read, enter, at=f"hand-{chosen[0]}", keep={"chosen": chosen})


@require_POST
def quick_round(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Score the round being played from its coins and bottle owners alone."""

    def read(access: Access, data: QueryDict) -> QuickForm:
        return quick_form(access.game, data)

    def enter(game: Game, form: QuickForm) -> actions.Done:
        return actions.enter_quick_round(game, form.stamp(), *form.entry())

    def keep(form: QuickForm) -> dict[str, Any]:
        return {"quick_form": form, "quick_open": True}

    return change(request, token, read, enter, at="quick", fields=True, keep=keep)


@require_POST
def set_dealer(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Name who deals the round being played (before its first card)."""

    def read(access: Access, data: QueryDict) -> DealerForm:
        return DealerForm(data, names=list(access.game.players))

    def deal(game: Game, form: DealerForm) -> actions.Done:
        return actions.set_dealer(game, form.stamp(), form.cleaned_data["seat"])

    return change(request, token, read, deal, at="dealer", fields=True)


@require_POST
def confirm_round(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The table accepts the round's result; the next round starts."""

    def confirm(game: Game, form: StampForm) -> actions.Done:
        return actions.confirm_round(game, form.stamp())

    return change(request, token, StampForm, confirm, at="confirm", answer=told)


def told(request: HtmxHttpRequest, access: Access, done: actions.Done) -> HttpResponse:
    """After Confirm: the story of the round just confirmed, for the whole
    table to look at, leading on to the next round (a full page, at its top).
    A Confirm sent again (its answer was lost) changed nothing: it leads to
    the story of the game's last confirmed round all the same."""
    for line in (*done.notes, *done.changes):
        messages.info(request, line)
    confirmed = [row.number for row in done.rounds if row.confirmed]
    number = max(confirmed) if confirmed else access.game.last_confirmed()
    if number is None:
        return changed(request, access, done)
    url = moment.story_url(access.token, number)
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


@require_POST
def dismiss_warnings(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The table lets one revoke stand (the one its warning's form names):
    it is no longer shown; any other revoke is."""

    def let_stand(game: Game, form: LetStandForm) -> actions.Done:
        return actions.dismiss_warnings(game, form.stamp(), form.cleaned_data["revoke"])

    return change(request, token, LetStandForm, let_stand, at="let-stand")


@require_POST
def delete_trick(request: HtmxHttpRequest, token: str, number: int, trick: int) -> HttpResponse:
    """Delete a trick of any round; the later ones move up."""

    def delete(game: Game, form: StampForm) -> actions.Done:
        return actions.delete_trick(game, form.stamp(), number, trick)

    def answer(request: HtmxHttpRequest, access: Access, done: actions.Done) -> HttpResponse:
        if not request.htmx and number < access.game.rounds.count():
            for line in done.changes:
                messages.info(request, line)
            return redirect("imp:round_detail", token=token, number=number)
        return changed(request, access, done)

    return change(request, token, StampForm, delete, answer=answer)
