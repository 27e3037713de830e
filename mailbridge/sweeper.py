"""The periodic sweeper: nothing stays unprocessed or unsent because a job was lost.

Lost jobs happen: the Redis broker has no receipts, a worker can be killed, and
enqueueing after commit can fail. All state lives in the rows, so the sweeper
finds what is overdue and enqueues it again; the jobs' own claims make a double
enqueue harmless.

At-least-once edge, accepted and documented: a worker killed after the mail
server accepted a message but before the row was marked `sent` leaves it in
`sending`; after AIMP_SENDING_STALE_SECONDS the sweeper sends it again with the
same Message-ID (receiving clients collapse duplicates by Message-ID). The normal
path (job retries, two workers) never sends twice: only the status transition
queued/retry -> sending lets a send start.
"""

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q

from mailbridge.inbound import enqueue_process
from mailbridge.jobs import job_enqueue
from mailbridge.models import InboundMessage, OutboundMessage

logger = logging.getLogger(__name__)
LOST_JOB_AFTER = timedelta(minutes=2)
# Rows of each kind handed back per sweep: after a crash hundreds are overdue at once,
# and one sweep a minute must not leave them waiting for several more.
BATCH = 1000
# Overdue mail goes back in jobs of this many rows (a job costs more than a mail; after
# a crash hundreds can be overdue at once). Each row is still claimed on its own.
SEND_JOB_ROWS = 25


def _stale_sending_after() -> timedelta:
    return timedelta(seconds=getattr(settings, "AIMP_SENDING_STALE_SECONDS", 900))


def _due(queryset, *filters: Q, columns: tuple[str, ...] = ("id",)) -> list:
    """Rows matching any of `filters`, each read by its own status index, oldest id first."""
    # One query per status, unordered in SQL: an OR of statuses, or ORDER BY id LIMIT,
    # makes SQLite walk the whole table in id order instead of the status index, so a
    # sweep would cost as much as the table is big rather than what is overdue.
    rows = set()
    for condition in filters:
        rows.update(queryset.filter(condition).order_by().values_list(*columns)[:BATCH])
    return sorted(rows)[:BATCH]


def mailbridge_sweep(*, now: datetime) -> dict:
    """Re-enqueue overdue inbound and outbound rows; return how many of each."""
    In, Out = InboundMessage.Status, OutboundMessage.Status
    # Rows without a hub are never processed, but for ESP posts not yet read; filtered
    # here, since in SQL the planner would take "hub_id IS NOT NULL" for a reason to
    # walk the hub index.
    inbound_ids = [
        inbound_id
        for inbound_id, hub_id, status in _due(
            InboundMessage.objects.all(),
            Q(status=In.RECEIVED, received_at__lte=now - LOST_JOB_AFTER),
            Q(status=In.POSTED, received_at__lte=now - LOST_JOB_AFTER, next_attempt_at=None),
            Q(status=In.POSTED, next_attempt_at__lte=now),
            Q(status=In.RETRY, next_attempt_at__lte=now),
            Q(status=In.RETRY, next_attempt_at__isnull=True),
            columns=("id", "hub_id", "status"),
        )
        if hub_id is not None or status == In.POSTED
    ]
    stale = _due(
        OutboundMessage.objects.all(),
        Q(status=Out.SENDING, claimed_at__lte=now - _stale_sending_after()),
        columns=("id", "claimed_at"),
    )
    revived = 0
    for outbound_id, claimed_at in stale:
        # Conditional on the claim we saw: of two sweepers only one revives the row.
        revived += OutboundMessage.objects.filter(
            id=outbound_id, status=Out.SENDING, claimed_at=claimed_at
        ).update(status=Out.RETRY, next_attempt_at=None, error="send interrupted; re-sending")
    outbound_ids = [
        row[0]
        for row in _due(
            OutboundMessage.objects.all(),
            Q(status=Out.QUEUED, created_at__lte=now - LOST_JOB_AFTER),
            Q(status=Out.RETRY, next_attempt_at__lte=now),
            Q(status=Out.RETRY, next_attempt_at__isnull=True),
        )
    ]
    for inbound_id in inbound_ids:
        enqueue_process(inbound_id)
    for start in range(0, len(outbound_ids), SEND_JOB_ROWS):
        _enqueue_sends(outbound_ids[start : start + SEND_JOB_ROWS])
    return {"inbound": len(inbound_ids), "outbound": len(outbound_ids), "revived": revived}


def _enqueue_sends(outbound_ids: list[int]) -> None:
    try:
        job_enqueue("mailbridge.tasks.send_outbound_many", outbound_ids, group="mailbridge-send")
    except Exception:
        # The rows stay overdue: the next sweep tries again.
        logger.exception("could not enqueue outbound %s", outbound_ids)
