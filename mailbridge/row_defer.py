"""Writes whose result no one reads, sent to PostgreSQL together in one round trip.

On PostgreSQL the reply job's time is mostly waiting for the server (issue 19): a plain
reply's votes, its participant, its audit event and the received row's outcome are four
statements, four round trips, and none of their results is read. Inside
`writes_deferred()` such a write is kept instead of sent; every kept write goes to the
server, in the order it was made, as one multi-statement string (psycopg's client-side
binding uses the simple query protocol, which runs several statements per message)
either just before the next statement of any kind, so a read always sees them, or when
the block ends. The block sits inside the job's transaction: a write that fails fails
the job as it would have, only at the flush rather than at its call.

With `closing=True` the block is the last thing its transaction does: when it sits
directly in the outermost `atomic()` and that transaction is to be committed, its last
flush carries the COMMIT too, and the atomic's own commit finds the transaction closed
(psycopg sends nothing for a commit when the server says it is idle). A plain reply is
then six round trips instead of seven (issue 19's stretch). A statement or the COMMIT
that fails raises from the flush, inside the atomic, which rolls back as before.

On SQLite nothing is kept: there a statement is a function call, not a round trip.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections

_local = threading.local()


def _pending() -> list[tuple[str, Sequence[Any]]] | None:
    return getattr(_local, "pending", None)


@contextmanager
def writes_deferred(*, using: str = DEFAULT_DB_ALIAS, closing: bool = False) -> Iterator[None]:
    """Keep the block's unread writes and send them together before any other statement."""
    connection = connections[using]
    if connection.vendor != "postgresql" or _pending() is not None or using != DEFAULT_DB_ALIAS:
        yield
        return

    def flush_first(execute, sql, params, many, context):
        _flush(using)
        return execute(sql, params, many, context)

    _local.pending = []
    try:
        with connection.execute_wrapper(flush_first):
            yield
            _flush(using, commit=closing and _commit_is_next(connection))
    finally:
        _local.pending = None


def write_later(sql: str, params: Sequence[Any], *, using: str = DEFAULT_DB_ALIAS) -> bool:
    """Keep one write for the block's next flush; False when no block keeps writes here."""
    pending = _pending()
    if pending is None or using != DEFAULT_DB_ALIAS:
        return False
    pending.append((sql, params))
    return True


def _commit_is_next(connection) -> bool:
    # Only the outermost atomic commits (a nested one is a savepoint, as in tests), and
    # only when nothing inside it asked for a rollback.
    return (
        len(connection.atomic_blocks) == 1
        and not connection.savepoint_ids
        and connection.commit_on_exit
        and not connection.needs_rollback
    )


def _flush(using: str, *, commit: bool = False) -> None:
    pending = _pending()
    if not pending:
        return
    # Emptied first: the flush's own statement passes through the same wrapper.
    _local.pending = []
    from psycopg import ClientCursor

    connection = connections[using]
    connection.ensure_connection()
    binder = ClientCursor(connection.connection)
    script = ";\n".join(
        [*(binder.mogrify(sql, params) for sql, params in pending), *(["COMMIT"] if commit else [])]
    )
    with connection.cursor() as cursor:
        cursor.execute(script)
