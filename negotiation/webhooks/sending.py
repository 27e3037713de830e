"""The send job and the sweep: claim a due delivery, post it once, record what happened.

As in mailbridge/sending.py, the state change pending/retry -> sending is the lock:
one conditional UPDATE, committed at once, so of two workers (or a job delivered twice)
exactly one posts a row. The post runs outside any transaction; its outcome is
written only if the row is still ours. A worker killed mid-post leaves the row in
`sending`; after AIMP_SENDING_STALE_SECONDS the sweep hands it back and it is posted
again under the same webhook-id (receivers deduplicate by it): at least once.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from hubs.encryption import SecretUnreadableError, require_secret
from mailbridge.jobs import job_enqueue
from negotiation.models import WebhookDelivery
from negotiation.webhooks.outbox import SEND_GROUP, SEND_TASK
from negotiation.webhooks.payload import payload_body
from negotiation.webhooks.retry import next_attempt
from negotiation.webhooks.signing import signed_headers
from negotiation.webhooks.transport import DeliveryError, webhook_post

logger = logging.getLogger(__name__)
State = WebhookDelivery.State
# A row the after-commit job should have taken by now (the job was lost).
LOST_JOB_AFTER = timedelta(minutes=2)
BATCH = 1000
SEND_JOB_ROWS = 25


def _timeout() -> float:
    return float(getattr(settings, "AIMP_WEBHOOK_TIMEOUT_SECONDS", 10))


def _stale_after() -> timedelta:
    return timedelta(seconds=getattr(settings, "AIMP_SENDING_STALE_SECONDS", 900))


def _claim(delivery_id: int, now: datetime) -> WebhookDelivery | None:
    # Only the row's own columns in the WHERE: PostgreSQL re-checks those after waiting
    # for a racing worker's UPDATE, but not a join's subquery, which would let both win.
    claimed = WebhookDelivery.objects.filter(
        id=delivery_id, state__in=(State.PENDING, State.RETRY), next_attempt_at__lte=now
    ).update(state=State.SENDING, claimed_at=now, attempts=F("attempts") + 1)
    if not claimed:
        return None
    return WebhookDelivery.objects.select_related("subscription").get(id=delivery_id)


def _post(row: WebhookDelivery, now: datetime):
    secret = require_secret(row.subscription.secret, "webhook signing secret")
    body = payload_body(row.payload)
    headers = signed_headers(secret=secret, event_id=row.event_id, at=now, body=body)
    return webhook_post(
        url=row.subscription.url, body=body.encode(), headers=headers, timeout=_timeout()
    )


def webhook_delivery_send(*, delivery_id: int, now: datetime | None = None) -> str:
    """Post one due delivery once; return 'delivered', 'retry', 'failed' or 'skipped'."""
    now = now or timezone.now()
    row = _claim(delivery_id, now)
    if row is None:
        return "skipped"
    mine = WebhookDelivery.objects.filter(id=row.id, state=State.SENDING, claimed_at=now)
    if not row.subscription.active:
        # Turned off after this row was written (the service ends the others itself).
        mine.update(state=State.FAILED, next_attempt_at=None, last_error="subscription off")
        return "failed"
    try:
        answer = _post(row, now)
    except (DeliveryError, SecretUnreadableError) as exc:
        status, excerpt, error = None, "", str(exc)[:500]
    else:
        if answer.ok:
            mine.update(
                state=State.DELIVERED,
                delivered_at=now,
                last_status_code=answer.status,
                response_excerpt=answer.excerpt,
                last_error="",
                next_attempt_at=None,
            )
            return "delivered"
        status, excerpt = answer.status, answer.excerpt
        error = f"HTTP {answer.status}" + (
            " (redirects are not followed)" if 300 <= answer.status < 400 else ""
        )
    retry_at = next_attempt(attempts=row.attempts, now=now, retry_until=row.retry_until)
    mine.update(
        state=State.RETRY if retry_at else State.FAILED,
        next_attempt_at=retry_at,
        last_status_code=status,
        response_excerpt=excerpt,
        last_error=error,
    )
    if retry_at is None:
        logger.warning("webhook %s failed for good after %s attempts", row.event_id, row.attempts)
        return "failed"
    return "retry"


def webhook_deliveries_send(*, delivery_ids: list[int], now: datetime | None = None) -> list[str]:
    """Post several deliveries one by one; one failing does not hold the others."""
    outcomes = []
    for delivery_id in delivery_ids:
        try:
            outcomes.append(webhook_delivery_send(delivery_id=delivery_id, now=now))
        except Exception:
            # The row stays claimed or due: the sweep hands it back.
            logger.exception("sending webhook delivery %s failed", delivery_id)
            outcomes.append("error")
    return outcomes


def webhooks_sweep(*, now: datetime) -> dict:
    """Re-enqueue due retries, rows whose job was lost and interrupted sends; return counts."""
    stale = list(
        WebhookDelivery.objects.filter(
            state=State.SENDING, claimed_at__lte=now - _stale_after()
        ).values_list("id", "claimed_at")[:BATCH]
    )
    revived = 0
    for delivery_id, claimed_at in stale:
        # Conditional on the claim we saw: of two sweeps only one revives the row.
        revived += WebhookDelivery.objects.filter(
            id=delivery_id, state=State.SENDING, claimed_at=claimed_at
        ).update(state=State.RETRY, next_attempt_at=now, last_error="send interrupted; again")
    due = list(
        WebhookDelivery.objects.filter(
            Q(state=State.PENDING, next_attempt_at__lte=now - LOST_JOB_AFTER)
            | Q(state=State.RETRY, next_attempt_at__lte=now),
            subscription__active=True,
        )
        .order_by("id")
        .values_list("id", flat=True)[:BATCH]
    )
    for start in range(0, len(due), SEND_JOB_ROWS):
        chunk = due[start : start + SEND_JOB_ROWS]
        try:
            job_enqueue(SEND_TASK, chunk, group=SEND_GROUP)
        except Exception:
            logger.exception("could not enqueue webhook deliveries %s", chunk)
    return {"due": len(due), "revived": revived}
