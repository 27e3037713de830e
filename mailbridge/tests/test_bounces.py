import pytest

from mailbridge.models import InboundMessage, OutboundMessage, UndeliverableAddress
from mailbridge.outbox import OutboundMail, outbox_enqueue
from mailbridge.tests.dsn import dsn
from mailbridge.types import MailKind


@pytest.fixture
def sent(hub, mailflow):
    with mailflow._capture(execute=True):
        row = outbox_enqueue(
            hub=hub,
            mail=OutboundMail(
                to="bob@example.com", subject="Invitation", text="t", thread_key="m7"
            ),
        )
    mailflow.sent()
    row.refresh_from_db()
    return row


@pytest.mark.parametrize(
    "headers_only", [False, True], ids=["message/rfc822", "text/rfc822-headers"]
)
def test_bounce_marks_message_and_recipient_and_notifies_once(
    hub, sent, mailflow, mail_handlers, headers_only
):
    calls = []
    mail_handlers[MailKind.BOUNCE] = calls.append
    raw = dsn(
        to=hub.email,
        original_message_id=sent.message_id,
        failed_recipient="bob@example.com",
        headers_only=headers_only,
    )
    row = mailflow.deliver(raw)
    assert row.kind == "bounce" and row.status == InboundMessage.Status.DONE
    sent.refresh_from_db()
    assert sent.status == OutboundMessage.Status.UNDELIVERABLE
    assert UndeliverableAddress.objects.filter(hub=hub, address="bob@example.com").exists()
    [mail] = calls
    assert mail.thread_key == "m7" and mail.bounced_recipient == "bob@example.com"
    # A second bounce about the same message (another MTA's report) notifies no one again.
    again = dsn(
        to=hub.email,
        original_message_id=sent.message_id,
        failed_recipient="bob@example.com",
        from_="postmaster@other.example",
    )
    second = mailflow.deliver(again)
    assert second.status == InboundMessage.Status.IGNORED and len(calls) == 1


def test_forged_bounce_changes_nothing(hub, sent, mailflow, mail_handlers):
    calls = []
    mail_handlers[MailKind.BOUNCE] = calls.append
    raw = dsn(
        to=hub.email,
        original_message_id="<never-sent@hub.example.com>",
        failed_recipient="bob@example.com",
    )
    row = mailflow.deliver(raw)
    assert row.kind == "auto_generated" and row.status == InboundMessage.Status.IGNORED
    sent.refresh_from_db()
    assert sent.status == OutboundMessage.Status.SENT
    assert not UndeliverableAddress.objects.exists() and calls == []


def test_bounce_of_another_hubs_message_changes_nothing(
    hub, other_hub, sent, mailflow, mail_handlers
):
    raw = dsn(
        to=other_hub.email, original_message_id=sent.message_id, failed_recipient="bob@example.com"
    )
    row = mailflow.deliver(raw)
    assert row.hub == other_hub and row.status == InboundMessage.Status.IGNORED
    sent.refresh_from_db()
    assert sent.status == OutboundMessage.Status.SENT


def test_delay_notification_is_not_a_bounce(hub, sent, mailflow, mail_handlers):
    raw = dsn(
        to=hub.email,
        original_message_id=sent.message_id,
        failed_recipient="bob@example.com",
        action="delayed",
        status="4.4.7",
    )
    row = mailflow.deliver(raw)
    assert row.kind == "auto_generated"
    sent.refresh_from_db()
    assert sent.status == OutboundMessage.Status.SENT


def test_later_mail_to_a_bounced_address_is_not_sent(hub, sent, mailflow, mail_handlers):
    mailflow.deliver(
        dsn(to=hub.email, original_message_id=sent.message_id, failed_recipient="bob@example.com")
    )
    with mailflow._capture(execute=True):
        later = outbox_enqueue(
            hub=hub, mail=OutboundMail(to="bob@example.com", subject="Again", text="t")
        )
    assert later.status == OutboundMessage.Status.UNDELIVERABLE and mailflow.sent() == []


def test_auto_generated_and_bounce_mail_take_few_queries(
    hub, sent, mail_handlers, django_assert_max_num_queries
):
    from mailbridge.inbound import inbound_receive
    from mailbridge.processing import inbound_process
    from mailbridge.testing import build_email

    ooo = inbound_receive(
        raw=build_email(
            from_="bob@example.com",
            to=hub.email,
            subject="Out of office",
            body="away",
            headers={"Auto-Submitted": "auto-replied"},
        ),
        source="t",
    )
    bounce = inbound_receive(
        raw=dsn(
            to=hub.email, original_message_id=sent.message_id, failed_recipient="bob@example.com"
        ),
        source="t",
    )
    with django_assert_max_num_queries(5):
        assert inbound_process(inbound_id=ooo.id) == "ignored"
    with django_assert_max_num_queries(11):
        assert inbound_process(inbound_id=bounce.id) == "ignored"  # no BOUNCE handler registered
