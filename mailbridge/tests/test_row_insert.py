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
