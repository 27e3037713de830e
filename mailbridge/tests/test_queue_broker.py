"""The ORM deployments' broker: waiting posts and queued mail are the queue, other jobs django-q2's."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone
from django_q.signing import SignedPackage

from mailbridge.jobs import POSTS_BROKER
from mailbridge.models import InboundMessage
from mailbridge.queue_broker import PostsAndJobs, rows_claim
from mailbridge.tasks import process_inbound
from mailbridge.tests import doors
from mailbridge.tests.test_webhooks import AUTH, _member_mail, answered, postmark_payload  # noqa: F401

Status = InboundMessage.Status


@pytest.fixture
def posts_broker(monkeypatch):
    """The broker the settings give a deployment without Redis (the suite runs jobs in sync)."""
    from django_q.conf import Conf

    monkeypatch.setattr(Conf, "SYNC", False)
    monkeypatch.setattr(Conf, "ORM", "default")
    monkeypatch.setattr(Conf, "BROKER_CLASS", POSTS_BROKER)
    monkeypatch.setattr(Conf, "POLL", 0.01)
    monkeypatch.setattr(Conf, "CLUSTER_NAME", "aimp-test-posts")
    return PostsAndJobs(list_key="aimp-test-posts")


def _post(client, hub, member, *, number: int = 1) -> InboundMessage:
    raw = _member_mail(hub, member).replace(b"<dinner-1@", f"<dinner-{number}@".encode())
    body = json.dumps(postmark_payload(raw, hub, member)).encode()
    response = client.post(doors.POSTMARK, body, content_type="application/json", **AUTH)
    assert response.status_code == 200
    return InboundMessage.objects.order_by("-id").first()


def _posts(now, *, until=None) -> list:
    """The posts one claim takes at `now`, (id, received_at)."""
    return rows_claim(now=now, until=until or now + timedelta(seconds=180), posts=5, mails=5).posts


def _job_rows() -> list:
    from django_q.models import OrmQ

    return list(OrmQ.objects.all())


def _taken(broker) -> list[tuple]:
    """What one turn of the cluster's pusher gets: (ack id, func, args, kwargs, started)."""
    out = []
    for ack_id, payload in broker.dequeue() or []:
        task = SignedPackage.loads(payload)
        out.append((ack_id, task["func"], task["args"], task["kwargs"], task["started"]))
    return out


@pytest.mark.django_db(transaction=True)
def test_the_webhook_stores_its_post_and_queues_no_job_row(client, hub, member, posts_broker):
    row = _post(client, hub, member)
    assert row.status == Status.POSTED and row.next_attempt_at is None
    assert _job_rows() == []


@pytest.mark.django_db(transaction=True)
def test_the_broker_hands_each_waiting_post_out_once_as_its_processing_job(
    client,
    hub,
    member,
    posts_broker,
    answered,  # noqa: F811
):
    first = _post(client, hub, member)
    second = _post(client, hub, member, number=2)
    assert posts_broker.queue_size() == 2  # what `qinfo` shows

    taken = _taken(posts_broker)
    assert taken == [
        (
            f"post:{row.id}",
            "mailbridge.tasks.process_inbound",
            (row.id,),
            {"claimed": True},
            row.received_at,
        )
        for row in (first, second)
    ]
    # Claimed until django-q2 would re-deliver a job: not handed out again meanwhile.
    assert _taken(posts_broker) == [] and posts_broker.queue_size() == 0
    first.refresh_from_db()
    assert first.status == Status.POSTED and first.next_attempt_at > timezone.now()

    # The worker runs the task as handed out; acknowledging it deletes no job row.
    assert process_inbound(first.id, claimed=True) == Status.DONE
    posts_broker.acknowledge(f"post:{first.id}")
    first.refresh_from_db()
    assert first.status == Status.DONE and first.hub == hub and len(answered) == 1


@pytest.mark.django_db(transaction=True)
def test_a_post_whose_worker_died_is_claimed_again_when_its_claim_runs_out(
    client, hub, member, posts_broker
):
    row = _post(client, hub, member)
    now = timezone.now()
    assert _posts(now) == [(row.id, row.received_at)]
    assert _posts(now + timedelta(seconds=179)) == []
    assert _posts(now + timedelta(seconds=181)) == [(row.id, row.received_at)]


@pytest.mark.django_db(transaction=True)
def test_a_post_waiting_for_its_retry_is_claimed_only_when_due(client, hub, member, posts_broker):
    row = _post(client, hub, member)
    now = timezone.now()
    retry_at = now + timedelta(minutes=2)
    InboundMessage.objects.filter(id=row.id).update(attempts=1, next_attempt_at=retry_at)
    assert _posts(now) == []
    # Handed to a worker by hand before its time, the post is not processed early...
    assert process_inbound(row.id) == "not-due"
    # ...but once the broker claimed it, its claim is its next attempt time.
    due = retry_at + timedelta(seconds=1)
    assert _posts(due) == [(row.id, row.received_at)]


@pytest.mark.django_db(transaction=True)
def test_finished_posts_and_mail_of_other_doors_are_not_claimed(client, hub, member, posts_broker):
    row = _post(client, hub, member)
    assert process_inbound(row.id) == Status.DONE
    InboundMessage.objects.create(
        hub=hub, source="imap", raw=b"x", message_id="<imap@x>", status=Status.RECEIVED
    )
    assert _posts(timezone.now()) == []


@pytest.mark.django_db(transaction=True)
def test_jobs_and_posts_are_taken_in_the_same_turn(client, hub, member, posts_broker):
    from django_q.tasks import async_task

    async_task("math.floor", 1.5, broker=posts_broker)
    row = _post(client, hub, member)
    (job, post) = _taken(posts_broker)
    assert job[1:3] == ("math.floor", (1.5,)) and post[0] == f"post:{row.id}"
    # django-q2's own job row is acknowledged as its ORM broker does: deleted.
    posts_broker.acknowledge(job[0])
    assert _job_rows() == []


@pytest.mark.django_db(transaction=True)
def test_an_idle_turn_is_one_read_as_django_q2s_own(posts_broker):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        assert posts_broker.dequeue() is None
    # Waiting posts, queued mails and django-q2's own jobs in one read: an idle
    # cluster takes no write lock (the whole database, on SQLite).
    assert [q["sql"].split()[0] for q in ctx.captured_queries] == ["SELECT"]


@pytest.mark.django_db(transaction=True)
def test_a_job_of_another_cluster_or_one_taken_is_not_seen_waiting(posts_broker):
    from django_q.models import OrmQ
    from django_q.tasks import async_task

    async_task("math.floor", 1.5, broker=PostsAndJobs(list_key="another-cluster"))
    now = timezone.now()
    claim = rows_claim(now=now, until=now, posts=5, mails=5, jobs_key="aimp-test-posts")
    assert not claim.jobs_waiting
    async_task("math.floor", 2.5, broker=posts_broker)
    claim = rows_claim(now=timezone.now(), until=now, posts=5, mails=5, jobs_key="aimp-test-posts")
    assert claim.jobs_waiting
    OrmQ.objects.filter(key="aimp-test-posts").update(lock=now + timedelta(minutes=3))
    claim = rows_claim(now=timezone.now(), until=now, posts=5, mails=5, jobs_key="aimp-test-posts")
    assert not claim.jobs_waiting


@pytest.mark.django_db(transaction=True)
def test_without_the_posts_broker_the_webhook_queues_its_job(client, hub, member, monkeypatch):
    from django_q.conf import Conf

    monkeypatch.setattr(Conf, "SYNC", False)
    monkeypatch.setattr(Conf, "ORM", "default")
    monkeypatch.setattr(Conf, "BROKER_CLASS", None)
    row = _post(client, hub, member)
    (job,) = _job_rows()
    assert (job.func(), job.task["args"]) == ("mailbridge.tasks.process_inbound", (row.id,))


def _confirmations(hub, names=("bob", "carol")) -> list:
    from django.db import transaction

    from mailbridge.outbox import OutboundMail, outbox_enqueue_many

    with transaction.atomic():
        return outbox_enqueue_many(
            hub=hub,
            mails=[
                OutboundMail(to=f"{name}@example.com", subject="Confirmed", text="t")
                for name in names
            ],
        )


@pytest.mark.django_db(transaction=True)
def test_mail_queued_together_is_handed_out_as_one_send_per_hub_and_no_job_row(
    hub, other_hub, posts_broker, mailoutbox
):
    from mailbridge.models import OutboundMessage
    from mailbridge.tasks import send_outbound_many

    ours, theirs = _confirmations(hub), _confirmations(other_hub, names=("dan",))
    assert _job_rows() == []

    taken = _taken(posts_broker)
    assert [(ack, func, args, kwargs) for ack, func, args, kwargs, _ in taken] == [
        (
            f"send:{ours[0].id}",
            "mailbridge.tasks.send_outbound_many",
            ([r.id for r in ours],),
            {"claimed": True},
        ),
        (
            f"send:{theirs[0].id}",
            "mailbridge.tasks.send_outbound_many",
            ([theirs[0].id],),
            {"claimed": True},
        ),
    ]
    assert taken[0][4] == ours[0].created_at
    assert _taken(posts_broker) == []

    assert send_outbound_many([r.id for r in ours], claimed=True) == ["sent", "sent"]
    assert sorted(m.to[0] for m in mailoutbox) == ["bob@example.com", "carol@example.com"]
    row = OutboundMessage.objects.get(id=ours[0].id)
    assert row.status == OutboundMessage.Status.SENT and row.next_attempt_at is None


@pytest.mark.django_db(transaction=True)
def test_mail_whose_worker_died_is_claimed_again_and_sent_once(hub, posts_broker, mailoutbox):
    from mailbridge.sending import outbox_send
    from mailbridge.tasks import send_outbound_many

    (row,) = _confirmations(hub, names=("bob",))
    now = timezone.now()
    claim = rows_claim(now=now, until=now + timedelta(seconds=180), posts=5, mails=5)
    assert [m[0] for m in claim.mails] == [row.id]
    # A send job queued by hand (or by the sweeper) leaves a claimed mail to its claim.
    assert outbox_send(outbound_id=row.id) == "skipped"
    later = now + timedelta(seconds=181)
    again = rows_claim(now=later, until=later + timedelta(seconds=180), posts=5, mails=5)
    assert [m[0] for m in again.mails] == [row.id]
    # Both hand-outs reach a worker: the status transition lets one send.
    assert send_outbound_many([row.id], claimed=True) == ["sent"]
    assert send_outbound_many([row.id], claimed=True) == ["skipped"]
    assert len(mailoutbox) == 1
