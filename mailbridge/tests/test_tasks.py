from datetime import timedelta

import pytest

from mailbridge import sending
from mailbridge.models import OutboundMessage
from mailbridge.sweeper import mailbridge_sweep
from mailbridge.tasks import send_outbound_many


@pytest.fixture
def queued(hub):
    return [
        OutboundMessage.objects.create(
            hub=hub,
            to_email=f"{name}@example.com",
            from_email=hub.email,
            subject="s",
            text="t",
            message_id=f"<{name}@hub.example.com>",
        )
        for name in ("bob", "carol")
    ]


def test_send_outbound_many_sends_each_row_once(queued, mailoutbox):
    ids = [r.id for r in queued]
    assert send_outbound_many(ids) == ["sent", "sent"]
    assert send_outbound_many(ids) == ["skipped", "skipped"]
    assert sorted(m.to[0] for m in mailoutbox) == ["bob@example.com", "carol@example.com"]


def test_one_failing_row_does_not_stop_the_others(queued, mailoutbox, monkeypatch):
    real = sending._deliver

    def flaky(row, **kwargs):
        if row.id == queued[0].id:
            raise RuntimeError("a bug while sending")
        return real(row, **kwargs)

    monkeypatch.setattr(sending, "_deliver", flaky)
    assert send_outbound_many([r.id for r in queued]) == ["error", "sent"]
    assert [m.to[0] for m in mailoutbox] == ["carol@example.com"]
    # The failed row stays claimed: the sweeper sends it once the claim is stale.
    failed = OutboundMessage.objects.get(pk=queued[0].pk)
    assert failed.status == OutboundMessage.Status.SENDING
    monkeypatch.setattr(sending, "_deliver", real)  # the bug fixed
    later = failed.claimed_at + timedelta(minutes=16)
    assert mailbridge_sweep(now=later)["revived"] == 1
    mailbridge_sweep(now=later + timedelta(minutes=1))
    assert sorted(m.to[0] for m in mailoutbox) == ["bob@example.com", "carol@example.com"]


def test_a_jobs_rows_are_claimed_together_and_each_settled_in_one_statement(
    queued, mailoutbox, django_assert_num_queries
):
    # One claim for the job's rows, the hub's own SMTP settings once, then one UPDATE
    # per row sent.
    with django_assert_num_queries(1 + 1 + len(queued)):
        assert send_outbound_many([r.id for r in queued]) == ["sent", "sent"]
    assert {r.status for r in OutboundMessage.objects.filter(pk__in=[r.pk for r in queued])} == {
        OutboundMessage.Status.SENT
    }
