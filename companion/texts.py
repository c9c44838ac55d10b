"""The engine's words in the reader's language.

The engine says everything as a :class:`scoring.texts.Text`: a code and its
values. :func:`say` renders one in the active language: the English
template (the message id) through gettext, filled with its values — other
texts said in their turn (a colour, a reason within a reason), cards
written as the reader writes numbers ("2,5" in German), players' names and
quoted input as they are. The German of every template is in this app's
own catalogue, ``companion/locale/de/LC_MESSAGES/django.po``.

:data:`FRAMES` are the few sentences the app wraps around a finding to say
it in the players' words (:func:`in_words`); they are in the same catalogue.
So are :data:`CHANGES`, the words of a game's history of changes: each
change is kept as a code and its values (:class:`ChangeText`) and said in
each reader's language by :func:`say_change`.

This is the one module of the app's words: besides the engine's texts, the
small pieces of wording the screens share (names joined with "and", a
card's number with the reader's decimal mark: :func:`and_list`,
:func:`card_number`, :func:`decimal`).

>>> from scoring.texts import Card, Text
>>> say(Text("card.already_played", card=Card("2.5"), earlier=1))
'2.5 was already played in trick 1'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.formats import get_format
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.cards import card_text
from scoring.findings import Finding
from scoring.texts import TEMPLATES, Card, Cards, Text, Value
from scoring.variants import OPEN

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

FRAMES = {
    "played": "{player}'s {card} in trick {trick}: {why}",
    "played_no_trick": "{player}'s {card}: {why}",
    "player_trick": "{player} in trick {trick}: {why}",
    "player": "{player}: {why}",
    "trick": "Trick {trick}: {why}",
    "round": "Round {round}: {text}",
    "revoke": "In trick {trick}, {why}.",
    "revoke_short": (
        "{player} did not follow {colour} in trick {trick}{played}, "
        "but plays {colour} {card}{later}."
    ),
    "revoke_played": " (played {card})",
    "revoke_played_open": " (played {card} from the open hand)",
    "revoke_played_hidden": " (played {card} from the hidden hand)",
    "revoke_later": " in trick {trick}",
    "revoke_later_hand": " from that hand in trick {trick}",
}
"""How the app frames a finding for the round screen: who, which card,
which trick, the round only when it is not the one shown."""

CHANGES = {
    "card.played": "{player}'s {card} in trick {trick}",
    "card.taken_back": "Took back {player}'s {card} in trick {trick}",
    "quick.entered": "Quick entry of round {round}",
    "quick.taken_back": "Took back the quick entry of round {round}",
    "hand.open": "{player}'s open hand in round {round}",
    "hand.open_cleared": "Cleared {player}'s open hand in round {round}",
    "hand.face_up": "{player}'s face-up hand in round {round}",
    "hand.face_up_cleared": "Cleared {player}'s face-up hand in round {round}",
    "card.replaced": "{player}'s {was} in trick {trick} of round {round} is now {now}",
    "cards.swapped": (
        "Swapped {player}'s {was} and {other}'s {now} in trick {trick} of round {round}"
    ),
    "cards.swapped_tricks": (
        "Swapped {player}'s {was} in trick {trick} and {other}'s {now}"
        " in trick {other_trick} of round {round}"
    ),
    "trick.corrected": "Corrected trick {trick} of round {round}",
    "trick.deleted": "Deleted trick {trick} of round {round}",
    "dealer.set": "{player} deals round {round}",
    "round.confirmed": "Confirmed round {round}",
    "revoke.settled": "Let {player}'s revoke stand in round {round}",
    "revoke.settled_first": "Let the revoke stand in round {round}",
    "round.agreed": "{player} agrees to round {round}",
    "trick.flagged": "{player} flags trick {trick} of round {round}: {note}",
    "trick.flagged_bare": "{player} flags trick {trick} of round {round}",
    "setting.agree_required": "Every seat must agree before Confirm",
    "setting.agree_optional": "Confirm no longer waits for every seat",
    "seat.replaced": "New seat link for {player}",
}
"""Each kind of change of a game's history (:class:`ChangeText`), by its
code. Besides these, the code :data:`KEPT`: a sentence kept as it was
written (one the history's words of old could not read)."""

KEPT = "text"
"""The code of a change kept as a plain sentence: its value ``text``."""

CARD_VALUES = frozenset({"card", "was", "now"})
"""The values of a change that are cards (written as the reader writes numbers)."""

ChangeValue = str | int


@dataclass(frozen=True)
class ChangeText:
    """A change of a game's history as it is kept: a code of :data:`CHANGES`
    and its values (names and cards as text, tricks and rounds as numbers),
    said in the reader's language by :func:`say_change`.

    >>> say_change(ChangeText("card.played", {"player": "Betty", "card": "17", "trick": 3}))
    "Betty's 17 in trick 3"
    """

    code: str
    values: Mapping[str, ChangeValue] = field(default_factory=dict)


def say_change(change: ChangeText) -> str:
    """A change of the game's history in the active language ("Betty's 17
    in trick 3", in German "17 von Betty in Stich 3"): a name is never read
    as words, whatever it looks like."""
    if change.code not in CHANGES:
        return str(change.values.get("text", change.code))
    values = change.values
    return _fill(
        CHANGES[change.code],
        ((key, Card(str(value)) if key in CARD_VALUES else value) for key, value in values.items()),
    )


def say(text: Text | Finding) -> str:
    """A text of the engine (or a whole finding, where and why) in the active
    language."""
    if isinstance(text, Finding):
        text = text.said()
    return _fill(TEMPLATES[text.code], text.values.items())


def said(value: Value) -> str:
    """One value of a text as the reader reads it: a text said, a card as a
    number, a name as it is."""
    if isinstance(value, Text):
        return say(value)
    if isinstance(value, Card):
        return card(value)
    if isinstance(value, Cards):
        return ", ".join(card(item) for item in value)
    return str(value)


def card(text: str) -> str:
    """A card's number as the reader writes it: "2.5", or "2,5" in German."""
    if "." not in text:
        return text
    return text.replace(".", str(get_format("DECIMAL_SEPARATOR")))


EDITION_WORDS: Mapping[str, dict[str, StrOrPromise]] = {
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


def edition_words(edition: str) -> dict[str, str]:
    """The words of an edition (:data:`EDITION_WORDS`; the classic one's for
    an edition it does not know), said in the active language: plain
    strings, which the cached screens keep as they are (a lazy one is made
    anew each time the cache is read)."""
    words = EDITION_WORDS.get(edition, EDITION_WORDS["classic"])
    return {name: str(word) for name, word in words.items()}


def hand_words(hand: int | None) -> str:
    """A Bright House player's hand a card comes from, in words."""
    return gettext("open hand") if hand == OPEN else gettext("hidden hand")


def trick_words(number: int, *, this: bool = False) -> str:
    """Where a card lies, as the fix grid says it: "trick 2", or "this
    trick" for the trick being fixed."""
    return gettext("this trick") if this else gettext("trick %(n)s") % {"n": number}


def known_hand_words(*, lopaka: bool) -> str:
    """A face-up hand a card lies in: Lopaka's ("his hand") or a player's
    open hand."""
    return gettext("his hand") if lopaka else gettext("open hand")


def card_number(code: int) -> str:
    """A card's number as the reader writes it: "2.5", in German "2,5"
    (the engine's and the forms' "2.5" is :func:`scoring.cards.card_text`)."""
    return card(card_text(code))


def decimal(text: str) -> str:
    """A number written with a point ("2.5") as the reader writes it
    ("2,5" in German)."""
    return text.replace(".", str(get_format("DECIMAL_SEPARATOR")))


def and_list(names: Iterable[str]) -> str:
    """Names joined as the reader writes a list: "Ann and Ben", "Ann, Ben
    and Dora"; in German "Ann, Ben und Dora"."""
    found = [str(name) for name in names]
    if len(found) < 3:
        return f" {gettext('and')} ".join(found)
    return f"{', '.join(found[:-1])} {gettext('and')} {found[-1]}"


def in_words(finding: Finding, shown: int | None = None) -> str:
    """A finding in the players' words: who, which card, which trick, and
    why — the round only when it is not the round ``shown``.

    >>> from scoring.findings import CardAlreadyPlayed
    >>> from scoring.texts import Card, Text
    >>> found = CardAlreadyPlayed(Text("card.already_played", card=Card("24"), earlier=1),
    ...                           round=2, trick=3, player="Betty", card="24")
    >>> in_words(found, shown=2)
    "Betty's 24 in trick 3: 24 was already played in trick 1."
    >>> in_words(found, shown=3)
    "Round 2: Betty's 24 in trick 3: 24 was already played in trick 1."
    """
    why = say(finding.text)
    english = finding.why
    values: dict[str, Value] = {"why": why, "player": finding.player or ""}
    if finding.trick is not None:
        values["trick"] = finding.trick
    if finding.player is not None and finding.card is not None:
        values["card"] = finding.card
        text = frame("played" if finding.trick is not None else "played_no_trick", values)
    elif finding.player is not None and finding.player not in english:
        text = frame("player_trick" if finding.trick is not None else "player", values)
    elif finding.trick is not None and f"trick {finding.trick}" not in english:
        text = frame("trick", values)
    else:
        text = why
    if finding.round is not None and finding.round != shown:
        text = frame("round", {"round": finding.round, "text": text})
    text = capfirst(text.strip()) or ""
    return text if text.endswith((".", "!", "?")) else f"{text}."


def revoke_words(finding: Finding) -> str:
    """A revoke warning in full: "In trick 1, Christian did not follow …"."""
    return frame("revoke", {"trick": finding.trick or 0, "why": say(finding.text)})


def frame(code: str, values: dict[str, Value]) -> str:
    """One of :data:`FRAMES` in the active language, filled with ``values``."""
    return _fill(FRAMES[code], values.items())


def _fill(template: str, values: Iterable[tuple[str, Value]]) -> str:
    return gettext(template).format_map({key: said(value) for key, value in values})
