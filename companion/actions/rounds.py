"""The verbs of a round as a whole: a quick entry, its dealer, the table's
confirmation of its result (and the next round), a revoke let stand."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from companion.actions.outcome import Done, Refused, Sent
from companion.actions.saving import apply, open_round
from companion.forms.stamp import Stamp
from companion.models import Game, Round
from companion.replay import (
    game_state,
)
from companion.revokes import revoke_token, settled_entry, unsettled
from companion.seats import table_says
from companion.texts import ChangeText, ChangeValue, and_list
from scoring.game import dealer_of_round


def enter_quick_round(
    game: Game,
    stamp: Stamp,
    points: dict[str, int | None],
    bottle: list[str],
    imps_trick_points: int,
) -> Done:
    """Score the round being played from its coins and bottle owner(s) alone."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = open_round(rounds, for_cards=False)
        if any(current.tricks):
            raise Refused(gettext("Cards are already entered in this round: undo them first."))
        current.quick = {
            "points": points,
            "bottle": bottle,
            "imps_trick_points": imps_trick_points,
        }
        current.tricks = []
        current.lopaka_hand = current.open_hands = current.imps_trick = None
        return [current], Done(what=ChangeText("quick.entered", {"round": current.number}))

    return apply(
        game, stamp, change, Sent("enter_quick_round", (points, bottle, imps_trick_points))
    )


DEALER_FIXED = gettext_lazy("The dealer can only be changed before the first card of the round.")


def set_dealer(game: Game, stamp: Stamp, seat: int) -> Done:
    """Name who deals the round being played, when the table did not rotate
    as usual (docs/rules.md, section 2); the later rounds follow from there. Only
    before the round's first card (or quick entry). The usual dealer clears
    the override (nothing is stored then)."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = open_round(rounds, for_cards=False)
        if current.quick is not None or any(current.tricks):
            raise Refused(str(DEALER_FIXED))
        players = list(game.players)
        if not 0 <= seat < len(players):
            raise Refused(gettext("There is no seat %(seat)s at this table.") % {"seat": seat})
        current.dealer = None if seat == _usual_dealer(game, rounds) else seat
        what = {"player": players[seat], "round": current.number}
        return [current], Done(what=ChangeText("dealer.set", what))

    return apply(game, stamp, change, Sent("set_dealer", (seat,)))


def _usual_dealer(game: Game, rounds: list[Round]) -> int:
    """Who deals the last round by the rotation, as the engine has it: one
    seat left a round from the nearest earlier round with an entered dealer
    (else from the first dealer)."""
    current = rounds[-1]
    entered = [(row.number, row.dealer) for row in rounds[:-1] if row.dealer is not None]
    table = game.table
    return dealer_of_round(table, game.first_dealer, current.number, entered)


def confirm_round(game: Game, stamp: Stamp) -> Done:
    """The table accepts the round's result; the next round starts unless the
    game has ended."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = open_round(rounds, for_cards=False)
        state = game_state(game, rounds)
        if not state.rounds[current.number - 1].complete:
            raise Refused(gettext("Round %(n)s is not complete yet.") % {"n": current.number})
        if game.agree_required:
            check_agreement(game, current)
        current.confirmed = True
        changed = [current]
        if not state.finished:
            following = start_next_round(game, rounds)
            changed.append(following)
        return changed, Done(what=ChangeText("round.confirmed", {"round": current.number}))

    return apply(game, stamp, change, Sent("confirm_round", ()))


def check_agreement(game: Game, current: Round) -> None:
    """Confirm waits for every seat's agreement when the game requires it."""
    says = table_says(game, current)
    if not says.ready:
        text = gettext("Every seat must agree before Confirm: waiting for %(names)s.")
        raise Refused(text % {"names": and_list(says.waiting)})


def start_next_round(game: Game, rounds: list[Round]) -> Round:
    """The next round, dealt by the player left of the last dealer (the
    engine's ``next_dealer``); it is checked with the others before saving."""
    following = Round(game=game, number=len(rounds) + 1)
    rounds.append(following)
    return following


def dismiss_warnings(game: Game, stamp: Stamp, revoke: str = "") -> Done:
    """The table lets one revoke of the round being played stand: the one
    its warning names (``revoke``, :func:`companion.revokes.revoke_token`;
    empty: the first one shown). It is kept as settled, by its player and
    cards: every other revoke of the round, before or after, is still shown."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = rounds[-1]
        state = game_state(game, rounds)
        shown = unsettled(state.rounds[current.number - 1].warnings, current.settled_revokes)
        chosen = next((item for item in shown if revoke in ("", revoke_token(item))), None)
        if chosen is None:
            raise Refused(gettext("This revoke is no longer in the round; here is the round now."))
        current.settled_revokes = [*current.settled_revokes, settled_entry(chosen)]
        what: dict[str, ChangeValue] = {"player": chosen.player or "", "round": current.number}
        return [current], Done(what=ChangeText("revoke.settled", what))

    return apply(game, stamp, change, Sent("dismiss_warnings", (revoke,)))
