"""A row changed by row_update is the row QuerySet.update() leaves, field for field."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from hubs.models import Hub
from mailbridge.models import InboundMessage
from mailbridge.row_update import row_update

RAW = b"From: bob@example.com\r\nSubject: hi\r\n\r\nA and 1\r\n"


def _row(hub, message_id: str) -> InboundMessage:
    return InboundMessage.objects.create(
        hub=None,
        sender="",
        message_id=message_id,
        body_hash=message_id,
        source="webhook:postmark",
        raw=RAW,
        status=InboundMessage.Status.POSTED,
    )


def _stored(pk) -> dict:
    row = InboundMessage.objects.get(pk=pk)
    return {f.attname: getattr(row, f.attname) for f in InboundMessage._meta.concrete_fields}


@pytest.mark.django_db
def test_an_inbound_row_closed_by_row_update_is_the_row_update_leaves():
    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")
    mine, orm = _row(hub, "<a@x>"), _row(hub, "<b@x>")
    now = timezone.now()
    values = {
        "status": InboundMessage.Status.DONE,
        "kind": "thread_reply",
        "error": "reply token",
        "processed_at": now,
        "next_attempt_at": None,
        "hub": hub,
        "sender": "bob@example.com",
        "envelope_to": ["hub@family.example"],
        "raw": RAW + b"\xff",
    }

    with CaptureQueriesContext(connection) as queries:
        hit = row_update(InboundMessage, mine.pk, values=values, plus_one=["attempts"])
    InboundMessage.objects.filter(pk=orm.pk).update(**values, attempts=F("attempts") + 1)

    assert hit == 1 and len(queries.captured_queries) == 1
    a, b = _stored(mine.pk), _stored(orm.pk)
    assert a["attempts"] == 1 and a["hub_id"] == hub.pk and a["processed_at"] == now
    assert bytes(a["raw"]) == RAW + b"\xff" and a["envelope_to"] == ["hub@family.example"]
    for name in ("id", "message_id", "body_hash", "received_at", "updated_at"):
        a.pop(name, None), b.pop(name, None)
    assert a == b


@pytest.mark.django_db
def test_a_key_given_for_a_relation_and_a_row_that_is_gone():
    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")
    row = _row(hub, "<a@x>")
    later = timezone.now() + timedelta(minutes=5)

    assert row_update(InboundMessage, row.pk, values={"hub": hub.pk, "next_attempt_at": later}) == 1
    assert row_update(InboundMessage, row.pk + 1000, values={"status": "done"}) == 0
    stored = InboundMessage.objects.get(pk=row.pk)
    assert stored.hub_id == hub.pk and stored.next_attempt_at == later


@pytest.mark.django_db
def test_a_guarded_update_changes_the_row_only_while_it_holds_the_conditions():
    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")
    row = _row(hub, "<a@x>")
    claimed = timezone.now()
    InboundMessage.objects.filter(pk=row.pk).update(next_attempt_at=claimed)
    guard = {"status": InboundMessage.Status.POSTED, "next_attempt_at": claimed}

    # Another claim (a later time) or another status: the row is not this caller's.
    other = {**guard, "next_attempt_at": claimed + timedelta(microseconds=1)}
    assert row_update(InboundMessage, row.pk, values={"error": "x"}, where=other) == 0
    assert row_update(InboundMessage, row.pk, values={"error": "x"}, where={"status": "done"}) == 0
    assert InboundMessage.objects.get(pk=row.pk).error == ""

    assert row_update(InboundMessage, row.pk, values={"status": "done"}, where=guard) == 1
    assert InboundMessage.objects.get(pk=row.pk).status == InboundMessage.Status.DONE
    assert row_update(InboundMessage, row.pk, values={"error": "y"}, where=guard) == 0
