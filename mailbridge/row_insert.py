"""One-row INSERTs whose SQL is written once per process: the webhook's two rows.

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


def row_insert(obj: Model, *, using: str = DEFAULT_DB_ALIAS) -> Model:
    """INSERT a new instance of an auto-keyed model as create() would; set and return it."""
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
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        obj.pk = cursor.fetchone()[0] if returning else cursor.lastrowid
    obj._state.adding = False
    obj._state.db = using
    return obj
