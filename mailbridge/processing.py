"""The processing job: route, classify, read and hand one stored message to its handler.

Exactly once: the row is locked (PostgreSQL: SELECT ... FOR UPDATE SKIP LOCKED;
SQLite: the IMMEDIATE transaction holds the write lock) and only rows still in
`received`/`retry` are taken; the handler's effects and the row's final status
commit in the same transaction. A crash rolls both back and the sweeper retries.

Slow work stays out of that transaction: a handler that needs a model call raises
PrepareFirst; the transaction rolls back (no lock is held while the model thinks),
the work runs in autocommit (its LLMCall record survives a failure), and the message
is processed again from the start, the handler finding the work's result stored.
"""

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, InterfaceError, OperationalError, connection, transaction
from django.db.models import F
from django.utils import timezone

from hubs.models import SenderPolicy
from mailbridge import lookup, routing
from mailbridge.authentication import Verdict, door_trusts, sender_verdict
from mailbridge.dispatch import handler_for
from mailbridge.dkim_check import dkim_verdict
from mailbridge.errors import PrepareFirst, RetryLater
from mailbridge.models import InboundMessage, OutboundMessage, UndeliverableAddress
from mailbridge.posted import post_close_duplicate, post_open
from mailbridge.reading import ParsedMail, read_message
from mailbridge.retention import inbound_empty_close
from mailbridge.routing import Classification
from mailbridge.row_defer import writes_deferred
from mailbridge.row_select import row_first
from mailbridge.row_update import row_update_later
from mailbridge.types import IncomingMail, MailKind

logger = logging.getLogger(__name__)
Status = InboundMessage.Status
PROCESSABLE = (Status.RECEIVED, Status.RETRY)
# A post not yet read (mailbridge.posted) is processed like received mail, and stays
# `posted` through retries: only the transaction that handles it writes what it was.
TAKEN = (*PROCESSABLE, Status.POSTED)
_TAKEN_WHERE = f"t.id = %s AND t.status IN ({', '.join(['%s'] * len(TAKEN))})"
MAX_PROCESS_ATTEMPTS = 6
# A lost connection is usually back at once: the next sweep may take the message again.
DATABASE_RETRY = timedelta(seconds=5)
# Work is prepared again only when the handler's inputs changed meanwhile (another
# reply changed the meeting); more than this in one run is left to a retry.
MAX_PREPARATIONS = 2


def backoff(attempts: int) -> timedelta:
    """Delay before processing attempt `attempts + 1` (2 min doubling, at most 2 hours)."""
    return timedelta(seconds=min(120 * 2 ** max(0, attempts - 1), 7200))


def inbound_process(*, inbound_id: int, now: datetime | None = None, claimed: bool = False) -> str:
    """Process one stored message once; return the outcome ('done', 'ignored', 'skipped'...).

    `claimed`: the queue broker claimed the row by setting its next attempt ahead
    (mailbridge.queue_broker), so that time says nothing about whether it is due.
    """
    now = now or timezone.now()
    preparations = 0
    verdicts: dict[int, Verdict] = {}  # the bridge's own slow work, done once per run
    while True:
        try:
            return _process_locked(inbound_id, now, verdicts, claimed)
        except PrepareFirst as request:
            # Rolled back: the row is unlocked and nothing is written while the work runs.
            if not isinstance(request, _VerdictFirst):
                if preparations == MAX_PREPARATIONS:
                    error = f"retry later: still needed preparation after {preparations}"
                    return _record_failure(inbound_id, now, error, retry=True)
                preparations += 1
            outcome = _prepare(inbound_id, now, request)
            if outcome is not None:
                return outcome
        except RetryLater as exc:
            return _record_failure(inbound_id, now, f"retry later: {exc.reason}", retry=True)
        except IntegrityError as exc:
            # Writing an ESP post's mail met the same mail stored before (an ESP's retry
            # with other bytes, or another door): that row had it; this one is a copy.
            outcome = post_close_duplicate(inbound_id=inbound_id, now=now)
            if outcome is not None:
                return outcome
            logger.exception("processing inbound %s failed", inbound_id)
            return _record_failure(inbound_id, now, f"{type(exc).__name__}: {exc}", retry=False)
        except (OperationalError, InterfaceError) as exc:
            # The database went away or was busy (a dropped connection, a failover,
            # SQLite's "database is locked"): everything rolled back, so the message
            # is retried later. If the database is still gone the row stays
            # received/retry and the sweeper re-enqueues it.
            logger.warning("processing inbound %s hit a database error: %s", inbound_id, exc)
            if not connection.in_atomic_block:  # a caller's transaction is not ours to close
                connection.close_if_unusable_or_obsolete()
            error = f"retry later: database error: {type(exc).__name__}: {exc}"
            return _record_failure(inbound_id, now, error, retry=True, delay=DATABASE_RETRY)
        except Exception as exc:  # noqa: BLE001 - recorded on the row, visible in the admin
            logger.exception("processing inbound %s failed", inbound_id)
            return _record_failure(inbound_id, now, f"{type(exc).__name__}: {exc}", retry=False)


def _process_locked(
    inbound_id: int, now: datetime, verdicts: dict[int, Verdict], claimed: bool
) -> str:
    with transaction.atomic():
        # select_for_update(skip_locked=True, of=("self",)).select_related("hub"), its
        # SQL written once per process (mailbridge.row_select, issue 19).
        row = row_first(
            InboundMessage,
            where=_TAKEN_WHERE,
            params=[inbound_id, *TAKEN],
            lock=True,
            related="hub",
        )
        if row is None or (row.hub_id is None and row.status != Status.POSTED):
            return "skipped"
        waiting = (
            row.status != Status.RECEIVED and row.next_attempt_at and row.next_attempt_at > now
        )
        if waiting and not claimed:
            return "not-due"
        if not row.raw:
            return inbound_empty_close(inbound_id=row.id)
        if row.status == Status.POSTED:
            outcome = post_open(row, now)
            if outcome is not None:
                return outcome
        # The job's unread writes (votes, events, the participant's and this row's
        # outcome) go to PostgreSQL together, before its next read or at the end, with
        # the COMMIT.
        with writes_deferred(closing=True):
            return _handle(row, now, verdicts)


def _prepare(inbound_id: int, now: datetime, request: PrepareFirst) -> str | None:
    """Run a handler's slow work outside the transaction; an outcome when it ends the run."""
    logger.info("inbound %s: preparing outside the transaction (%s)", inbound_id, request.reason)
    try:
        request.work()
    except RetryLater as exc:
        return _record_failure(inbound_id, now, f"retry later: {exc.reason}", retry=True)
    except Exception as exc:  # noqa: BLE001 - recorded on the row, visible in the admin
        logger.exception("preparing inbound %s failed", inbound_id)
        return _record_failure(inbound_id, now, f"{type(exc).__name__}: {exc}", retry=False)
    return None


def _record_failure(
    inbound_id: int, now: datetime, error: str, *, retry: bool, delay: timedelta | None = None
) -> str:
    with transaction.atomic():
        row = (
            InboundMessage.objects.select_for_update()
            .filter(id=inbound_id, status__in=TAKEN)
            .first()
        )
        if row is None:
            return "skipped"
        attempts = row.attempts + 1
        give_up = not retry or attempts >= MAX_PROCESS_ATTEMPTS
        waiting = Status.POSTED if row.status == Status.POSTED else Status.RETRY
        InboundMessage.objects.filter(id=row.id).update(
            status=Status.FAILED if give_up else waiting,
            attempts=F("attempts") + 1,
            error=error[:4000],
            next_attempt_at=None if give_up else now + (delay or backoff(attempts)),
            processed_at=now if give_up else None,
        )
    return "failed" if give_up else "retry"


def _finish(
    row: InboundMessage, now: datetime, status: str, decision: Classification, **extra
) -> str:
    # An ESP post's mail is written with its outcome (mailbridge.posted.post_open).
    extra = {**getattr(row, "opened_fields", {}), **extra}
    values = {
        "status": status,
        "kind": decision.kind.value,
        "error": decision.note[:4000],
        "processed_at": now,
        "next_attempt_at": None,
        **extra,
    }
    row_update_later(InboundMessage, row.id, values=values, plus_one=["attempts"])
    return status


def _handle(row: InboundMessage, now: datetime, verdicts: dict[int, Verdict]) -> str:
    hub = row.hub
    mail = read_message(
        bytes(row.raw),
        max_subject=settings.AIMP_MAX_SUBJECT_CHARS,
        max_body=settings.AIMP_MAX_BODY_CHARS,
    )
    addresses = hub.addresses()
    decision, thread_key, token, bounce_row = _decide(row, mail, hub, addresses)
    if not decision.answerable:
        return _finish(row, now, Status.IGNORED, decision, thread_key=thread_key or "")
    if decision.kind == MailKind.BOUNCE:
        first_time = _apply_bounce(bounce_row, mail)
        if not first_time:
            decision = Classification(MailKind.BOUNCE, "already undeliverable: no new notice")
            return _finish(row, now, Status.IGNORED, decision, thread_key=thread_key or "")
    handler = handler_for(decision.kind)
    if handler is None:
        decision = Classification(decision.kind, f"no handler for {decision.kind.value}")
        return _finish(row, now, Status.IGNORED, decision, thread_key=thread_key or "")
    verdict = _verdict(row, mail, hub, decision.kind, verdicts)
    outcome = handler(
        IncomingMail(
            inbound_id=row.id,
            hub_id=hub.id,
            kind=decision.kind,
            sender=mail.sender,
            sender_name=mail.sender_name,
            subject=mail.subject,
            text=mail.reply_text,
            full_text=mail.text,
            received_at=row.received_at,
            message_id=row.message_id,
            thread_key=thread_key,
            thread_recipient=token.recipient if token is not None else None,
            invite_code=routing.invite_code(mail.subject),
            protocol=mail.protocol,
            protocol_error=mail.protocol_error,
            bounced_recipient=bounce_row.to_email if bounce_row is not None else None,
            attachment_names=tuple(a.filename for a in mail.attachments),
            calendar=mail.calendar,
            authenticated=verdict.authenticated,
            auth_evidence=verdict.evidence,
        )
    )
    # The admin sees on what evidence the sender was taken, and what a handler held back.
    note = "; ".join(n for n in (decision.note, f"sender: {verdict.evidence}", outcome or "") if n)
    decision = Classification(decision.kind, note)
    return _finish(row, now, Status.DONE, decision, thread_key=thread_key or "")


_VERIFIED_KINDS = (
    MailKind.THREAD_REPLY,
    MailKind.MEMBER_COMMAND,
    MailKind.CALENDAR_ANSWER,
    MailKind.PROTOCOL,
)


class _VerdictFirst(PrepareFirst):
    """The bridge's own DKIM check, run outside the transaction like a handler's model call."""


def _verdict(
    row: InboundMessage, mail: ParsedMail, hub, kind: MailKind, verdicts: dict[int, Verdict]
) -> Verdict:
    """Whether the From address is authenticated: a trusted server's word, else our DKIM check."""
    trusted = door_trusts(row.source, settings.AIMP_TRUSTED_AUTHSERV_IDS)
    verdict = sender_verdict(mail.headers.get("authentication-results", ()), mail.sender, trusted)
    if verdict.authenticated or kind not in _VERIFIED_KINDS:
        return verdict
    if hub.sender_policy != SenderPolicy.STRICT:
        return verdict
    # DNS and RSA cost time: only a strict hub pays them, only without a verdict, and
    # never while the row (on SQLite, the whole database) is locked.
    if row.id not in verdicts:
        raw, sender = bytes(row.raw), mail.sender

        def check() -> None:
            verdicts[row.id] = dkim_verdict(raw, sender)

        raise _VerdictFirst(check, "DKIM check outside the transaction")
    return verdicts[row.id]


def _decide(row: InboundMessage, mail: ParsedMail, hub, addresses: set[str]):
    """Return (decision, thread_key, reply token, bounced outbound row)."""
    reason = routing.loop_reason(mail, addresses, settings.AIMP_LOOP_HEADER)
    if reason:
        return Classification(MailKind.LOOP, reason, answerable=False), None, None, None
    if mail.report is not None:
        report = mail.report
        if not report.failed_recipients:
            note = f"delivery report without failure ({', '.join(report.actions) or 'no action'})"
            return Classification(MailKind.AUTO_GENERATED, note, answerable=False), None, None, None
        original = report.original_message_id and lookup.sent_message(
            hub, report.original_message_id
        )
        if not original:
            note = "bounce for no message this hub sent: changes nothing"
            return Classification(MailKind.AUTO_GENERATED, note, answerable=False), None, None, None
        return (
            Classification(MailKind.BOUNCE, "bounce"),
            original.thread_key or None,
            None,
            original,
        )
    if mail.calendar is not None and mail.sender:
        # Routed by the calendar data, before anything reads the words: "Accepted: ..."
        # is neither a request nor a command nor a vote, and some clients mark it
        # auto-submitted. The hub answers its sender only for REFRESH, once per calendar
        # version, so no loop can start.
        note = f"calendar {mail.calendar.method} {mail.calendar.partstat}".strip()
        return Classification(MailKind.CALENDAR_ANSWER, note), None, None, None
    auto = routing.auto_generated_reason(mail, row.envelope_from if row.source == "smtp" else None)
    protocol_shaped = routing.looks_like_protocol(mail) and bool(mail.sender)
    if auto and not (protocol_shaped and not routing.is_system_sender(mail.sender)):
        return Classification(MailKind.AUTO_GENERATED, auto, answerable=False), None, None, None
    if not mail.sender:
        count = len(mail.from_addresses)
        note = "no From address" if count == 0 else f"{count} From addresses: sender ambiguous"
        return Classification(MailKind.UNKNOWN_SENDER, note, answerable=False), None, None, None
    if protocol_shaped:
        return Classification(MailKind.PROTOCOL), routing.thread_tag(mail.subject), None, None
    token = lookup.thread_by_token(
        hub, routing.reply_tokens([*row.envelope_to, *mail.recipients], addresses)
    )
    if routing.invite_code(mail.subject):
        # The token matters here too: a reply to "confirm you want to join" carries it.
        return (
            Classification(MailKind.REGISTRATION),
            token.thread_key if token is not None else None,
            token,
            None,
        )
    if token is not None:
        return Classification(MailKind.THREAD_REPLY, "reply token"), token.thread_key, token, None
    tag = routing.thread_tag(mail.subject)
    if tag and lookup.thread_known(hub, tag):
        return Classification(MailKind.THREAD_REPLY, "subject tag"), tag, None, None
    sent = lookup.thread_by_message_ids(hub, routing.referenced_ids(mail))
    if sent is not None:
        return (
            Classification(MailKind.THREAD_REPLY, "In-Reply-To/References"),
            sent.thread_key,
            None,
            None,
        )
    if lookup.is_member(hub, mail.sender):
        return Classification(MailKind.MEMBER_COMMAND), None, None, None
    return Classification(MailKind.UNKNOWN_SENDER), None, None, None


def _apply_bounce(original: OutboundMessage, mail: ParsedMail) -> bool:
    """Mark the bounced message and its recipient undeliverable; True the first time."""
    error = f"bounced: {', '.join(mail.report.failed_recipients)}"[:2000]
    changed = (
        OutboundMessage.objects.filter(id=original.id)
        .exclude(status=OutboundMessage.Status.UNDELIVERABLE)
        .update(status=OutboundMessage.Status.UNDELIVERABLE, error=error)
    )
    until = None
    if mail.report.transient:
        until = timezone.now() + timedelta(days=settings.AIMP_SOFT_BOUNCE_DAYS)
    row, created = UndeliverableAddress.objects.get_or_create(
        hub_id=original.hub_id,
        address=original.to_email,
        defaults={"reason": error, "until": until},
    )
    if not created and row.until is not None:
        # A soft block grows into a hard one, or lasts from the latest soft bounce; a hard
        # block never softens.
        row.reason, row.until = error, until
        row.save(update_fields=["reason", "until"])
    return bool(changed)
