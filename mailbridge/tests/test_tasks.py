import pytest

from mailbridge import sending
from mailbridge.models import OutboundMessage
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
    real = sending.outbox_send

    def flaky(*, outbound_id, **kwargs):
        if outbound_id == queued[0].id:
            raise RuntimeError("a bug while sending")
        return real(outbound_id=outbound_id, **kwargs)

    monkeypatch.setattr(sending, "outbox_send", flaky)
    assert send_outbound_many([r.id for r in queued]) == ["error", "sent"]
    assert [m.to[0] for m in mailoutbox] == ["carol@example.com"]
    # The failed row is still queued: the sweeper sends it later.
    assert OutboundMessage.objects.get(pk=queued[0].pk).status == OutboundMessage.Status.QUEUED
