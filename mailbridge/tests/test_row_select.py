"""A row read by row_first is the instance `.first()` reads, field for field."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from hubs.models import Hub
from mailbridge.lookup import thread_by_token
from mailbridge.models import InboundMessage, ReplyToken
from mailbridge.row_select import row_first


def _fields(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


@pytest.mark.django_db
def test_a_reply_token_is_the_one_first_reads_with_its_clock_converted():
    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")
    other = Hub.objects.create(name="Team", slug="team", email="hub@team.example")
    ReplyToken.objects.create(hub=other, token="t0", thread_key="m-0", recipient="x@y.example")
    ReplyToken.objects.create(hub=hub, token="t1", thread_key="m-1", recipient="bob@example.com")
    ReplyToken.objects.create(hub=hub, token="t2", thread_key="m-2", recipient="bob@example.com")

    with CaptureQueriesContext(connection) as queries:
        mine = thread_by_token(hub, ["t0", "t2", "t1", "t2"])
    orm = ReplyToken.objects.filter(hub=hub, token__in=["t0", "t2", "t1"]).first()

    assert len(queries.captured_queries) == 1
    assert mine == orm and _fields(mine) == _fields(orm)
    assert mine.created_at.tzinfo is not None and not mine._state.adding
    assert thread_by_token(other, ["t1", "t2"]) is None
    assert thread_by_token(hub, []) is None


@pytest.mark.django_db
def test_json_binary_and_null_columns_read_back_as_the_orm_reads_them():
    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")
    row = InboundMessage.objects.create(
        hub=hub,
        sender="bob@example.com",
        message_id="<a@x>",
        body_hash="h",
        source="smtp",
        raw=b"From: bob@example.com\r\n\r\n\xff",
        envelope_to=["hub@family.example", "x@y.example"],
    )

    mine = row_first(InboundMessage, where="t.message_id = %s", params=["<a@x>"])
    orm = InboundMessage.objects.order_by("pk").filter(message_id="<a@x>").first()

    assert _fields(mine) == _fields(orm) and mine.pk == row.pk
    assert mine.envelope_to == ["hub@family.example", "x@y.example"]
    assert bytes(mine.raw).endswith(b"\xff")
    assert row_first(InboundMessage, where="t.message_id = %s", params=["<none@x>"]) is None


@pytest.mark.django_db
def test_a_locked_row_read_with_its_hub_is_what_select_related_reads_in_one_statement():
    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")
    common = {"sender": "b@x.example", "body_hash": "h", "source": "smtp", "raw": b"x"}
    owned = InboundMessage.objects.create(hub=hub, message_id="<a@x>", **common)
    orphan = InboundMessage.objects.create(hub=None, message_id="<b@x>", **common)

    for row in (owned, orphan):
        orm = (
            InboundMessage.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("hub")
            .filter(id=row.pk, status__in=["received"])
            .first()
        )
        with CaptureQueriesContext(connection) as queries:
            mine = row_first(
                InboundMessage,
                where="t.id = %s AND t.status IN (%s)",
                params=[row.pk, "received"],
                lock=True,
                related="hub",
            )
            hub_read = mine.hub
        assert len(queries.captured_queries) == 1
        assert _fields(mine) == _fields(orm)
        assert (hub_read and _fields(hub_read)) == (orm.hub and _fields(orm.hub))
    assert owned.status == "received"


@pytest.mark.django_db(transaction=True)
def test_a_row_locked_by_another_transaction_is_skipped_where_the_database_locks_rows():
    import threading

    from django.db import transaction

    if not connection.features.has_select_for_update_skip_locked:
        pytest.skip("SQLite serialises writers: there is no row lock to skip")
    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")
    row = InboundMessage.objects.create(
        hub=hub, message_id="<a@x>", sender="b@x.example", body_hash="h", source="smtp", raw=b"x"
    )
    seen = {}
    locked, done = threading.Event(), threading.Event()

    def holder():
        with transaction.atomic():
            row_first(InboundMessage, where="t.id = %s", params=[row.pk], lock=True, related="hub")
            locked.set()
            done.wait(10)
        connection.close()

    thread = threading.Thread(target=holder)
    thread.start()
    locked.wait(10)
    with transaction.atomic():
        seen["other"] = row_first(
            InboundMessage, where="t.id = %s", params=[row.pk], lock=True, related="hub"
        )
    done.set()
    thread.join()
    assert seen["other"] is None
