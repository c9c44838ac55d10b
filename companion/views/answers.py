"""How every view of the round screen answers: the round shown again after a
change, or the reason a change was not made — in place.

A change is not made when its form does not parse (400), when the engine
finds the entries impossible (400, in the players' words), when the game's
state does not allow it (400), or when the form was rendered from an older
version of the game (409, with the fresh state). Nothing is saved then.

Errors in place: how a round-screen form is refused
---------------------------------------------------
Every refused form keeps the page (the ``#round`` partial is swapped in
like a 200, under ``DEBUG`` too: see :func:`in_place`), shows its reason
beside the control it concerns, and moves the focus there. Two parts:

- the view passes ``at``, the name of the place beside its form, to
  :func:`companion.views.change.change` (which calls :func:`refused`)::

      return change(request, token, read, enter, at="quick", fields=True)

  and, when the form's fields are on the screen, ``fields``: the bound form's
  field errors then show beside each field, a finding of the engine the
  form can place (its ``fields_for(finding)``, if it has one) beside the
  fields it concerns, and the first field in error takes the focus;
- the template marks that place, beside the form's button, once::

      {% include "imp/errors.html#here" with at="quick" %}

  It shows the reason (a :class:`Refusal`) only there, focused. A field
  shows its own errors (``field.errors``) and takes the focus by itself
  (``autofocus``, set here on the first field in error).

A reason whose place is not on the screen (the state changed meanwhile: a
409) is shown at the top of the play instead (``at="round"``): which places
a screen shows is decided from its values before it is rendered
(:func:`is_shown`), so every answer is rendered once. The reasons
are in the players' words (:func:`in_words`): names, tricks and cards, no
"round 2: …" prefix (the round is named only when it is not the one shown).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django_htmx.http import retarget

from companion import actions, history
from companion.access import Access, refresh, shown_version
from companion.forms import StampForm
from companion.present import HtmxHttpRequest, Replay, Replayed
from companion.replay import keep_played_on, keep_round, round_as_shown
from companion.revokes import unsettled
from companion.screens.play import RoundView
from companion.screens.round import round_context
from companion.texts import in_words
from scoring.findings import Finding
from scoring.state import RoundState

NOT_DONE = (actions.Conflict, actions.Refused, Finding)
"""What a verb raises when it changes nothing."""

Problem = StampForm | actions.Conflict | actions.Refused | Finding

IN_PLACE = "Answer-In-Place"
"""The header of an answer htmx swaps in place whatever its status (see
:func:`in_place`)."""

TOP = "round"
"""The place at the top of the play, for a reason whose own place is gone."""


@dataclass(frozen=True)
class Refusal:
    """Why a change was not made, for the screen: its status, the players'
    words, the place beside the control it concerns (``at``), and whether a
    field of the form shows it and takes the focus (``field``)."""

    status: int
    text: str
    at: str = TOP
    field: bool = False

    def __str__(self) -> str:
        return self.text


def refusal(problem: Problem, access: Access, shown: int | None = None) -> tuple[int, str]:
    """The status and the plain words of a change that was not made. After a
    409 the game is read again: the next form carries the fresh version."""
    if isinstance(problem, StampForm):
        return 400, problem.error_text()
    if isinstance(problem, actions.Conflict):
        refresh(access.game)  # 404 if the game was deleted meanwhile
        return 409, str(problem)
    if isinstance(problem, Finding):
        return 400, " ".join(in_words(item, shown) for item in problem.findings)
    if isinstance(problem, actions.NotYourSeat):
        return 403, str(problem)
    return 400, str(problem)


def in_place(response: HttpResponse) -> HttpResponse:
    """Mark an htmx answer to be swapped in place, whatever its status.

    Under ``DEBUG``, django-htmx's debug script (``django-htmx.js``, which
    ``{% htmx_script %}`` adds) listens on the document for
    ``htmx:beforeOnLoad`` and replaces the whole document with any 400, 403,
    404 or 500 answer (to show Django's error pages): a refused form would
    lose the page and its style. ``static/js/answers.js`` stops that event
    at ``<body>`` for answers with this header, so htmx swaps them as the
    ``htmx-config`` of ``base.html`` says (400, 409, 422 like a 200), under
    ``DEBUG`` or not; Django's own error pages still show under ``DEBUG``.
    """
    response[IN_PLACE] = "1"
    return response


def show_round(
    request: HtmxHttpRequest,
    access: Access,
    *,
    status: int = 200,
    replayed: Replay | None = None,
    before: RoundState | None = None,
    **extra: Any,
) -> HttpResponse:
    """The round screen: the ``round`` partial for htmx, else the whole page;
    for a card sent by round.js, the parts that differ from ``before``."""
    if "undo" not in extra:
        # the undo bar is the edit link's; a whole page's history of changes
        # says which undone change Redo makes again, for every link
        wanted = access.can_edit or not request.htmx
        extra["undo"] = history.undo_bar(access.game) if wanted else None
    context = round_context(access, replayed, **extra)
    # the htmx partial leaves the (closed) tricks list to round_tricks, and
    # the history of changes to round_history
    context["lazy_tricks"] = bool(request.htmx)
    if not request.htmx:
        context["changes"] = history.history(access.game, context["round"].number)
    template = round_template(request, context["round"])
    if template == ANSWER:
        view = context["round"]
        context["answer"] = Parts.of(before, view.state, view.row.settled_revokes)
    error = context.get("error")
    if isinstance(error, Refusal) and not error.field and not is_shown(error.at, context, template):
        # its place is not on the screen now: say it at the top
        context["error"] = Refusal(error.status, error.text)
    response = render(request, template, context, status=status)
    if request.htmx and request.htmx.target == PLAY and template != ANSWER:
        # a card's answer once the round is over: the whole round, in place
        retarget(response, "#round")
        # its attributes at once, nothing moves (a modifier reswap()'s type does not name)
        response["HX-Reswap"] = "outerHTML settle:0ms"
    return in_place(response)


def shown_before(request: HtmxHttpRequest, access: Access) -> RoundState | None:
    """For a phone following the play (``HX-Target: play``), the round
    being played as its screen shows it, the version its poll names
    (:func:`companion.access.shown_version`), when only cards were played
    or taken back since (:func:`companion.replay.round_as_shown`): its
    answer then leaves out the parts around the play that did not change,
    as a card's answer does (:class:`Parts`). None: everything goes."""
    if not request.htmx or request.htmx.target != PLAY:
        return None
    version = shown_version(request, access.game)
    return None if version is None else round_as_shown(access.game, version)


def is_shown(at: str, context: dict[str, Any], template: str) -> bool:
    """Whether the place ``at`` of a reason (beside its control) is on the
    screen the ``context`` draws with ``template``: the conditions under
    which imp/round/*.html draw each control (and its place, imp/errors.html
    #here). Decided before rendering, so that the answer is rendered once. A
    place a template adds is named here too (a place not named here is said
    at the top, :data:`TOP`)."""
    if at == TOP:
        return True
    view, fixing = context["round"], context.get("fixing")
    can_edit = bool(context.get("can_edit"))
    below = template != ANSWER  # a card's answer has the play alone below the header
    editing = can_edit and not view.row.confirmed
    playing = can_edit and fixing is None  # the play region, its bar
    undo = context.get("undo")
    undoing = undo is not None and bool(undo["last"] or undo["redo"])
    lopaka = context.get("lopaka_first")
    seat = context.get("seat")
    asked = seat is not None and view.complete and not view.row.confirmed
    places = {
        "agree": asked,
        "flag": asked and below,
        "card": fixing is None,
        "confirm": playing and view.complete and not view.row.confirmed,
        "undo": playing and undoing,
        "undo-card": (playing and not undoing and editing and bool(view.tricks or view.quick))
        or (seat is not None and seat.own_last),
        "let-stand": can_edit and bool(view.warnings),
        "fix": fixing is not None,
        "delete": fixing is not None and fixing.can_delete,
        "history": below and can_edit,
        "dealer": below and editing and bool(context.get("dealers")),
        "quick": below and can_edit and not (view.tricks or view.complete),
    }
    hands = context.get("hands") or ()
    if below and editing and not view.complete:
        places.update(dict.fromkeys((hand.at for hand in hands), True))
    if lopaka is not None and playing:
        places[lopaka.at] = True
    return bool(places.get(at, False))


PLAY = "play"
"""The target static/js/round.js names for a card: the play region."""


@dataclass(frozen=True)
class Parts:
    """Which parts of the round screen around the play a card's answer
    sends (imp/round/answer.html; the play region's own parts always go).

    The phone that sent the card shows the round as it was before it (its
    version was the game's), so a part whose content the card did not
    change is left out: the strip of tricks to fix and the count of tricks
    change when the round's tricks do, the coins when a trick is won, the
    facts (trick n of m, the colour led, the bottles) with a trick's first
    and last cards. The header and the revokes go while there is a revoke
    (its form carries the game's version) or when the card changed them.
    Without the round before (a refused card), everything goes."""

    strip: bool = True
    revokes: bool = True
    coins: bool = True
    facts: bool = True

    @classmethod
    def of(
        cls, before: RoundState | None, after: RoundState, settled: list[dict[str, Any]]
    ) -> Parts:
        if before is None:
            return cls()
        tricks = len(before.tricks) != len(after.tricks)
        warnings = [warning.identity for warning in unsettled(after.warnings, settled)]
        earlier = [warning.identity for warning in unsettled(before.warnings, settled)]
        within = not tricks and bool(after.tricks) and not after.tricks[-1].is_complete
        bottles = (before.prices, before.owners) != (after.prices, after.owners)
        return cls(
            strip=tricks,
            revokes=bool(warnings) or earlier != warnings,
            coins=tricks or before.trick_points != after.trick_points,
            facts=not within or bottles,
        )


ANSWER = "imp/round/answer.html"
ROUND_PARTIAL = "imp/round.html#round"
"""The round screen without the page around it: what htmx swaps in."""


def round_template(request: HtmxHttpRequest, view: RoundView) -> str:
    """The whole page; for htmx the round partial; for a card sent by
    round.js only the play region, the header, the revoke place and the
    coins, while the round goes on (no result to show)."""
    if not request.htmx:
        return "imp/round.html"
    if request.htmx.target == PLAY and view.ask is not None:
        return ANSWER
    return ROUND_PARTIAL


def refused(
    request: HtmxHttpRequest,
    access: Access,
    problem: Problem,
    *,
    at: str = TOP,
    form: forms.Form | None = None,
    **extra: Any,
) -> HttpResponse:
    """The round screen again, with the reason the change was not made
    beside the control it concerns (``at``; see the module's doc). With the
    refused ``form`` (its fields on the screen), its errors show beside its
    fields and the first of them takes the focus."""
    shown = access.game.rounds.count() if isinstance(problem, Finding) else None
    status, text = refusal(problem, access, shown)
    if status == 409:
        extra = {}  # the fresh state, not the refused form's values
        form = None
    on_field = form is not None and _place_on_fields(form, problem, text)
    return show_round(
        request,
        access,
        status=status,
        error=Refusal(status, text, at, field=on_field),
        **extra,
    )


def _place_on_fields(form: forms.Form, problem: Problem, text: str) -> bool:
    """Put an engine's finding beside the form's fields it concerns (the
    form's own ``fields_for``: the first shows it, in the engine's words,
    the others point to it), then mark the fields in error for the eye and
    the screen reader, the first taking the focus. Whether a field shows
    the reason."""
    fields = form.fields
    concerned: dict[str, str] = {}  # a field in error: the id of the words it points to
    fields_for = getattr(form, "fields_for", None)
    if isinstance(problem, Finding) and fields_for is not None:
        names = [name for name in fields_for(problem) if name in fields]
        if names:
            form.add_error(names[0], text)
            fields[names[0]].by_engine = True  # type: ignore[attr-defined]
            concerned = dict.fromkeys(names, f"{form[names[0]].auto_id}-error")
    for name in form.errors:
        if name in fields:
            concerned.setdefault(name, f"{form[name].auto_id}-error")
    invalid = [name for name in fields if name in concerned and not fields[name].widget.is_hidden]
    for name in invalid:
        fields[name].widget.attrs.update(
            {"aria-invalid": "true", "aria-describedby": concerned[name]}
        )
    if invalid:
        fields[invalid[0]].widget.attrs["autofocus"] = True
    return bool(invalid)


def changed(request: HtmxHttpRequest, access: Access, done: actions.Done) -> HttpResponse:
    """After a change: what it did, as notes; the round partial for htmx
    (from the verb's own replay: no second query), else a redirect (POST →
    redirect → GET)."""
    for line in (*done.notes, *done.changes):
        messages.info(request, line)
    if not request.htmx:
        return redirect("imp:round", token=access.token)
    replayed: Replay | None = done.current
    if done.applied and done.current is not None:
        keep_round(done.current, access.game.version)  # for the table's other phones
        if done.before is not None and not done.before.complete:
            keep_played_on(access.game, access.game.version)  # for the standings
    if done.record is not None and done.state is not None:
        replayed = Replayed(access.game, done.rounds, done.record, done.state)
    undo = history.undo_bar(access.game, done.kept)
    return show_round(request, access, replayed=replayed, before=done.before, undo=undo)
