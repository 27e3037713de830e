"""One job polls the mailboxes that are due, and an empty poll writes only their claim."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from mailbridge import imap
from mailbridge.models import HubMailbox, InboundMessage
from mailbridge.polling import mailboxes_claim, mailboxes_poll_due
from mailbridge.testing import build_email


class FakeImap:
    """An IMAP server that holds `messages` (uid -> raw) in one folder."""

    def __init__(self, opened: list, mailbox: HubMailbox, messages: dict[int, bytes]):
        opened.append(mailbox.id)
        self.messages = messages
        self.client = self
        self.folder = self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def set(self, folder):
        pass

    def status(self, folder, items):
        return {"UIDVALIDITY": 7}

    def uids(self, criteria, charset=None):
        return [str(uid) for uid in self.messages]

    def uid(self, command, uid, parts):
        return "OK", [(f"1 (UID {uid} BODY[] ".encode(), self.messages[int(uid)])]

    def flag(self, uid, flag, value):
        pass


@pytest.fixture
def imap_server(monkeypatch):
    opened: list[int] = []
    messages: dict[int, bytes] = {}
    monkeypatch.setattr(imap, "_open", lambda mailbox: FakeImap(opened, mailbox, messages))
    return opened, messages


def _mailbox(hub, user: str, *, due_in: timedelta, **fields) -> HubMailbox:
    return HubMailbox.objects.create(
        hub=hub,
        host="imap.example.com",
        username=user,
        password="pw",
        next_poll_at=timezone.now() + due_in,
        **fields,
    )


def test_only_due_enabled_mailboxes_are_claimed_and_moved_to_their_next_poll(hub):
    now = timezone.now()
    due = _mailbox(hub, "due", due_in=-timedelta(minutes=1), poll_minutes=5)
    later = _mailbox(hub, "later", due_in=timedelta(minutes=3))
    off = _mailbox(hub, "off", due_in=-timedelta(minutes=1), enabled=False)
    assert mailboxes_claim(now=now) == [due.id]
    due.refresh_from_db()
    assert due.next_poll_at == now + timedelta(minutes=5) and due.last_polled_at == now
    assert mailboxes_claim(now=now) == []  # claimed once: a second job finds nothing
    assert HubMailbox.objects.get(pk=later.pk).last_polled_at is None
    assert HubMailbox.objects.get(pk=off.pk).last_polled_at is None


def test_the_job_contacts_only_due_mailboxes_and_an_empty_poll_writes_one_update(
    hub, other_hub, imap_server
):
    opened, _ = imap_server
    # Known to the hub already (the first poll of a new mailbox records UIDVALIDITY).
    due = [
        _mailbox(h, "due", due_in=-timedelta(seconds=1), uidvalidity=7) for h in (hub, other_hub)
    ]
    _mailbox(hub, "later", due_in=timedelta(minutes=1))
    with CaptureQueriesContext(connection) as queries:
        assert mailboxes_poll_due(now=timezone.now()) == {"polled": 2, "stored": 0}
    assert sorted(opened) == sorted(m.id for m in due)
    writes = [q["sql"] for q in queries if not q["sql"].lstrip().upper().startswith("SELECT")]
    assert len(writes) == 1 and writes[0].startswith("UPDATE")
    assert InboundMessage.objects.count() == 0


def test_new_mail_is_stored_and_its_uid_remembered(hub, imap_server, mail_handlers):
    _, messages = imap_server
    messages[3] = build_email(from_="x@example.org", to=hub.email, subject="Hi", body="b")
    box = _mailbox(hub, "due", due_in=-timedelta(seconds=1))
    assert mailboxes_poll_due(now=timezone.now()) == {"polled": 1, "stored": 1}
    box.refresh_from_db()
    assert (box.uidvalidity, box.last_uid) == (7, 3)
    assert InboundMessage.objects.get().source == "imap"


def test_a_failure_is_recorded_once_and_cleared_by_the_next_good_poll(hub, monkeypatch):
    box = _mailbox(hub, "due", due_in=-timedelta(seconds=1), uidvalidity=7)

    def refused(mailbox):
        raise ConnectionRefusedError

    monkeypatch.setattr(imap, "_open", refused)
    mailboxes_poll_due(now=timezone.now())
    box.refresh_from_db()
    assert box.last_error == "connection refused"
    later = timezone.now() + timedelta(minutes=2)
    with CaptureQueriesContext(connection) as queries:
        mailboxes_poll_due(now=later)
    assert sum(q["sql"].startswith("UPDATE") for q in queries) == 1  # the claim only
    monkeypatch.setattr(imap, "_open", lambda mailbox: FakeImap([], mailbox, {}))
    mailboxes_poll_due(now=later + timedelta(minutes=2))
    box.refresh_from_db()
    assert box.last_error == ""


def test_an_inactive_hubs_mailbox_is_moved_on_but_not_contacted(hub, imap_server):
    opened, _ = imap_server
    hub.active = False
    hub.save()
    _mailbox(hub, "due", due_in=-timedelta(seconds=1))
    assert mailboxes_poll_due(now=timezone.now())["polled"] == 0
    # Moved on all the same: not read again every minute while the hub is off.
    assert opened == [] and mailboxes_claim(now=timezone.now()) == []


def test_the_migration_deletes_the_old_per_mailbox_schedules(db):
    from importlib import import_module

    from django.apps import apps
    from django_q.models import Schedule

    Schedule.objects.all().delete()
    for name in ("mailbridge-imap-4", "mailbridge-imap-poll", "mailbridge-sweeper"):
        Schedule.objects.create(name=name, func="x")
    migration = import_module("mailbridge.migrations.0004_mailbox_due_index")
    migration.drop_mailbox_schedules(apps, None)
    assert set(Schedule.objects.values_list("name", flat=True)) == {
        "mailbridge-imap-poll",
        "mailbridge-sweeper",
    }
