"""The verbs that fix an earlier trick: a card moved in place, a trick
deleted; the engine plays the later cards again with their players
(:mod:`scoring.fixes`) and the whole game is replayed."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from companion.actions.outcome import Done, Refused, Sent
from companion.actions.saving import apply, trick_round
from companion.forms.stamp import Stamp
from companion.models import Game, Round
from companion.replay import (
    game_state,
    round_data,
)
from companion.texts import ChangeText, ChangeValue, card_number
from scoring.cards import card_code, card_text
from scoring.entries import RoundEntries
from scoring.fixes import Refixed, keep_players
from scoring.fixes import delete_trick as delete_played
from scoring.record import parse_round


def move_card(game: Game, stamp: Stamp, number: int, trick: int, position: int, card: int) -> Done:
    """Fix one card of a trick in place: ``card`` goes to ``position`` (its
    place in play order) of trick ``trick`` of round ``number``. The card
    that was there takes the place ``card`` leaves — in another trick, in
    this trick, or in the Imp's Trick as entered — so every trick stays
    whole; a card not played yet simply replaces it. Each later card stays
    with the player it was entered for: a trick led by someone else now is
    played again from its new leader (the engine's rule,
    :func:`scoring.fixes.keep_players`). One change (one Undo takes it
    back); the whole game is replayed and the engine judges it."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        target = trick_round(rounds, number, trick)
        tricks = [list(cards) for cards in target.tricks]
        if not 0 <= position < len(tricks[trick - 1]):
            raise Refused(
                gettext("Trick %(trick)s has no card %(n)s.") % {"trick": trick, "n": position + 1}
            )
        state = game_state(game, rounds).rounds[number - 1]
        old = state.tricks[trick - 1].cards[position]  # as the replay read it
        if old == card:
            who = _who_played(state, trick, position)
            raise Refused(
                gettext("%(name)s's card in trick %(trick)s is %(card)s already.")
                % {"name": who, "trick": trick, "card": card_number(card)}
            )
        words = _moved_words(state, tricks, (number, trick, position), card, old)
        entered = _entries(game, target)
        found = _place_of(tricks, card)
        if found is not None:
            tricks[found[0] - 1][found[1]] = card_text(old)
        elif target.imps_trick and card in _codes(target.imps_trick):
            target.imps_trick = [
                card_text(old) if code == card else card_text(code)
                for code in _codes(target.imps_trick)
            ]
        tricks[trick - 1][position] = card_text(card)
        target.tricks = tricks
        after = _entries(game, target)
        fixed = keep_players(game.table, state.shape.dealer, number, entered, after)
        return [target], _kept(target, fixed, words)

    sent = Sent("move_card", (number, trick, position, card))
    return apply(game, stamp, change, sent, describe=True)


def _codes(texts: list[str]) -> list[int]:
    return [code for text in texts if (code := card_code(text)) is not None]


def _place_of(tricks: list[list[str]], card: int) -> tuple[int, int] | None:
    """Where ``card`` lies in a round's tricks as entered: (trick, position)."""
    for number, cards in enumerate(tricks, 1):
        for position, text in enumerate(cards):
            if card_code(text) == card:
                return number, position
    return None


def _who_played(state: Any, trick: int, position: int) -> str:
    """The name of who played the card at ``position`` of ``trick``, as the
    engine's replay has it."""
    play = state.tricks[trick - 1]
    return str(state.shape.names[play.players[position]])


def _moved_words(
    state: Any, tricks: list[list[str]], here: tuple[int, int, int], card: int, old: int
) -> ChangeText:
    """A card moved, as the history keeps it (said before it moves): two
    cards swapped between tricks ("Swapped Betty's 15 in trick 3 and Adam's
    17 in trick 1 of round 2"), within a trick, or a card replaced ("Betty's
    15 in trick 3 of round 2 is now 18")."""
    number, trick, position = here
    who = _who_played(state, trick, position)
    was, now = card_text(old), card_text(card)
    found = _place_of(tricks, card)
    values: dict[str, ChangeValue] = {"player": who, "was": was, "trick": trick, "now": now}
    values["round"] = number
    if found is None:
        return ChangeText("card.replaced", values)
    values["other"] = _who_played(state, found[0], found[1])
    if found[0] == trick:
        return ChangeText("cards.swapped", values)
    return ChangeText("cards.swapped_tricks", {**values, "other_trick": found[0]})


def _entries(game: Game, target: Round) -> RoundEntries:
    """A stored round's entries as the engine reads them."""
    return parse_round(game.table, round_data(target), target.number)


def _kept(target: Round, fixed: Refixed, what: ChangeText) -> Done:
    """Store the tricks of a fixed round as the engine re-played them, each
    card with its player (:mod:`scoring.fixes`); what the fix says besides
    (Lopaka's cards, cards taken back) goes with the replay's changes."""
    target.tricks = [[card_text(card) for card in cards] for cards in fixed.entries.tricks]
    return Done(what=what, fixed=fixed.notes)


def delete_trick(game: Game, stamp: Stamp, number: int, trick: int) -> Done:
    """Delete an earlier trick; the later ones move up, each played again
    from its leader with every card kept with its player (the engine's rule,
    :func:`scoring.fixes.delete_trick`), and the game is replayed."""

    def change(rounds: list[Round]) -> tuple[list[Round], Done]:
        target = trick_round(rounds, number, trick)
        dealer = game_state(game, rounds).rounds[number - 1].shape.dealer
        fixed = delete_played(game.table, dealer, number, _entries(game, target), trick)
        deleted = ChangeText("trick.deleted", {"trick": trick, "round": number})
        return [target], _kept(target, fixed, deleted)

    return apply(game, stamp, change, Sent("delete_trick", (number, trick)), describe=True)
