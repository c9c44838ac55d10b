"""Fixing a trick in place: its cards by player in the card grid of play,
and one tap that moves a card there (:func:`companion.actions.move_card`).

The round being played is fixed on the round screen itself (its ``#round``
partial in fix mode, :mod:`companion.screens.fixing`); an earlier round on a page of
its own with the same grid, which returns to the round's detail. The same
shape as every change (:func:`companion.views.change.change`): find the
game (404) and require the edit link (403) → the form → the verb → what it
did, or the reason nothing changed, in place.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from companion import actions
from companion.access import Access
from companion.forms import FreshStamp, MoveForm
from companion.models import Game
from companion.present import HtmxHttpRequest, Replayed, access_context, words_of
from companion.screens.fixing import fix_view
from companion.texts import say_change
from companion.views.answers import Problem, Refusal, changed, refusal, refused, show_round
from companion.views.change import change, editable


@require_http_methods(["GET", "HEAD", "POST"])
def fix_trick(request: HtmxHttpRequest, token: str, number: int, trick: int) -> HttpResponse:
    """Fix a card of trick ``trick`` of round ``number``: the trick's cards
    by player in the card grid (GET; ``at``: the place chosen), and a card
    tapped there moves into the chosen place (POST; the card it replaces
    takes the tapped card's old place, so every trick stays whole, and every
    later card stays with its player: the answer says which later tricks
    are led and won by someone else now)."""
    chosen = request.POST.get("position") if request.method == "POST" else request.GET.get("at")
    fix = (trick, _place(chosen))

    def on_screen(access: Access) -> bool:
        return number == access.game.rounds.count()

    if request.method != "POST":
        access = editable(token)
        if on_screen(access):
            return show_round(request, access, fix=fix)
        if request.htmx:  # from a round screen left behind: load the page
            return HttpResponseClientRedirect(request.get_full_path())
        return _earlier(request, access, number, fix)

    def move(game: Game, form: MoveForm) -> actions.Done:
        data = form.cleaned_data
        return actions.move_card(game, form.stamp(), number, trick, data["position"], data["card"])

    def answer(request: HtmxHttpRequest, access: Access, done: actions.Done) -> HttpResponse:
        if on_screen(access):
            return changed(request, access, done)
        for line in (say_change(done.what), *done.changes):
            messages.info(request, line)
        return redirect("imp:round_detail", token=token, number=number)

    def refuse(request: HtmxHttpRequest, access: Access, problem: Problem) -> HttpResponse:
        if on_screen(access):
            return refused(request, access, problem, at="fix", fix=fix)
        status, text = refusal(problem, access, number)
        return _earlier(request, access, number, fix, Refusal(status, text, "fix"), status)

    return change(request, token, MoveForm, move, answer=answer, refuse=refuse)


def _earlier(
    request: HtmxHttpRequest,
    access: Access,
    number: int,
    fix: tuple[int, int | None],
    error: Refusal | str = "",
    status: int = 200,
) -> HttpResponse:
    """A trick of an earlier round, in the same grid, on a page of its own
    (its forms post without htmx; Done returns to the round's detail); 404
    for a round or trick the game does not have."""
    replayed = Replayed.of(access.game)
    if not 1 <= number <= len(replayed.rounds):
        raise Http404("No such round.")
    row = replayed.rounds[number - 1]
    context = access_context(access)
    context.update(
        fixing=fix_view(replayed, row, *fix, words_of(access.game), apart=True),
        round={"number": number},
        strip=[],
        stamp=FreshStamp(access.game.version),
        error=error,
    )
    return render(request, "imp/fix_trick.html", context, status=status)


def _place(text: str | None) -> int | None:
    """A place in a trick as a form or a link sends it ("0" to "5"), or None."""
    return int(text) if text in {str(index) for index in range(6)} else None
