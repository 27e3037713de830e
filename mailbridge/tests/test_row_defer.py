"""Unread writes kept in a job and sent to PostgreSQL in one round trip, in their order."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from hubs.models import Hub, Member
from mailbridge.models import InboundMessage
from mailbridge.row_defer import writes_deferred
from mailbridge.row_insert import row_insert_later
from mailbridge.row_update import row_update_later
from mailbridge.testing import queries_sent
from negotiation.models import Event, Meeting

RAW = b"From: bob@example.com\r\nSubject: hi\r\n\r\nA and 1 \xe2\x80\x94 50% sure; 'quoted'\r\n"
POSTGRES = connection.vendor == "postgresql"


def _row(message_id: str) -> InboundMessage:
    return InboundMessage.objects.create(
        hub=None, sender="", message_id=message_id, body_hash=message_id, source="smtp", raw=b"x"
    )


def _stored(pk) -> dict:
    row = InboundMessage.objects.get(pk=pk)
    return {f.attname: getattr(row, f.attname) for f in InboundMessage._meta.concrete_fields}


def _event_of_no_meeting(hub, meeting) -> Event:
    """An event whose meeting does not exist: PostgreSQL refuses it at COMMIT at the latest."""
    return Event(
        hub=hub, meeting_id=meeting.pk + 1000, kind="answered", actor="x", created_at=timezone.now()
    )


def _meeting(hub) -> Meeting:
    alice = Member.objects.create(hub=hub, email="alice@family.example")
    return Meeting.objects.create(hub=hub, initiator=alice, session_id="m-defer", topic="Budget")


@pytest.mark.django_db(transaction=True)
def test_kept_writes_leave_the_rows_the_orm_leaves_and_go_in_one_statement():
    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")
    meeting = _meeting(hub)
    mine, orm = _row("<a@x>"), _row("<b@x>")
    now = timezone.now()
    values = {
        "status": InboundMessage.Status.DONE,
        "error": "reply token; 100% 'sure' \\ %s",
        "processed_at": now,
        "hub": hub,
        "envelope_to": ["hub@family.example", "o'neil@x"],
        "raw": RAW + b"\xff\x00",
    }
    detail = {"accepted": ["A"], "note": "it's 50% %(x)s; done", "zh": "周一"}

    with CaptureQueriesContext(connection) as queries, transaction.atomic(), writes_deferred():
        row_update_later(InboundMessage, mine.pk, values=values, plus_one=["attempts"])
        row_insert_later(
            Event(
                hub=hub,
                meeting=meeting,
                kind="answered",
                actor="bob",
                detail=detail,
                inbound_id=mine.pk,
                created_at=now,
            )
        )
        kept = len(queries.captured_queries)
        seen = Event.objects.filter(meeting=meeting).count()  # a read sees the writes
    InboundMessage.objects.filter(pk=orm.pk).update(**values, attempts=F("attempts") + 1)

    assert seen == 1
    a, b = _stored(mine.pk), _stored(orm.pk)
    for name in ("id", "message_id", "body_hash", "received_at", "updated_at"):
        a.pop(name), b.pop(name)
    assert a == b and bytes(a["raw"]) == RAW + b"\xff\x00"
    event = Event.objects.get(meeting=meeting)
    assert event.detail == detail and event.created_at == now and event.inbound_id == mine.pk
    sent = [q["sql"] for q in queries.captured_queries]
    if POSTGRES:
        # Nothing went before the read; then both writes in one statement, then the read.
        assert kept == 1  # BEGIN (the atomic block's, as Django counts it)
        assert sent[1].startswith('UPDATE "mailbridge_inboundmessage"')
        assert 'INSERT INTO "negotiation_event"' in sent[1] and "SELECT" in sent[2]
    else:
        assert kept == 3 and sent[1].startswith("UPDATE") and sent[2].startswith("INSERT")


@pytest.mark.django_db(transaction=True)
def test_writes_still_kept_at_the_end_of_the_block_are_sent_before_it_closes():
    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")
    mine = _row("<a@x>")
    with transaction.atomic(), writes_deferred():
        row_update_later(InboundMessage, mine.pk, values={"error": "one"})
        row_update_later(InboundMessage, mine.pk, values={"error": "two", "hub": hub})
    row = InboundMessage.objects.get(pk=mine.pk)
    assert (row.error, row.hub_id) == ("two", hub.pk)  # in the order they were made


@pytest.mark.django_db(transaction=True)
def test_a_kept_write_that_fails_fails_the_block_and_nothing_of_it_stays():
    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")
    meeting = _meeting(hub)
    mine = _row("<a@x>")
    with pytest.raises(IntegrityError), transaction.atomic(), writes_deferred():
        row_update_later(InboundMessage, mine.pk, values={"error": "kept"})
        row_insert_later(_event_of_no_meeting(hub, meeting))
        Event.objects.count()
    assert InboundMessage.objects.get(pk=mine.pk).error == ""
    assert not Event.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_outside_a_block_a_write_is_sent_at_once():
    mine = _row("<a@x>")
    with CaptureQueriesContext(connection) as queries:
        row_update_later(InboundMessage, mine.pk, values={"error": "now"})
    assert len(queries.captured_queries) == 1
    assert InboundMessage.objects.get(pk=mine.pk).error == "now"


@pytest.mark.skipif(not POSTGRES, reason="a round trip is a PostgreSQL matter")
@pytest.mark.django_db(transaction=True)
def test_a_closing_block_sends_the_commit_with_its_last_writes():
    mine = _row("<a@x>")
    with queries_sent() as sent, transaction.atomic(), writes_deferred(closing=True):
        row_update_later(InboundMessage, mine.pk, values={"error": "done"})
    assert len(sent) == 2 and sent[0] == "BEGIN"
    assert sent[1].startswith("UPDATE") and sent[1].endswith(";\nCOMMIT")
    assert not connection.in_atomic_block
    assert InboundMessage.objects.get(pk=mine.pk).error == "done"


@pytest.mark.skipif(not POSTGRES, reason="a round trip is a PostgreSQL matter")
@pytest.mark.django_db(transaction=True)
def test_a_closing_block_inside_a_savepoint_leaves_the_commit_to_the_outer_transaction():
    mine = _row("<a@x>")
    with queries_sent() as sent, transaction.atomic():
        with transaction.atomic(), writes_deferred(closing=True):
            row_update_later(InboundMessage, mine.pk, values={"error": "inner"})
        assert connection.in_atomic_block
        row_update_later(InboundMessage, mine.pk, values={"attempts": 3})
    assert not any("COMMIT" in query for query in sent[:-1]) and sent[-1] == "COMMIT"
    assert (InboundMessage.objects.get(pk=mine.pk).attempts) == 3


@pytest.mark.skipif(not POSTGRES, reason="a round trip is a PostgreSQL matter")
@pytest.mark.django_db(transaction=True)
def test_a_commit_that_fails_in_the_last_flush_leaves_nothing_and_raises():
    # Foreign keys are checked at COMMIT on PostgreSQL (Django makes them deferrable):
    # the failure comes from the COMMIT inside the flush, and the atomic rolls back.
    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")
    meeting = _meeting(hub)
    mine = _row("<a@x>")
    with pytest.raises(IntegrityError), transaction.atomic(), writes_deferred(closing=True):
        row_update_later(InboundMessage, mine.pk, values={"error": "kept"})
        row_insert_later(_event_of_no_meeting(hub, meeting))
    assert not connection.in_atomic_block
    assert InboundMessage.objects.get(pk=mine.pk).error == ""
    assert not Event.objects.exists()
