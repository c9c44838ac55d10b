"""Reading and writing the rows of a change in plain SQL: the game, the
round being played; the round's entries, the change kept for undo, the
game's version, the key of the request.

Each card a table taps reads two rows and writes four. The ORM's ``save()`` and
``create()`` compile their SQL anew on every call, which cost three times
what the database took to run the four statements, while the game was
locked. Here each statement is written once per model and fields, and the
values are prepared by the model's own fields (``get_db_prep_save``), so
they are stored exactly as the ORM stores them, on SQLite and PostgreSQL.
A statement can be prepared first (:func:`updating`, :func:`inserting`) and
run later (:func:`run`): the lock is then held only while the database
works.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True)
class _Reading:
    """How a query's columns become a model instance: the model's fields among
    them (names and positions, for ``from_db``), each column's converters
    (the backend's and the field's, as the ORM applies them), and the other
    columns, set as attributes."""

    names: tuple[str, ...]
    positions: tuple[int, ...]
    converters: tuple[tuple[int, tuple[Callable[..., Any], ...], Any], ...]
    extras: tuple[tuple[str, int], ...]


@cache
def _reading(model: type[models.Model], columns: tuple[str, ...], vendor: str) -> _Reading:
    at = {column: position for position, column in enumerate(columns)}
    names, positions, converters = [], [], []
    for field in model._meta.concrete_fields:  # in the model's order, as from_db wants
        position = at.pop(field.column, None)
        if position is None:
            continue
        names.append(field.attname)
        positions.append(position)
        col = field.get_col(model._meta.db_table)
        found = (*connection.ops.get_db_converters(col), *field.get_db_converters(connection))
        if found:
            converters.append((position, tuple(found), col))
    extras = tuple(at.items())  # the columns that are not the model's fields
    return _Reading(tuple(names), tuple(positions), tuple(converters), extras)


def select[M: models.Model](model: type[M], sql: str, params: Sequence[Any]) -> list[M]:
    """The rows a query of ``model``'s table finds, as instances: its columns
    that are the model's fields, converted as the ORM converts them, and
    any other column (a subquery's ``AS name``) as an attribute."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        columns = tuple(column[0] for column in cursor.description)
        found = cursor.fetchall()
    reading = _reading(model, columns, connection.vendor)
    made = []
    for row in found:
        values = list(row)
        for position, converters, col in reading.converters:
            for convert in converters:
                values[position] = convert(values[position], col, connection)
        fields = [values[position] for position in reading.positions]
        instance = model.from_db(connection.alias, reading.names, fields)
        for name, position in reading.extras:
            setattr(instance, name, values[position])
        made.append(instance)
    return made


def _values(instance: models.Model, names: Sequence[str]) -> list[Any]:
    meta = instance._meta
    prepared = []
    for name in names:
        field = meta.get_field(name)
        assert isinstance(field, models.Field)
        prepared.append(field.get_db_prep_save(getattr(instance, field.attname), connection))
    return prepared


Write = tuple[str, list[Any]]
"""One statement and its values, ready to run (:func:`run`)."""


def updating(instance: models.Model, names: Sequence[str], *, version: int | None = None) -> Write:
    """The statement that stores these fields of a saved row. With
    ``version``, it changes the row only while its ``version`` column still
    says so."""
    key = tuple(names)
    params = [*_values(instance, key), instance.pk]
    if version is not None:
        params.append(version)
    return _update_sql(type(instance), key, version is not None), params


def inserting(instance: models.Model, names: Sequence[str]) -> Write:
    """The statement that stores a new row of these fields (its id is not
    read back: nothing that calls this uses it)."""
    key = tuple(names)
    return _insert_sql(type(instance), key), _values(instance, key)


def run(write: Write) -> int:
    """Run a prepared statement; how many rows it changed."""
    with connection.cursor() as cursor:
        cursor.execute(*write)
        return cursor.rowcount


def update(instance: models.Model, names: Sequence[str], *, version: int | None = None) -> int:
    """Store these fields of a saved row now (:func:`updating`); how many
    rows changed."""
    return run(updating(instance, names, version=version))


def insert(instance: models.Model, names: Sequence[str]) -> None:
    """Store a new row of these fields now (:func:`inserting`)."""
    run(inserting(instance, names))
