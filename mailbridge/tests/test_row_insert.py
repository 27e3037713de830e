"""A row written by row_insert is the row create() writes, field for field."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext
from django_q.models import OrmQ

from hubs.models import Hub
from mailbridge.models import InboundMessage
from mailbridge.row_insert import row_insert

POSTED = {
    "hub": None,
    "sender": "",
    "message_id": "<abc@posted>",
    "body_hash": "abc",
    "post_hash": "abc",
    "source": "webhook:postmark",
    "raw": b'{"From": "bob@example.com"}\xff',
    "posted_type": "application/json",
    "status": InboundMessage.Status.POSTED,
}


def _stored(model, pk) -> dict:
    row = model.objects.get(pk=pk)
    return {f.attname: getattr(row, f.attname) for f in model._meta.concrete_fields}


def _same_but_keys_and_clocks(a: dict, b: dict, clocks=()) -> None:
    for name in ("id", *clocks):
        a.pop(name), b.pop(name)
    assert a == b


@pytest.mark.django_db
def test_an_inbound_post_is_the_row_create_writes():
    with CaptureQueriesContext(connection) as queries:
        mine = row_insert(InboundMessage(**POSTED))
    orm = InboundMessage.objects.create(**{**POSTED, "post_hash": "def", "message_id": "<d@p>"})

    assert len(queries.captured_queries) == 1 and "INSERT" in queries.captured_queries[0]["sql"]
    assert mine.pk and not mine._state.adding and mine._state.db == "default"
    a, b = _stored(InboundMessage, mine.pk), _stored(InboundMessage, orm.pk)
    assert bytes(a["raw"]) == POSTED["raw"]
    assert a["received_at"] is not None and a["received_at"].tzinfo is not None
    for name in ("post_hash", "message_id"):
        a.pop(name), b.pop(name)
    _same_but_keys_and_clocks(a, b, clocks=("received_at", "next_attempt_at", "updated_at"))


@pytest.mark.django_db
def test_a_queued_job_is_the_row_create_writes():
    from django.utils import timezone

    now = timezone.now()
    mine = row_insert(OrmQ(key="aimp", payload="signed", lock=now))
    orm = OrmQ.objects.create(key="aimp", payload="signed", lock=now)
    _same_but_keys_and_clocks(_stored(OrmQ, mine.pk), _stored(OrmQ, orm.pk))


@pytest.mark.django_db(transaction=True)
def test_a_repeated_key_raises_as_create_does():
    row_insert(InboundMessage(**POSTED))
    with pytest.raises(IntegrityError), transaction.atomic():
        row_insert(InboundMessage(**POSTED))
    assert InboundMessage.objects.count() == 1


@pytest.mark.django_db
def test_a_model_with_its_own_save_or_save_signals_is_refused():
    # Hub lower-cases its address in save(), and the address cache hears it saved.
    with pytest.raises(TypeError, match="save signals"):
        row_insert(Hub(name="x", email="x@example.com"))

    def heard(**kwargs):
        pass

    post_save.connect(heard, sender=OrmQ)
    try:
        with pytest.raises(TypeError):
            row_insert(OrmQ(key="k", payload="p"))
    finally:
        post_save.disconnect(heard, sender=OrmQ)


@pytest.mark.django_db
def test_outbound_rows_are_the_rows_bulk_create_writes_with_their_keys_in_order():
    from mailbridge.models import OutboundMessage
    from mailbridge.row_insert import rows_insert

    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")

    def rows(tag: str) -> list[OutboundMessage]:
        return [
            OutboundMessage(
                hub=hub,
                to_email=f"{name}@example.com",
                from_email="Family <hub@family.example>",
                subject="Confirmed: Q1 review",
                text="See you then.",
                attachments=[{"filename": "invite.ics", "content": "QkVHSU4="}],
                headers={"Auto-Submitted": "auto-generated"},
                message_id=f"<{tag}-{name}@hub>",
                thread_key="m-1",
                dedupe_key=f"{tag}:confirm:{name}",
            )
            for name in ("bob", "carol", "dan")
        ]

    with CaptureQueriesContext(connection) as queries:
        mine = rows_insert(rows("a"))
    orm = OutboundMessage.objects.bulk_create(rows("b"))

    assert len(queries.captured_queries) == 1
    assert [
        m.to_email
        for m in OutboundMessage.objects.filter(pk__in=[m.pk for m in mine]).order_by("pk")
    ] == ["bob@example.com", "carol@example.com", "dan@example.com"]
    for a, b in zip(mine, orm, strict=True):
        assert not a._state.adding and a._state.db == "default"
        x, y = _stored(OutboundMessage, a.pk), _stored(OutboundMessage, b.pk)
        assert x["message_id"].replace("<a-", "<b-") == y["message_id"]
        assert x["dedupe_key"].replace("a:", "b:") == y["dedupe_key"]
        for name in ("message_id", "dedupe_key"):
            x.pop(name), y.pop(name)
        _same_but_keys_and_clocks(x, y, clocks=("created_at",))
