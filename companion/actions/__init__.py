"""The table's verbs: every change to a game goes through one of these.

Each verb finds what it changes, lets the engine decide (a card's place,
a take-back, Lopaka's cards, a fixed trick, a replay of the game), and
saves only what the engine accepts (:mod:`companion.actions.saving`). A
:class:`scoring.findings.RuleError` propagates unchanged, so the database
is never left with half a change. Nothing here decides a rule.

The verbs, by what they change: the game and its links
(:mod:`~companion.actions.games`), the round being played's cards
(:mod:`~companion.actions.cards`), an earlier trick
(:mod:`~companion.actions.fixes`), a round as a whole
(:mod:`~companion.actions.rounds`), the history
(:mod:`~companion.actions.undoing`).
"""

from __future__ import annotations

from companion.access import GameGone
from companion.actions.cards import play_card, set_known_hand, undo_card
from companion.actions.creating import create_once, sent_by_form, sent_digest
from companion.actions.fixes import delete_trick, move_card
from companion.actions.games import (
    create_game,
    create_group,
    delete_game,
    play_again,
    replace_edit_link,
    replace_group_link,
    replace_view_link,
)
from companion.actions.outcome import (
    OTHER,
    Conflict,
    Done,
    KeyReused,
    NotYourSeat,
    Refused,
    Sent,
)
from companion.actions.rounds import (
    DEALER_FIXED,
    confirm_round,
    dismiss_warnings,
    enter_quick_round,
    set_dealer,
    start_next_round,
)
from companion.actions.seating import (
    agree_round,
    flag_trick,
    replace_seat_link,
    require_agreement,
)
from companion.actions.undoing import redo, undo
from companion.forms.stamp import Stamp

__all__ = [
    "DEALER_FIXED",
    "OTHER",
    "Conflict",
    "Done",
    "GameGone",
    "KeyReused",
    "NotYourSeat",
    "Refused",
    "Sent",
    "Stamp",
    "agree_round",
    "confirm_round",
    "create_game",
    "create_group",
    "create_once",
    "delete_game",
    "delete_trick",
    "dismiss_warnings",
    "enter_quick_round",
    "flag_trick",
    "move_card",
    "play_again",
    "play_card",
    "redo",
    "replace_edit_link",
    "replace_seat_link",
    "replace_group_link",
    "replace_view_link",
    "require_agreement",
    "sent_by_form",
    "sent_digest",
    "set_dealer",
    "set_known_hand",
    "start_next_round",
    "undo",
    "undo_card",
]
