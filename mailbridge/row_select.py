"""SELECTs of whole rows whose SQL is written once per process: the job's look-ups.

Issue 19: a `filter(...).first()` compiles its statement afresh on every call, which
on the reply job's hot path costs several times what the database takes to answer.
Here the caller writes the WHERE clause against the table aliased `t` (and `r` for
the one related row read with it, as select_related does), the statement is built
once per model, clause and database, and each value read goes through the converters
the ORM's compiler applies (a datetime stored as text on SQLite, JSON), so the
instance is the one `.first()` returns.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model

M = TypeVar("M", bound=Model)


@functools.cache
def _reader(model: type[Model], alias: str) -> tuple[list[str], tuple, tuple]:
    connection = connections[alias]
    fields = model._meta.concrete_fields
    columns = tuple(f.get_col(model._meta.db_table) for f in fields)
    converters = tuple(
        tuple(connection.ops.get_db_converters(col) + f.get_db_converters(connection))
        for f, col in zip(fields, columns, strict=True)
    )
    return [f.attname for f in fields], converters, columns


@functools.lru_cache(maxsize=256)
def _statement(model: type[Model], where: str, alias: str, lock: bool, related: str | None) -> str:
    connection = connections[alias]
    meta, q = model._meta, connection.ops.quote_name
    selected = [f"t.{q(f.column)}" for f in meta.concrete_fields]
    joined = ""
    if related:
        link = meta.get_field(related)
        other = link.related_model._meta
        selected += [f"r.{q(f.column)}" for f in other.concrete_fields]
        joined = (
            f" LEFT OUTER JOIN {q(other.db_table)} r"
            f" ON r.{q(link.target_field.column)} = t.{q(link.column)}"
        )
    sql = (
        f"SELECT {', '.join(selected)} FROM {q(meta.db_table)} t{joined}"
        f" WHERE {where} ORDER BY t.{q(meta.pk.column)} LIMIT 1"
    )
    features = connection.features
    if lock and features.has_select_for_update:
        sql += " FOR UPDATE"
        if related and features.has_select_for_update_of:
            sql += " OF t"  # the related row is read, not locked (of=("self",))
        if features.has_select_for_update_skip_locked:
            sql += " SKIP LOCKED"
    return sql


def _instance(model: type[M], values: Sequence[Any], alias: str) -> M:
    names, converters, columns = _reader(model, alias)
    connection = connections[alias]
    out = []
    for value, funcs, col in zip(values, converters, columns, strict=True):
        for func in funcs:
            value = func(value, col, connection)
        out.append(value)
    return model.from_db(alias, names, out)


def row_first(
    model: type[M],
    *,
    where: str,
    params: Sequence[Any],
    lock: bool = False,
    related: str | None = None,
    using: str = DEFAULT_DB_ALIAS,
) -> M | None:
    """The first row (by primary key) where `where` holds, as `.order_by("pk").first()`.

    `lock` is select_for_update(skip_locked=True, of=("self",)); `related` names a
    foreign key whose row is read in the same statement, as select_related() does.
    """
    sql = _statement(model, where, using, lock, related)
    connection = connections[using]
    with connection.cursor() as cursor:
        cursor.execute(sql, list(params))
        row = cursor.fetchone()
    if row is None:
        return None
    width = len(model._meta.concrete_fields)
    obj = _instance(model, row[:width], using)
    if related:
        link = model._meta.get_field(related)
        rest = row[width:]
        target = None
        if rest[link.related_model._meta.concrete_fields.index(link.target_field)] is not None:
            target = _instance(link.related_model, rest, using)
        link.set_cached_value(obj, target)
    return obj
