"""An IMAP or SMTP password no configured key decrypts: recorded on the row, never a crash."""

import pytest
from cryptography.fernet import Fernet
from django.test import override_settings

from hubs.encryption import UNREADABLE_HELP
from mailbridge.imap import mailbox_poll
from mailbridge.models import HubMailbox, HubSmtpSettings, OutboundMessage
from mailbridge.outbox import OutboundMail, outbox_enqueue
from mailbridge.sending import outbox_send


@pytest.fixture
def other_keys():
    """Keys that do not open what the test stored (as after a lost or rotated-away key)."""
    with override_settings(FIELD_ENCRYPTION_KEYS=[Fernet.generate_key().decode()]):
        yield


@pytest.fixture
def mailbox(hub):
    return HubMailbox.objects.create(hub=hub, host="127.0.0.1", port=1, username="u", password="pw")


@pytest.fixture
def smtp(hub):
    return HubSmtpSettings.objects.create(hub=hub, host="127.0.0.1", port=1, password="pw")


def test_imap_poll_records_the_error_and_connects_nowhere(mailbox, other_keys):
    assert mailbox_poll(mailbox_id=mailbox.id) == 0
    mailbox.refresh_from_db()
    assert "IMAP password cannot be decrypted" in mailbox.last_error
    assert mailbox.last_polled_at is not None


def test_smtp_send_is_retried_with_the_error_on_the_row(hub, smtp, other_keys, monkeypatch):
    monkeypatch.setattr("mailbridge.outbox.job_enqueue_with_commit", lambda *a, **k: None)
    row = outbox_enqueue(
        hub=hub, mail=OutboundMail(to="bob@example.com", subject="Hi", text="Hi", thread_key="t")
    )
    assert outbox_send(outbound_id=row.id) == "retry"
    row.refresh_from_db()
    assert row.status == OutboundMessage.Status.RETRY
    assert "SMTP password cannot be decrypted" in row.error


@pytest.mark.parametrize("kind", ["hubmailbox", "hubsmtpsettings"])
def test_admin_asks_for_the_password_again(admin_client, mailbox, smtp, other_keys, kind):
    obj = mailbox if kind == "hubmailbox" else smtp
    page = admin_client.get(f"/admin/mailbridge/{kind}/{obj.pk}/change/")
    assert page.status_code == 200
    assert UNREADABLE_HELP in page.content.decode()
    assert admin_client.get(f"/admin/mailbridge/{kind}/").status_code == 200
