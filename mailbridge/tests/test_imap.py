"""The IMAP door against a real Dovecot server."""

import os
from datetime import timedelta

import pytest
from django.utils import timezone

from mailbridge.imap import mailbox_poll
from mailbridge.models import HubMailbox, InboundMessage
from mailbridge.polling import mailboxes_poll_due
from mailbridge.testing import build_email
from mailbridge.tests.imap_server import Dovecot, dovecot_available

pytestmark = [
    pytest.mark.django_db(transaction=True),
    # CI installs dovecot (.ci/run), so there a missing server is a failure, not a skip.
    pytest.mark.skipif(
        not dovecot_available() and os.environ.get("CI") != "true",
        reason="needs dovecot (apt-get install dovecot-imapd) as root",
    ),
]


@pytest.fixture(scope="module")
def dovecot():
    server = Dovecot().start()
    yield server
    server.stop()


@pytest.fixture
def folder(dovecot, request):
    name = f"hub{abs(hash(request.node.name)) % 10**8}"
    with dovecot.client() as c:
        c.create(name)
    yield name
    with dovecot.client() as c:
        c.delete(name)


@pytest.fixture
def mailbox(hub, dovecot, folder):
    return HubMailbox.objects.create(
        hub=hub,
        host="127.0.0.1",
        port=dovecot.port,
        security=HubMailbox.Security.NONE,
        username=dovecot.user,
        password=dovecot.password,
        folder=folder,
    )


def _mail(n: int, hub) -> bytes:
    return build_email(
        from_=f"person{n}@example.org", to=hub.email, subject=f"Mail {n}", body=f"body {n}"
    ).replace(b"\n", b"\r\n")


def test_poll_stores_new_mail_marks_seen_and_remembers_the_last_uid(
    mailbox, dovecot, folder, hub, mail_handlers
):
    for n in range(3):
        dovecot.append(_mail(n, hub), folder)
    assert dovecot.seen_flags(folder) == {1: False, 2: False, 3: False}
    assert mailbox_poll(mailbox_id=mailbox.id) == 3
    assert sorted(InboundMessage.objects.values_list("subject", flat=True)) == [
        "Mail 0",
        "Mail 1",
        "Mail 2",
    ]
    assert set(InboundMessage.objects.values_list("source", flat=True)) == {"imap"}
    assert dovecot.seen_flags(folder) == {1: True, 2: True, 3: True}
    mailbox.refresh_from_db()
    assert mailbox.last_uid == 3 and mailbox.uidvalidity and mailbox.last_error == ""
    # Nothing new: nothing fetched, even though "4:*" matches the last message in IMAP.
    assert mailbox_poll(mailbox_id=mailbox.id) == 0
    dovecot.append(_mail(3, hub), folder)
    assert mailbox_poll(mailbox_id=mailbox.id) == 1
    assert InboundMessage.objects.count() == 4


def test_uidvalidity_change_rereads_the_folder_without_duplicates(
    mailbox, dovecot, folder, hub, mail_handlers
):
    first = _mail(1, hub)
    dovecot.append(first, folder)
    assert mailbox_poll(mailbox_id=mailbox.id) == 1
    mailbox.refresh_from_db()
    old_validity = mailbox.uidvalidity
    # Recreating the folder gives it a new UIDVALIDITY and restarts its UIDs at 1.
    with dovecot.client() as c:
        c.delete(folder)
        c.create(folder)
    dovecot.append(first, folder)  # the same message again (a restored backup)
    dovecot.append(_mail(2, hub), folder)
    assert mailbox_poll(mailbox_id=mailbox.id) == 2
    mailbox.refresh_from_db()
    assert mailbox.uidvalidity != old_validity and mailbox.last_uid == 2
    assert sorted(InboundMessage.objects.values_list("subject", flat=True)) == ["Mail 1", "Mail 2"]


def test_a_message_that_cannot_be_stored_stays_unseen(mailbox, dovecot, folder, hub, monkeypatch):
    dovecot.append(_mail(1, hub), folder)

    def broken(**kwargs):
        raise RuntimeError("database down")

    monkeypatch.setattr("mailbridge.imap.inbound_receive", broken)
    with pytest.raises(RuntimeError):
        mailbox_poll(mailbox_id=mailbox.id)
    assert dovecot.seen_flags(folder) == {1: False}
    mailbox.refresh_from_db()
    assert mailbox.last_uid == 0 and "database down" in mailbox.last_error


def test_wrong_password_is_recorded(mailbox):
    HubMailbox.objects.filter(id=mailbox.id).update()
    mailbox.password = "wrong"
    mailbox.save()
    with pytest.raises(Exception):  # noqa: B017 - imap-tools raises its own login error type
        mailbox_poll(mailbox_id=mailbox.id)
    mailbox.refresh_from_db()
    assert mailbox.last_error


def test_password_is_encrypted_at_rest(mailbox):
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT password FROM mailbridge_hubmailbox WHERE id = %s", [mailbox.id])
        stored = cursor.fetchone()[0]
    assert stored.startswith("fernet:") and "secret" not in stored


def test_mailboxes_have_no_schedule_of_their_own_one_job_polls_the_due_ones(mailbox):
    from django_q.models import Schedule

    from mailbridge.schedules import POLL_NAME, schedules_ensure

    schedules_ensure()
    assert not Schedule.objects.filter(name=f"mailbridge-imap-{mailbox.id}").exists()
    assert Schedule.objects.get(name=POLL_NAME).func == "mailbridge.tasks.poll_mailboxes"


def test_the_poll_job_reads_a_due_mailbox_and_leaves_it_until_its_next_time(
    mailbox, dovecot, folder, hub, mail_handlers
):
    dovecot.append(_mail(1, hub), folder)
    now = timezone.now()
    assert mailboxes_poll_due(now=now) == {"polled": 1, "stored": 1}
    assert dovecot.seen_flags(folder) == {1: True}
    dovecot.append(_mail(2, hub), folder)
    # Within its minute the mailbox is not due: the new message waits for the next poll.
    assert mailboxes_poll_due(now=now + timedelta(seconds=30)) == {"polled": 0, "stored": 0}
    assert mailboxes_poll_due(now=now + timedelta(minutes=1)) == {"polled": 1, "stored": 1}
    assert InboundMessage.objects.count() == 2
