"""Findings: what the engine has to say about entries (docs/rules.md, section 8).

*Errors* are entries that cannot be what happened: they are raised as
exceptions and change nothing. *Warnings* (a revoke) are things that broke a
rule at the table: they travel with the result. Every finding says where
(round, trick, player, card) and why, in plain words.

A finding's reason is a :class:`~scoring.texts.Text`: a code and its
values, so that the app can say it in its reader's language; ``str()`` of a
finding is its English, where and why.

>>> from scoring.texts import Card
>>> error = CardAlreadyPlayed(Text("card.already_played", card=Card("17"), earlier=1),
...                           round=2, trick=4, player="Betty", card="17")
>>> str(error)
'round 2, trick 4: Betty plays 17: 17 was already played in trick 1'
>>> error.code, error.values["earlier"], error.why
('card.already_played', 1, '17 was already played in trick 1')
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping, Sequence
from typing import NamedTuple, TypedDict

from scoring.texts import Text, Value, joined

QUOTE_MAX = 40
"""The most characters of an input value a finding shows."""

_SHORT = reprlib.Repr(maxlevel=2, maxlist=4, maxdict=4, maxstring=QUOTE_MAX, maxother=QUOTE_MAX)


def quote(value: object) -> str:
    r"""An input value as a finding shows it: at most :data:`QUOTE_MAX`
    characters of it, quoted like Python's repr so that control characters,
    invisible characters and lone surrogates are escaped, never echoed.

    >>> print(quote("Adam"), quote("\x1b[31mred"), quote(24), quote(None))
    'Adam' '\x1b[31mred' 24 null
    >>> print(quote("9" * 50))
    '9999999999999999999999999999999999999999…'
    """
    if isinstance(value, str):
        shown = repr(value[:QUOTE_MAX])
        return shown[:-1] + "…" + shown[-1] if len(value) > QUOTE_MAX else shown
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) < 10**QUOTE_MAX:
        return str(value)
    if isinstance(value, float):
        return repr(value)
    return _SHORT.repr(value)[: 2 * QUOTE_MAX]


class Where(TypedDict):
    """Where a finding about a played card happened: the trick, the player's
    name and the card as written (keyword arguments of a :class:`Finding`)."""

    trick: int
    player: str
    card: str


class Finding(Exception):
    """A finding about the entries, with where it happened and why.

    ``text`` is the reason (its ``code`` and ``values``); :meth:`said` is the
    whole finding, where and why, as one text."""

    def __init__(
        self,
        text: Text,
        *,
        round: int | None = None,
        trick: int | None = None,
        player: str | None = None,
        card: str | None = None,
    ) -> None:
        super().__init__(text)
        self.text = text
        self.round = round
        self.trick = trick
        self.player = player
        self.card = card

    @property
    def code(self) -> str:
        """The code of the reason (a key of :data:`scoring.texts.TEMPLATES`)."""
        return self.text.code

    @property
    def values(self) -> Mapping[str, Value]:
        """The named values of the reason: players, cards, tricks, numbers."""
        return self.text.values

    @property
    def why(self) -> str:
        """The reason in English."""
        return str(self.text)

    def where_text(self) -> Text | None:
        """'round 2, trick 4' (as much of it as is known) as a text, or None."""
        if self.round is not None and self.trick is not None:
            return Text("where.round_trick", round=self.round, trick=self.trick)
        if self.round is not None:
            return Text("where.round", round=self.round)
        if self.trick is not None:
            return Text("where.trick", trick=self.trick)
        return None

    @property
    def where(self) -> str:
        """'round 2, trick 4' (as much of it as is known)."""
        where = self.where_text()
        return "" if where is None else str(where)

    def said(self) -> Text:
        """The whole finding, where, who, which card and why, as one text."""
        text = self.text
        if self.player is not None and self.card is not None:
            text = Text("finding.plays", player=self.player, card=self.card, why=text)
        elif self.player is not None:
            text = Text("finding.player", player=self.player, why=text)
        where = self.where_text()
        return text if where is None else Text("finding.at", where=where, text=text)

    def __str__(self) -> str:
        return str(self.said())

    def located(self, round: int) -> Finding:
        """The same finding, placed in a round of the game."""
        self.round = round
        return self

    @property
    def findings(self) -> tuple[Finding, ...]:
        """All the findings this exception carries (itself)."""
        return (self,)

    def __reduce__(
        self,
    ) -> tuple[object, tuple[type[Finding], tuple[object, ...], dict[str, object]]]:
        """Pickled as its kind, text and attributes, whatever its own
        arguments (a cache keeps replayed games, their warnings with them).

        >>> import pickle
        >>> from scoring.texts import Card
        >>> finding = RuleError(Text("dispute.prices", old=Card("17"), new=Card("15")), trick=2)
        >>> again = pickle.loads(pickle.dumps(finding))
        >>> (type(again).__name__, again.text == finding.text, again.trick)
        ('RuleError', True, 2)
        """
        return (_finding, (type(self), self.args, self.__dict__))


def _finding(
    kind: type[Finding], args: tuple[object, ...], attributes: dict[str, object]
) -> Finding:
    """A :class:`Finding` again, from what :meth:`Finding.__reduce__` pickled."""
    finding = kind.__new__(kind, *args)
    finding.args = args
    finding.__dict__.update(attributes)
    return finding


def several(findings: Sequence[Finding], code: str) -> Text:
    """Several findings as one text, joined by ``code`` ("findings.joined":
    "a; b", "findings.lines": one a line)."""
    texts: list[Value] = [finding.said() for finding in findings]
    joined_text = joined(code, texts)
    assert isinstance(joined_text, Text)
    return joined_text


class RuleError(Finding):
    """An entry that cannot be what happened; it is refused."""


class RecordError(RuleError):
    """A game record or a form that is malformed: a missing or wrong field."""


class InvalidRecord(RecordError):
    """Several record errors found together."""

    def __init__(self, errors: list[Finding]) -> None:
        super().__init__(several(errors, "findings.joined"))
        self.errors = tuple(errors)

    def said(self) -> Text:
        return several(self.errors, "findings.lines")

    @property
    def findings(self) -> tuple[Finding, ...]:
        return self.errors


class UnknownCard(RuleError):
    """A card that is not in the deck in use (docs/rules.md, section 1)."""


class WrongDeck(RecordError):
    """5–6 players with the classic deck (docs/rules.md, section 1)."""


class CardAlreadyPlayed(RuleError):
    """A card played twice in one round (docs/rules.md, section 8)."""


class CardInImpsTrick(RuleError):
    """A card played that lies in the Imp's Trick (docs/rules.md, section 8)."""


class CardInKnownHand(RuleError):
    """A card played that is in someone else's known hand (docs/rules.md, section 8)."""


class WrongTrickSize(RuleError):
    """A trick with the wrong number of cards (docs/rules.md, section 3)."""


class TooManyTricks(RuleError):
    """More tricks than the round has (docs/rules.md, section 3)."""


class ImpsTrickError(RuleError):
    """An Imp's Trick of the wrong size or that contradicts the played cards."""


class LopakaMisplay(RuleError):
    """A Lopaka play that his rules forbid (docs/rules.md, section 6)."""


class NotInOpenHand(RuleError):
    """A card that must come from a known open hand but is not in it."""


class OpenHandMustFollow(RuleError):
    """A card from a known open hand that fails to follow colour (section 8)."""


class KnownHandError(RuleError):
    """A known hand (Lopaka's or an open hand) that cannot be right."""


class QuickRoundError(RuleError):
    """A quick round whose coins or bottle owners cannot be right (section 5)."""


class GameOver(RuleError):
    """A round after the game has ended (docs/rules.md, section 7)."""


class Played(NamedTuple):
    """A card where it was played: its trick, its place in that trick's play
    order (0 is the leader's card) and the card as written ("36", "2.5")."""

    trick: int
    at: int
    card: str


class Revoke(Finding):
    """Warning: a player who did not follow colour later plays that colour.

    No card enters a hand during play, so the player held the colour then
    (docs/rules.md, section 8). ``failed`` is the card that did not follow
    colour, ``later`` the card of that colour played afterwards (in the same
    trick or a later one); ``hand`` is the hand both came from where a player
    has two ("open" or "hidden": Bright House, Devil's Eye), else None. As
    for every finding, ``trick`` is where the player did not follow and
    ``card`` the later card; the text names the player already.
    """

    def __init__(
        self,
        text: Text,
        *,
        player: str,
        failed: Played,
        later: Played,
        hand: str | None = None,
        round: int | None = None,
    ) -> None:
        super().__init__(text, round=round, trick=failed.trick, player=player, card=later.card)
        self.failed = failed
        self.later = later
        self.hand = hand

    @property
    def identity(self) -> tuple[str, int, str, int, str]:
        """What tells this revoke from any other of its round: the player,
        and the trick and card of each of its two cards."""
        player = self.player or ""
        return (player, self.failed.trick, self.failed.card, self.later.trick, self.later.card)

    def said(self) -> Text:
        where = self.where_text()
        return self.text if where is None else Text("finding.at", where=where, text=self.text)
