"""What the outbox must know before it queues a confirmation's mails, in one statement.

For every recipient: whether the address bounced (and still blocks), the hub's reply
token on the thread with the last message the hub sent there (the new one threads
under it), and whether any of the mails' dedupe keys is already queued. It used to be
one ORM union of three querysets, which Django compiled afresh on every confirmation
at several times the cost of running it (issue 19). The SQL is written here once per
shape (how many recipients, threads and keys) with the tables' own names, and tested
against the ORM's reading (mailbridge/tests/test_outbox_known.py).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime

from django.db import DEFAULT_DB_ALIAS, connections

from mailbridge.models import OutboundMessage, ReplyToken, UndeliverableAddress

BLOCKED, QUEUED, TOKEN = 0, 1, 2


def _marks(n: int) -> str:
    return ", ".join(["%s"] * n)


@functools.lru_cache(maxsize=256)
def _statement(recipients: int, threads: int, keys: int, alias: str) -> str:
    q = connections[alias].ops.quote_name
    bounced, sent, tokens = (
        q(m._meta.db_table) for m in (UndeliverableAddress, OutboundMessage, ReplyToken)
    )
    parts = []
    if recipients:
        parts.append(
            f"SELECT {BLOCKED} AS k, u.{q('address')} AS v, NULL AS t, NULL AS tok,"
            f" NULL AS pid, NULL AS prefs FROM {bounced} u"
            f" WHERE u.{q('hub_id')} = %s AND u.{q('address')} IN ({_marks(recipients)})"
            f" AND (u.{q('until')} IS NULL OR u.{q('until')} > %s)"
        )
    if keys:
        parts.append(
            f"SELECT {QUEUED}, o.{q('dedupe_key')}, NULL, NULL, NULL, NULL FROM {sent} o"
            f" WHERE o.{q('hub_id')} = %s AND o.{q('dedupe_key')} IN ({_marks(keys)})"
        )
    if threads and recipients:
        last = (
            f"FROM {sent} o WHERE o.{q('hub_id')} = r.{q('hub_id')}"
            f" AND o.{q('thread_key')} = r.{q('thread_key')}"
            f" AND o.{q('to_email')} = r.{q('recipient')} ORDER BY o.{q('id')} DESC LIMIT 1"
        )
        parts.append(
            f"SELECT {TOKEN}, r.{q('recipient')}, r.{q('thread_key')}, r.{q('token')},"
            f" (SELECT o.{q('message_id')} {last}), (SELECT o.{q('references')} {last})"
            f" FROM {tokens} r WHERE r.{q('hub_id')} = %s"
            f" AND r.{q('thread_key')} IN ({_marks(threads)})"
            f" AND r.{q('recipient')} IN ({_marks(recipients)})"
        )
    return " UNION ALL ".join(parts)


def outbox_known_read(
    *,
    hub_id: int,
    recipients: Sequence[str],
    threads: Sequence[str],
    keys: Sequence[str],
    now: datetime,
    using: str = DEFAULT_DB_ALIAS,
) -> list[tuple]:
    """Rows (kind, value, thread, token, previous Message-ID, previous References)."""
    recipients, threads, keys = list(recipients), list(threads), list(keys)
    sql = _statement(len(recipients), len(threads), len(keys), using)
    if not sql:
        return []
    connection = connections[using]
    until = UndeliverableAddress._meta.get_field("until").get_db_prep_value(now, connection)
    params: list = []
    if recipients:
        params += [hub_id, *recipients, until]
    if keys:
        params += [hub_id, *keys]
    if threads and recipients:
        params += [hub_id, *threads, *recipients]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()
