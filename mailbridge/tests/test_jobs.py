"""Jobs on the queue: one broker per process, rows and their jobs committed together."""

import os

import pytest
from django.db import transaction

from mailbridge.models import OutboundMessage, UndeliverableAddress
from mailbridge.outbox import OutboundMail, outbox_enqueue, outbox_enqueue_many


@pytest.fixture
def orm_broker(monkeypatch):
    """django-q2's own ORM broker (the suite runs django-q2 synchronously).

    The settings' broker claims queued mail itself (test_queue_broker); jobs still go
    to its queue table as here for what it does not claim (retries, other doors).
    """
    from django_q.conf import Conf

    monkeypatch.setattr(Conf, "SYNC", False)
    monkeypatch.setattr(Conf, "ORM", "default")
    monkeypatch.setattr(Conf, "BROKER_CLASS", None)


def _send_jobs() -> list:
    from django_q.models import OrmQ

    return [
        (q.func().rsplit(".", 1)[1], q.task["args"])
        for q in OrmQ.objects.order_by("id")
        if q.func().startswith("mailbridge.tasks.send_")
    ]


@pytest.mark.django_db(transaction=True)
def test_orm_broker_job_commits_with_its_row(hub, orm_broker):
    with transaction.atomic():
        row = outbox_enqueue(
            hub=hub, mail=OutboundMail(to="bob@example.com", subject="Hi", text="Hello")
        )
        # Queued in the same transaction: no window where the row exists without its job.
        assert _send_jobs() == [("send_outbound", (row.id,))]
    assert _send_jobs() == [("send_outbound", (row.id,))]


@pytest.mark.django_db(transaction=True)
def test_orm_broker_job_rolls_back_with_its_row(hub, orm_broker):
    with pytest.raises(RuntimeError), transaction.atomic():
        outbox_enqueue(hub=hub, mail=OutboundMail(to="bob@example.com", subject="Hi", text="Hello"))
        raise RuntimeError("the caller failed after queueing")
    assert OutboundMessage.objects.count() == 0
    assert _send_jobs() == []


@pytest.mark.django_db(transaction=True)
def test_mail_queued_together_is_one_send_job(hub, orm_broker):
    UndeliverableAddress.objects.create(hub=hub, address="dan@example.com", reason="bounced")
    with transaction.atomic():
        rows = outbox_enqueue_many(
            hub=hub,
            mails=[
                OutboundMail(to=f"{name}@example.com", subject="Confirmed", text="t")
                for name in ("bob", "carol", "dan")
            ],
        )
    # dan's row is undeliverable: nothing to send for it.
    assert _send_jobs() == [("send_outbound_many", ([rows[0].id, rows[1].id],))]


@pytest.mark.django_db(transaction=True)
def test_queued_jobs_share_one_broker_per_process(hub, orm_broker, monkeypatch):
    from django_q import brokers

    from mailbridge import jobs

    made = []
    real = brokers.get_broker
    monkeypatch.setattr(jobs, "_BROKERS", {})
    monkeypatch.setattr(brokers, "get_broker", lambda *a, **k: made.append(1) or real(*a, **k))
    for name in ("bob", "carol", "dan"):
        outbox_enqueue(
            hub=hub, mail=OutboundMail(to=f"{name}@example.com", subject="Hi", text="Hello")
        )
    assert len(_send_jobs()) == 3
    assert len(made) == 1


@pytest.mark.django_db(transaction=True)
def test_queuing_outside_a_transaction_keeps_the_callers_connection(hub, orm_broker, settings):
    # django-q2's ORM broker closes "old" connections before it queues, and with
    # CONN_MAX_AGE=0 every connection is old: each job reopened the database.
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from mailbridge.jobs import job_enqueue

    connection.ensure_connection()
    connection.close_at = 0  # as CONN_MAX_AGE=0 leaves it: old at once
    before = connection.connection
    with CaptureQueriesContext(connection) as ctx:
        job_enqueue("mailbridge.tasks.send_outbound", 1, group="mailbridge-send")
        job_enqueue("mailbridge.tasks.send_outbound", 2, group="mailbridge-send")
    assert connection.connection is before
    # Nor a transaction of its own per job, to keep it (BEGIN and COMMIT).
    assert [q["sql"].split()[0] for q in ctx.captured_queries] == ["INSERT", "INSERT"]
    assert _send_jobs() == [("send_outbound", (1,)), ("send_outbound", (2,))]


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (CI's second run)")
@pytest.mark.django_db(transaction=True)
def test_redis_jobs_reuse_one_connection(hub, monkeypatch):
    from django_q.conf import Conf

    from mailbridge import jobs

    monkeypatch.setattr(Conf, "SYNC", False)
    monkeypatch.setattr(Conf, "ORM", None)
    monkeypatch.setattr(Conf, "REDIS", os.environ["REDIS_URL"])
    monkeypatch.setattr(Conf, "CLUSTER_NAME", f"aimp-test-{os.getpid()}")
    monkeypatch.setattr(jobs, "_BROKERS", {})
    for name in ("bob", "carol", "dan"):
        outbox_enqueue(
            hub=hub, mail=OutboundMail(to=f"{name}@example.com", subject="Hi", text="Hello")
        )
    [broker] = jobs._BROKERS.values()
    try:
        assert broker.queue_size() == 3
        # Before, every job built its own Redis client and so its own connection.
        assert broker.connection.connection_pool._created_connections == 1
    finally:
        broker.purge_queue()
