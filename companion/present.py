"""What the screens show, taken from the engine's replay of a game.

Nothing here decides a rule or computes a score: it picks values out of
:class:`scoring.game.GameState` and :class:`scoring.prompt.Prompt` and puts
them into plain objects for the templates (names, card faces, sentences the
engine wrote).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import replace as dataclass_replace
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any, overload

from django.http import HttpRequest
from django.template.loader import get_template
from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django_htmx.middleware import HtmxDetails

from companion.access import Access
from companion.models import Game, Round
from companion.replay import CurrentRound, RoundRow, game_record, load_rows
from companion.revokes import revoke_view
from companion.texts import say
from companion.wording import card_number
from scoring.cards import COLOUR_SYMBOLS, Deck, card_text
from scoring.game import GameState
from scoring.prompt import Prompt, next_card
from scoring.record import GameRecord, replay
from scoring.rounds import RoundState, TrickPlay
from scoring.scores import reason
from scoring.texts import colour_text
from scoring.tricks import explain_play
from scoring.variants import BRIGHT_HOUSE, OPEN, Table


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware."""

    htmx: HtmxDetails


WORDS = {
    "classic": {
        "imps_trick": _("Imp's Trick"),
        "the_imps_trick": _("The Imp's Trick"),
        "start_card": _("start price card"),
    },
    "matagot": {
        "imps_trick": _("Devil's Trick"),
        "the_imps_trick": _("The Devil's Trick"),
        "start_card": _("Hell card"),
    },
}
"""The edition's words for the same things (docs/rules.md, on names), in
the reader's language when shown."""


def words_of(game: Game) -> dict[str, str]:
    return WORDS.get(game.edition, WORDS["classic"])


@dataclass(frozen=True)
class CardFace:
    """A card as the screen shows it: number, colour (name, symbol, class),
    coins, and the words a screen reader says for what the eye sees.

    The texts are escaped once, when the face is made (faces are memoized,
    see :func:`face`): the ``face`` partial is drawn some 40 times per round
    screen, and Django would otherwise escape each of its texts at every
    render (half the partial's cost). Nothing here is markup.
    """

    code: int
    text: SafeString
    """The card as the forms send it ("2.5")."""
    number: SafeString
    """The card as the reader writes it ("2.5", in German "2,5")."""
    colour: SafeString
    symbol: SafeString
    css: SafeString
    coins: SafeString
    """The coins as the face shows them ("3")."""
    label: SafeString
    """Number, coins, colour: the picker button's name (WCAG 2.5.3, label in name)."""
    words: SafeString
    """The colour and coins in words, said after the number (", blue, 3 coins")."""
    shown: SafeString = SafeString("")
    """The colour written out beside its symbol (" blue"), or nothing."""

    @cached_property
    def html(self) -> SafeString:
        """The face as the ``face`` partial of ``imp/cards.html`` draws it,
        drawn once (the faces are memoized): a screen shows it as
        ``{{ face.html }}``, at the cost of one variable."""
        return get_template("imp/cards.html#face").render({"face": self})


def coins(count: int) -> str:
    """A number of coins in words: "1 coin", "3 coins"."""
    return ngettext("%(count)s coin", "%(count)s coins", count) % {"count": count}


@dataclass(frozen=True)
class PlayedCard:
    """A card on the table: its face, who played it, whether it wins the
    trick (docs/rules.md, section 4)."""

    name: str
    face: CardFace
    wins: bool = False


def face(deck: Deck, code: int, *, named: bool = False) -> CardFace:
    """How one card of the deck looks on screen, in the reader's language;
    ``named``: with its colour written out beside the symbol (the dispute
    page's rows), the words then saying only the coins. The markup is the
    ``face`` partial of ``imp/cards.html``."""
    return _face(deck, code, named, get_language())


def faces(deck: Deck) -> Mapping[int, CardFace]:
    """Every card's :func:`face`, by code: for a view that shows many cards
    (the reader's language is looked up once, not once a card)."""
    return _faces(deck, get_language())


@lru_cache(maxsize=64)
def _faces(deck: Deck, language: str | None) -> Mapping[int, CardFace]:
    return MappingProxyType({code: _face(deck, code, False, language) for code in deck.cards})


@lru_cache(maxsize=4096)
def _face(deck: Deck, code: int, named: bool, language: str | None) -> CardFace:
    """Memoized: a card's face depends on nothing but the deck (the engine's
    constant decks) and the language, so each face is built once per
    process and language; no game state is kept."""
    english = deck.colour_name(code)
    colour = say(deck.colour_text(code))
    prefix = "suit" if deck.edition == "classic" else "matagot"
    text, number, count = card_text(code), card_number(code), deck.coins[code]
    return CardFace(
        code=code,
        text=escape(text),
        number=escape(number),
        colour=escape(colour),
        symbol=escape(COLOUR_SYMBOLS[deck.colour[code]]),
        css=escape(f"{prefix}-{english}"),
        coins=escape(count),
        label=escape(f"{number}, {coins(count)}, {colour}"),
        words=escape(f", {coins(count)}" if named else f", {colour}, {coins(count)}"),
        shown=escape(f" {colour}" if named else ""),
    )


@dataclass
class Replayed:
    """A stored game and its replay: the record, the state, the rows."""

    game: Game
    rounds: Sequence[Round | RoundRow]
    record: GameRecord
    state: GameState

    @classmethod
    def of(cls, game: Game, rounds: Sequence[Round | RoundRow] | None = None) -> Replayed:
        rows = load_rows(game) if rounds is None else rounds
        record = game_record(game, rows)
        return cls(game, rows, record, replay(record))

    @property
    def table(self) -> Table:
        return self.record.table

    @property
    def deck(self) -> Deck:
        return self.record.table.deck

    @property
    def words(self) -> dict[str, str]:
        return words_of(self.game)

    def round_state(self, number: int) -> RoundState:
        return self.state.rounds[number - 1]

    def prompt(self, number: int) -> Prompt | None:
        index = number - 1
        return next_card(self.record.table, self.record.rounds[index], self.state.rounds[index])

    def confirmed(self) -> GameState:
        """The game as the table has accepted it: only confirmed rounds count."""
        rows = [row for row in self.rounds if row.confirmed]
        if len(rows) == len(self.rounds):
            return self.state
        if len(rows) == len(self.rounds) - 1 and not self.state.rounds[-1].complete:
            # Only the round being played is unconfirmed, and an unfinished
            # round counts for nothing yet: the replay's totals, ranks and
            # complete rounds are the confirmed ones (no second replay).
            return self.state
        # the confirmed rounds' entries, as parsed already (no second parse)
        confirmed = tuple(
            entries
            for row, entries in zip(self.rounds, self.record.rounds, strict=True)
            if row.confirmed
        )
        return replay(dataclass_replace(self.record, rounds=confirmed))


def trick_view(
    shown: Mapping[int, CardFace],
    names: tuple[str, ...],
    round_number: int,
    number: int,
    play: TrickPlay,
) -> dict[str, Any]:
    """One trick of a round (``shown``: the deck's :func:`faces`): who
    played what, who won, the ruling in the engine's words."""
    return {
        "round": round_number,
        "number": number,
        "leader": names[play.leader],
        "cards": [
            PlayedCard(names[seat], shown[card])
            for seat, card in zip(play.players, play.cards, strict=False)
        ],
        "winner": None if play.winner is None else names[play.winner],
        "price": None if play.price is None else card_number(play.price),
        "points": play.points,
        "ruling": say(explain_play(play, names)) if play.is_complete else "",
        "complete": play.is_complete,
    }


class TrickViews(Sequence[dict[str, Any]]):
    """The :func:`trick_view` of each trick of a round, each made when it is
    first read: a card's answer shows the last trick or two (the ruling,
    the strip of tricks to fix), not the whole round's."""

    def __init__(
        self,
        shown: Mapping[int, CardFace],
        names: tuple[str, ...],
        row: Round | RoundRow,
        plays: tuple[TrickPlay, ...],
    ) -> None:
        self.shown, self.names, self.row, self.plays = shown, names, row, plays
        self.made: dict[int, dict[str, Any]] = {}

    def __len__(self) -> int:
        return len(self.plays)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [self._view(i) for i in range(len(self.plays))[index]]
        return self._view(range(len(self.plays))[index])

    def last(self, count: int) -> list[dict[str, Any]]:
        """The last ``count`` tricks' views."""
        return self[-count:]

    def _view(self, index: int) -> dict[str, Any]:
        if index not in self.made:
            play, row = self.plays[index], self.row
            view = trick_view(self.shown, self.names, row.number, index + 1, play)
            self.made[index] = {**view, "confirmed": row.confirmed}
        return self.made[index]


def result_view(replayed: Replayed, state: RoundState) -> dict[str, Any] | None:
    """A complete round's result: the Imp's Trick, each score and why, totals."""
    outcome = state.outcome
    if outcome is None:
        return None
    deck, names = replayed.deck, state.shape.names
    players = replayed.record.table.players
    lines = [
        {
            "name": names[line.player],
            "score": line.score,
            "reason": say(reason(line, names, state.trick_points[line.player], outcome.penalty)),
        }
        for line in outcome.lines
    ]
    lopaka = state.shape.lopaka
    return {
        "imps_trick": [face(deck, card) for card in state.imps_trick or ()],
        "penalty": outcome.penalty,
        "lines": lines,
        "lopaka": None
        if lopaka is None
        else {
            "points": state.trick_points[lopaka],
            "has_bottle": outcome.lopaka_has_bottle,
        },
        "totals": list(zip(players, replayed.state.totals, strict=True)),
    }


def bottles_view(state: RoundState) -> list[dict[str, Any]]:
    """Each bottle's price and owner now."""
    names = state.shape.names
    if state.is_quick:
        return [{"price": None, "owner": names[seat]} for seat in state.bottle_owners]
    return [
        {"price": card_number(price), "owner": None if owner is None else names[owner]}
        for price, owner in zip(state.prices, state.owners, strict=True)
    ]


Replay = Replayed | CurrentRound
"""The whole game replayed, or only the round being played (enough for the
round screen while that round is unfinished)."""


def round_view(replayed: Replay, row: Round | RoundRow) -> dict[str, Any]:
    """Everything the round screen shows about one round (a complete round's
    result needs the whole game: its totals)."""
    state = replayed.round_state(row.number)
    shape, shown = state.shape, faces(replayed.deck)
    names = shape.names
    ask = replayed.prompt(row.number)
    view: dict[str, Any] = {
        "row": row,
        "state": state,
        "number": row.number,
        "dealer": names[shape.dealer],
        "teams": [(names[a], names[b]) for a, b in shape.teams],
        "individuals": [names[seat] for seat in shape.individuals],
        "imps_trick_size": shape.imps_trick_size,
        "tricks_total": shape.tricks,
        "bottles": bottles_view(state),
        "coins": [
            {"name": name, "points": points}
            for name, points in zip(names, state.trick_points, strict=True)
        ],
        "tricks": TrickViews(shown, names, row, state.tricks),
        "warnings": [
            revoke_view(warning, state, replayed.deck)
            for warning in state.warnings[row.dismissed_warnings :]
        ],
        "complete": state.complete,
        "quick": state.is_quick,
        "result": result_view(replayed, state),
        "ask": None,
        "lopaka": None if shape.lopaka is None else names[shape.lopaka],
    }
    tricks = view["tricks"]
    # The last complete trick's ruling stays on screen while the next trick
    # is played (its place on the round screen is always there).
    done = [trick for trick in tricks[-2:] if trick["complete"]]
    if done:
        view["ruling"] = done[-1]
    # The round's first card (and Lopaka's answer to it): the dealer and
    # quick entry below the play are no longer offered.
    view["opening"] = len(tricks) == 1 and (
        sum(card.name != view["lopaka"] for card in tricks[0]["cards"]) == 1
    )
    if tricks and tricks[-1]["complete"]:
        view["next_leader"] = None if state.complete else names[state.next_leader]
    if ask is not None:
        view["ask"] = prompt_view(replayed, state, ask)
    return view


def prompt_view(replayed: Replay, state: RoundState, ask: Prompt) -> dict[str, Any]:
    """Whose card is asked for, the trick so far, and the picker's cards."""
    deck, shape, shown = replayed.deck, state.shape, faces(replayed.deck)
    names = shape.names
    order = shape.orders[ask.leader]
    slots = []
    for position, seat in enumerate(order):
        card = ask.cards_so_far[position] if position < len(ask.cards_so_far) else None
        slots.append(
            {
                "name": names[seat],
                "face": None if card is None else shown[card],
                "is_next": position == ask.position,
            }
        )
    unseen, choices = set(ask.unseen), set(ask.choices)
    picker = [
        pick(
            shown[card],
            "ok" if card in choices else "off" if card in unseen else "gone",
            led=ask.led is not None and deck.colour[card] == ask.led,
        )
        for card in deck.cards
    ]
    led = None if ask.led is None else led_view(deck, ask.led)
    hand = ""
    if replayed.table.variant.hands == BRIGHT_HOUSE:
        hand = gettext("open hand") if ask.hand == OPEN else gettext("hidden hand")
    return {
        "player": names[ask.player],
        "leader": names[ask.leader],
        "trick": ask.trick,
        "hand": hand,
        "slots": slots,
        "is_hand_known": ask.is_hand_known,
        "forced": None if ask.forced is None else shown[ask.forced],
        "reason": None if ask.reason is None else say(ask.reason),
        "led": led,
        "picker": picker,
        "marks": "".join(item["mark"] for item in picker),
    }


def led_view(deck: Deck, colour: int) -> dict[str, str]:
    """The colour the engine says was led (:attr:`scoring.prompt.Prompt.led`):
    its name and symbol as the table's deck shows them."""
    prefix = "suit" if deck.edition == "classic" else "matagot"
    name = deck.colour_names()[colour]
    word = say(colour_text(name))
    return {"name": word, "symbol": COLOUR_SYMBOLS[colour], "css": f"{prefix}-{name}"}


def pick(card: CardFace, state: str, *, led: bool = False) -> dict[str, Any]:
    """One card of the picker: a button to enter it ("ok"), a disabled one
    ("off": the engine says it cannot be played now), or a gap ("gone":
    played already); ``led``: of the colour led in the trick (set off on
    screen). The markup is the ``pick`` partial of ``imp/cards.html``;
    ``mark`` is the same in one character, for a card's answer to a phone
    that already shows the grid (:data:`MARKS`)."""
    led = led and state != "gone"
    return {
        "face": card,
        "state": state,
        "off": state == "off",
        "gone": state == "gone",
        "led": led,
        "mark": MARKS[(state, led)],
    }


MARKS = {
    ("ok", False): ".",
    ("ok", True): "l",
    ("off", False): "o",
    ("off", True): "O",
    ("gone", False): "-",
}
"""Each card of the grid in one character, in the deck's order: the answer
to a card tapped on a phone with JavaScript sends these in place of the
grid's buttons, and static/js/round.js sets the buttons it already shows
(a button to tap ".", of the colour led "l", one that may not be played now
"o" or "O" when of the colour led, a gap "-")."""


def goal_text(game: Game, players: int) -> str:
    """The game's goal in words: "3 rounds", "first to 200 coins"."""
    if game.goal_rounds:
        n = game.goal_rounds
        return ngettext("%(n)s round", "%(n)s rounds", n) % {"n": n}
    if game.goal_target:
        n = game.goal_target
        return ngettext("first to %(n)s coin", "first to %(n)s coins", n) % {"n": n}
    return gettext("no end: the totals just keep going")


def standings(replayed: Replayed) -> dict[str, Any]:
    """Totals and ranks of the confirmed rounds (equal totals share a rank),
    the progress towards the goal, the rounds table, the winners."""
    game = replayed.game
    state = replayed.confirmed()
    players = state.table.players
    order = sorted(range(len(players)), key=lambda seat: -state.totals[seat])
    rows = []
    for place, seat in enumerate(order):
        total = state.totals[seat]
        rank = place + 1
        if place and total == state.totals[order[place - 1]]:
            rank = rows[-1]["rank"]
        rows.append(
            {"rank": rank, "name": players[seat], "total": total, "wins": seat in state.winners}
        )
    progress: dict[str, Any] | None = None
    if game.goal_rounds:
        progress = {
            "value": state.complete_rounds,
            "max": game.goal_rounds,
            "text": ngettext(
                "%(done)s of %(n)s round played",
                "%(done)s of %(n)s rounds played",
                game.goal_rounds,
            )
            % {"done": state.complete_rounds, "n": game.goal_rounds},
        }
    elif game.goal_target:
        best = max(state.totals) if state.totals else 0
        progress = {
            "value": max(0, min(best, game.goal_target)),
            "max": game.goal_target,
            "text": gettext("Best total %(best)s of %(target)s")
            % {"best": best, "target": game.goal_target},
        }
    table_rows = []
    for round_state in state.rounds:
        if round_state.outcome is None:
            continue
        names = round_state.shape.names
        table_rows.append(
            {
                "number": round_state.number,
                "dealer": names[round_state.shape.dealer],
                "scores": list(round_state.outcome.scores),
                "bottle": ", ".join(names[seat] for seat in round_state.bottle_owners),
            }
        )
    winners = [players[seat] for seat in state.winners]
    return {
        "rows": rows,
        "players": players,
        "totals": list(state.totals),
        "progress": progress,
        "rounds": table_rows,
        "finished": state.finished,
        "winners": winners,
        "tie": len(winners) > 1,
        "goal": goal_text(game, len(players)),
        "next_dealer": players[replayed.state.next_dealer],
    }


def access_context(access: Access) -> dict[str, Any]:
    return {
        "access": access,
        "game": access.game,
        "token": access.token,
        "can_edit": access.can_edit,
    }
