"""Rows of several models in one raw statement, converted as the ORM converts them.

The mail job's hottest reads (a meeting with its hub and initiator; its people, options
and votes) are written once per process as SQL: Django compiling them afresh costs more
than the database answering (issue 19). A `Layout` names the models whose columns a row
holds, in order, and turns each row back into model instances through the same
converters `raw()` and the ORM apply (aware datetimes, booleans, JSON, encrypted text).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from django.db import connection
from django.db.models import Field, Model
from django.db.models.sql.compiler import SQLCompiler

from negotiation.models import Meeting


class Layout:
    """The columns of a wide row: a leading tag, each model's fields, then extra fields."""

    def __init__(self, models: Sequence[type[Model]], extra: Sequence[Field] = ()) -> None:
        self.models = tuple(models)
        self.fields = [list(m._meta.concrete_fields) for m in self.models]
        self.extra = list(extra)
        self.names = [[f.attname for f in fields] for fields in self.fields]
        self.spans: list[tuple[int, int]] = []
        start = 1
        for fields in self.fields:
            self.spans.append((start, start + len(fields)))
            start += len(fields)

    def columns(self, alias: str, index: int) -> list[str]:
        """The quoted columns of model `index`, read from the table aliased `alias`."""
        q = connection.ops.quote_name
        return [f"{alias}.{q(f.column)}" for f in self.fields[index]]

    def rows(self, sql: str, params: Sequence) -> Iterable[list]:
        """Run `sql` and yield its rows converted column by column."""
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            fetched = cursor.fetchall()
        return _compiler().apply_converters(fetched, _converters(self, connection.vendor))

    def instance(self, row: list, index: int) -> Model:
        """Model `index` of the row, as the ORM would have built it."""
        start, end = self.spans[index]
        return self.models[index].from_db(connection.alias, self.names[index], row[start:end])

    def extras(self, row: list) -> list:
        """What follows every model's columns: the extra fields, then any computed column."""
        return row[self.spans[-1][1] :]


@functools.cache
def _converters(layout: Layout, vendor: str) -> dict:
    cols: list = [None]
    for model, fields in zip(layout.models, layout.fields, strict=True):
        cols += [f.get_col(model._meta.db_table) for f in fields]
    cols += [f.get_col(f.model._meta.db_table) for f in layout.extra]
    return _compiler().get_converters(cols)


def _compiler() -> SQLCompiler:
    # Any query will do: converters and apply_converters use only the connection.
    return SQLCompiler(Meeting.objects.none().query, connection, connection.alias)
