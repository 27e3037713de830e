"""The SMTP door: an aiosmtpd handler that accepts mail for hub addresses only.

Recipients are checked at RCPT (550 for addresses no hub owns), the size is
limited by aiosmtpd to AIMP_MAX_MESSAGE_BYTES, as for the webhook door: a size
declared over it (ESMTP SIZE, RFC 1870) is refused at MAIL FROM with 552, and
undeclared DATA is counted, not kept past the limit, and refused at its end
with 552 (RFC 5321 4.5.3.1.10). The message is committed before the 250 reply;
a storage failure answers 451 so the sending server retries.
"""

import logging

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections, transaction

from hubs.models import Hub
from mailbridge import routing
from mailbridge.inbound import inbound_receive

logger = logging.getLogger(__name__)


def _hub_for_recipient(address: str):
    close_old_connections()
    return Hub.objects.for_addresses(routing.hub_candidates([address], []))


def _store(raw: bytes, mail_from: str, by_hub: dict) -> list[int]:
    close_old_connections()
    ids = []
    with transaction.atomic():
        for hub, recipients in by_hub.values():
            row = inbound_receive(
                raw=raw, source="smtp", envelope_from=mail_from, envelope_to=recipients, hub=hub
            )
            ids.append(row.id)
    return ids


class HubSMTPHandler:
    """aiosmtpd handler: RCPT limited to hub addresses, DATA stored before 250."""

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802
        try:
            hub = await sync_to_async(_hub_for_recipient, thread_sensitive=False)(address)
        except Exception:
            logger.exception("looking up the hub for %s failed", address)
            return "451 4.3.0 Temporary failure; try again later"
        if hub is None:
            return "550 5.1.1 No such hub address here"
        envelope.rcpt_tos.append(address)
        hubs = getattr(envelope, "aimp_hubs", {})
        hubs.setdefault(hub.id, (hub, []))[1].append(address)
        envelope.aimp_hubs = hubs
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        try:
            ids = await sync_to_async(_store, thread_sensitive=False)(
                raw, envelope.mail_from or "", getattr(envelope, "aimp_hubs", {})
            )
        except Exception:
            logger.exception("storing SMTP message failed")
            return "451 4.3.0 Could not store the message; try again later"
        return f"250 2.0.0 Stored as {','.join(map(str, ids))}"


def smtp_controller(*, host: str, port: int) -> Controller:
    """Return an (unstarted) aiosmtpd controller serving the hub handler."""
    limit = settings.AIMP_MAX_MESSAGE_BYTES

    class _Controller(Controller):
        def factory(self):
            return SMTP(
                self.handler, data_size_limit=limit, enable_SMTPUTF8=True, decode_data=False
            )

    return _Controller(HubSMTPHandler(), hostname=host, port=port)
