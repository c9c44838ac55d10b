"""The verbs of the seats: a seat agrees to a round or flags one of its
tricks (each kept in the round's row, in the history of changes, taken
back by Undo); the edit link requires every seat's agreement before
Confirm, or not, and replaces a seat's link.

The engine says whether the round is complete; nothing here decides a rule.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from companion.access import GameGone
from companion.actions.outcome import Conflict, Done, Refused, Sent
from companion.actions.saving import apply, open_round
from companion.forms.stamp import Stamp
from companion.history import new_change
from companion.models import Game, Round, Seat, new_seat_token
from companion.replay import game_state
from companion.seats import seen
from companion.texts import ChangeText, ChangeValue


def _complete_round(game: Game, rounds: list[Round], shown: str) -> Round:
    """The round being played, once the engine says it is complete, and it
    is still the round the seat's phone showed (``shown``: its
    :func:`~companion.seats.seen`); a conflict otherwise."""
    current = open_round(rounds, for_cards=False)
    if not game_state(game, rounds).rounds[current.number - 1].complete:
        raise Refused(gettext("Round %(n)s is not complete yet.") % {"n": current.number})
    if seen(current) != shown:
        raise Conflict(gettext("The round changed since this phone showed it; here it is now."))
    return current


def agree_round(game: Game, stamp: Stamp, seat: int, shown: str) -> Done:
    """The seat's player agrees to the result of the round being played,
    as their phone showed it (``shown``); a later fix of a trick asks again."""
    name = str(game.players[seat])

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = _complete_round(game, rounds, shown)
        others = [item for item in current.agreed or [] if item.get("player") != name]
        current.agreed = [*others, {"player": name, "seen": seen(current)}]
        what = ChangeText("round.agreed", {"player": name, "round": current.number})
        return [current], Done(what=what)

    return apply(game, stamp, change, Sent("agree_round", (seat, shown)))


def flag_trick(game: Game, stamp: Stamp, seat: int, trick: int, note: str, shown: str) -> Done:
    """The seat's player flags a trick of the round being played, with a
    short note: the edit phone's Confirm shows it, with the trick to fix.
    A flag takes back the player's agreement to the round."""
    name = str(game.players[seat])

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        current = _complete_round(game, rounds, shown)
        if not 1 <= trick <= len(current.tricks):
            words = {"n": current.number, "trick": trick}
            raise Refused(gettext("Round %(n)s has no trick %(trick)s.") % words)
        mark = {"player": name, "trick": trick, "note": note, "seen": seen(current)}
        current.flags = [*(current.flags or []), mark]
        current.agreed = [item for item in current.agreed or [] if item.get("player") != name]
        values: dict[str, ChangeValue] = {
            "player": name,
            "trick": trick,
            "round": current.number,
            "note": note,
        }
        code = "trick.flagged" if note else "trick.flagged_bare"
        return [current], Done(what=ChangeText(code, values))

    return apply(game, stamp, change, Sent("flag_trick", (seat, trick, note, shown)))


def require_agreement(game: Game, stamp: Stamp, required: bool) -> Done:
    """Whether every seat must agree to a round before Confirm: a setting
    of the game, kept in its history (Undo sets it back)."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        shown = rounds[-1].number if rounds else 0
        code = "setting.agree_required" if required else "setting.agree_optional"
        setting = {"agree_required": required}
        return [], Done(what=ChangeText(code, {"round": shown}), settings=setting)

    return apply(game, stamp, change, Sent("require_agreement", (required,)))


def replace_seat_link(game: Game, seat: int) -> Seat:
    """A new link for one seat: copies of the old one lead nowhere. Kept in
    the game's history (not a change Undo takes back: the old link stays
    gone)."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().filter(pk=game.pk).first()
        if locked is None:
            raise GameGone()
        link, _ = Seat.objects.get_or_create(game=locked, seat=seat)
        link.token = new_seat_token()
        link.save(update_fields=["token"])
        rounds = list(locked.rounds.order_by("number").values_list("number", flat=True))
        locked.version += 1
        locked.save(update_fields=["version", "updated"])
        what = ChangeText("seat.replaced", {"player": str(locked.players[seat])})
        kept = new_change(locked, what, {}, [], rounds[-1] if rounds else 0)
        kept.save()
    game.version, game.updated = locked.version, locked.updated
    return link
