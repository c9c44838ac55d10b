"""What the events server (:mod:`companion.events`) pushes to a seat's phone
with each change of its game: the answer the phone would otherwise fetch.

A seat's phone following the play asks for the round each time it is told
of a change, and with four seat phones a table that was three requests a
card, each finding its link, reading the game and rendering the round.
Where its stream says the phone's language (``?lang=``), the events server
renders that answer itself, once for every seat phone of the table: the
game, its seats and the round read, one replay of the round being played,
a render for each seat; the phone swaps it in as it would swap the fetched
one (static/js/follow.js), and asks for nothing.

It is the same answer (imp/round/answer.html: the play region's parts that
changed since the version the phone shows), and only where the change is
known to be cards played on or taken back in the round being played since
the round this process last replayed for that game
(:func:`only_played_on`): then every part the answer leaves out is as the
phone shows it. Anything else (a fix, a known hand, a confirmed round, a
version this process did not see) is pushed as the bare version, and the
phone asks for the round as before.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from companion.access import Access
from companion.history import ENTRY_FIELDS
from companion.models import Game, Round, Seat
from companion.present import access_context
from companion.replay import CurrentRound, shown_round
from companion.screens.round import round_context, seat_view
from companion.views.answers import ANSWER, Parts
from scoring.state import RoundState

Wanted = tuple[str, str]
"""A phone to push to: its seat link's token and its language."""

TRICKS = "tricks"
"""The one entry of a round a card changes."""


@dataclass(frozen=True)
class Pushed:
    """A change's answers: the version they show, the version they were
    rendered against (the phone must show it), and the answer for each
    phone (token, language) whose seat link is still the game's."""

    version: int
    since: int
    answers: dict[Wanted, str]


def only_played_on(before: Round, after: Round) -> bool:
    """Whether ``after`` is ``before`` with cards played on or taken back at
    the end of its tricks, and nothing else entered: the same round, the
    cards of one a beginning of the other's."""
    if before.pk != after.pk:
        return False
    others = [name for name in ENTRY_FIELDS if name != TRICKS]
    if any(getattr(before, name) != getattr(after, name) for name in others):
        return False
    earlier = [card for trick in before.tricks for card in trick]
    later = [card for trick in after.tricks for card in trick]
    shorter, longer = sorted((earlier, later), key=len)
    return longer[: len(shorter)] == shorter


def seat_answer(context: dict[str, Any], before: RoundState) -> str | None:
    """The answer a seat's phone showing the round as ``before`` would
    fetch (``HX-Target: play``; :func:`companion.views.answers.show_round`),
    drawn from its round screen's ``context`` in the active language; None
    once the round asks for no card (its result is a whole round screen:
    the phone asks for it)."""
    view = context["round"]
    if view.ask is None:
        return None
    context["lazy_tricks"] = True
    context["answer"] = Parts.of(before, view.state, view.row.settled_revokes)
    return render_to_string(ANSWER, context)


def seat_context(shared: dict[str, Any], access: Access, current: CurrentRound) -> dict[str, Any]:
    """Another seat's round screen, from one seat's (``shared``): the same
    round in the same language, only the link and the seat its own."""
    context = {**shared, **access_context(access)}
    context["seat"] = seat_view(access, current, shared["round"])
    return context


class Pushing:
    """The answers of the events server's process: the round it last
    replayed for each followed game, the base of that game's next answers."""

    def __init__(self) -> None:
        self.rounds: dict[int, tuple[int, CurrentRound]] = {}

    def forget(self, game: int) -> None:
        """No phone of this process follows the game any more."""
        self.rounds.pop(game, None)

    def answers(self, game: int, wanted: Iterable[Wanted]) -> Pushed | None:
        """The answers for these phones of ``game`` as it is now; None
        when the game is gone, or none can be pushed: the phones ask."""
        found = Game.objects.filter(pk=game).first()
        if found is None:
            self.forget(game)
            return None
        current = shown_round(found)
        last = self.rounds.pop(game, None)
        if current is None:
            return None
        self.rounds[game] = (found.version, current)
        if last is None or last[0] >= found.version or not only_played_on(last[1].row, current.row):
            return None
        seats = dict(Seat.objects.filter(game_id=game).values_list("token", "seat"))
        answers: dict[Wanted, str] = {}
        shared: dict[str, dict[str, Any]] = {}  # a seat's round screen, in each language
        for token, language in sorted(set(wanted)):
            if token not in seats:
                continue  # a link replaced since the phone opened its stream
            with translation.override(language):
                access = Access(found, token, False, seats[token])
                if language in shared:
                    context = seat_context(shared[language], access, current)
                else:
                    context = shared[language] = round_context(access, current, undo=None)
                answer = seat_answer(dict(context), last[1].state)
            if answer is not None:
                answers[(token, language)] = answer
        return Pushed(found.version, last[0], answers)
