"""Template tags of the round screen: the markup a loop would otherwise
build node by node (a round's tricks list has a face per card played and a
form per trick, rendered with every card entered)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

_TRICK = 987654321
"""A round or trick number no game has: reversed once, then replaced."""


def trick_urls(context: template.Context, number: int) -> tuple[str, str]:
    """The edit and delete URLs of round ``number``'s tricks, with ``{}``
    for the trick: two reverse() per render, not two per trick."""
    cache = context.render_context
    key = ("imp:trick_urls", number)
    if key not in cache:
        args = [context["token"], number, _TRICK]
        cache[key] = tuple(
            reverse(name, args=args).replace(f"/{_TRICK}/", "/{}/")
            for name in ("imp:edit_trick", "imp:delete_trick")
        )
    return cache[key]


@register.simple_tag(takes_context=True)
def trick_item(context: template.Context, trick: dict[str, Any], number: int) -> SafeString:
    """One trick of round ``number`` as an ``<li>`` of the tricks list: who
    played which card, the engine's ruling, and (edit link only) the links
    to correct or delete it (see companion.present.trick_view)."""
    faces = format_html_join(
        "",
        '<span class="played-by">{} {}</span>',
        ((card["name"], card["face"].html) for card in trick["cards"]),
    )
    ruling = actions = ""
    if trick["complete"]:
        ruling = format_html('\n        <p class="muted">{}</p>', trick["ruling"])
        if context.get("can_edit"):
            edit, delete = (url.format(trick["number"]) for url in trick_urls(context, number))
            actions = format_html(
                '\n        <div class="actions">\n'
                '          <a class="button secondary" href="{}">Correct trick {}</a>\n'
                '          <form method="post" action="{}" hx-post="{}">\n'
                '            <input type="hidden" name="csrfmiddlewaretoken" value="{}">{}\n'
                '            <button type="submit" class="secondary">Delete trick {}</button>\n'
                "          </form>\n"
                "        </div>",
                edit,
                trick["number"],
                delete,
                delete,
                context.get("csrf_token", ""),
                context["stamp"].fields,
                trick["number"],
            )
    return format_html(
        '<li>\n        <p class="faces">{}</p>{}{}\n      </li>', faces, ruling, actions
    )


@register.simple_tag(takes_context=True)
def round_rows(context: template.Context, rounds: list[dict[str, Any]]) -> SafeString:
    """The body rows of the game page's round-by-round table: each round's
    number (a link to its detail) and every player's score.

    One string join instead of a template loop with a reverse() per row and
    a node per cell (a long game has a hundred rows). Only whole numbers are
    put into the markup, and the link is escaped once.
    """
    link = str(conditional_escape(reverse("imp:round_detail", args=[context["token"], _TRICK])))
    before, after = link.split(f"/{_TRICK}/")
    lines = []
    for item in rounds:
        number = int(item["number"])
        cells = "".join(f"<td>{int(score)}</td>" for score in item["scores"])
        lines.append(
            f'<tr>\n          <th scope="row"><a href="{before}/{number}/{after}">{number}</a></th>'
            f"\n          {cells}\n        </tr>"
        )
    return mark_safe("\n        ".join(lines))  # noqa: S308 - escaped link, whole numbers only
