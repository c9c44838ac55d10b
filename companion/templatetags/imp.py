"""The one piece of markup still built in Python: the body rows of the game
page's round-by-round table (see ``round_rows``); the ETag a polling page
sends (``etag``); where a phone hears of changes (``events_url``) and how
a screen that follows its game asks for it again (``following``).
Everything else a screen draws is a template partial (``imp/cards.html``)."""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.conf import settings
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext, pgettext

from companion.access import etag_value, is_seat_token
from companion.links import ROUND, STANDINGS, game_path, shared_link
from companion.texts import ChangeText, and_list, decimal, say_change

register = template.Library()

_ROUND = 987654321
"""A round number no game has: reversed once, then replaced."""


@register.simple_tag(takes_context=True)
def round_rows(context: template.Context, rounds: list[dict[str, Any]]) -> SafeString:
    """The body rows of the game page's round-by-round table: each round's
    number (a link to its detail) and every player's score.

    Kept in Python on measurement: the same rows as a template loop with a
    ``{% url %}`` per row cost 8.6 ms instead of 0.85 ms per render of the
    standings of a 100-round game (0.65 -> 1.4 ms at 10 rounds), which takes
    the standings' p95 past the 30 ms target of ``make bench``. One reverse()
    and one string join; only whole numbers are put into the markup, and the
    link is escaped once.
    """
    link = str(conditional_escape(reverse("imp:round_detail", args=[context["token"], _ROUND])))
    before, after = link.split(f"/{_ROUND}/")
    lines = []
    for item in rounds:
        number = int(item["number"])
        cells = "".join(f"<td>{int(score)}</td>" for score in item["scores"])
        lines.append(
            f'<tr>\n          <th scope="row"><a href="{before}/{number}/{after}">{number}</a></th>'
            f"\n          {cells}\n        </tr>"
        )
    return mark_safe("\n        ".join(lines))  # noqa: S308 - escaped link, whole numbers only


@register.simple_tag(takes_context=True)
def view_link(context: template.Context, game: Any) -> dict[str, str]:
    """A game's view link as the table shares it (the round screen's QR
    panel, sharing/link.html): its address and its QR code."""
    return shared_link(context["request"].build_absolute_uri(game_path(game.view_token)))


@register.filter
def etag(game: Any) -> str:
    """The game's ETag value (without quotes) as this reader's page polls
    with it in ``If-None-Match``: the one the conditional GET answers."""
    return etag_value(game)


@register.simple_tag
def events_url(token: str, screen: str = "") -> str:
    """Where a phone on this link hears of each change of its game as it
    happens (:mod:`companion.events`, at the setting ``IMP_EVENTS_URL``), or
    "" when the app is served without it: the phone then polls. A stream
    that names its ``screen`` and the page's language is pushed what that
    screen shows after each change (:mod:`companion.pushed`): a seat link's
    round screen (``"round"``: the answer to its poll), any link's standings
    (``"standings"``: the live partial). Any other screen is told versions."""
    base = settings.IMP_EVENTS_URL
    if not base:
        return ""
    url = f"{base.rstrip('/')}/{token}/"
    if screen == STANDINGS or (screen == ROUND and is_seat_token(token)):
        return f"{url}?lang={get_language()}&screen={screen}"
    return url


POLL_SECONDS = 2
"""How often a screen that follows its game asks for it, when no events
stream tells it of changes."""
QUIET_SECONDS = 15
"""How often it asks while the stream tells it (a word may be lost)."""


@register.simple_tag
def following(token: str, game: Any, screen: str = "") -> str:
    """The attributes of a screen polled with htmx to follow its game (the
    standings, the view link's round, a round's story): every
    :data:`POLL_SECONDS`; where the app names an events stream, when
    ``static/js/watch.js`` hears of a version newer than the one drawn
    (the event ``imp:told``), else every :data:`QUIET_SECONDS`. The
    standings (``screen``) are pushed in their stream (:func:`events_url`)."""
    events = events_url(token, screen)
    if not events:
        return format_html('hx-trigger="every {}s"', POLL_SECONDS)
    return format_html(
        'hx-trigger="imp:told, every {}s" data-events="{}" data-version="{}"',
        QUIET_SECONDS,
        events,
        game.version,
    )


@register.filter
def join_and(names: list[str]) -> str:
    """Names joined with the reader's "and" ("Ann and Ben", "Ann und Ben");
    escaped by the template like any text."""
    return and_list(names)


@register.filter
def said(change: Any) -> str:
    """A change of the game's history (a kept change, or a verb's
    :class:`companion.texts.ChangeText`) in the reader's language
    (:func:`companion.texts.say_change`)."""
    return say_change(ChangeText(change.code, change.values))


def script_texts() -> dict[str, str | list[str]]:
    """The texts the page's scripts show, in the reader's language
    (static/js/*.js read them from the page: no JavaScript catalogue)."""
    return {
        "notLive": gettext("Not live: no connection."),
        "notLiveCopy": gettext("Not live: no connection. This is the last state this phone saw."),
        "notLiveCopyAt": gettext(
            "Not live: no connection. This is the last state this phone saw (saved %(when)s)."
        ),
        "notLiveDropped": gettext(
            "Not live: no connection. The screen shows the last state it had."
        ),
        "copied": gettext("Copied"),
        # The round screen's queue of cards (static/js/round.js): a count's
        # two forms, for one card and for more (English and German both).
        "decimal": str(get_format("DECIMAL_SEPARATOR")),
        "sending": pgettext("a card", "sending…"),
        "refused": pgettext("a card", "refused"),
        "nextTrick": gettext("Next trick: led by this trick's winner"),
        "waitPaused": ngettext_pair(
            "%(n)s card waits: see below, then send again",
            "%(n)s cards wait: see below, then send again",
        ),
        "waitOffline": ngettext_pair(
            "No connection: %(n)s card waits to be sent",
            "No connection: %(n)s cards wait to be sent",
        ),
        "waitSending": ngettext_pair(
            "Sending… %(n)s card waits to be sent", "Sending… %(n)s cards wait to be sent"
        ),
        "waitAsked": ngettext_pair(
            "%(n)s card waits: answer the question above",
            "%(n)s cards wait: answer the question above",
        ),
        "waitSlow": ngettext_pair(
            "Waiting for the server… %(n)s card waits to be stored",
            "Waiting for the server… %(n)s cards wait to be stored",
        ),
        "sendingOne": gettext("Sending %(card)s…"),
        # a seat link's card, tapped before its player's turn
        "waitTurn": gettext("Your %(card)s waits for your turn"),
        "waitsTurn": pgettext("a card", "waits"),
        "notStored": gettext("%(card)s was not stored: "),
        "serverRefused": gettext("the server refused it."),
        "keptAfter": gettext("Kept after it, not sent yet: %(cards)s."),
        "sendAgain": gettext("Send again"),
        "tappedFor": gettext(
            "%(card)s was tapped here for %(player)s, who has played in trick %(trick)s."
        ),
        "enterFor": gettext("Enter it for %(player)s"),
        "enterNext": gettext("Enter it as the next card"),
        "drop": gettext("Drop %(card)s"),
        "dropped": gettext("%(card)s was dropped: it is not stored."),
        "bringBack": gettext("Bring back %(card)s"),
        "ok": gettext("OK"),
        "needsConnection": gettext(
            "This needs a connection: nothing was changed. Try again when the phone is back online."
        ),
        "linkRefused": gettext(
            "this link may not enter cards (was it replaced, or the game deleted?)"
        ),
    }


def ngettext_pair(one: str, other: str) -> list[str]:
    """A count's two forms in the reader's language: for 1, and for more."""
    return [ngettext(one, other, 1), ngettext(one, other, 2)]


@register.simple_tag
def page_texts() -> SafeString:
    """The scripts' texts as JSON in a data attribute of a hidden element
    (``#imp-texts``): no inline script, so the CSP has nothing to allow."""
    return format_html(
        '<div id="imp-texts" hidden data-texts="{}"></div>', json.dumps(script_texts())
    )


@register.filter
def decimals(numbers: list[str]) -> list[str]:
    """Numbers written with a point ("2.5") as the reader writes them ("2,5")."""
    return [decimal(str(number)) for number in numbers]
