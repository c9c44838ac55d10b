"""Writing a change's rows in plain SQL: the round's entries, the change
kept for undo, the game's version, the key of the request.

Each card a table taps writes four rows. The ORM's ``save()`` and
``create()`` compile their SQL anew on every call, which cost three times
what the database took to run the four statements, while the game was
locked. Here each statement is written once per model and fields, and the
values are prepared by the model's own fields (``get_db_prep_save``), so
they are stored exactly as the ORM stores them, on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db import connection, models


@cache
def _update_sql(model: type[models.Model], names: tuple[str, ...], guarded: bool) -> str:
    meta = model._meta
    quote = connection.ops.quote_name
    columns = ", ".join(f"{quote(meta.get_field(name).column)} = %s" for name in names)
    sql = f"UPDATE {quote(meta.db_table)} SET {columns} WHERE {quote(meta.pk.column)} = %s"
    if guarded:
        sql += f" AND {quote(meta.get_field('version').column)} = %s"
    return sql


@cache
def _insert_sql(model: type[models.Model], names: tuple[str, ...]) -> str:
    meta = model._meta
    quote = connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column) for name in names)
    places = ", ".join(["%s"] * len(names))
    return f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({places})"


def _values(instance: models.Model, names: Sequence[str]) -> list[Any]:
    meta = instance._meta
    prepared = []
    for name in names:
        field = meta.get_field(name)
        assert isinstance(field, models.Field)
        prepared.append(field.get_db_prep_save(getattr(instance, field.attname), connection))
    return prepared


def update(instance: models.Model, names: Sequence[str], *, version: int | None = None) -> int:
    """Store these fields of a saved row; how many rows changed. With
    ``version``, only while the row's ``version`` column still says so."""
    key = tuple(names)
    params = [*_values(instance, key), instance.pk]
    if version is not None:
        params.append(version)
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(type(instance), key, version is not None), params)
        return cursor.rowcount


def insert(instance: models.Model, names: Sequence[str]) -> None:
    """Store a new row of these fields (its id is not read back: nothing
    that calls this uses it)."""
    key = tuple(names)
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(type(instance), key), _values(instance, key))
