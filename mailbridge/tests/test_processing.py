from datetime import timedelta

import pytest
from django.utils import timezone

from mailbridge.errors import RetryLater
from mailbridge.inbound import inbound_receive
from mailbridge.models import InboundMessage
from mailbridge.outbox import OutboundMail, outbox_enqueue
from mailbridge.processing import inbound_process
from mailbridge.testing import build_email
from mailbridge.types import MailKind

Status = InboundMessage.Status


def _echo(calls):
    def handler(mail):
        calls.append(mail)
        from hubs.models import Hub

        outbox_enqueue(
            hub=Hub.objects.get(id=mail.hub_id),
            mail=OutboundMail(
                to=mail.sender,
                subject=f"Re: {mail.subject}",
                text="got it",
                cause_id=mail.inbound_id,
                thread_key=mail.thread_key,
            ),
        )

    return handler


def test_member_mail_reaches_the_member_handler_once(hub, member, mailflow, mail_handlers):
    calls = []
    mail_handlers[MailKind.MEMBER_COMMAND] = _echo(calls)
    raw = build_email(
        from_="Alice <Alice@Example.com>", to=hub.email, subject="Lunch next week?", body="Hi hub"
    )
    row = mailflow.deliver(raw)
    assert row.status == Status.DONE and row.kind == "member_command"
    [mail] = calls
    assert mail.sender == "alice@example.com" and mail.sender_name == "Alice"
    assert mail.text == "Hi hub"
    assert len(mailflow.sent()) == 1
    # The same mail again (an ESP retry): stored once, handled once.
    again = mailflow.deliver(raw)
    assert again.id == row.id
    assert len(calls) == 1 and mailflow.sent() == []
    assert inbound_process(inbound_id=row.id) == "skipped"


def test_unknown_sender_and_no_handler(hub, mailflow, mail_handlers):
    raw = build_email(from_="zed@example.org", to=hub.email, subject="hello", body="who are you")
    row = mailflow.deliver(raw)
    assert row.kind == "unknown_sender"
    assert row.status == Status.IGNORED
    assert row.error == "no handler for unknown_sender"


def test_handler_failure_is_recorded_and_effects_rolled_back(hub, member, mailflow, mail_handlers):
    def broken(mail):
        _echo([])(mail)
        raise ValueError("bug in handler")

    mail_handlers[MailKind.MEMBER_COMMAND] = broken
    row = mailflow.deliver(build_email(from_=member.email, to=hub.email, subject="s", body="b"))
    assert row.status == Status.FAILED
    assert "bug in handler" in row.error
    assert mailflow.sent() == []


def test_database_error_is_retried_soon_not_failed(hub, member, mailflow, mail_handlers):
    """A dropped connection mid-job rolls back and retries; it never fails the mail for good."""
    from django.db import OperationalError

    def dropped(mail):
        raise OperationalError("terminating connection due to administrator command")

    mail_handlers[MailKind.MEMBER_COMMAND] = dropped
    row = mailflow.deliver(build_email(from_=member.email, to=hub.email, subject="s", body="b"))
    assert row.status == Status.RETRY and row.attempts == 1
    assert "database error" in row.error
    assert row.next_attempt_at <= timezone.now() + timedelta(seconds=10)
    calls = []
    mail_handlers[MailKind.MEMBER_COMMAND] = _echo(calls)
    with mailflow._capture(execute=True):
        outcome = inbound_process(inbound_id=row.id, now=row.next_attempt_at)
    assert outcome == "done"
    assert len(calls) == 1 and len(mailflow.sent()) == 1


def test_retry_later_backs_off_then_succeeds(hub, member, mailflow, mail_handlers):
    calls = []
    mail_handlers[MailKind.MEMBER_COMMAND] = lambda mail: (_ for _ in ()).throw(
        RetryLater("LLM down")
    )
    row = mailflow.deliver(build_email(from_=member.email, to=hub.email, subject="s", body="b"))
    assert row.status == Status.RETRY and row.attempts == 1
    assert row.next_attempt_at > timezone.now()
    assert "LLM down" in row.error
    assert inbound_process(inbound_id=row.id) == "not-due"
    mail_handlers[MailKind.MEMBER_COMMAND] = _echo(calls)
    later = row.next_attempt_at + timedelta(seconds=1)
    with mailflow._capture(execute=True):
        assert inbound_process(inbound_id=row.id, now=later) == "done"
    row.refresh_from_db()
    assert row.status == Status.DONE and row.attempts == 2
    assert len(calls) == 1 and len(mailflow.sent()) == 1


def test_mail_for_no_hub_is_kept_but_not_processed(hub, mailflow, mail_handlers):
    raw = build_email(from_="a@example.org", to="someone@else.example", subject="s", body="b")
    assert mailflow.deliver(raw) is None
    row = InboundMessage.objects.get()
    assert row.hub is None and row.status == Status.IGNORED


def test_same_message_id_with_other_content_is_not_suppressed(hub, member, mailflow, mail_handlers):
    calls = []
    mail_handlers[MailKind.MEMBER_COMMAND] = _echo(calls)
    mid = "<fixed@example.com>"
    mailflow.deliver(
        build_email(from_=member.email, to=hub.email, subject="s", body="one", message_id=mid)
    )
    mailflow.deliver(
        build_email(from_=member.email, to=hub.email, subject="s", body="two", message_id=mid)
    )
    assert [c.text for c in calls] == ["one", "two"]


def test_same_mail_by_two_doors_is_one_row(hub):
    raw = build_email(from_="a@example.org", to=hub.email, subject="s", body="b\n")
    imap_copy = b"Return-Path: <a@example.org>\r\nReceived: from mx by imap\r\n" + raw.replace(
        b"\n", b"\r\n"
    )
    first = inbound_receive(raw=raw, source="webhook:postmark")
    second = inbound_receive(raw=imap_copy, source="imap", hub=hub)
    assert first.id == second.id


@pytest.mark.parametrize(
    "to",
    [
        "family@hub.example.com",
        "FAMILY@hub.example.com",
        "fam@alias.example.com",
        "family+abc@hub.example.com",
    ],
)
def test_hub_found_by_any_of_its_addresses(hub, other_hub, to):
    row = inbound_receive(
        raw=build_email(from_="a@x.org", to=to, subject="s", body="b"), source="t"
    )
    assert row.hub == hub


def test_envelope_recipient_wins_over_headers(hub, other_hub):
    raw = build_email(from_="a@x.org", to=hub.email, subject="s", body="b")
    row = inbound_receive(raw=raw, source="t", envelope_to=["team@hub.example.com"])
    assert row.hub == other_hub
