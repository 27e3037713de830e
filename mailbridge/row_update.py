"""UPDATEs of named columns by primary key, their SQL written once per process.

Issue 19: `QuerySet.update()` and `save(update_fields=...)` compile their statement
afresh on every call, which on the reply job's hot path cost more than the database
took to run it. Here the statement is built once per model, column set and database,
and each value is prepared as the ORM prepares it for an UPDATE (a related instance
becomes its key, then `get_db_prep_save`). Columns named in `plus_one` are counted
up in SQL, as `F(name) + 1` is.

No signal is sent, as with `QuerySet.update()`: a caller that replaces
`save(update_fields=...)` does so only where no save() override and no receiver acts
on an update of those fields.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Field, Model

from mailbridge.row_defer import write_later


@functools.cache
def _statement(
    model: type[Model],
    names: tuple[str, ...],
    plus_one: tuple[str, ...],
    where: tuple[str, ...],
    alias: str,
) -> tuple[str, tuple[Field, ...], tuple[Field, ...]]:
    meta, q = model._meta, connections[alias].ops.quote_name
    fields = tuple(meta.get_field(name) for name in names)
    counted = tuple(meta.get_field(name) for name in plus_one)
    guards = tuple(meta.get_field(name) for name in where)
    sets = [f"{q(f.column)} = %s" for f in fields]
    sets += [f"{q(f.column)} = {q(f.column)} + 1" for f in counted]
    conditions = [f"{q(meta.pk.column)} = %s", *(f"{q(f.column)} = %s" for f in guards)]
    sql = f"UPDATE {q(meta.db_table)} SET {', '.join(sets)} WHERE {' AND '.join(conditions)}"
    return sql, fields, guards


def _bound(
    model: type[Model],
    pk: Any,
    values: Mapping[str, Any],
    plus_one: Sequence[str],
    using: str,
    where: Mapping[str, Any] | None = None,
) -> tuple[str, list[Any]]:
    names, guarded = tuple(values), tuple(where or ())
    sql, fields, guards = _statement(model, names, tuple(plus_one), guarded, using)
    connection = connections[using]
    params = []
    for field, name in zip(fields, names, strict=True):
        value = values[name]
        if isinstance(value, Model):
            value = value.prepare_database_save(field)
        params.append(field.get_db_prep_save(value, connection=connection))
    params.append(model._meta.pk.get_db_prep_value(pk, connection))
    # A condition's value is prepared as a lookup's (exact) would be.
    params += [
        f.get_db_prep_value(where[name], connection)
        for f, name in zip(guards, guarded, strict=True)
    ]
    return sql, params


def row_update(
    model: type[Model],
    pk: Any,
    *,
    values: Mapping[str, Any],
    plus_one: Sequence[str] = (),
    where: Mapping[str, Any] | None = None,
    using: str = DEFAULT_DB_ALIAS,
) -> int:
    """UPDATE one row's named fields (and count up `plus_one`) as update() would; rows hit.

    `where` adds conditions (field = value) beside the key: the row is updated only if
    it still holds them, as `filter(pk=..., **where).update(...)` would.
    """
    return _run(*_bound(model, pk, values, plus_one, using, where), using)


def row_update_later(
    model: type[Model],
    pk: Any,
    *,
    values: Mapping[str, Any],
    plus_one: Sequence[str] = (),
    using: str = DEFAULT_DB_ALIAS,
) -> None:
    """As row_update, for a caller that reads nothing back: kept for one round trip if it can be."""
    sql, params = _bound(model, pk, values, plus_one, using)
    if not write_later(sql, params, using=using):
        _run(sql, params, using)


def _run(sql: str, params: list[Any], using: str) -> int:
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount
