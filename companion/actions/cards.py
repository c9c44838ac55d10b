"""The verbs of the round being played: a card, its undo, a known hand.

Each changes the last, unconfirmed round alone (:func:`apply_current`):
the engine decides where a card goes, what a take-back removes and which
cards Lopaka plays by himself (:mod:`scoring.entering`); these only store
what it gives back and say it in the history's words.
"""

from __future__ import annotations

from django.utils.translation import gettext

from companion.actions.outcome import Conflict, Done, KeyReused, NotYourSeat, Refused, Sent
from companion.actions.saving import apply_current, open_round
from companion.forms.stamp import Stamp, TappedFor
from companion.models import Game, Round
from companion.replay import CurrentRound, round_data
from companion.texts import ChangeText, ChangeValue, card_number, say
from scoring.cards import card_text
from scoring.entering import NothingToTakeBack, Placed, lopaka_plays, play, take_back
from scoring.entries import RoundEntries
from scoring.record import parse_round
from scoring.variants import LOPAKA


def play_card(
    game: Game,
    stamp: Stamp,
    card: int,
    tapped: TappedFor | None = None,
    seat: int | None = None,
) -> Done:
    """Enter the next card of the round being played (Lopaka then plays his
    own). A card ``tapped`` for a player who has meanwhile played (another
    phone was first) is a conflict that names the card entered
    (:func:`entered_first`).
    A seat link's card (``seat``) is its player's, in its player's turn
    (:func:`own_turn`), or nothing is stored."""

    def change(current: CurrentRound) -> Done:
        open_round([current.row])
        if seat is not None:
            own_turn(current, seat, card, tapped)
        played = play(current.table, current.entries, current.state, card)
        _store(current.row, played.entries)
        done = Done(what=_card_words(current, played.card))
        done.notes.extend(say(reason) for reason in played.reasons)
        return done

    try:
        return apply_current(game, stamp, change, Sent("play_card", (card,)))
    except KeyReused:
        raise
    except Conflict:
        if tapped is None:
            raise
        return entered_first(game, card, tapped)


def own_turn(current: CurrentRound, seat: int, card: int, tapped: TappedFor | None) -> None:
    """A seat link's card may be stored: the engine asks for its player's
    card (:func:`scoring.prompt.next_card`), in the trick the phone tapped
    it for; else :class:`NotYourSeat`, in words."""
    names = current.state.shape.names
    own = str(names[seat])
    ask = current.prompt(current.row.number)
    words = {"round": current.row.number, "card": card_number(card), "player": own}
    if tapped is not None and tapped.player != own:
        words["other"] = tapped.player
        text = gettext(
            "Round %(round)s: %(card)s was tapped for %(other)s; %(player)s's seat link"
            " enters only %(player)s's cards. It was not stored."
        )
        raise NotYourSeat(text % words)
    if ask is None:
        return  # the engine refuses it in its words: the round is complete
    words.update(trick=ask.trick, asked=str(names[ask.player]))
    if ask.player != seat:
        text = gettext(
            "Round %(round)s, trick %(trick)s: it is %(asked)s's turn, not %(player)s's:"
            " %(player)s's %(card)s was not stored."
        )
        raise NotYourSeat(text % words)
    if tapped is not None and tapped.trick != ask.trick:
        words["tapped"] = tapped.trick
        text = gettext(
            "Round %(round)s, trick %(trick)s: %(player)s's %(card)s was tapped for trick"
            " %(tapped)s, which is over. It was not stored."
        )
        raise NotYourSeat(text % words)


def entered_first(game: Game, card: int, tapped: TappedFor) -> Done:
    """A card that came too late: the player it was tapped for has played in
    that trick meanwhile, on another phone. The same card: it is stored
    already (nothing to do, said as a note); another card: a conflict that
    names it ("Another phone entered 17 for Cleo."). Else the generic
    conflict: the round changed otherwise."""
    current = CurrentRound.load(game)
    entered = None if current is None else _card_of(current, tapped)
    if entered is None:
        raise Conflict()
    words = {"card": card_number(entered), "player": tapped.player}
    if entered == card:
        text = gettext("Another phone entered %(card)s for %(player)s too; it is stored once.")
        return Done(applied=False, notes=[text % words])
    raise Conflict(gettext("Another phone entered %(card)s for %(player)s.") % words)


def _card_of(current: CurrentRound, tapped: TappedFor) -> int | None:
    """The card the engine has for ``tapped``'s player in its trick, if any."""
    names = [str(name) for name in current.state.shape.names]
    tricks = current.state.tricks
    if tapped.player not in names or not 0 < tapped.trick <= len(tricks):
        return None
    trick = tricks[tapped.trick - 1]
    seat = names.index(tapped.player)
    return trick.cards[trick.players.index(seat)] if seat in trick.players else None


def undo_card(game: Game, stamp: Stamp, seat: int | None = None) -> Done:
    """Take back the last card entered, and the cards Lopaka played after it
    (or the quick entry of an unconfirmed round). A seat link (``seat``)
    takes back only its own player's card, while it is the round's last."""

    def change(current: CurrentRound) -> Done:
        row = open_round([current.row], for_cards=False)
        if seat is not None and row.quick is not None:
            raise NotYourSeat(gettext("A seat link cannot take back a quick entry."))
        if row.quick is not None:
            row.quick = None
            return Done(what=ChangeText("quick.taken_back", {"round": row.number}))
        try:
            taken = take_back(current.table, current.entries, current.state)
        except NothingToTakeBack:
            raise Refused(gettext("There is no card to undo in this round.")) from None
        if seat is not None and taken.cards[0].player != seat:
            names = current.state.shape.names
            last = taken.cards[0]
            text = gettext(
                "Round %(round)s, trick %(trick)s: the last card is %(other)s's %(card)s;"
                " %(player)s's seat link takes back only %(player)s's own last card."
            )
            said: dict[str, ChangeValue] = {
                "round": row.number,
                "trick": last.trick,
                "other": str(names[last.player]),
                "card": card_number(last.card),
                "player": str(names[seat]),
            }
            raise NotYourSeat(text % said)
        _store(row, taken.entries)
        words = _card_words(current, taken.cards[0])
        return Done(what=ChangeText("card.taken_back", words.values))

    return apply_current(game, stamp, change, Sent("undo_card", ()))


def set_known_hand(game: Game, stamp: Stamp, seat: int, cards: list[int]) -> Done:
    """Enter a face-up hand: Lopaka's 11 cards (seat = number of players) or a
    player's open hand (Bright House, Devil's Eye). No cards clears it."""

    def change(current: CurrentRound) -> Done:
        row = open_round([current.row])
        texts = [card_text(card) for card in sorted(cards)] or None
        players = list(game.players)
        if seat == len(players):
            row.lopaka_hand = texts
        elif 0 <= seat < len(players):
            hands = dict(row.open_hands or {})
            if texts is None:
                hands.pop(players[seat], None)
            else:
                hands[players[seat]] = texts
            row.open_hands = hands or None
        else:
            raise Refused(gettext("There is no seat %(seat)s at this table.") % {"seat": seat})
        owner = LOPAKA if seat == len(players) else players[seat]
        hand = "hand.face_up" if seat == len(players) else "hand.open"
        what = {"player": owner, "round": row.number}
        done = Done(what=ChangeText(hand if texts else f"{hand}_cleared", what))
        entries = parse_round(current.table, round_data(row), row.number)
        lopaka = lopaka_plays(current.table, entries, row.number, current.dealer)
        if lopaka.cards:  # his hand known now, Lopaka plays at once when it is his turn
            _store(row, lopaka.entries)
        done.notes.extend(say(reason) for reason in lopaka.reasons)
        return done

    return apply_current(game, stamp, change, Sent("set_known_hand", (seat, sorted(cards))))


def _store(row: Round, entries: RoundEntries) -> None:
    """Keep the engine's tricks in the round's row, as card texts."""
    row.tricks = [[card_text(card) for card in cards] for cards in entries.tricks]


def _card_words(current: CurrentRound, placed: Placed) -> ChangeText:
    """A card as the history keeps it: "Betty's 17 in trick 3" (who played
    it, as the engine's replay has it)."""
    player = str(current.state.shape.names[placed.player])
    card = card_text(placed.card)
    values: dict[str, ChangeValue] = {"player": player, "card": card, "trick": placed.trick}
    return ChangeText("card.played", values)
