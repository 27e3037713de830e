"""The send job: claim an outbound row, send it once, record what happened."""

import base64
import logging
import smtplib
from datetime import datetime, timedelta

from django.core.mail import EmailMultiAlternatives, get_connection
from django.core.mail.backends.smtp import EmailBackend as SmtpBackend
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from hubs.encryption import require_secret
from mailbridge.models import HubSmtpSettings, OutboundMessage, UndeliverableAddress
from mailbridge.row_update import row_update

logger = logging.getLogger(__name__)
Status = OutboundMessage.Status

MAX_SEND_ATTEMPTS = 8


def backoff(attempts: int) -> timedelta:
    """Delay before retry number `attempts` (1 min doubling, at most 1 hour)."""
    return timedelta(seconds=min(60 * 2 ** max(0, attempts - 1), 3600))


class _Permanent(Exception):
    def __init__(self, message: str, *, undeliverable: bool) -> None:
        super().__init__(message)
        self.undeliverable = undeliverable


def classify_send_error(exc: BaseException) -> _Permanent | None:
    """Return a permanent-failure verdict for `exc`, or None when retrying can help."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _ in exc.recipients.values()]
        if codes and all(code >= 500 for code in codes):
            return _Permanent(f"recipient refused: {exc.recipients}", undeliverable=True)
        return None
    if isinstance(exc, smtplib.SMTPAuthenticationError):
        return None  # fixing the hub's credentials fixes this: keep retrying
    if isinstance(exc, smtplib.SMTPResponseException):
        if exc.smtp_code >= 500:
            return _Permanent(f"SMTP {exc.smtp_code}: {exc.smtp_error!r}", undeliverable=False)
        return None
    try:
        from anymail.exceptions import AnymailAPIError, AnymailRecipientsRefused
    except ImportError:  # pragma: no cover - anymail is a dependency
        return None
    if isinstance(exc, AnymailRecipientsRefused):
        return _Permanent(str(exc), undeliverable=True)
    if isinstance(exc, AnymailAPIError):
        code = getattr(exc, "status_code", None)
        if code is not None and 400 <= code < 500 and code not in (408, 429):
            return _Permanent(f"ESP API error {code}: {exc}", undeliverable=False)
    return None


def connection_for_hub(hub_id: int):
    """Return the mail connection for a hub: its own SMTP server, else the site backend."""
    # By id: the send job never needs the Hub row itself (one query fewer per mail).
    own = HubSmtpSettings.objects.filter(hub_id=hub_id, enabled=True).first()
    if own is None:
        return get_connection(fail_silently=False)
    return get_connection(
        # Connects only to the checked address of the hub's host (no private network).
        "mailbridge.tenant_sockets.TenantSmtpBackend",
        fail_silently=False,
        host=own.host,
        port=own.port,
        username=own.username or None,
        password=require_secret(own.password, "SMTP password") or None,
        use_tls=own.use_tls,
        use_ssl=own.use_ssl,
        timeout=own.timeout_seconds,
    )


class SendConnections:
    """The open mail connections of one send job, one per hub, closed when it ends.

    Decision: the hub's settings are read once per job and its connection opened once,
    then every mail of that hub in the job goes over it (Django's backends keep a
    connection open across send_messages calls when it was opened beforehand). A
    connection that failed is dropped, so the next mail opens a fresh one.
    """

    def __init__(self) -> None:
        self._by_hub: dict[int, object] = {}

    def for_hub(self, hub_id: int):
        """Return the open connection for a hub, opening it on first use."""
        backend = self._by_hub.get(hub_id)
        if backend is None:
            backend = connection_for_hub(hub_id)
            # Django's backends have open(); a plain duck-typed one opens on send.
            if hasattr(backend, "open"):
                backend.open()
            self._by_hub[hub_id] = backend
        return backend

    def drop(self, hub_id: int) -> None:
        """Close and forget a hub's connection (after a failed send)."""
        backend = self._by_hub.pop(hub_id, None)
        if backend is not None:
            _close_quietly(backend)

    def close(self) -> None:
        """Close every connection of the job."""
        for hub_id in list(self._by_hub):
            self.drop(hub_id)

    def __enter__(self) -> "SendConnections":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def _close_quietly(backend) -> None:
    try:
        if hasattr(backend, "close"):
            backend.close()
    except Exception:  # noqa: BLE001 - a connection that cannot even QUIT is gone anyway
        logger.info("closing a mail connection failed", exc_info=True)


def build_email(row: OutboundMessage, *, calendar_part: bool = False) -> EmailMultiAlternatives:
    """Return the EmailMessage for an outbound row, headers fixed at enqueue time.

    `calendar_part` also puts an attached .ics into the body as a `text/calendar`
    alternative, which Outlook needs to show a meeting request; only SMTP carries it
    (ESP APIs reject a calendar alternative, NOTES.md), and the attachment stays.
    """
    headers = {"Message-ID": row.message_id, **row.headers}
    if row.in_reply_to:
        headers["In-Reply-To"] = row.in_reply_to
    if row.references:
        headers["References"] = row.references
    msg = EmailMultiAlternatives(
        subject=row.subject,
        body=row.text,
        from_email=row.from_email,
        to=[row.to_email],
        reply_to=[row.reply_to] if row.reply_to else None,
        headers=headers,
    )
    if row.html:
        msg.attach_alternative(row.html, "text/html")
    for item in row.attachments:
        content = base64.b64decode(item["content_b64"])
        if calendar_part and item["mimetype"].startswith("text/calendar"):
            msg.attach_alternative(content.decode("utf-8", "replace"), item["mimetype"])
        msg.attach(item["filename"], content, item["mimetype"])
    # anymail ESPs echo metadata in tracking webhooks: a second way to find the row.
    msg.metadata = {"aimp_outbound_id": str(row.id)}
    return msg


def _claim(outbound_ids: list[int], now: datetime, claimed: bool = False) -> list[OutboundMessage]:
    """Move the due rows among `outbound_ids` from queued/retry to sending; return them.

    `claimed`: the queue broker claimed the rows by setting their next attempt ahead
    (mailbridge.queue_broker), so that time says nothing about whether they are due.
    """
    # The status transition is the lock: one UPDATE, committed at once (autocommit,
    # no BEGIN/COMMIT round trips), so of two workers (or a job re-delivered by the
    # broker) exactly one proceeds to send each row. RETURNING hands the claimed rows
    # back in the same round trip (PostgreSQL, SQLite 3.35+). A job's rows are claimed
    # together (a confirmation is one mail per participant): one statement, not one
    # per mail. A row claimed and not yet sent when the worker dies is sent by the
    # sweeper, as one claimed and interrupted mid-send always was.
    q = connection.ops.quote_name
    at = connection.ops.adapt_datetimefield_value(now)
    columns = ", ".join(q(f.column) for f in OutboundMessage._meta.concrete_fields)
    due, due_at = (
        ("1 = 1", []) if claimed else ("(next_attempt_at IS NULL OR next_attempt_at <= %s)", [at])
    )
    ids = list(dict.fromkeys(outbound_ids))
    taken = OutboundMessage.objects.raw(
        f"UPDATE {q(OutboundMessage._meta.db_table)} "
        "SET status = %s, claimed_at = %s, attempts = attempts + 1, next_attempt_at = NULL "
        f"WHERE id IN ({', '.join(['%s'] * len(ids))}) AND status IN (%s, %s) "
        f"AND {due} RETURNING {columns}",
        [Status.SENDING.value, at, *ids, Status.QUEUED.value, Status.RETRY.value, *due_at],
    )
    return list(taken)


def outbox_send_many(*, outbound_ids: list[int], claimed: bool = False) -> list[str]:
    """Send the rows of one job over one connection per hub; return each outcome."""
    now = timezone.now()
    rows = {row.id: row for row in _claim(outbound_ids, now, claimed)} if outbound_ids else {}
    outcomes = []
    with SendConnections() as connections:
        for outbound_id in outbound_ids:
            row = rows.pop(outbound_id, None)
            if row is None:
                outcomes.append("skipped")
                continue
            try:
                outcomes.append(_deliver(row, now=now, connections=connections))
            except Exception:
                # The others still go; this row stays claimed for the sweeper.
                logger.exception("sending outbound %s failed", outbound_id)
                outcomes.append("error")
    return outcomes


def outbox_send(
    *,
    outbound_id: int,
    now: datetime | None = None,
    connections: SendConnections | None = None,
    claimed: bool = False,
) -> str:
    """Send one queued outbound row once; return what happened ('sent', 'skipped'...)."""
    if connections is None:
        with SendConnections() as own:
            return outbox_send(outbound_id=outbound_id, now=now, connections=own, claimed=claimed)
    now = now or timezone.now()
    rows = _claim([outbound_id], now, claimed)
    if not rows:
        return "skipped"
    return _deliver(rows[0], now=now, connections=connections)


def _deliver(row: OutboundMessage, *, now: datetime, connections: SendConnections) -> str:
    """Send one row this job claimed at `now`; record on it what happened."""

    def settle(**values) -> None:
        # Only while the row is still this claim's: the sweeper may have taken it back.
        row_update(
            OutboundMessage,
            row.id,
            values=values,
            where={"status": Status.SENDING.value, "claimed_at": now},
        )

    try:
        backend = connections.for_hub(row.hub_id)
        msg = build_email(row, calendar_part=isinstance(backend, SmtpBackend))
        sent = backend.send_messages([msg])
        if not sent:
            raise RuntimeError("the mail backend accepted no message")
    except Exception as exc:  # noqa: BLE001 - every failure is recorded on the row
        # The connection may be half-broken (a 4xx mid-session, a drop): start afresh.
        connections.drop(row.hub_id)
        verdict = classify_send_error(exc)
        error = f"{type(exc).__name__}: {exc}"[:2000]
        if verdict is not None and verdict.undeliverable:
            settle(status=Status.UNDELIVERABLE.value, error=error)
            _mark_undeliverable(row, reason=error)
            return "undeliverable"
        if verdict is not None or row.attempts >= MAX_SEND_ATTEMPTS:
            settle(status=Status.FAILED.value, error=error)
            logger.error("outbound %s failed permanently: %s", row.id, error)
            return "failed"
        settle(status=Status.RETRY.value, error=error, next_attempt_at=now + backoff(row.attempts))
        logger.warning("outbound %s will be retried: %s", row.id, error)
        return "retry"
    provider_id = getattr(getattr(msg, "anymail_status", None), "message_id", None)
    provider_id = "" if provider_id is None else provider_id
    settle(
        status=Status.SENT.value,
        sent_at=timezone.now(),
        provider_message_id=str(provider_id)[:255],
        error="",
    )
    return "sent"


def _mark_undeliverable(row: OutboundMessage, *, reason: str) -> None:
    try:
        with transaction.atomic():
            UndeliverableAddress.objects.get_or_create(
                hub_id=row.hub_id, address=row.to_email, defaults={"reason": reason[:2000]}
            )
    except IntegrityError:
        pass


__all__ = [
    "SendConnections",
    "backoff",
    "build_email",
    "classify_send_error",
    "connection_for_hub",
    "outbox_send",
    "outbox_send_many",
]
