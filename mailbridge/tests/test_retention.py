"""Raw mail is emptied after AIMP_RAW_MAIL_RETENTION_DAYS; rows, kinds and outcomes stay."""

from datetime import timedelta

import pytest
from django.utils import timezone
from django_q.models import Schedule

from mailbridge import retention
from mailbridge.inbound import inbound_receive
from mailbridge.models import InboundMessage, OutboundMessage
from mailbridge.schedules import RETENTION_NAME, schedules_ensure
from mailbridge.tasks import apply_retention, process_inbound
from mailbridge.testing import build_email

In, Out = InboundMessage.Status, OutboundMessage.Status


@pytest.fixture
def aged(hub):
    """Make an inbound row `days` old in `status`, as the processing job leaves it."""

    def make(days: int, status: str, n: int = 0, kind: str = "member_command") -> InboundMessage:
        raw = build_email(
            from_="alice@example.com", to=hub.email, subject=f"Hi {n}", body=f"body {n}"
        )
        row = inbound_receive(raw=raw, source="smtp", hub=hub)
        received = timezone.now() - timedelta(days=days)
        InboundMessage.objects.filter(id=row.id).update(
            status=status, kind=kind, error="member command: ok", received_at=received
        )
        return InboundMessage.objects.get(id=row.id)

    return make


def _sent(hub, days: int, status: str, n: int = 0) -> OutboundMessage:
    row = OutboundMessage.objects.create(
        hub=hub,
        to_email="alice@example.com",
        from_email=hub.email,
        subject=f"Re: Hi {n}",
        text="Your meeting: Friday 19:00. You wrote: my private words",
        html="<p>Friday</p>",
        attachments=[
            {"filename": "invite.ics", "mimetype": "text/calendar", "content_b64": "QQ=="}
        ],
        message_id=f"<out-{status}-{n}@hub.example.com>",
        status=status,
    )
    OutboundMessage.objects.filter(id=row.id).update(
        created_at=timezone.now() - timedelta(days=days)
    )
    return row


@pytest.mark.parametrize("status", [In.DONE, In.IGNORED, In.FAILED])
def test_finished_rows_past_the_period_lose_their_raw_and_keep_the_rest(aged, status):
    row = aged(91, status)
    assert apply_retention() == {"inbound": 1, "outbound": 0}
    after = InboundMessage.objects.get(id=row.id)
    assert bytes(after.raw) == b""
    assert (after.kind, after.status, after.sender, after.subject, after.message_id) == (
        row.kind,
        row.status,
        row.sender,
        row.subject,
        row.message_id,
    )
    assert after.error == "member command: ok\nraw message removed after 90 days " + (
        "(AIMP_RAW_MAIL_RETENTION_DAYS)"
    )


@pytest.mark.parametrize(("days", "status"), [(89, In.DONE), (400, In.RECEIVED), (400, In.RETRY)])
def test_recent_rows_and_rows_still_to_process_keep_their_raw(aged, days, status):
    row = aged(days, status)
    assert apply_retention()["inbound"] == 0
    assert bytes(InboundMessage.objects.get(id=row.id).raw) == bytes(row.raw)


def test_a_second_run_finds_nothing_to_do(aged):
    aged(100, In.DONE)
    assert apply_retention()["inbound"] == 1
    assert apply_retention()["inbound"] == 0
    assert InboundMessage.objects.get().error.count("raw message removed") == 1


def test_zero_days_keeps_everything(aged, hub, settings):
    settings.AIMP_RAW_MAIL_RETENTION_DAYS = 0
    aged(5000, In.DONE)
    _sent(hub, 5000, Out.SENT)
    assert apply_retention() == {"inbound": 0, "outbound": 0}
    assert bytes(InboundMessage.objects.get().raw)


def test_the_period_follows_the_setting(aged, settings):
    settings.AIMP_RAW_MAIL_RETENTION_DAYS = 7
    old, recent = aged(8, In.DONE, 1), aged(6, In.DONE, 2)
    assert apply_retention()["inbound"] == 1
    assert bytes(InboundMessage.objects.get(id=old.id).raw) == b""
    assert bytes(InboundMessage.objects.get(id=recent.id).raw)


def test_a_run_is_bounded_and_the_next_run_goes_on(aged, monkeypatch):
    monkeypatch.setattr(retention, "BATCH", 2)
    monkeypatch.setattr(retention, "MAX_BATCHES", 2)
    for n in range(7):
        aged(100, In.DONE, n)
    assert [apply_retention()["inbound"] for _ in range(3)] == [4, 3, 0]


def test_sent_bodies_are_emptied_but_not_those_still_to_send_or_send_again(hub):
    sent, bounced = _sent(hub, 100, Out.SENT, 1), _sent(hub, 100, Out.UNDELIVERABLE, 2)
    kept = [_sent(hub, 100, status) for status in (Out.QUEUED, Out.RETRY, Out.FAILED)]
    recent = _sent(hub, 10, Out.SENT, 3)
    assert apply_retention()["outbound"] == 2
    for row in (sent, bounced):
        row.refresh_from_db()
        assert (row.text, row.html, row.attachments) == (retention.OUTBOUND_REMOVED, "", [])
        assert row.subject.startswith("Re: Hi") and row.message_id
    for row in [*kept, recent]:
        row.refresh_from_db()
        assert "my private words" in row.text and row.attachments
    assert apply_retention()["outbound"] == 0


def test_a_row_sent_back_to_retry_after_its_raw_went_is_never_processed(
    aged, mail_handlers, monkeypatch
):
    seen = []
    mail_handlers["member_command"] = seen.append
    row = aged(100, In.FAILED)
    apply_retention()
    # The admin's "Process again" on an old failed row: failed -> retry.
    InboundMessage.objects.filter(id=row.id).update(status=In.RETRY)
    assert process_inbound(row.id) == "failed"
    after = InboundMessage.objects.get(id=row.id)
    assert after.status == In.FAILED and after.kind == "member_command"
    assert retention.NOT_PROCESSED in after.error and "member command: ok" in after.error
    assert seen == []


def test_the_admin_shows_an_emptied_row(aged, admin_client):
    row = aged(100, In.DONE)
    apply_retention()
    response = admin_client.get(f"/admin/mailbridge/inboundmessage/{row.id}/change/")
    assert response.status_code == 200
    assert b"raw message removed after 90 days" in response.content


def test_the_daily_schedule_is_written_once(db):
    schedules_ensure()
    schedules_ensure()
    (schedule,) = Schedule.objects.filter(name=RETENTION_NAME)
    assert schedule.func == "mailbridge.tasks.apply_retention"
    assert schedule.schedule_type == Schedule.DAILY and schedule.repeats == -1
