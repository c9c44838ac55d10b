"""The app's translatable strings, read without GNU gettext: templates
through Django's ``templatize`` (what ``makemessages`` hands to xgettext:
each ``{% translate %}`` and ``{% blocktranslate %}`` becomes a gettext call),
Python through the ``ast`` module (calls of gettext, ``_``, ngettext,
pgettext and their lazy forms with literal strings). Each string is a
``Message``: its context, its text and, for plurals, its plural text.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace
from pathlib import Path

import polib
from django.utils.translation.template import templatize

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
APP = ROOT / "companion"
CATALOGUES = (
    ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po",
    APP / "locale" / "de" / "LC_MESSAGES" / "django.po",
)

SINGULAR = {"gettext", "gettext_lazy", "_", "gettext_noop"}
PLURAL = {"ngettext", "ngettext_lazy", "ngettext_pair"}
"""ngettext_pair: both forms of a count for a script (companion.templatetags.imp)."""
CONTEXT = {"pgettext", "pgettext_lazy"}
CONTEXT_PLURAL = {"npgettext", "npgettext_lazy"}
FUNCTIONS = SINGULAR | PLURAL | CONTEXT | CONTEXT_PLURAL


@dataclass(frozen=True)
class Message:
    """One translatable string and where it was found."""

    text: str
    plural: str = ""
    context: str = ""
    where: str = ""

    @property
    def key(self) -> tuple[str, str]:
        return (self.context, self.text)


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _strings(args: list[ast.expr]) -> list[str] | None:
    values = []
    for arg in args:
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            return None
        values.append(arg.value)
    return values


def messages_in_python(source: str, where: str) -> list[Message]:
    """The literal strings a Python module passes to gettext and friends."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        if name not in FUNCTIONS:
            continue
        wanted = {**dict.fromkeys(SINGULAR, 1), **dict.fromkeys(PLURAL, 2)}
        wanted |= {**dict.fromkeys(CONTEXT, 2), **dict.fromkeys(CONTEXT_PLURAL, 3)}
        values = _strings(node.args[: wanted[name]])
        if values is None or len(values) < wanted[name]:
            continue
        line = f"{where}:{node.lineno}"
        if name in SINGULAR:
            found.append(Message(values[0], where=line))
        elif name in PLURAL:
            found.append(Message(values[0], values[1], where=line))
        elif name in CONTEXT:
            found.append(Message(values[1], context=values[0], where=line))
        else:
            found.append(Message(values[1], values[2], values[0], where=line))
    return found


_CALL = re.compile(r"\b(?:gettext|ngettext|pgettext|npgettext|_)\(")


def messages_in_template(source: str, where: str) -> list[Message]:
    """The strings of ``{% translate %}``, ``{% blocktranslate %}`` and
    ``_("…")`` in a template, as ``makemessages`` would extract them."""
    code = templatize(source)
    found = []
    for match in _CALL.finditer(code):
        end = match.end()
        while True:
            end = code.index(")", end) + 1
            try:
                call = ast.parse(code[match.start() : end], mode="eval").body
                break
            except SyntaxError:
                continue
        line = code.count("\n", 0, match.start()) + 1
        for message in messages_in_python(ast.unparse(call), where):
            found.append(replace(message, where=f"{where}:{line}"))
    return found


def app_messages() -> list[Message]:
    """Every translatable string of the app: templates and Python modules."""
    found = []
    for path in sorted(TEMPLATES.rglob("*")):
        if path.is_file() and path.suffix in {".html", ".js", ".txt", ".svg"}:
            found.extend(messages_in_template(path.read_text(), str(path.relative_to(ROOT))))
    for path in sorted(APP.rglob("*.py")):
        if "migrations" not in path.parts:
            found.extend(messages_in_python(path.read_text(), str(path.relative_to(ROOT))))
    return found


def german() -> dict[tuple[str, str], polib.POEntry]:
    """The German catalogues' entries (the app's and the engine's), by context and text."""
    entries: dict[tuple[str, str], polib.POEntry] = {}
    for path in CATALOGUES:
        if path.exists():
            for entry in polib.pofile(str(path)):
                if not entry.obsolete:
                    entries[(entry.msgctxt or "", entry.msgid)] = entry
    return entries
