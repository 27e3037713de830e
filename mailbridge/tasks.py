"""Entry points for django-q2 (referenced by dotted path); each calls one service."""

import logging

from django.utils import timezone

logger = logging.getLogger(__name__)


def process_inbound(inbound_id: int, claimed: bool = False) -> str:
    """Process one stored inbound message (never one whose raw message was removed).

    `claimed`: handed out by the broker, which claimed the row (mailbridge.queue_broker).
    """
    from mailbridge.processing import inbound_process

    return inbound_process(inbound_id=inbound_id, claimed=claimed)


def send_outbound(outbound_id: int) -> str:
    """Send one queued outbound message."""
    from mailbridge.sending import outbox_send

    return outbox_send(outbound_id=outbound_id)


def send_outbound_many(outbound_ids: list[int], claimed: bool = False) -> list[str]:
    """Send the outbound messages queued together (everyone's confirmation), one by one.

    `claimed`: handed out by the broker, which claimed the rows (mailbridge.queue_broker).
    """
    from mailbridge.sending import outbox_send_many

    return outbox_send_many(outbound_ids=outbound_ids, claimed=claimed)


def sweep() -> dict:
    """Re-enqueue work a crash or a lost job left behind."""
    from mailbridge.sweeper import mailbridge_sweep

    return mailbridge_sweep(now=timezone.now())


def apply_retention() -> dict:
    """Empty the stored full text of finished mail past AIMP_RAW_MAIL_RETENTION_DAYS."""
    from mailbridge.retention import mail_retention_apply

    return mail_retention_apply(now=timezone.now())


def poll_mailbox(mailbox_id: int) -> int:
    """Fetch new mail from one hub's IMAP mailbox (a job queued before the due index)."""
    from mailbridge.imap import mailbox_poll

    return mailbox_poll(mailbox_id=mailbox_id)


def poll_mailboxes() -> dict:
    """Poll every IMAP mailbox whose time has come (one schedule for all hubs)."""
    from mailbridge.polling import mailboxes_poll_due

    return mailboxes_poll_due(now=timezone.now())
