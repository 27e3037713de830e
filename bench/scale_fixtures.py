"""Many idle hubs in bulk: each with an IMAP mailbox, one meeting, events and mail rows.

Every hub has a mailbox polled every `poll_minutes`, its next poll spread evenly over
that interval (as a running deployment settles), one member, and one meeting: most
confirmed, one in ten still negotiating with its window passed and already handled
(everyone required answered; the meeting waits on the organiser), the case the
window check used to read again on every run. Events, inbound and outbound rows are
spread over the meetings for the operator's changelists.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.db import transaction

from hubs.models import Hub, Member
from mailbridge.models import HubMailbox, InboundMessage, OutboundMessage
from negotiation.models import Event, Meeting

BATCH = 5_000


def _chunks(n: int, size: int = BATCH):
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


def scale_fixtures_build(*, hubs: int, events: int, mails: int, poll_minutes: int) -> datetime:
    """Create `hubs` idle hubs with mailboxes and meetings, `events` events, `mails` mails.

    Return the moment the mailboxes' next polls count from: in the minute after it, no
    mailbox is due.
    """
    now = datetime.now(UTC)
    spread = poll_minutes * 60
    for numbers in _chunks(hubs):
        with transaction.atomic():
            _hubs_create(numbers, now, poll_minutes, spread, hubs)
    meeting_ids = list(Meeting.objects.order_by("id").values_list("id", "hub_id"))
    for numbers in _chunks(events):
        with transaction.atomic():
            Event.objects.bulk_create(
                Event(
                    hub_id=meeting_ids[n % len(meeting_ids)][1],
                    meeting_id=meeting_ids[n % len(meeting_ids)][0],
                    kind=Event.Kind.REMINDED,
                    actor="hub",
                    created_at=now - timedelta(seconds=events - n),
                )
                for n in numbers
            )
    for numbers in _chunks(mails):
        with transaction.atomic():
            _mails_create(numbers, meeting_ids, now)
    return now


def _hubs_create(numbers: range, now: datetime, poll_minutes: int, spread: int, total: int) -> None:
    hub_rows = Hub.objects.bulk_create(
        Hub(name=f"Idle hub {n:06d}", slug=f"idle-{n}", email=f"idle-{n}@bench.test")
        for n in numbers
    )
    members = Member.objects.bulk_create(
        Member(hub=hub, email=f"owner@idle-{hub.slug}.test", name="Owner") for hub in hub_rows
    )
    HubMailbox.objects.bulk_create(
        HubMailbox(
            hub=hub,
            host="imap.bench.test",
            username=hub.email,
            password="pw",
            poll_minutes=poll_minutes,
            uidvalidity=1,
            # After the first minute of the measurement (so the cost of one minute is
            # the mailboxes due in it), spread over the interval.
            next_poll_at=now + timedelta(seconds=60 + (n * spread) // total),
        )
        for n, hub in zip(numbers, hub_rows, strict=True)
    )
    Meeting.objects.bulk_create(
        Meeting(
            hub=hub,
            initiator=member,
            topic=f"Meeting {n}",
            status=Meeting.Status.NEGOTIATING if n % 10 == 0 else Meeting.Status.CONFIRMED,
            deadline=now - timedelta(days=1),
            window_checked=n % 10 == 0,
        )
        for n, hub, member in zip(numbers, hub_rows, members, strict=True)
    )


def _mails_create(numbers: range, meeting_ids: list, now: datetime) -> None:
    def hub_of(n: int) -> int:
        return meeting_ids[n % len(meeting_ids)][1]

    InboundMessage.objects.bulk_create(
        InboundMessage(
            hub_id=hub_of(n),
            source="webhook:postmark",
            raw=b"",
            message_id=f"<in-{n}@bench.test>",
            body_hash=f"{n:064d}",
            sender=f"p{n}@bench.test",
            subject=f"Re: meeting {n}",
            status=InboundMessage.Status.DONE,
        )
        for n in numbers
    )
    OutboundMessage.objects.bulk_create(
        OutboundMessage(
            hub_id=hub_of(n),
            to_email=f"p{n}@bench.test",
            from_email="hub@bench.test",
            subject=f"Meeting {n}",
            text="t",
            message_id=f"<out-{n}@bench.test>",
            thread_key=f"t{n}",
            status=OutboundMessage.Status.SENT,
            sent_at=now,
        )
        for n in numbers
    )
