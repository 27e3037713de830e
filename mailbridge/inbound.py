"""Store first: every door (webhook, IMAP, SMTP) ends here before any processing."""

import hashlib
import logging
from collections.abc import Sequence

from django.conf import settings
from django.db import IntegrityError, transaction

from hubs.models import Hub
from mailbridge import routing
from mailbridge.jobs import job_enqueue, job_enqueue_with_commit
from mailbridge.models import InboundMessage
from mailbridge.reading import fingerprint

logger = logging.getLogger(__name__)


def inbound_receive(
    *,
    raw: bytes,
    source: str,
    envelope_from: str | None = None,
    envelope_to: Sequence[str] = (),
    hub=None,
) -> InboundMessage | None:
    """Store one received message (deduplicated) and schedule its processing on commit.

    Returns the stored row (the existing one for a duplicate), or None when no hub
    owns any recipient: such mail is still kept, hub NULL and status ignored.
    """
    fp, envelope, owners = inbound_owners(raw, envelope_to, known=hub)
    if hub is not None:
        return _store(raw, source, envelope_from, envelope, fp, hub)
    # One copy per hub it was addressed to: two hubs of one deployment in one session
    # (an agent writes to every participant at once) each get the mail, as they would
    # from two servers. The first hub's row answers the door.
    rows = [_store(raw, source, envelope_from, envelope, fp, owner) for owner in owners]
    if not rows:
        _store(raw, source, envelope_from, envelope, fp, None)
    return rows[0] if rows else None


def inbound_owners(raw: bytes, envelope_to: Sequence[str], *, known=None) -> tuple:
    """Return (fingerprint, envelope recipients, hubs addressed) of one received message."""
    fp = fingerprint(
        raw, max_subject=settings.AIMP_MAX_SUBJECT_CHARS, max_bytes=settings.AIMP_MAX_MESSAGE_BYTES
    )
    envelope = [str(a).strip().strip("<>").lower()[:320] for a in envelope_to if a][:50]
    if known is not None:
        return fp, envelope, [known]
    return (
        fp,
        envelope,
        Hub.objects.all_for_addresses(routing.hub_candidates(envelope, fp.recipients)),
    )


def _store(raw, source, envelope_from, envelope, fp, hub) -> InboundMessage | None:
    max_bytes = settings.AIMP_MAX_MESSAGE_BYTES
    status = InboundMessage.Status.RECEIVED
    error = ""
    if hub is None:
        status, error = InboundMessage.Status.IGNORED, "no hub owns any recipient"
    elif len(raw) > max_bytes:
        status, error = InboundMessage.Status.IGNORED, f"larger than {max_bytes} bytes"
    key = {
        "hub": hub,
        "sender": fp.sender,
        "message_id": fp.message_id,
        "body_hash": fp.body_hash,
    }
    try:
        with transaction.atomic():
            row = InboundMessage.objects.create(
                **key,
                source=source[:40],
                envelope_from=(envelope_from or "")[:320],
                envelope_to=envelope,
                raw=raw,
                subject=fp.subject[:500],
                status=status,
                error=error,
            )
            if status == InboundMessage.Status.RECEIVED:
                job_enqueue_with_commit(
                    "mailbridge.tasks.process_inbound", row.id, group="mailbridge-inbound"
                )
    except IntegrityError:
        row = InboundMessage.objects.get(**key)
        logger.info("duplicate of inbound %s from %s ignored", row.id, source)
        return row if hub is not None else None
    return row if hub is not None else None


def inbound_keep_rejected(*, raw: bytes, source: str, error: str) -> InboundMessage:
    """Keep a body a door could not read, for the operator: hub NULL, failed, never processed.

    Keyed by the body's hash, so an ESP retrying the same body adds no row.
    """
    digest = hashlib.sha256(raw).hexdigest()
    key = {"hub": None, "sender": "", "message_id": f"<{digest}@rejected>", "body_hash": digest}
    try:
        with transaction.atomic():
            return InboundMessage.objects.create(
                **key,
                source=source[:40],
                raw=raw,
                subject="(unreadable webhook body)",
                status=InboundMessage.Status.FAILED,
                error=error[:4000],
            )
    except IntegrityError:
        return InboundMessage.objects.get(**key)


def enqueue_process(inbound_id: int) -> None:
    """Hand one stored message to the job queue (the sweeper catches a failure here)."""
    try:
        job_enqueue("mailbridge.tasks.process_inbound", inbound_id, group="mailbridge-inbound")
    except Exception:
        logger.exception("could not enqueue inbound %s; the sweeper will", inbound_id)
