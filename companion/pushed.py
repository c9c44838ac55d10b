"""What the events server (:mod:`companion.events`) pushes to a phone with
each change of its game: what the phone would otherwise fetch.

A phone told of a change asks for its screen again, each request finding
its link, reading the game and rendering. Where its stream names the screen
and the phone's language (``?lang=de&screen=…``:
:func:`companion.templatetags.imp.events_url`), the events server renders
it itself, once for every such phone of the table, and the phone swaps it
in as it would swap the fetched one and asks for nothing:

- a seat link's round screen (:data:`~companion.links.ROUND`,
  static/js/follow.js): the answer to its poll (imp/round/answer.html: the
  play region's parts that changed since the version the phone shows), and
  only where the change is known to be cards played on or taken back in
  the round being played since the round this process last replayed for
  that game (:func:`only_played_on`): then every part the answer leaves out
  is as the phone shows it. Anything else (a fix, a known hand, a confirmed
  round, a version this process did not see) is pushed as the bare
  version, and the phone asks for the round as before; so is the seat
  whose player's card it was (the phone that tapped it has its answer).
  The game, its links and the round are read, the round replayed once,
  rendered for each seat.
- any link's standings (:data:`~companion.links.STANDINGS`,
  static/js/watch.js): the game page's live partial, whole, after any
  change of a game not finished; the game replayed once a language (from
  the version before when only cards were played), rendered once a link.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from companion.access import Access
from companion.history import ENTRY_FIELDS
from companion.links import ROUND, STANDINGS
from companion.models import Game, Round, Seat
from companion.present import Replay, Replayed, access_context
from companion.replay import CurrentRound, keep_played_on, keep_round, latest_with_game
from companion.screens.round import round_context, seat_view
from companion.views.answers import ANSWER, ROUND_PARTIAL, Parts
from companion.views.game import LIVE, game_context, replay_standings
from scoring.entering import cards_between
from scoring.state import RoundState

Wanted = tuple[str, str, str]
"""A phone to push to: its link's token, its language and the screen it
shows (:data:`companion.links.ROUND`, a seat link's; or
:data:`companion.links.STANDINGS`, any link's)."""

TRICKS = "tricks"
"""The one entry of a round a card changes."""


@dataclass(frozen=True)
class Pushed:
    """A change's answers: the version they show, the version the round
    screens' answers were rendered against (the phone must show it), the
    answer for each phone (token, language, screen) whose link is still the
    game's and that has one, and whether the round screens' answers are
    whole round screens (``whole``: a complete round's, which any screen
    showing an earlier version takes)."""

    version: int
    since: int
    answers: dict[Wanted, str]
    whole: bool = False


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


def seat_screen(context: dict[str, Any]) -> str:
    """The whole round screen a seat's phone fetches once the round asks
    for no card (:func:`companion.views.answers.show_round`: the round
    partial, the lists below it fetched when opened), drawn from its round
    screen's ``context`` in the active language."""
    context["lazy_tricks"] = True
    return render_to_string(ROUND_PARTIAL, context)


def seat_context(shared: dict[str, Any], access: Access, replayed: Replay) -> dict[str, Any]:
    """Another seat's round screen, from one seat's (``shared``): the same
    round in the same language, only the link and the seat its own."""
    context = {**shared, **access_context(access)}
    context["seat"] = seat_view(access, replayed, shared["round"])
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
        when the game is gone: the phones ask (as does each phone that
        has no answer in them)."""
        read = latest_with_game(game)
        if read is None:
            self.forget(game)
            return None
        found, latest = read
        current = None if latest is None else CurrentRound.read(found, latest)
        if current is not None and latest is not None:
            keep_round(current, latest.game_version)  # for the phones that ask (not a complete one)
        played = self.played_on(found, current)
        links = linked(found)
        asked = sorted({one for one in wanted if one[0] in links})  # a replaced link asks
        seats = [(links[token], language) for token, language, screen in asked if screen == ROUND]
        whole = current is not None and current.state.complete and not current.row.confirmed
        answers: dict[Wanted, str] = {}
        replayed = None
        if whole:
            tapped = None if played is None else played.player
            replayed = Replayed.of(found)  # the result's and the standings' alike
            answers = result_answers(replayed, seats, tapped)
        elif played is not None:
            answers = round_answers(played, seats)
        standings = [
            (links[token], language) for token, language, screen in asked if screen == STANDINGS
        ]
        answers.update(standings_answers(standings, replayed))
        since = found.version if played is None or whole else played.since
        return Pushed(found.version, since, answers, whole)

    def played_on(self, found: Game, current: CurrentRound | None) -> Played | None:
        """The round being played (``current``, complete or not), when the
        change since the round this process last replayed for the game was
        cards played on in it (:func:`only_played_on`); else None. A single
        card in a round unfinished before it and after it is noted for the
        standings (:func:`companion.replay.keep_played_on`): what counts is
        as it was."""
        last = self.rounds.pop(found.pk, None)
        if current is None:
            return None
        self.rounds[found.pk] = (found.version, current)
        if last is None or last[0] >= found.version or not only_played_on(last[1].row, current.row):
            return None
        unfinished = not last[1].state.complete and not current.state.complete
        if last[0] == found.version - 1 and unfinished:
            keep_played_on(found, found.version)
        return Played(last[0], last[1].state, current)


@dataclass(frozen=True)
class Played:
    """The round being played (``current``), cards played on in it since
    version ``since``, when it was as ``before``."""

    since: int
    before: RoundState
    current: CurrentRound

    @property
    def player(self) -> int | None:
        """The one player whose cards (Lopaka's aside) were played on or
        taken back since, or None: a seat link may enter only its own
        player's cards, so the phone that tapped them is that seat's, and
        it shows its card's own answer already."""
        lopaka = self.current.state.shape.lopaka
        players = {
            placed.player
            for placed in cards_between(self.before, self.current.state)
            if placed.player != lopaka
        }
        return players.pop() if len(players) == 1 else None


def round_answers(played: Played, phones: list[tuple[Access, str]]) -> dict[Wanted, str]:
    """Each seat phone's answer (:func:`seat_answer`), from one round screen
    a language; none for the seat whose player's card it was
    (:attr:`Played.player`): its phone tapped it and shows its answer. A
    second phone of that seat, or that seat's phone when the edit phone
    entered the card, is told the bare version and asks, as before."""
    before = played.before
    return seat_answers(
        played.current, phones, played.player, lambda context: seat_answer(context, before)
    )


def result_answers(
    replayed: Replayed, phones: list[tuple[Access, str]], tapped: int | None
) -> dict[Wanted, str]:
    """Each seat phone's whole round screen once the round being played is
    complete (:func:`seat_screen`), from the game ``replayed`` whole; none
    for the seat whose player played its last card (``tapped``): its phone
    has the card's answer, the same screen."""
    return seat_answers(replayed, phones, tapped, seat_screen)


def seat_answers(
    replayed: Replay,
    phones: list[tuple[Access, str]],
    tapped: int | None,
    draw: Callable[[dict[str, Any]], str | None],
) -> dict[Wanted, str]:
    """What ``draw`` makes of each seat phone's round screen, from one
    round screen a language (:func:`seat_context`); none for the seat
    ``tapped`` nor for a link other than a seat's."""
    answers: dict[Wanted, str] = {}
    shared: dict[str, dict[str, Any]] = {}  # a seat's round screen, in each language
    for access, language in phones:
        if access.seat is None or access.seat == tapped:
            continue  # only a seat link's round screen is pushed; not to the tapping seat
        with translation.override(language):
            if language in shared:
                context = seat_context(shared[language], access, replayed)
            else:
                context = shared[language] = round_context(access, replayed, undo=None)
            answer = draw(dict(context))
        if answer is not None:
            answers[(access.token, language, ROUND)] = answer
    return answers


def linked(game: Game) -> dict[str, Access]:
    """Each link of the game as it is now, by its token."""
    links = {
        game.edit_token: Access(game, game.edit_token, True),
        game.view_token: Access(game, game.view_token, False),
    }
    for token, seat in Seat.objects.filter(game_id=game.pk).values_list("token", "seat"):
        links[token] = Access(game, token, False, seat)
    return links


def standings_answers(
    phones: list[tuple[Access, str]], replayed: Replayed | None = None
) -> dict[Wanted, str]:
    """The standings each of these phones would fetch (the game page's live
    partial, :func:`companion.views.game.live`), in its language: the game
    replayed once a language (or as ``replayed`` whole already), the
    partial rendered once a link. None for a finished game (its Play
    again form holds the reader's own CSRF token)."""
    answers: dict[Wanted, str] = {}
    counted: dict[str, dict[str, Any]] = {}
    for access, language in phones:
        with translation.override(language):
            if language not in counted:
                counted[language] = replay_standings(access.game, replayed)
            kept = counted[language]
            if kept["standings"]["finished"]:
                return {}
            context = game_context(access, lambda game: kept)  # noqa: B023 (called at once)
            context["LANGUAGE_CODE"] = language  # what a page's i18n context processor gives it
            answers[(access.token, language, STANDINGS)] = render_to_string(LIVE, context)
    return answers
