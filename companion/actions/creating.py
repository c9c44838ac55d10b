"""Making a game or a group once: the forms that make one (a new game, a new
group, an import) carry an idempotency key, as every change does, and the
API honours an ``Idempotency-Key`` header. The same key sent again with the
same values (a double tap, a request retried after a lost answer) opens what
the first send made, and stores nothing new; the same key with other values
(the form sent again after going back and changing a name) makes something
new. A key is honoured for :data:`REPEAT_WINDOW`.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from companion.forms.stamp import KEY_PATTERN
from companion.models import Creation, Game, Group

REPEAT_WINDOW = timedelta(hours=1)
"""How long a key opens what it made: longer than any retry or double tap,
shorter than a game (the set-up form reached again with the back button
after a game starts the next one)."""


def sent_digest(kind: str, key: str, values: object) -> str:
    """What identifies one send: the form's kind, its key and its values."""
    text = json.dumps([kind, key, values], sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


NOT_VALUES = frozenset({"csrfmiddlewaretoken", "key"})
"""Fields of a form that are not what it asks to make."""


def sent_by_form(kind: str, data: Mapping[str, object], *extra: object) -> str | None:
    """A form's send (:func:`sent_digest`): its key, its fields (but the
    CSRF token) and ``extra`` (an uploaded file's digest); None when the
    form carries no well-formed key (a page from before keys)."""
    key = str(data.get("key") or "")
    if not re.fullmatch(KEY_PATTERN, key):
        return None
    getlist = getattr(data, "getlist", None)
    fields = {
        name: getlist(name) if getlist else data[name] for name in data if name not in NOT_VALUES
    }
    return sent_digest(kind, key, [fields, *extra])


def made_by[Made: (Game, Group)](sent: str, kind: type[Made]) -> Made | None:
    """What the send ``sent`` made within the window, if it still exists."""
    since = timezone.now() - REPEAT_WINDOW
    creation = Creation.objects.filter(sent=sent, created__gte=since).first()
    if creation is None:
        return None
    found = creation.game if kind is Game else creation.group
    return found if isinstance(found, kind) else None


def create_once[Made: (Game, Group)](
    kind: type[Made], sent: str | None, make: Callable[[], Made]
) -> tuple[Made, bool]:
    """``make()``'s game or group, and True; for a send made before (the
    same ``sent``, :func:`sent_digest`), what it made, and False. Without
    a key (``sent`` None) it always makes. Two sends at once make one: the
    second's key is refused by the database and it opens the first's."""
    if sent is None:
        return make(), True
    earlier = made_by(sent, kind)
    if earlier is not None:
        return earlier, False
    try:
        with transaction.atomic():
            since = timezone.now() - REPEAT_WINDOW
            Creation.objects.filter(sent=sent, created__lt=since).delete()
            made = make()
            field = "game" if kind is Game else "group"
            Creation.objects.create(sent=sent, **{field: made})
    except IntegrityError:
        earlier = made_by(sent, kind)
        if earlier is None:
            raise
        return earlier, False
    return made, True
