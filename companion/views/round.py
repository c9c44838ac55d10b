"""The round screen and its changes: enter cards, undo, known hands, quick
entry, name the round's dealer, confirm the round, dismiss a warning, correct
or delete a trick.

Every change has one shape: find the game (404) and require the edit link
(403) → a form turns strings into values → one verb of
:mod:`companion.actions` replays the game through the engine and saves →
:func:`~companion.views.answers.changed`, or
:func:`~companion.views.answers.refused` with the reason nothing changed.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from companion import actions
from companion.access import Access, conditional, find_game
from companion.forms import (
    CardForm,
    DealerForm,
    FreshStamp,
    KnownHandForm,
    StampForm,
    TrickForm,
)
from companion.present import HtmxHttpRequest, Replayed, access_context, round_view
from companion.remembered import remember_game
from companion.round_screen import quick_form, round_replay
from companion.views.answers import NOT_DONE, Problem, changed, refusal, refused, show_round


def editable(token: str) -> Access:
    """The game of an edit link (404 for no game, 403 for its view link)."""
    access = find_game(token)
    access.require_edit()
    return access


@require_safe
def round_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The round being played (or the last one, once the game is over)."""
    access = find_game(token)
    remember_game(request, access)
    return show_round(request, access)


@require_safe
@conditional
def round_live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The round screen's partial, polled every 2 s by the view link's
    screen: the trick in play, its cards, the bottles, the coins so far. An
    unchanged game answers 304 after one query (the poll sends the version
    it shows as If-None-Match), and the screen stays as it is."""
    return show_round(request, find_game(token))


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


@require_POST
def play_card(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Enter the next card of the round being played."""
    access = editable(token)
    form = CardForm(request.POST)
    if not form.is_valid():
        return refused(request, access, form, at="card")
    try:
        done = actions.play_card(access.game, form.stamp(), form.cleaned_data["card"])
    except NOT_DONE as problem:
        return refused(request, access, problem, at="card")
    return changed(request, access, done)


@require_POST
def undo_card(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Take back the last card (or the quick entry) of the round being played."""
    access = editable(token)
    form = StampForm(request.POST)
    if not form.is_valid():
        return refused(request, access, form, at="undo-card")
    try:
        done = actions.undo_card(access.game, form.stamp())
    except NOT_DONE as problem:
        return refused(request, access, problem, at="undo-card")
    return changed(request, access, done)


@require_POST
def known_hand(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Enter Lopaka's face-up hand, or a player's open hand."""
    access = editable(token)
    form = KnownHandForm(request.POST, deck=access.game.table.deck)
    # a refused hand shows the cards it sent still ticked, to correct one
    chosen = (request.POST.get("seat", ""), request.POST.getlist("cards"))
    at = f"hand-{chosen[0]}"
    if not form.is_valid():
        return refused(request, access, form, at=at, chosen=chosen)
    seat = form.cleaned_data["seat"]
    try:
        done = actions.set_known_hand(access.game, form.stamp(), seat, form.codes())
    except NOT_DONE as problem:
        return refused(request, access, problem, at=at, chosen=chosen)
    return changed(request, access, done)


@require_POST
def quick_round(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Score the round being played from its coins and bottle owners alone."""
    access = editable(token)
    form = quick_form(access.game, request.POST)
    if not form.is_valid():
        return refused(
            request, access, form, at="quick", form=form, quick_form=form, quick_open=True
        )
    try:
        done = actions.enter_quick_round(access.game, form.stamp(), *form.entry())
    except NOT_DONE as problem:
        return refused(
            request, access, problem, at="quick", form=form, quick_form=form, quick_open=True
        )
    return changed(request, access, done)


@require_POST
def set_dealer(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Name who deals the round being played (before its first card)."""
    access = editable(token)
    form = DealerForm(request.POST, names=list(access.game.players))
    if not form.is_valid():
        return refused(request, access, form, at="dealer", form=form)
    try:
        done = actions.set_dealer(access.game, form.stamp(), form.cleaned_data["seat"])
    except NOT_DONE as problem:
        return refused(request, access, problem, at="dealer", form=form)
    return changed(request, access, done)


@require_POST
def confirm_round(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The table accepts the round's result; the next round starts."""
    access = editable(token)
    form = StampForm(request.POST)
    if not form.is_valid():
        return refused(request, access, form, at="confirm")
    try:
        done = actions.confirm_round(access.game, form.stamp())
    except NOT_DONE as problem:
        return refused(request, access, problem, at="confirm")
    return told(request, access, done)


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
    url = reverse("imp:round_detail", args=[access.token, number]) + "?confirmed"
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


@require_POST
def dismiss_warnings(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The table has settled the round's revoke warnings: hide them."""
    access = editable(token)
    form = StampForm(request.POST)
    if not form.is_valid():
        return refused(request, access, form, at="let-stand")
    try:
        done = actions.dismiss_warnings(access.game, form.stamp())
    except NOT_DONE as problem:
        return refused(request, access, problem, at="let-stand")
    return changed(request, access, done)


@require_POST
def delete_trick(request: HtmxHttpRequest, token: str, number: int, trick: int) -> HttpResponse:
    """Delete a trick of any round; the later ones move up."""
    access = editable(token)
    form = StampForm(request.POST)
    if not form.is_valid():
        return refused(request, access, form)
    try:
        done = actions.delete_trick(access.game, form.stamp(), number, trick)
    except NOT_DONE as problem:
        return refused(request, access, problem)
    if not request.htmx and number < access.game.rounds.count():
        for line in done.changes:
            messages.info(request, line)
        return redirect("imp:round_detail", token=token, number=number)
    return changed(request, access, done)


@require_http_methods(["GET", "HEAD", "POST"])
def edit_trick(request: HtmxHttpRequest, token: str, number: int, trick: int) -> HttpResponse:
    """A form to correct the cards of one trick of any round; the game is replayed."""
    access = editable(token)
    form, status, error = _trick_form(access, number, trick), 200, ""
    if request.method == "POST":
        form = _trick_form(access, number, trick, request.POST)
        problem: Problem = form
        if form.is_valid():
            try:
                done = actions.edit_trick(access.game, form.stamp(), number, trick, form.codes())
            except NOT_DONE as raised:
                problem = raised
            else:
                return _corrected(request, access, done, number)
        status, error = refusal(problem, access)
        if status == 409:
            form = _trick_form(access, number, trick)
    context = access_context(access)
    context.update(form=form, number=number, trick=trick, error=error)
    template = "imp/edit_trick.html#edit" if request.htmx else "imp/edit_trick.html"
    return render(request, template, context, status=status)


def _corrected(
    request: HtmxHttpRequest, access: Access, done: actions.Done, number: int
) -> HttpResponse:
    """After a correction: what it changed, then the round it was made in."""
    for line in done.changes or (gettext("Nothing changed but the cards."),):
        messages.info(request, line)
    if number == access.game.rounds.count():
        return redirect("imp:round", token=access.token)
    return redirect("imp:round_detail", token=access.token, number=number)


def _trick_form(access: Access, number: int, trick: int, data: object = None) -> TrickForm:
    """The correction form of one trick, filled with its cards as played (404
    for a round or trick the game does not have)."""
    replayed = Replayed.of(access.game)
    if not 1 <= number <= len(replayed.state.rounds):
        raise Http404("No such round.")
    state = replayed.state.rounds[number - 1]
    if not 1 <= trick <= len(state.tricks):
        raise Http404("No such trick.")
    play = state.tricks[trick - 1]
    names = [state.shape.names[seat] for seat in state.shape.orders[play.leader]]
    initial = FreshStamp(access.game.version).initial()
    options = {"deck": replayed.deck, "players": names, "cards": list(play.cards)}
    if data is None:
        return TrickForm(initial=initial, **options)
    return TrickForm(data, **options)
