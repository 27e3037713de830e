"""Trying mail again on an admin's word: process a stored message again, send a failed one again.

Both only hand rows back to the same jobs as the first try, so the usual guarantees hold:
a message is processed again only when it failed or was ignored (a handled one never, so
nothing happens twice), and a failed outbound row is re-sent under its own Message-ID.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.db import transaction

from mailbridge.jobs import job_enqueue_with_commit
from mailbridge.models import InboundMessage, OutboundMessage

AGAIN_INBOUND = (InboundMessage.Status.FAILED, InboundMessage.Status.IGNORED)


def inbound_process_again(*, ids: Iterable[int], now: datetime) -> int:
    """Queue failed or ignored messages among `ids` for processing again; return how many."""
    with transaction.atomic():
        rows = InboundMessage.objects.select_for_update().filter(
            id__in=list(ids), status__in=AGAIN_INBOUND
        )
        # A mail goes back to retry; an ESP post that was never read (its signing key
        # was missing, anymail could not read it) goes back to be read again.
        mails, posts = [], []
        for row_id, hub_id, posted_type in rows.values_list("id", "hub_id", "posted_type"):
            if hub_id is not None:
                mails.append(row_id)
            elif posted_type:
                posts.append(row_id)
        InboundMessage.objects.filter(id__in=mails).update(
            status=InboundMessage.Status.RETRY, next_attempt_at=now
        )
        InboundMessage.objects.filter(id__in=posts).update(
            status=InboundMessage.Status.POSTED, next_attempt_at=None
        )
        chosen = sorted(mails + posts)
        for inbound_id in chosen:
            job_enqueue_with_commit(
                "mailbridge.tasks.process_inbound", inbound_id, group="mailbridge-inbound"
            )
    return len(chosen)


def outbound_send_again(*, ids: Iterable[int]) -> int:
    """Queue failed outbound messages among `ids` to be sent again; return how many."""
    with transaction.atomic():
        rows = OutboundMessage.objects.select_for_update().filter(
            id__in=list(ids), status=OutboundMessage.Status.FAILED
        )
        chosen = list(rows.values_list("id", flat=True))
        OutboundMessage.objects.filter(id__in=chosen).update(
            status=OutboundMessage.Status.RETRY, next_attempt_at=None
        )
        for outbound_id in chosen:
            job_enqueue_with_commit(
                "mailbridge.tasks.send_outbound", outbound_id, group="mailbridge-send"
            )
    return len(chosen)
