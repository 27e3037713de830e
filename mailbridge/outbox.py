"""Queueing outbound mail in the caller's transaction; the send job runs after commit."""

import base64
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, IntegrityError, connection, transaction

from mailbridge.addresses import (
    address_domain,
    new_message_id,
    new_token,
    normalize_address,
    plus_address,
)
from mailbridge.models import OutboundMessage, ReplyToken, UndeliverableAddress
from mailbridge.types import IncomingMail

logger = logging.getLogger(__name__)

# Headers the bridge owns: callers' extra_headers cannot override threading,
# identity or loop protection.
_RESERVED = {
    "message-id", "in-reply-to", "references", "reply-to", "from", "to", "cc", "bcc",
    "auto-submitted", "x-auto-response-suppress", "sender", "return-path",
}  # fmt: skip


@dataclass(frozen=True)
class Attachment:
    """A file to send with a message (protocol.json, an .ics invite...)."""

    filename: str
    content: bytes
    mimetype: str


def _one_line(value: str) -> str:
    # CR/LF in a header value would let text inject headers (RFC 5322 folding aside).
    return " ".join(str(value).replace("\x00", "").split())


def reply_token_for(*, hub, thread_key: str, recipient: str) -> ReplyToken:
    """Return the reply token of (hub, thread, recipient), creating it once."""
    existing = ReplyToken.objects.filter(hub=hub, thread_key=thread_key, recipient=recipient)
    token = existing.first()
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


def _row(
    *,
    hub,
    recipient: str,
    token: str,
    blocked: bool,
    subject: str,
    text: str,
    html: str | None = None,
    attachments: Sequence[Attachment] = (),
    thread_key: str | None = None,
    in_reply_to: str | None = None,
    references: Sequence[str] = (),
    cause_id: int | None = None,
    kind: str = "",
    dedupe_key: str | None = None,
    extra_headers: Mapping[str, str] | None = None,
) -> OutboundMessage:
    """The unsaved outbound row (headers checked, threading and status set)."""
    headers = {
        "Auto-Submitted": "auto-generated",
        "X-Auto-Response-Suppress": "All",
        settings.AIMP_LOOP_HEADER: hub.email,
    }
    for name, value in (extra_headers or {}).items():
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
        subject=_one_line(subject)[:998],
        text=text,
        html=html or "",
        attachments=[
            {
                "filename": _one_line(a.filename),
                "mimetype": a.mimetype,
                "content_b64": base64.b64encode(a.content).decode(),
            }
            for a in attachments
        ],
        headers=headers,
        message_id=new_message_id(address_domain(hub.email)),
        in_reply_to=_one_line(in_reply_to or ""),
        references=" ".join(_one_line(r) for r in references),
        reply_token=token,
        thread_key=thread_key or "",
        kind=kind,
        dedupe_key=dedupe_key,
        cause_id=cause_id,
        status=(OutboundMessage.Status.UNDELIVERABLE if blocked else OutboundMessage.Status.QUEUED),
        error="the address hard-bounced earlier (see undeliverable addresses)" if blocked else "",
    )


def _send_after_commit(rows: Sequence[OutboundMessage]) -> None:
    ids = [row.id for row in rows if row.status == OutboundMessage.Status.QUEUED]
    if len(ids) == 1:
        job_enqueue_with_commit("mailbridge.tasks.send_outbound", ids[0], group="mailbridge-send")
    elif ids:
        # One job for mail queued together: a job costs more than sending one mail.
        job_enqueue_with_commit("mailbridge.tasks.send_outbound_many", ids, group="mailbridge-send")


def outbox_enqueue(
    *,
    hub,
    to: str,
    subject: str,
    text: str,
    html: str | None = None,
    attachments: Sequence[Attachment] = (),
    thread_key: str | None = None,
    in_reply_to: str | None = None,
    references: Sequence[str] = (),
    cause_id: int | None = None,
    kind: str = "",
    dedupe_key: str | None = None,
    extra_headers: Mapping[str, str] | None = None,
) -> OutboundMessage:
    """Queue one message from `hub` to `to`; it is sent after the caller's commit."""
    recipient = _recipient(to)
    token = ""
    if thread_key:
        token = reply_token_for(hub=hub, thread_key=thread_key, recipient=recipient).token
    blocked = UndeliverableAddress.objects.filter(hub=hub, address=recipient).exists()
    row = _row(
        hub=hub, recipient=recipient, token=token, blocked=blocked, subject=subject, text=text,
        html=html, attachments=attachments, thread_key=thread_key, in_reply_to=in_reply_to,
        references=references, cause_id=cause_id, kind=kind, dedupe_key=dedupe_key,
        extra_headers=extra_headers,
    )  # fmt: skip
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        # The dedupe key is checked by the unique constraint, not by a SELECT first: a
        # repeat is rare, and the constraint is what holds under concurrency anyway.
        if dedupe_key is None:
            raise
        return OutboundMessage.objects.get(hub=hub, dedupe_key=dedupe_key)
    _send_after_commit([row])
    return row


def outbox_enqueue_many(*, hub, messages: Sequence[Mapping[str, Any]]) -> list[OutboundMessage]:
    """Queue several messages from `hub` (each as outbox_enqueue's arguments but hub) at once.

    The same rows as outbox_enqueue on each in turn, read and written in a few statements.
    """
    recipients = [_recipient(m["to"]) for m in messages]
    threads = {m["thread_key"] for m in messages if m.get("thread_key")}
    tokens = {}
    if threads:
        tokens = {
            (t.thread_key, t.recipient): t.token
            for t in ReplyToken.objects.filter(
                hub=hub, thread_key__in=threads, recipient__in=recipients
            )
        }
    blocked = set(
        UndeliverableAddress.objects.filter(hub=hub, address__in=recipients).values_list(
            "address", flat=True
        )
    )
    rows = []
    for recipient, message in zip(recipients, messages, strict=True):
        rest = {k: v for k, v in message.items() if k != "to"}
        token = ""
        if rest.get("thread_key"):
            token = (
                tokens.get((rest["thread_key"], recipient))
                or reply_token_for(
                    hub=hub, thread_key=rest["thread_key"], recipient=recipient
                ).token
            )
        rows.append(
            _row(hub=hub, recipient=recipient, token=token, blocked=recipient in blocked, **rest)
        )
    try:
        with transaction.atomic():
            OutboundMessage.objects.bulk_create(rows)
    except IntegrityError:
        # A dedupe key already queued (a repeat): one by one, each finds its own row.
        return [outbox_enqueue(hub=hub, **message) for message in messages]
    _send_after_commit(rows)
    return rows


_BROKERS: dict[tuple, Any] = {}


def _broker():
    """Return this process's django-q2 broker for the current configuration."""
    # async_task without a broker builds a new one per job, and for Redis that is a new
    # client with its own connection pool: one TCP connection per queued job.
    from django_q.brokers import get_broker
    from django_q.conf import Conf

    key = (Conf.CLUSTER_NAME, Conf.ORM, repr(Conf.REDIS))
    broker = _BROKERS.get(key)
    if broker is None:
        broker = _BROKERS[key] = get_broker()
    return broker


def job_enqueue(func: str, arg: int | list[int], *, group: str) -> None:
    """Put one job on the django-q2 queue."""
    from django_q.conf import Conf
    from django_q.tasks import async_task

    if Conf.ORM and not Conf.SYNC:
        # Outside a transaction the ORM broker first closes "old" connections: with
        # CONN_MAX_AGE=0 (SQLite's default) every queued job reopened the database, and
        # with health checks PostgreSQL paid a ping. Inside one it only inserts its row.
        with transaction.atomic():
            async_task(func, arg, group=group, broker=_broker())
    else:
        async_task(func, arg, group=group, broker=_broker())


def job_enqueue_with_commit(func: str, arg: int | list[int], *, group: str) -> None:
    """Queue a job that must see the caller's writes once they are committed."""
    from django_q.conf import Conf

    if Conf.ORM == DEFAULT_DB_ALIAS and not Conf.SYNC and connection.in_atomic_block:
        # The ORM broker's queue is a table of the same database: the job row commits
        # with the work it is about, or neither does (no window where a crash leaves
        # work without its job), and no transaction of its own is paid per job.
        from django_q.tasks import async_task

        async_task(func, arg, group=group, broker=_broker())
        return
    transaction.on_commit(lambda: _enqueue_logged(func, arg, group=group))


def _enqueue_logged(func: str, arg: int | list[int], *, group: str) -> None:
    try:
        job_enqueue(func, arg, group=group)
    except Exception:
        logger.exception("could not enqueue %s(%s); the sweeper will", func, arg)


def enqueue_send(outbound_id: int) -> None:
    """Hand one outbound row to the job queue (the sweeper catches a failure here)."""
    try:
        job_enqueue("mailbridge.tasks.send_outbound", outbound_id, group="mailbridge-send")
    except Exception:
        logger.exception("could not enqueue outbound %s; the sweeper will", outbound_id)


def outbox_reply(
    *, hub, mail: IncomingMail, to: str, subject: str, text: str, kind: str
) -> OutboundMessage:
    """Queue one answer to an inbound message: threaded under it, at most once per kind."""
    return outbox_enqueue(
        hub=hub,
        to=to,
        subject=subject,
        text=text,
        in_reply_to=mail.message_id or None,
        references=[mail.message_id] if mail.message_id else [],
        cause_id=mail.inbound_id,
        kind=kind,
        dedupe_key=f"{kind}:{mail.inbound_id}",
    )
