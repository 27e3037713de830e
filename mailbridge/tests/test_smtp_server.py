"""The SMTP door over a real socket."""

import smtplib
import socket
from pathlib import Path

import pytest
from django.test import override_settings

from mailbridge.models import InboundMessage
from mailbridge.processing import inbound_process
from mailbridge.smtp_server import smtp_controller
from mailbridge.testing import build_email

pytestmark = pytest.mark.django_db(transaction=True)


def _free_port() -> int:
    # aiosmtpd's readiness check fails with port=0, so pick one ourselves.
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def listener(db):
    controller = smtp_controller(host="127.0.0.1", port=_free_port())
    controller.start()
    yield controller
    controller.stop()


def _smtp(listener):
    return smtplib.SMTP(listener.hostname, listener.port, timeout=10)


def test_mail_for_a_hub_is_stored_before_250(listener, hub, mail_handlers):
    raw = build_email(from_="bob@example.org", to=hub.email, subject="Hello", body="Hi")
    with _smtp(listener) as smtp:
        refused = smtp.sendmail("bob@example.org", ["family+tok123@hub.example.com"], raw)
    assert refused == {}
    # sendmail returned: the server said 250, so the row must already be committed.
    row = InboundMessage.objects.get()
    assert row.hub == hub and row.source == "smtp"
    assert row.envelope_from == "bob@example.org"
    assert row.envelope_to == ["family+tok123@hub.example.com"]
    assert bytes(row.raw).replace(b"\r\n", b"\n").rstrip() == raw.replace(b"\r\n", b"\n").rstrip()


def test_other_recipients_are_rejected_at_rcpt(listener, hub):
    with _smtp(listener) as smtp:
        smtp.ehlo()
        smtp.mail("bob@example.org")
        code, message = smtp.rcpt("stranger@elsewhere.example")
        assert code == 550
        code, _ = smtp.rcpt(hub.email)
        assert code == 250
    with _smtp(listener) as smtp, pytest.raises(smtplib.SMTPRecipientsRefused):
        smtp.sendmail(
            "bob@example.org", ["stranger@elsewhere.example"], b"Subject: x\r\n\r\nhi\r\n"
        )
    assert not InboundMessage.objects.exists()


def test_mail_to_two_hubs_is_stored_once_per_hub(listener, hub, other_hub, mail_handlers):
    raw = build_email(from_="bob@example.org", to=hub.email, subject="Hello", body="Hi")
    with _smtp(listener) as smtp:
        smtp.sendmail("bob@example.org", [hub.email, other_hub.email, "x@nowhere.example"], raw)
    assert sorted(InboundMessage.objects.values_list("hub__slug", flat=True)) == ["family", "team"]


def test_message_size_is_limited(hub):
    with override_settings(AIMP_MAX_MESSAGE_BYTES=2000):
        controller = smtp_controller(host="127.0.0.1", port=_free_port())
    controller.start()
    try:
        raw = build_email(
            from_="bob@example.org", to=hub.email, subject="Big", body="xxxxxxxxx\n" * 500
        )
        raw = raw.replace(b"\n", b"\r\n")  # SMTP lines end in CRLF (RFC 5321 2.3.8)
        # With ESMTP SIZE the client declares the size and is refused at MAIL FROM.
        with _smtp(controller) as smtp, pytest.raises(smtplib.SMTPSenderRefused) as exc:
            smtp.sendmail("bob@example.org", [hub.email], raw)
        assert exc.value.smtp_code == 552
        # Without SIZE (plain HELO) the server counts the DATA and refuses at its end.
        with _smtp(controller) as smtp, pytest.raises(smtplib.SMTPDataError) as exc:
            smtp.helo()
            smtp.sendmail("bob@example.org", [hub.email], raw)
        assert exc.value.smtp_code == 552
    finally:
        controller.stop()
    assert not InboundMessage.objects.exists()


def test_null_sender_mail_is_recorded_as_auto_generated(listener, hub, mail_handlers):
    raw = build_email(from_="someone@example.org", to=hub.email, subject="Hello", body="Hi")
    with _smtp(listener) as smtp:
        smtp.sendmail("<>", [hub.email], raw)
    row = InboundMessage.objects.get()
    assert row.status == InboundMessage.Status.IGNORED and row.kind == "auto_generated"


def test_database_trouble_at_rcpt_is_a_temporary_failure(listener, monkeypatch):
    def down(address):
        raise RuntimeError("database is down")

    monkeypatch.setattr("mailbridge.smtp_server._hub_for_recipient", down)
    with _smtp(listener) as smtp:
        smtp.ehlo()
        smtp.mail("bob@example.org")
        code, _ = smtp.rcpt("family@hub.example.com")
    assert code == 451


def test_storage_failure_answers_451_so_the_sender_retries(listener, hub, monkeypatch):
    def broken(*args):
        raise RuntimeError("disk full")

    monkeypatch.setattr("mailbridge.smtp_server._store", broken)
    raw = build_email(from_="bob@example.org", to=hub.email, subject="Hello", body="Hi")
    with _smtp(listener) as smtp, pytest.raises(smtplib.SMTPDataError) as exc:
        smtp.sendmail("bob@example.org", [hub.email], raw)
    assert exc.value.smtp_code == 451
    assert not InboundMessage.objects.exists()


def test_a_calendar_clients_answer_is_routed_by_its_calendar_data(listener, hub, mail_handlers):
    # Outlook's "Propose new time", over the real socket, to this hub's address: routed
    # as a calendar answer (never a request, a command or an unknown sender's mail).
    seen = []
    mail_handlers["calendar_answer"] = seen.append
    fixture = Path(__file__).resolve().parents[2] / "tests/emails/calendar/outlook-counter.eml"
    raw = fixture.read_bytes().replace(b"hub@family.example", hub.email.encode())
    with _smtp(listener) as smtp:
        smtp.sendmail("carol@guest.example", [hub.email], raw)
    row = InboundMessage.objects.get()
    inbound_process(inbound_id=row.id)
    row.refresh_from_db()
    assert row.kind == "calendar_answer" and row.status == InboundMessage.Status.DONE
    (mail,) = seen
    assert mail.calendar.method == "COUNTER" and mail.calendar.attendee == "carol@guest.example"
    assert mail.calendar.start is not None


def _sized_mail(hub, size: int) -> bytes:
    """A mail of about `size` bytes with CRLF lines of 76 characters (RFC 5321 2.3.8, 4.5.3.1.6)."""
    head = build_email(from_="bob@example.org", to=hub.email, subject="Big", body="Photos.")
    head = head.replace(b"\n", b"\r\n")
    line = b"QUJD" * 19 + b"\r\n"
    return head + line * ((size - len(head)) // len(line))


def test_the_default_limit_takes_a_9_5_mb_mail_and_refuses_10_5_mb_with_552(listener, hub):
    # AIMP_MAX_MESSAGE_BYTES is 10 MiB: the same limit as the webhook door's messages.
    fits, too_big = _sized_mail(hub, 9_500_000), _sized_mail(hub, 10_500_000)
    with _smtp(listener) as smtp:
        assert smtp.sendmail("bob@example.org", [hub.email], fits) == {}
        # Declared with SIZE (RFC 1870): refused at MAIL FROM, before any data is sent.
        with pytest.raises(smtplib.SMTPSenderRefused) as declared:
            smtp.sendmail("bob@example.org", [hub.email], too_big)
        assert declared.value.smtp_code == 552
    with _smtp(listener) as smtp:
        # Undeclared (HELO): the server counts DATA, keeps none past the limit, and
        # answers 552 at its end (RFC 5321 4.5.3.1.10); the session goes on.
        smtp.helo()
        with pytest.raises(smtplib.SMTPDataError) as counted:
            smtp.sendmail("bob@example.org", [hub.email], too_big)
        assert counted.value.smtp_code == 552
        small = build_email(from_="bob@example.org", to=hub.email, subject="Small", body="Hi")
        assert smtp.sendmail("bob@example.org", [hub.email], small) == {}
    assert sorted(InboundMessage.objects.values_list("subject", flat=True)) == ["Big", "Small"]
    assert len(bytes(InboundMessage.objects.get(subject="Big").raw)) >= 9_400_000


def test_8bit_header_bytes_are_stored_as_sent(listener, hub):
    raw = build_email(from_="bob@example.org", to=hub.email, subject="Hello", body="Hi")
    raw = raw.replace(b"Subject: Hello", b"Subject: D\xe9j\xe0 \xff").replace(b"\n", b"\r\n")
    with _smtp(listener) as smtp:
        assert smtp.sendmail("bob@example.org", [hub.email], raw) == {}
    assert b"D\xe9j\xe0 \xff" in bytes(InboundMessage.objects.get().raw)
