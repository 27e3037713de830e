from datetime import timedelta

from django.utils import timezone

from mailbridge.inbound import inbound_receive
from mailbridge.models import InboundMessage, OutboundMessage
from mailbridge.outbox import OutboundMail, outbox_enqueue
from mailbridge.sending import _claim
from mailbridge.sweeper import mailbridge_sweep
from mailbridge.testing import build_email


def test_lost_inbound_job_is_picked_up(hub, mail_handlers):
    # Stored but the enqueue never happened (broker down): status stays received.
    row = inbound_receive(
        raw=build_email(from_="a@x.org", to=hub.email, subject="s", body="b"), source="t"
    )
    assert row.status == InboundMessage.Status.RECEIVED
    assert mailbridge_sweep(now=timezone.now())["inbound"] == 0  # too fresh: its job may still run
    result = mailbridge_sweep(now=timezone.now() + timedelta(minutes=3))
    assert result["inbound"] == 1
    row.refresh_from_db()
    assert row.status == InboundMessage.Status.IGNORED


def test_lost_outbound_job_is_sent_once(hub, mailoutbox):
    row = outbox_enqueue(
        hub=hub, mail=OutboundMail(to="b@example.com", subject="s", text="t")
    )  # on_commit never ran
    later = timezone.now() + timedelta(minutes=3)
    mailbridge_sweep(now=later)
    mailbridge_sweep(now=later)
    assert len(mailoutbox) == 1
    row.refresh_from_db()
    assert row.status == OutboundMessage.Status.SENT


def test_many_lost_outbound_jobs_go_back_in_a_few_jobs_and_are_sent_once(
    hub, mailoutbox, monkeypatch
):
    from mailbridge import sweeper

    rows = [  # on_commit never ran: no job for any of them (a crash, a broker outage)
        outbox_enqueue(hub=hub, mail=OutboundMail(to=f"p{i}@example.com", subject="s", text="t"))
        for i in range(7)
    ]
    jobs = []
    real = sweeper.job_enqueue

    def counted(func, arg, *, group):
        jobs.append((func, arg))
        real(func, arg, group=group)

    monkeypatch.setattr(sweeper, "SEND_JOB_ROWS", 3)
    monkeypatch.setattr(sweeper, "job_enqueue", counted)
    later = timezone.now() + timedelta(minutes=3)
    assert mailbridge_sweep(now=later)["outbound"] == 7
    assert [len(ids) for _, ids in jobs] == [3, 3, 1]
    assert {func for func, _ in jobs} == {"mailbridge.tasks.send_outbound_many"}
    assert mailbridge_sweep(now=later)["outbound"] == 0
    assert sorted(m.to[0] for m in mailoutbox) == sorted(r.to_email for r in rows)


def test_worker_killed_between_claim_and_send_is_resent_once_after_the_stale_time(hub, mailoutbox):
    row = outbox_enqueue(hub=hub, mail=OutboundMail(to="b@example.com", subject="s", text="t"))
    claimed_at = timezone.now()
    assert _claim([row.id], claimed_at)  # ...and the worker dies here
    assert mailbridge_sweep(now=claimed_at + timedelta(minutes=5))["revived"] == 0
    assert mailoutbox == []
    result = mailbridge_sweep(now=claimed_at + timedelta(minutes=16))
    assert result["revived"] == 1
    mailbridge_sweep(now=claimed_at + timedelta(minutes=17))
    assert len(mailoutbox) == 1
    row.refresh_from_db()
    assert row.status == OutboundMessage.Status.SENT and row.attempts == 2
    assert mailoutbox[0].extra_headers["Message-ID"] == row.message_id


def test_transient_send_failure_is_retried_with_backoff(hub, mailoutbox, monkeypatch):
    import smtplib

    from mailbridge import sending

    row = outbox_enqueue(hub=hub, mail=OutboundMail(to="b@example.com", subject="s", text="t"))
    real = sending.connection_for_hub

    class Flaky:
        def send_messages(self, messages):
            raise smtplib.SMTPResponseException(421, b"try again later")

    monkeypatch.setattr(sending, "connection_for_hub", lambda hub: Flaky())
    assert sending.outbox_send(outbound_id=row.id) == "retry"
    row.refresh_from_db()
    assert row.status == OutboundMessage.Status.RETRY and "421" in row.error
    assert sending.outbox_send(outbound_id=row.id) == "skipped"  # not due yet
    monkeypatch.setattr(sending, "connection_for_hub", real)
    mailbridge_sweep(now=row.next_attempt_at + timedelta(seconds=1))
    assert (
        sending.outbox_send(outbound_id=row.id, now=row.next_attempt_at + timedelta(seconds=1))
        == "sent"
    )
    assert len(mailoutbox) == 1


def test_permanent_refusal_marks_undeliverable(hub, mailoutbox, monkeypatch):
    import smtplib

    from mailbridge import sending
    from mailbridge.models import UndeliverableAddress

    row = outbox_enqueue(hub=hub, mail=OutboundMail(to="b@example.com", subject="s", text="t"))

    class Refusing:
        def send_messages(self, messages):
            raise smtplib.SMTPRecipientsRefused({"b@example.com": (550, b"no such user")})

    monkeypatch.setattr(sending, "connection_for_hub", lambda hub: Refusing())
    assert sending.outbox_send(outbound_id=row.id) == "undeliverable"
    assert UndeliverableAddress.objects.filter(hub=hub, address="b@example.com").exists()


def test_schedules_exist_after_migrate(db):
    from django_q.models import Schedule

    from mailbridge.schedules import SWEEPER_NAME, schedules_ensure

    schedules_ensure()
    schedules_ensure()
    assert Schedule.objects.filter(name=SWEEPER_NAME, func="mailbridge.tasks.sweep").count() == 1
