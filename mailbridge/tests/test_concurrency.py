"""Races on PostgreSQL: threads with their own database connections, as real workers."""

import json
import threading
from datetime import timedelta

import pytest
from django.db import connection, connections
from django.test import Client
from django.utils import timezone

from mailbridge.models import InboundMessage, OutboundMessage
from mailbridge.outbox import OutboundMail, outbox_enqueue
from mailbridge.processing import inbound_process
from mailbridge.sending import _claim, outbox_send
from mailbridge.sweeper import mailbridge_sweep
from mailbridge.testing import build_email
from mailbridge.tests.test_webhooks import AUTH, postmark_payload
from mailbridge.types import MailKind

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks and races need PostgreSQL"
    ),
]


def _run_together(count: int, target) -> list:
    """Run target(i) in `count` threads released at once; return their results in order."""
    barrier = threading.Barrier(count)
    results: list = [None] * count
    errors: list = []

    def run(i):
        try:
            barrier.wait(timeout=30)
            results[i] = target(i)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the main thread
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    if errors:
        raise errors[0]
    return results


@pytest.fixture
def answering(mail_handlers):
    from hubs.models import Hub

    calls = []
    lock = threading.Lock()

    def handle(mail):
        with lock:
            calls.append(mail.inbound_id)
        outbox_enqueue(
            hub=Hub.objects.get(id=mail.hub_id),
            mail=OutboundMail(
                to=mail.sender,
                subject="Re: " + mail.subject,
                text="ok",
                cause_id=mail.inbound_id,
                dedupe_key=None,
            ),
        )

    mail_handlers[MailKind.MEMBER_COMMAND] = handle
    return calls


def test_twenty_concurrent_posts_of_one_message_make_one_row_and_one_effect(
    hub, member, answering, mailoutbox
):
    raw = build_email(from_=member.email, to=hub.email, subject="Dinner?", body="Friday?")
    body = json.dumps(postmark_payload(raw, hub, member))

    def post(_):
        return (
            Client()
            .post("/anymail/postmark/inbound/", data=body, content_type="application/json", **AUTH)
            .status_code
        )

    assert _run_together(20, post) == [200] * 20
    assert InboundMessage.objects.count() == 1
    assert InboundMessage.objects.get().status == InboundMessage.Status.DONE
    assert len(answering) == 1
    assert OutboundMessage.objects.count() == 1
    assert len(mailoutbox) == 1


def test_two_workers_given_the_same_row_process_it_once(hub, member, mail_handlers):
    from mailbridge.inbound import inbound_receive

    entered, release = threading.Event(), threading.Event()
    calls = []

    def slow(mail):
        calls.append(mail.inbound_id)
        entered.set()
        assert release.wait(timeout=30)

    mail_handlers[MailKind.MEMBER_COMMAND] = slow
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("mailbridge.inbound.job_enqueue_with_commit", lambda *a, **k: None)
        row = inbound_receive(
            raw=build_email(from_=member.email, to=hub.email, subject="s", body="b"), source="t"
        )
    outcomes = {}

    def worker(name):
        try:
            outcomes[name] = inbound_process(inbound_id=row.id)
        finally:
            connections.close_all()

    first = threading.Thread(target=worker, args=("first",))
    first.start()
    assert entered.wait(timeout=30)  # the first worker holds the row, mid-handler
    second = threading.Thread(target=worker, args=("second",))
    second.start()
    second.join(timeout=30)
    release.set()
    first.join(timeout=30)
    assert outcomes == {"first": "done", "second": "skipped"}
    assert calls == [row.id]
    # A third run after the fact (a re-delivered job) changes nothing either.
    assert inbound_process(inbound_id=row.id) == "skipped"
    assert len(calls) == 1


def test_two_workers_sending_the_same_row_send_once(hub, mailoutbox):
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("mailbridge.outbox.job_enqueue_with_commit", lambda *a, **k: None)
        row = outbox_enqueue(hub=hub, mail=OutboundMail(to="b@example.com", subject="s", text="t"))
    outcomes = _run_together(8, lambda _: outbox_send(outbound_id=row.id))
    assert sorted(outcomes) == ["sent"] + ["skipped"] * 7
    assert len(mailoutbox) == 1


def test_killed_sender_is_resent_exactly_once_by_racing_sweepers(hub, mailoutbox):
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("mailbridge.outbox.job_enqueue_with_commit", lambda *a, **k: None)
        row = outbox_enqueue(hub=hub, mail=OutboundMail(to="b@example.com", subject="s", text="t"))
    # The worker claimed the row 20 minutes ago, then was killed. The sweepers run on
    # the real clock, like the send jobs they start: a fresh claim by one of those
    # jobs must not look stale to a slower sweeper.
    claimed_at = timezone.now() - timedelta(minutes=20)
    assert _claim([row.id], claimed_at)
    results = _run_together(4, lambda _: mailbridge_sweep(now=timezone.now()))
    assert sum(r["revived"] for r in results) == 1
    assert len(mailoutbox) == 1
    row.refresh_from_db()
    assert row.status == OutboundMessage.Status.SENT
