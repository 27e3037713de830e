"""Queueing outbound mail in the caller's transaction; the send job runs after commit."""

import base64
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from mailbridge.addresses import (
    address_domain,
    new_message_id,
    new_token,
    normalize_address,
    plus_address,
)
from mailbridge.jobs import job_enqueue_with_commit, rows_claimed_by_broker
from mailbridge.models import OutboundMessage, ReplyToken, UndeliverableAddress
from mailbridge.outbox_known import BLOCKED, QUEUED, outbox_known_read
from mailbridge.row_insert import rows_insert
from mailbridge.types import IncomingMail

# Headers the bridge owns: callers' extra_headers cannot override threading,
# identity or loop protection.
_RESERVED = {
    "message-id",
    "in-reply-to",
    "references",
    "reply-to",
    "from",
    "to",
    "cc",
    "bcc",
    "auto-submitted",
    "x-auto-response-suppress",
    "sender",
    "return-path",
}


@dataclass(frozen=True)
class Attachment:
    """A file to send with a message (protocol.json, an .ics invite...)."""

    filename: str
    content: bytes
    mimetype: str


@dataclass(frozen=True)
class OutboundMail:
    """One message the hub sends: what the caller decides (the bridge adds the rest).

    `thread_key` gives the recipient a reply token for that thread (their Reply-To);
    `dedupe_key` makes queueing the same mail again return the first row.
    """

    to: str
    subject: str
    text: str
    html: str | None = None
    attachments: Sequence[Attachment] = ()
    thread_key: str | None = None
    in_reply_to: str | None = None
    references: Sequence[str] = ()
    cause_id: int | None = None
    kind: str = ""
    dedupe_key: str | None = None
    extra_headers: Mapping[str, str] | None = None


def _one_line(value: str) -> str:
    # CR/LF in a header value would let text inject headers (RFC 5322 folding aside).
    return " ".join(str(value).replace("\x00", "").split())


# The references a message carries: its parent's and the parent (RFC 5322 3.6.4), the
# oldest dropped past this many so that a long thread's headers stay bounded.
MAX_REFERENCES = 10


def _previous():
    """The hub's messages on a token's (thread, recipient), newest first (a subquery)."""
    return OutboundMessage.objects.filter(
        hub=OuterRef("hub"), thread_key=OuterRef("thread_key"), to_email=OuterRef("recipient")
    ).order_by("-id")


def _with_previous(tokens):
    """Reply tokens read with the last message the hub sent on each (thread, recipient)."""
    previous = _previous()
    return tokens.annotate(
        previous_id=Subquery(previous.values("message_id")[:1]),
        previous_references=Subquery(previous.values("references")[:1]),
    )


def _threaded(mail: OutboundMail, token: ReplyToken | None) -> OutboundMail:
    """Thread a message under the last one this recipient got in its thread.

    One conversation per meeting in every mail client: Gmail and Outlook group by
    In-Reply-To/References. A caller that answers an inbound message keeps its own.
    """
    previous = getattr(token, "previous_id", None)
    if mail.in_reply_to or not previous:
        return mail
    chain = [*(getattr(token, "previous_references", "") or "").split(), previous]
    return replace(mail, in_reply_to=previous, references=tuple(chain[-MAX_REFERENCES:]))


def reply_token_for(*, hub, thread_key: str, recipient: str) -> ReplyToken:
    """Return the reply token of (hub, thread, recipient), creating it once.

    A token read (not created) knows the last message sent on it (`previous_id`).
    """
    existing = ReplyToken.objects.filter(hub=hub, thread_key=thread_key, recipient=recipient)
    token = _with_previous(existing).first()
    if token is not None:
        return token
    try:
        with transaction.atomic():
            return ReplyToken.objects.create(
                hub=hub, thread_key=thread_key, recipient=recipient, token=new_token()
            )
    except IntegrityError:
        return existing.get()


def _recipient(to: str) -> str:
    recipient = normalize_address(to)
    if not recipient:
        raise ValueError(f"not a single email address: {to!r}")
    return recipient


def _row(*, hub, mail: OutboundMail, recipient: str, token: str, blocked: bool) -> OutboundMessage:
    """The unsaved outbound row (headers checked, threading and status set)."""
    headers = {
        "Auto-Submitted": "auto-generated",
        "X-Auto-Response-Suppress": "All",
        settings.AIMP_LOOP_HEADER: hub.email,
    }
    for name, value in (mail.extra_headers or {}).items():
        if (
            name.strip().lower() in _RESERVED
            or name.strip().lower() == settings.AIMP_LOOP_HEADER.lower()
        ):
            raise ValueError(f"header {name!r} is set by the mail bridge")
        headers[_one_line(name)] = _one_line(value)
    return OutboundMessage(
        hub=hub,
        to_email=recipient,
        from_email=f'"{_one_line(hub.name).replace(chr(34), "")}" <{hub.email}>',
        reply_to=plus_address(hub.email, token) if token else "",
        subject=_one_line(mail.subject)[:998],
        text=mail.text,
        html=mail.html or "",
        attachments=[
            {
                "filename": _one_line(a.filename),
                "mimetype": a.mimetype,
                "content_b64": base64.b64encode(a.content).decode(),
            }
            for a in mail.attachments
        ],
        headers=headers,
        message_id=new_message_id(address_domain(hub.email)),
        in_reply_to=_one_line(mail.in_reply_to or ""),
        references=" ".join(_one_line(r) for r in mail.references),
        reply_token=token,
        thread_key=mail.thread_key or "",
        kind=mail.kind,
        dedupe_key=mail.dedupe_key,
        cause_id=mail.cause_id,
        status=(OutboundMessage.Status.UNDELIVERABLE if blocked else OutboundMessage.Status.QUEUED),
        error="the address hard-bounced earlier (see undeliverable addresses)" if blocked else "",
    )


def _send_after_commit(rows: Sequence[OutboundMessage]) -> None:
    if rows_claimed_by_broker():
        return  # the cluster claims queued mail itself (mailbridge/queue_broker.py)
    ids = [row.id for row in rows if row.status == OutboundMessage.Status.QUEUED]
    if len(ids) == 1:
        job_enqueue_with_commit("mailbridge.tasks.send_outbound", ids[0], group="mailbridge-send")
    elif ids:
        # One job for mail queued together: a job costs more than sending one mail.
        job_enqueue_with_commit("mailbridge.tasks.send_outbound_many", ids, group="mailbridge-send")


def outbox_enqueue(*, hub, mail: OutboundMail) -> OutboundMessage:
    """Queue one message from `hub`; it is sent after the caller's commit."""
    recipient = _recipient(mail.to)
    token = ""
    if mail.thread_key:
        thread = reply_token_for(hub=hub, thread_key=mail.thread_key, recipient=recipient)
        token, mail = thread.token, _threaded(mail, thread)
    blocked = (
        UndeliverableAddress.objects.filter(hub=hub, address=recipient)
        .blocking(timezone.now())
        .exists()
    )
    row = _row(hub=hub, mail=mail, recipient=recipient, token=token, blocked=blocked)
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        # The dedupe key is checked by the unique constraint, not by a SELECT first: a
        # repeat is rare, and the constraint is what holds under concurrency anyway.
        if mail.dedupe_key is None:
            raise
        return OutboundMessage.objects.get(hub=hub, dedupe_key=mail.dedupe_key)
    _send_after_commit([row])
    return row


def outbox_enqueue_many(*, hub, mails: Sequence[OutboundMail]) -> list[OutboundMessage]:
    """Queue several messages from `hub` at once: outbox_enqueue's rows in a few statements."""
    recipients = [_recipient(m.to) for m in mails]
    threads = {m.thread_key for m in mails if m.thread_key}
    tokens, blocked, repeated = _known(hub, recipients, threads, [m.dedupe_key for m in mails])
    if repeated:
        # A dedupe key already queued (a job run again): one by one, each finds its own row.
        return [outbox_enqueue(hub=hub, mail=mail) for mail in mails]
    rows = []
    for recipient, mail in zip(recipients, mails, strict=True):
        token = ""
        if mail.thread_key:
            thread = tokens.get((mail.thread_key, recipient)) or reply_token_for(
                hub=hub, thread_key=mail.thread_key, recipient=recipient
            )
            token, mail = thread.token, _threaded(mail, thread)
        rows.append(
            _row(hub=hub, mail=mail, recipient=recipient, token=token, blocked=recipient in blocked)
        )
    # The keys were looked up above rather than caught here with a savepoint (two
    # statements on every confirmation): a row of the same key that another
    # transaction wrote since fails this one, and its job, run again, finds the row.
    rows_insert(rows)  # bulk_create's statement, written once per number of rows
    _send_after_commit(rows)
    return rows


def _known(
    hub, recipients: list[str], threads: set[str], keys: list[str | None]
) -> tuple[dict[tuple[str, str], ReplyToken], set[str], bool]:
    """Return the recipients' reply tokens, who must not be written to, and if a key is queued.

    One statement for the three (a confirmation asks all of them): mailbridge.outbox_known.
    """
    found = outbox_known_read(
        hub_id=hub.pk,
        recipients=recipients,
        threads=sorted(threads),
        keys=[key for key in keys if key],
        now=timezone.now(),
    )
    tokens: dict[tuple[str, str], ReplyToken] = {}
    blocked: set[str] = set()
    repeated = False
    for kind, value, thread, token, previous_id, previous_references in found:
        if kind == BLOCKED:
            blocked.add(value)
        elif kind == QUEUED:
            repeated = True
        else:
            row = ReplyToken(hub=hub, thread_key=thread, recipient=value, token=token)
            row.previous_id, row.previous_references = previous_id, previous_references
            tokens[(thread, value)] = row
    return tokens, blocked, repeated


def outbox_reply(*, hub, mail: IncomingMail, answer: OutboundMail) -> OutboundMessage:
    """Queue one answer to an inbound message: threaded under it, at most once per kind."""
    return outbox_enqueue(
        hub=hub,
        mail=replace(
            answer,
            in_reply_to=mail.message_id or None,
            references=[mail.message_id] if mail.message_id else [],
            cause_id=mail.inbound_id,
            dedupe_key=f"{answer.kind}:{mail.inbound_id}",
        ),
    )
