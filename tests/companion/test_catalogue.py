"""The German catalogue is complete: every string a template or a Python
module of the app marks for translation has a German translation that is
not fuzzy, with both plural forms where it has a plural. The strings are
read as ``makemessages`` would (templatize, ast): no GNU gettext needed."""

from __future__ import annotations

import re

import polib

from tests.companion.catalogue import (
    Message,
    app_messages,
    german,
    messages_in_python,
    messages_in_template,
)

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


def missing(messages: list[Message], entries: dict) -> list[str]:
    """Each string without a usable German translation, with where it is."""
    problems = []
    for message in messages:
        entry = entries.get(message.key)
        if entry is None:
            problems.append(f"{message.where}: no German for {message.text!r}")
        elif entry.fuzzy:
            problems.append(f"{message.where}: the German of {message.text!r} is fuzzy")
        elif message.plural and not all(entry.msgstr_plural.get(i) for i in (0, 1)):
            problems.append(f"{message.where}: no German plural for {message.text!r}")
        elif not message.plural and not entry.msgstr:
            problems.append(f"{message.where}: the German of {message.text!r} is empty")
    return problems


def test_the_app_has_strings_to_translate():
    messages = app_messages()

    assert len({m.key for m in messages}) > 300
    assert any(m.where.startswith("templates/") for m in messages)
    assert any(m.where.startswith("companion/") for m in messages)


def test_every_string_of_the_app_has_its_german():
    assert missing(app_messages(), german()) == []


def test_the_german_keeps_every_placeholder():
    wrong = []
    for entry in german().values():
        if not entry.translated():
            continue
        wanted = set(PLACEHOLDER.findall(entry.msgid + entry.msgid_plural))
        texts = [entry.msgstr] if not entry.msgid_plural else entry.msgstr_plural.values()
        for text in texts:
            if set(PLACEHOLDER.findall(text)) - wanted:
                wrong.append((entry.msgid, text))
            if not entry.msgid_plural and set(PLACEHOLDER.findall(text)) != wanted:
                wrong.append((entry.msgid, text))
    assert wrong == []


ONE_WORD = {"Telefon": "Handy", "Klassik": "Klassisch"}
"""Words the German says one way only: the one it does not use, and the one it does."""


def test_the_german_says_a_thing_one_way():
    found = []
    for entry in german().values():
        texts = [entry.msgstr, *entry.msgstr_plural.values()]
        for avoided, used in ONE_WORD.items():
            found += [(avoided, used, text) for text in texts if re.search(rf"\b{avoided}", text)]
    assert found == []


def test_a_template_string_without_german_is_found():
    source = (
        "{% load i18n %}{% translate 'Round' %} {% blocktranslate count n=k trimmed %}"
        "{{ n }} trick{% plural %}{{ n }} tricks{% endblocktranslate %}"
        "{% translate 'Deal' context 'cards' %}"
    )
    messages = messages_in_template(source, "t.html")
    entries = {
        ("", "Round"): polib.POEntry(msgid="Round", msgstr="Runde"),
        ("", "%(n)s trick"): polib.POEntry(
            msgid="%(n)s trick", msgid_plural="%(n)s tricks", msgstr_plural={0: "", 1: ""}
        ),
    }

    assert [m.key for m in messages] == [
        ("", "Round"),
        ("", "%(n)s trick"),
        ("cards", "Deal"),
    ]
    assert missing(messages, entries) == [
        "t.html:1: no German plural for '%(n)s trick'",
        "t.html:1: no German for 'Deal'",
    ]


def test_a_python_string_without_german_or_with_fuzzy_german_is_found():
    source = (
        "from django.utils.translation import gettext as _, ngettext, pgettext_lazy\n"
        "a = _('Undo')\n"
        "b = ngettext('%(n)d card', '%(n)d cards', n)\n"
        "c = pgettext_lazy('bottle', 'Price')\n"
        "d = _(name)  # not a literal: not extracted\n"
    )
    messages = messages_in_python(source, "m.py")
    fuzzy = polib.POEntry(msgid="Undo", msgstr="Rückgängig", flags=["fuzzy"])

    assert [m.key for m in messages] == [("", "Undo"), ("", "%(n)d card"), ("bottle", "Price")]
    assert missing(messages[:1], {("", "Undo"): fuzzy}) == ["m.py:2: the German of 'Undo' is fuzzy"]
