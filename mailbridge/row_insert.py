"""INSERTs whose SQL is written once per process: the webhook's two rows, the job's votes.

The webhook stores the post and queues its job, one INSERT each (issue 19). Through
`Model.objects.create()` Django compiles each INSERT afresh, which cost as much as the
floor's whole request. Here the statement is built once per model and database, and
each value is prepared exactly as the ORM prepares it for an INSERT (`pre_save` with
add=True, then `get_db_prep_save`): defaults, auto_now_add and encodings are the
ORM's. Only for models whose save() is Django's and that no one hears saved: a model
that gains either is refused rather than saved without it.
"""

from __future__ import annotations

import functools

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Field, Model
from django.db.models.signals import post_save, pre_save

from mailbridge.row_defer import write_later


@functools.cache
def _statement(model: type[Model], alias: str) -> tuple[str, tuple[Field, ...], bool]:
    connection = connections[alias]
    meta, q = model._meta, connection.ops.quote_name
    fields = tuple(f for f in meta.local_concrete_fields if f is not meta.pk)
    returning = connection.features.can_return_columns_from_insert
    sql = (
        f"INSERT INTO {q(meta.db_table)} ({', '.join(q(f.column) for f in fields)})"
        f" VALUES ({', '.join(['%s'] * len(fields))})"
    )
    if returning:
        sql += f" RETURNING {q(meta.pk.column)}"
    return sql, fields, returning


def _one(obj: Model, using: str) -> tuple[str, list, bool]:
    model = type(obj)
    if (
        model.save is not Model.save
        or pre_save.has_listeners(model)
        or post_save.has_listeners(model)
    ):
        raise TypeError(f"{model.__name__} has a save() or save signals of its own: use create()")
    sql, fields, returning = _statement(model, using)
    connection = connections[using]
    values = [f.get_db_prep_save(f.pre_save(obj, True), connection=connection) for f in fields]
    return sql, values, returning


def row_insert_later(obj: Model, *, using: str = DEFAULT_DB_ALIAS) -> None:
    """As row_insert, for a caller that needs no key back: kept for one round trip if it can be."""
    sql, values, returning = _one(obj, using)
    if not write_later(sql.partition(" RETURNING ")[0], values, using=using):
        _run(obj, sql, values, returning, using)


def row_insert(obj: Model, *, using: str = DEFAULT_DB_ALIAS) -> Model:
    """INSERT a new instance of an auto-keyed model as create() would; set and return it."""
    return _run(obj, *_one(obj, using), using)


def _run(obj: Model, sql: str, values: list, returning: bool, using: str) -> Model:
    with connections[using].cursor() as cursor:
        cursor.execute(sql, values)
        obj.pk = cursor.fetchone()[0] if returning else cursor.lastrowid
    obj._state.adding = False
    obj._state.db = using
    return obj


@functools.cache
def _many(
    model: type[Model], rows: int, unique: tuple[str, ...], update: tuple[str, ...], alias: str
) -> tuple[str, tuple[Field, ...], bool]:
    """The multi-row INSERT: with ON CONFLICT when `unique` is given, else RETURNING keys."""
    connection = connections[alias]
    meta, q = model._meta, connection.ops.quote_name
    fields = tuple(f for f in meta.local_concrete_fields if f is not meta.pk)
    one = f"({', '.join(['%s'] * len(fields))})"
    sql = (
        f"INSERT INTO {q(meta.db_table)} ({', '.join(q(f.column) for f in fields)})"
        f" VALUES {', '.join([one] * rows)}"
    )
    returning = False
    if unique:
        columns = [q(meta.get_field(name).column) for name in unique]
        sets = [f"{q(c)} = EXCLUDED.{q(c)}" for c in (meta.get_field(n).column for n in update)]
        sql += f" ON CONFLICT({', '.join(columns)}) DO UPDATE SET {', '.join(sets)}"
    elif connection.features.can_return_rows_from_bulk_insert:
        sql += f" RETURNING {q(meta.pk.column)}"
        returning = True
    return sql, fields, returning


def _many_run(
    objs: list[Model], unique: tuple[str, ...], update: tuple[str, ...], using: str
) -> list[tuple]:
    """Run the multi-row INSERT of `objs` as bulk_create prepares them; the keys' rows."""
    model = type(objs[0])
    if pre_save.has_listeners(model) or post_save.has_listeners(model):
        raise TypeError(f"{model.__name__} has save signals: use bulk_create()")
    sql, fields, returning = _many(model, len(objs), unique, update, using)
    if not unique and not returning:
        raise NotImplementedError("rows_insert needs INSERT ... RETURNING")
    connection = connections[using]
    values = [
        f.get_db_prep_save(f.pre_save(obj, True), connection=connection)
        for obj in objs
        for f in fields
    ]
    if not returning and write_later(sql, values, using=using):
        return []
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        return cursor.fetchall() if returning else []


def rows_upsert(
    objs: list[Model],
    *,
    unique: tuple[str, ...],
    update: tuple[str, ...],
    using: str = DEFAULT_DB_ALIAS,
) -> None:
    """INSERT new instances, a conflict on `unique` updating `update`, as bulk_create would.

    bulk_create(update_conflicts=True) writes the same one statement (SQLite and
    PostgreSQL); the instances' keys are not read back.
    """
    if objs:
        _many_run(objs, unique, update, using)


def rows_insert(objs: list[Model], *, using: str = DEFAULT_DB_ALIAS) -> list[Model]:
    """INSERT new instances of an auto-keyed model as bulk_create() would; set their keys.

    One statement, written once per model and number of rows. The keys come back in
    the rows' order, as bulk_create relies on (RETURNING on PostgreSQL and SQLite).
    """
    if not objs:
        return objs
    for obj, (key,) in zip(objs, _many_run(objs, (), (), using), strict=True):
        obj.pk = key
        obj._state.adding = False
        obj._state.db = using
    return objs
