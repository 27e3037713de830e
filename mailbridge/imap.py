"""The IMAP door: poll a hub's mailbox, store each new message, then mark it seen."""

import logging
import re
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from imap_tools import AND, MailMessageFlags, U

from hubs.encryption import SecretUnreadableError, require_secret
from mailbridge.inbound import inbound_receive
from mailbridge.models import HubMailbox
from mailbridge.tenant_sockets import connect_error_line, open_tenant_mailbox

logger = logging.getLogger(__name__)
MAX_PER_POLL = 200
_UID_IN_FETCH = re.compile(rb"UID (\d+)")


def _open(mailbox: HubMailbox):
    # The hub's host is resolved and checked now, and the socket goes to that address.
    client = open_tenant_mailbox(mailbox.security, mailbox.host, mailbox.port, timeout=30)
    return client.login(mailbox.username, mailbox.password, initial_folder=None)


def _fetch_raw(client, uid: int) -> bytes | None:
    # imap-tools re-parses bodies into email.Message; the raw bytes are what we
    # store, so fetch them with a plain UID FETCH (PEEK: do not set \Seen yet).
    typ, data = client.client.uid("FETCH", str(uid), "(UID BODY.PEEK[])")
    if typ != "OK":
        return None
    for item in data or []:
        if isinstance(item, tuple) and len(item) == 2:
            match = _UID_IN_FETCH.search(item[0])
            if match is None or int(match.group(1)) == uid:
                return item[1]
    return None


def mailbox_poll(*, mailbox_id: int, now: datetime | None = None) -> int:
    """Store every message new since the last poll; return how many were stored."""
    mailbox = HubMailbox.objects.select_related("hub").get(id=mailbox_id)
    if not mailbox.enabled or not mailbox.hub.active:
        return 0
    rows = HubMailbox.objects.filter(id=mailbox.id)
    now = now or timezone.now()
    try:
        stored = _poll(mailbox)
    except SecretUnreadableError as exc:
        rows.update(last_polled_at=now, last_error=f"{exc}"[:2000])
        return 0
    except Exception as exc:
        rows.update(last_polled_at=now, last_error=connect_error_line(exc))
        raise
    rows.update(last_polled_at=now, last_error="")
    return stored


def mailbox_poll_claimed(*, mailbox: HubMailbox) -> int:
    """Poll a mailbox the due index handed out (of an active hub); write only what changed."""
    # The claim already moved next_poll_at and last_polled_at (mailbridge/polling.py).
    # The queryset for writes is built only when there is one: most polls find nothing.
    try:
        stored = _poll(mailbox)
    except SecretUnreadableError as exc:
        error = f"{exc}"[:2000]
    except Exception as exc:  # noqa: BLE001 - one mailbox failing must not stop the batch
        error = connect_error_line(exc)
    else:
        if mailbox.last_error:
            HubMailbox.objects.filter(id=mailbox.id).update(last_error="")
        return stored
    if error != mailbox.last_error:
        HubMailbox.objects.filter(id=mailbox.id).update(last_error=error)
    return 0


def _poll(mailbox: HubMailbox) -> int:
    try:
        require_secret(mailbox.password, "IMAP password")
    except SecretUnreadableError as exc:
        # Recorded, not raised: no retry helps until someone enters the password again.
        logger.warning("IMAP poll of mailbox %s skipped: %s", mailbox.id, exc)
        raise
    stored = 0
    try:
        with _open(mailbox) as client:
            client.folder.set(mailbox.folder)
            uidvalidity = int(client.folder.status(mailbox.folder, ["UIDVALIDITY"])["UIDVALIDITY"])
            last_uid = mailbox.last_uid
            if mailbox.uidvalidity != uidvalidity:
                # RFC 3501 2.3.1.1: a new UIDVALIDITY makes the old UIDs meaningless, so
                # read the folder again from the start; deduplication drops repeats.
                last_uid = 0
                HubMailbox.objects.filter(id=mailbox.id).update(uidvalidity=uidvalidity, last_uid=0)
            # "N:*" always matches the newest message even below N: filter again.
            found = client.uids(AND(uid=U(last_uid + 1, "*")), charset=None)
            uids = sorted(u for u in (int(x) for x in found) if u > last_uid)[:MAX_PER_POLL]
            for uid in uids:
                raw = _fetch_raw(client, uid)
                if raw is None:
                    continue
                with transaction.atomic():
                    inbound_receive(raw=raw, source="imap", hub=mailbox.hub)
                # Only now, with the message committed, may the server forget it is new.
                client.flag(str(uid), MailMessageFlags.SEEN, True)
                HubMailbox.objects.filter(id=mailbox.id, uidvalidity=uidvalidity).update(
                    last_uid=uid
                )
                stored += 1
    except Exception as exc:
        logger.warning("IMAP poll of mailbox %s failed: %s", mailbox.id, exc)
        raise
    return stored
