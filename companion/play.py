"""The round screen and its changes: enter cards, undo, known hands, quick
entry, name the round's dealer, confirm the round, dismiss a warning, correct or delete a trick.

One shape for every change: find the game (404) and require the edit link
(403) → a form turns strings into values (400) → a verb of
:mod:`companion.actions` replays the game through the engine and saves
(400 with the engine's words, 409 on a stale form) → an htmx request gets
the ``round`` partial, a plain one a redirect to the round screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from companion import actions
from companion.access import Access, find_game
from companion.forms import (
    CardForm,
    DealerForm,
    FreshStamp,
    KnownHandForm,
    QuickForm,
    StampForm,
    TrickForm,
)
from companion.present import (
    HtmxHttpRequest,
    Replay,
    Replayed,
    access_context,
    face,
    round_view,
    words_of,
)
from companion.replay import CurrentRound
from companion.sharing import remember_game
from scoring.findings import Finding


def quick_form(replayed: Replay, data: Any = None) -> QuickForm:
    table = replayed.table
    names = list(table.names)
    return QuickForm(
        data,
        initial=FreshStamp(replayed.game.version).initial(),
        names=names,
        bottles=table.variant.bottles,
        lopaka="Lopaka" if table.variant.has_lopaka else None,
        words=words_of(replayed.game),
    )


def known_hands(replayed: Replay, row: Any) -> list[dict[str, Any]]:
    """The face-up hands the table may enter in this round, with their cards."""
    table = replayed.table
    variant = table.variant
    hands = []
    if variant.has_lopaka:
        hands.append(
            {
                "seat": len(table.players),
                "name": "Lopaka",
                "size": table.shape(0).tricks,
                "selected": set(row.lopaka_hand or ()),
            }
        )
    if variant.has_open_hands:
        for seat, name in enumerate(table.players):
            hands.append(
                {
                    "seat": seat,
                    "name": name,
                    "size": variant.open_hand_size,
                    "selected": set((row.open_hands or {}).get(name, ())),
                }
            )
    return hands


def dealer_choices(replayed: Replay, view: dict[str, Any]) -> list[dict[str, Any]]:
    """The players, for naming who deals the round (the dealer now is
    selected); none once the round has a card or a quick entry."""
    if view["tricks"] or view["quick"] or view["complete"]:
        return []
    dealer = view["state"].shape.dealer
    return [
        {"seat": seat, "name": name, "selected": seat == dealer}
        for seat, name in enumerate(replayed.table.players)
    ]


def round_replay(game: Any) -> Replay:
    """What the round screen needs replayed: the round being played alone
    while it is unfinished (its size does not grow with the game), else the
    whole game (a complete round's result shows the game's totals)."""
    current = CurrentRound.load(game)
    if current is not None and not current.state.complete:
        return current
    return Replayed.of(game)


def round_context(access: Access, replayed: Replay | None = None, **extra: Any) -> dict[str, Any]:
    if replayed is None:
        replayed = round_replay(access.game)
    row = replayed.rounds[-1]
    view = round_view(replayed, row)
    hands = known_hands(replayed, row)
    next_dealer = None
    if isinstance(replayed, Replayed):
        next_dealer = replayed.table.players[replayed.state.next_dealer]
    context = access_context(access)
    context.update(
        replayed=replayed,
        words=words_of(access.game),
        round=view,
        next_dealer=next_dealer,
        stamp=FreshStamp(access.game.version),
        hands=hands,
        # the quick entry is offered only before the round's first card
        quick_form=None if view["tricks"] or view["complete"] else quick_form(replayed),
        quick_open=False,
        dealers=dealer_choices(replayed, view),
        deck=[face(replayed.deck, card) for card in replayed.deck.cards] if hands else [],
        error="",
    )
    context.update(extra)
    return context


def show_round(
    request: HtmxHttpRequest,
    access: Access,
    *,
    status: int = 200,
    replayed: Replay | None = None,
    **extra: Any,
):
    context = round_context(access, replayed, **extra)
    # the htmx partial leaves the (closed) tricks list to round_tricks
    context["lazy_tricks"] = bool(request.htmx)
    template = "imp/round.html#round" if request.htmx else "imp/round.html"
    return render(request, template, context, status=status)


@require_safe
def round_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The round being played (or the last one, once the game is over)."""
    access = find_game(token)
    remember_game(request, access)
    return show_round(request, access)


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
    return render(request, "imp/round.html#trick-list", context)


def run(
    request: HtmxHttpRequest,
    access: Access,
    form: StampForm,
    work: Callable[[], actions.Done],
    *,
    error_extra: dict[str, Any] | None = None,
) -> HttpResponse:
    """Apply a verb and answer: the round partial, a redirect, or the error."""
    extra = error_extra or {}
    if not form.is_valid():
        return show_round(request, access, status=400, error=form.error_text(), **extra)
    try:
        done = work()
    except actions.Conflict as conflict:
        access.game.refresh_from_db()  # the fresh version, or the next post is a 409 again
        return show_round(request, access, status=409, error=str(conflict))
    except Finding as finding:
        text = " ".join(str(item) for item in finding.findings)
        return show_round(request, access, status=400, error=text, **extra)
    except actions.Refused as refused:
        return show_round(request, access, status=400, error=str(refused), **extra)
    for line in (*done.notes, *done.changes):
        messages.info(request, line)
    if request.htmx:
        replayed = None
        if done.record is not None and done.state is not None:
            # the verb's own replay of the saved entries: no second query and replay
            replayed = Replayed(access.game, done.rounds, done.record, done.state)
        elif done.current is not None:
            replayed = done.current  # only the round being played was replayed
        return show_round(request, access, replayed=replayed)
    return redirect("imp:round", token=access.token)


def editable(token: str) -> Access:
    access = find_game(token)
    access.require_edit()
    return access


@require_POST
def play_card(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = editable(token)
    form = CardForm(request.POST)
    return run(
        request,
        access,
        form,
        lambda: actions.play_card(access.game, form.stamp(), form.cleaned_data["card"]),
    )


@require_POST
def undo_card(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = editable(token)
    form = StampForm(request.POST)
    return run(request, access, form, lambda: actions.undo_card(access.game, form.stamp()))


@require_POST
def known_hand(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = editable(token)
    replayed = Replayed.of(access.game)
    form = KnownHandForm(request.POST, deck=replayed.deck)
    return run(
        request,
        access,
        form,
        lambda: actions.set_known_hand(
            access.game, form.stamp(), form.cleaned_data["seat"], form.codes()
        ),
    )


@require_POST
def quick_round(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = editable(token)
    form = quick_form(Replayed.of(access.game), request.POST)
    return run(
        request,
        access,
        form,
        lambda: actions.enter_quick_round(access.game, form.stamp(), *form.entry()),
        error_extra={"quick_form": form, "quick_open": True},
    )


@require_POST
def set_dealer(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Name who deals the round being played (before its first card)."""
    access = editable(token)
    form = DealerForm(request.POST, names=list(access.game.players))
    return run(
        request,
        access,
        form,
        lambda: actions.set_dealer(access.game, form.stamp(), form.cleaned_data["seat"]),
    )


@require_POST
def confirm_round(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = editable(token)
    form = StampForm(request.POST)
    return run(request, access, form, lambda: actions.confirm_round(access.game, form.stamp()))


@require_POST
def dismiss_warnings(request: HtmxHttpRequest, token: str) -> HttpResponse:
    access = editable(token)
    form = StampForm(request.POST)
    return run(request, access, form, lambda: actions.dismiss_warnings(access.game, form.stamp()))


@require_POST
def delete_trick(request: HtmxHttpRequest, token: str, number: int, trick: int) -> HttpResponse:
    access = editable(token)
    form = StampForm(request.POST)
    response = run(
        request,
        access,
        form,
        lambda: actions.delete_trick(access.game, form.stamp(), number, trick),
    )
    if response.status_code == 302 and number < access.game.rounds.count():
        return redirect("imp:round_detail", token=token, number=number)
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def edit_trick(request: HtmxHttpRequest, token: str, number: int, trick: int) -> HttpResponse:
    """A form to correct the cards of one trick; the game is replayed."""
    access = editable(token)
    replayed = Replayed.of(access.game)
    if not 1 <= number <= len(replayed.state.rounds):
        raise Http404("No such round.")
    state = replayed.state.rounds[number - 1]
    if not 1 <= trick <= len(state.tricks):
        raise Http404("No such trick.")
    play = state.tricks[trick - 1]
    names = [state.shape.names[seat] for seat in state.shape.orders[play.leader]]
    options = {"deck": replayed.deck, "players": names, "cards": list(play.cards)}
    status, error = 200, ""
    if request.method == "POST":
        form = TrickForm(request.POST, **options)
        if form.is_valid():
            try:
                done = actions.edit_trick(access.game, form.stamp(), number, trick, form.codes())
            except actions.Conflict as conflict:
                status, error = 409, str(conflict)
            except Finding as finding:
                status, error = 400, " ".join(str(item) for item in finding.findings)
            except actions.Refused as refused:
                status, error = 400, str(refused)
            else:
                for line in done.changes or ("Nothing changed but the cards.",):
                    messages.info(request, line)
                if number == len(replayed.rounds):
                    return redirect("imp:round", token=token)
                return redirect("imp:round_detail", token=token, number=number)
        else:
            status, error = 400, form.error_text()
    if request.method != "POST" or status == 409:
        access.game.refresh_from_db()
        form = TrickForm(initial=FreshStamp(access.game.version).initial(), **options)
    context = access_context(access)
    context.update(form=form, number=number, trick=trick, error=error)
    template = "imp/edit_trick.html#edit" if request.htmx else "imp/edit_trick.html"
    return render(request, template, context, status=status)
