"""Rows of several models in one raw statement, converted as the ORM converts them.

The mail job's hottest reads (a meeting with its hub and initiator; its people, options
and votes) are written once per process as SQL: Django compiling them afresh costs more
than the database answering (issue 19). A `Layout` names the models whose columns a row
holds, in order, and turns each row back into model instances through the same
converters `raw()` and the ORM apply (aware datetimes, booleans, JSON, encrypted text).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence

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

    def rows(
        self, sql: str, params: Sequence, *, parts: Mapping[int, tuple[int, ...]] | None = None
    ) -> Iterable[list]:
        """Run `sql` and yield its rows converted column by column.

        `parts` maps a row's tag (its first column) to the models whose columns it fills
        (`len(models)` for the extra fields): only those are converted. A UNION's row
        is NULL elsewhere, and converting every column of every row of a wide meeting
        (SQLite parses each datetime in Python) was most of its reading.
        """
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            fetched = cursor.fetchall()
        vendor, compiler = connection.vendor, _compiler()
        if parts is None:
            return compiler.apply_converters(fetched, _converters(self, vendor))
        by_tag = {tag: _part_converters(self, vendor, models) for tag, models in parts.items()}
        return (next(compiler.apply_converters((row,), by_tag[row[0]])) for row in fetched)

    def instance(self, row: list, index: int) -> Model:
        """Model `index` of the row, as the ORM would have built it."""
        start, end = self.spans[index]
        return self.models[index].from_db(connection.alias, self.names[index], row[start:end])

    def extras(self, row: list) -> list:
        """What follows every model's columns: the extra fields, then any computed column."""
        return row[self.spans[-1][1] :]


@functools.cache
def _part_converters(layout: Layout, vendor: str, models: tuple[int, ...]) -> dict:
    # Model index len(models) is what follows the models: the extra fields and beyond.
    spans = [
        layout.spans[m] if m < len(layout.models) else (layout.spans[-1][1], float("inf"))
        for m in models
    ]
    return {
        pos: converter
        for pos, converter in _converters(layout, vendor).items()
        if any(start <= pos < end for start, end in spans)
    }


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
