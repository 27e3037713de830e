"""Mailbox polling from a due index: one periodic job, whatever the number of hubs.

Decision: each HubMailbox carries `next_poll_at` (indexed where enabled). The job
claims due mailboxes in batches with ONE UPDATE that moves them to their next poll
and stamps `last_polled_at` (on PostgreSQL over a `FOR UPDATE SKIP LOCKED` subquery,
so two clusters never take the same mailbox; on SQLite, whose writers are serialised,
the UPDATE is the claim), then polls them. A mailbox not due is never read, and an
empty poll writes nothing more than that batch UPDATE. A lost job loses nothing: the
mailbox is due again at its next time.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime

from django.db import connection

from mailbridge.imap import mailbox_poll_claimed
from mailbridge.models import HubMailbox

logger = logging.getLogger(__name__)
BATCH = 100
# One run stops taking batches after this long; the next run (a minute later) goes on.
RUN_SECONDS = 50.0


def _claim_sql(vendor: str) -> str:
    table = connection.ops.quote_name(HubMailbox._meta.db_table)
    if vendor == "postgresql":
        return (
            f"UPDATE {table} SET next_poll_at = %s + GREATEST(poll_minutes, 1) * interval '1 minute', "
            "last_polled_at = %s WHERE id IN ("
            f"SELECT id FROM {table} WHERE enabled AND next_poll_at <= %s "
            "ORDER BY next_poll_at LIMIT %s FOR UPDATE SKIP LOCKED) RETURNING id"
        )
    # Django keeps SQLite datetimes as 'YYYY-MM-DD HH:MM:SS[.ffffff]' text in UTC.
    return (
        # Minutes are added to the whole seconds; the microseconds are carried over as text.
        f"UPDATE {table} SET next_poll_at = "
        "strftime('%%Y-%%m-%%d %%H:%%M:%%S', %s, '+' || MAX(poll_minutes, 1) || ' minutes') "
        "|| substr(%s, 20), last_polled_at = %s WHERE id IN ("
        f"SELECT id FROM {table} WHERE enabled AND next_poll_at <= %s "
        "ORDER BY next_poll_at LIMIT %s) RETURNING id"
    )


def mailboxes_claim(*, now: datetime, limit: int = BATCH) -> list[int]:
    """Move up to `limit` due mailboxes to their next poll time; return their ids."""
    at = connection.ops.adapt_datetimefield_value(now)
    with connection.cursor() as cursor:
        params = [at, at, at, limit] if connection.vendor == "postgresql" else [at] * 4 + [limit]
        cursor.execute(_claim_sql(connection.vendor), params)
        return [row[0] for row in cursor.fetchall()]


def mailboxes_poll_due(*, now: datetime, budget_seconds: float = RUN_SECONDS) -> dict:
    """Claim due mailboxes batch by batch and poll those of active hubs; return counts."""
    started = time.monotonic()
    polled = stored = 0
    while time.monotonic() - started < budget_seconds:
        ids = mailboxes_claim(now=now)
        if not ids:
            break
        # A mailbox of an inactive hub was moved on by the claim and is not contacted.
        # Its hub is read only when mail arrived (inbound_receive needs it).
        for mailbox in HubMailbox.objects.filter(id__in=ids, hub__active=True).order_by():
            stored += mailbox_poll_claimed(mailbox=mailbox)
            polled += 1
        if len(ids) < BATCH:
            break
    return {"polled": polled, "stored": stored}
