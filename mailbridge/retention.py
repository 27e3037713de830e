"""Raw mail is not kept forever: finished messages lose their full text after N days.

AIMP_RAW_MAIL_RETENTION_DAYS (default 90; 0 keeps everything). What goes: the raw
bytes of inbound rows that are finished (done, ignored, failed: never received or
retry, which the processing job still needs), and the text, HTML and attachments of
outbound rows that are sent or undeliverable (never queued/sending/retry, which the
send job needs, nor failed, which an admin may send again). What stays: the rows,
with sender, recipients, subject, Message-ID, kind, status, outcome and events.

Bounded: BATCH rows per UPDATE (each its own short transaction, so SQLite's write
lock is held briefly), at most MAX_BATCHES per kind and run; a backlog left over is
taken by the next daily run. Idempotent: emptied rows are not selected again.
"""

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Case, F, TextField, Value, When
from django.db.models.functions import Concat, Length

from mailbridge.models import InboundMessage, OutboundMessage

logger = logging.getLogger(__name__)
BATCH = 500
MAX_BATCHES = 40
In, Out = InboundMessage.Status, OutboundMessage.Status
FINAL_INBOUND = (In.DONE, In.IGNORED, In.FAILED)
FINAL_OUTBOUND = (Out.SENT, Out.UNDELIVERABLE)
# Replaces a sent body (the field cannot be NULL); the admin shows it where the text was.
OUTBOUND_REMOVED = "[text removed by the retention policy (AIMP_RAW_MAIL_RETENTION_DAYS)]"
NOT_PROCESSED = (
    "not processed: no raw message is stored (removed by the retention policy, or empty)"
)


def _inbound_note(days: int) -> str:
    return f"raw message removed after {days} days (AIMP_RAW_MAIL_RETENTION_DAYS)"


def _with_note(note: str) -> Case:
    """The row's error with `note` added on its own line (the outcome stays readable)."""
    return Case(
        When(error="", then=Value(note)),
        default=Concat(F("error"), Value("\n" + note)),
        output_field=TextField(),
    )


def _in_batches(candidates, empty) -> int:
    """Apply `empty(ids)` to the candidates' ids, BATCH at a time; return rows emptied."""
    emptied = 0
    for _ in range(MAX_BATCHES):
        ids = list(candidates.order_by("id").values_list("id", flat=True)[:BATCH])
        if not ids:
            break
        done = empty(ids)
        emptied += done
        if len(ids) < BATCH or not done:
            break
    return emptied


def mail_retention_apply(*, now: datetime, days: int | None = None) -> dict:
    """Empty the stored full text of finished mail older than `days`; return counts."""
    days = settings.AIMP_RAW_MAIL_RETENTION_DAYS if days is None else days
    if days <= 0:
        return {"inbound": 0, "outbound": 0}
    cutoff = now - timedelta(days=days)
    note = _inbound_note(days)
    # LENGTH reads the stored size, not the bytes (SQLite and PostgreSQL alike).
    inbound = InboundMessage.objects.alias(raw_size=Length("raw")).filter(
        status__in=FINAL_INBOUND, received_at__lt=cutoff, raw_size__gt=0
    )

    def empty_inbound(ids: list[int]) -> int:
        # The status is checked again: an admin may have sent a row back to `retry`.
        return InboundMessage.objects.filter(id__in=ids, status__in=FINAL_INBOUND).update(
            raw=b"", error=_with_note(note)
        )

    outbound = OutboundMessage.objects.filter(
        status__in=FINAL_OUTBOUND, created_at__lt=cutoff
    ).exclude(text=OUTBOUND_REMOVED)

    def empty_outbound(ids: list[int]) -> int:
        return OutboundMessage.objects.filter(id__in=ids, status__in=FINAL_OUTBOUND).update(
            text=OUTBOUND_REMOVED, html="", attachments=[]
        )

    counts = {"inbound": _in_batches(inbound, empty_inbound)}
    counts["outbound"] = _in_batches(outbound, empty_outbound)
    if any(counts.values()):
        logger.info("retention: emptied %(inbound)s inbound, %(outbound)s outbound", counts)
    return counts


def inbound_empty_close(*, inbound_id: int) -> str:
    """Close a processable row the job found without a raw message; return 'failed'.

    Retention only empties finished rows, but an admin's "process again" sends a
    finished row back to `retry`: processing an empty message would overwrite its
    recorded kind and outcome with a meaningless one.
    """
    InboundMessage.objects.filter(id=inbound_id, status__in=(In.RECEIVED, In.RETRY)).update(
        status=In.FAILED, next_attempt_at=None, error=_with_note(NOT_PROCESSED)
    )
    return "failed"
