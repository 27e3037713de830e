"""Sending through the configured backends: an anymail ESP, or a hub's own SMTP server."""

import socket
import threading

import pytest
from aiosmtpd.controller import Controller
from django.test import override_settings

from mailbridge.models import HubSmtpSettings, OutboundMessage
from mailbridge.outbox import OutboundMail, outbox_enqueue
from mailbridge.sending import outbox_send


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Sink:
    def __init__(self):
        self.received = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        with self.lock:
            self.received.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 OK"


@pytest.fixture
def smtp_sink():
    sink = _Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=_free_port())
    controller.start()
    yield controller, sink
    controller.stop()


def test_hub_smtp_server_is_used_over_a_real_socket(hub, smtp_sink, mailoutbox):
    controller, sink = smtp_sink
    HubSmtpSettings.objects.create(
        hub=hub, host="127.0.0.1", port=controller.port, use_tls=False, password="pw-not-used"
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("mailbridge.outbox.job_enqueue_with_commit", lambda *a, **k: None)
        row = outbox_enqueue(
            hub=hub,
            mail=OutboundMail(
                to="bob@example.com", subject="Hello", text="Hi Bob", thread_key="t1"
            ),
        )
    assert outbox_send(outbound_id=row.id) == "sent"
    assert mailoutbox == []  # not the site backend
    [(mail_from, rcpt_tos, content)] = sink.received
    assert mail_from == "family@hub.example.com" and rcpt_tos == ["bob@example.com"]
    assert row.message_id.encode() in content
    assert b"X-AIMP-Hub-Loop: family@hub.example.com" in content


def test_unreachable_hub_smtp_server_is_retried(hub):
    HubSmtpSettings.objects.create(
        hub=hub, host="127.0.0.1", port=_free_port(), use_tls=False, timeout_seconds=5
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("mailbridge.outbox.job_enqueue_with_commit", lambda *a, **k: None)
        row = outbox_enqueue(
            hub=hub, mail=OutboundMail(to="bob@example.com", subject="Hello", text="Hi")
        )
    assert outbox_send(outbound_id=row.id) == "retry"
    row.refresh_from_db()
    assert row.status == OutboundMessage.Status.RETRY and "ConnectionRefused" in row.error


@override_settings(EMAIL_BACKEND="anymail.backends.test.EmailBackend")
def test_anymail_esp_message_id_is_recorded_for_tracking(hub):
    from django.core import mail

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("mailbridge.outbox.job_enqueue_with_commit", lambda *a, **k: None)
        row = outbox_enqueue(
            hub=hub, mail=OutboundMail(to="bob@example.com", subject="Hello", text="Hi")
        )
    mail.outbox = []
    assert outbox_send(outbound_id=row.id) == "sent"
    row.refresh_from_db()
    [message] = mail.outbox
    assert row.provider_message_id == str(message.anymail_status.message_id) != ""
    assert message.anymail_test_params["metadata"] == {"aimp_outbound_id": str(row.id)}


def test_a_send_is_three_statements_and_a_second_one_is_skipped(
    hub, mailoutbox, django_assert_num_queries
):
    row = outbox_enqueue(
        hub=hub, mail=OutboundMail(to="bob@example.com", subject="Hello", text="Hi")
    )
    # The claim returns the row it took; then the hub's SMTP settings; then the result.
    with django_assert_num_queries(3):
        assert outbox_send(outbound_id=row.id) == "sent"
    with django_assert_num_queries(1):
        assert outbox_send(outbound_id=row.id) == "skipped"
    row.refresh_from_db()
    assert row.status == OutboundMessage.Status.SENT and row.attempts == 1
    assert [m.extra_headers["Message-ID"] for m in mailoutbox] == [row.message_id]


def test_over_smtp_an_attached_invitation_is_also_the_calendar_part_outlook_shows(hub, smtp_sink):
    from email import message_from_bytes, policy

    from mailbridge.outbox import Attachment

    controller, sink = smtp_sink
    HubSmtpSettings.objects.create(hub=hub, host="127.0.0.1", port=controller.port, use_tls=False)
    ics = b"BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("mailbridge.outbox.job_enqueue_with_commit", lambda *a, **k: None)
        row = outbox_enqueue(
            hub=hub,
            mail=OutboundMail(
                to="bob@example.com",
                subject="Confirmed",
                text="See you",
                attachments=(Attachment("invite.ics", ics, "text/calendar; method=REQUEST"),),
            ),
        )
    assert outbox_send(outbound_id=row.id) == "sent"
    [(_, _, content)] = sink.received
    parsed = message_from_bytes(content, policy=policy.default)
    parts = [(p.get_content_type(), p.get_filename(), p.get_param("method")) for p in parsed.walk()]
    assert ("text/calendar", None, "REQUEST") in parts  # inside multipart/alternative
    assert ("text/calendar", "invite.ics", "REQUEST") in parts  # and still attached


def test_through_an_esp_an_invitation_is_only_attached(hub, mailoutbox):
    from mailbridge.outbox import Attachment

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("mailbridge.outbox.job_enqueue_with_commit", lambda *a, **k: None)
        row = outbox_enqueue(
            hub=hub,
            mail=OutboundMail(
                to="bob@example.com",
                subject="Confirmed",
                text="See you",
                attachments=(Attachment("invite.ics", b"BEGIN:VCALENDAR", "text/calendar"),),
            ),
        )
    assert outbox_send(outbound_id=row.id) == "sent"
    [msg] = mailoutbox
    assert not [alt for alt in msg.alternatives if "calendar" in alt[1]]
