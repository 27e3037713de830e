"""What the suite checks after a run: every message once, every mail once, nothing stuck."""

import time
from collections import Counter
from dataclasses import dataclass

from django.db import close_old_connections

from bench.mailbox import MailboxWatcher, SentMail

OPEN_IN = ("posted", "received", "processing", "retry")  # posted: an ESP post not yet read
OPEN_OUT = ("queued", "sending", "retry")


def _pending() -> tuple[int, int, int]:
    from mailbridge.models import InboundMessage, OutboundMessage

    close_old_connections()
    return (
        InboundMessage.objects.filter(status__in=OPEN_IN).count(),
        OutboundMessage.objects.filter(status__in=OPEN_OUT).count(),
        # Invitations of the bulk fixtures are "sent" rows that never went through a backend.
        OutboundMessage.objects.filter(status="sent").exclude(kind="meeting:invitation").count(),
    )


def wait_quiet(
    watcher: MailboxWatcher, mails: list[SentMail], *, timeout: float, stall: float | None = None
) -> bool:
    """Wait until no row is open and the mailbox holds a file per sent row.

    Gives up at `timeout`, or after `stall` seconds without any change (work that
    only a sweeper can revive).
    """
    deadline = time.monotonic() + timeout
    stable = 0
    last, last_change = None, time.monotonic()
    while time.monotonic() < deadline:
        mails += watcher.new()
        open_in, open_out, sent = _pending()
        now_state = (open_in, open_out, sent, len(mails))
        if now_state != last:
            last, last_change = now_state, time.monotonic()
        elif stall is not None and time.monotonic() - last_change > stall:
            return False
        if open_in == 0 and open_out == 0 and len(mails) >= sent:
            stable += 1
            if stable >= 3:
                return True
        else:
            stable = 0
        time.sleep(0.5)
    return False


@dataclass
class Audit:
    """The figures of a run, counted from the database and the mailbox."""

    inbound_rows: int
    inbound_status: dict
    meetings_status: dict
    outbound_kinds: dict
    outbound_status: dict
    mails_written: int
    distinct_message_ids: int
    resent_same_message_id: int
    purposes_sent_twice: int
    lost: int

    def line(self) -> str:
        return (
            f"inbound rows {self.inbound_rows} {self.inbound_status}; meetings "
            f"{self.meetings_status}; outbound {self.outbound_kinds} {self.outbound_status}; "
            f"mails written {self.mails_written}, distinct Message-IDs "
            f"{self.distinct_message_ids}, resent with the same Message-ID "
            f"{self.resent_same_message_id}, sent twice {self.purposes_sent_twice}, "
            f"lost {self.lost}"
        )


def audit(mails: list[SentMail], *, expected_sessions: set[str]) -> Audit:
    """Count what happened to the run's meetings, rows and mailbox files."""
    from mailbridge.models import InboundMessage, OutboundMessage
    from negotiation.models import Meeting

    close_old_connections()
    meetings = Meeting.objects.filter(session_id__in=expected_sessions)
    outbound = OutboundMessage.objects.exclude(kind="meeting:invitation")
    by_id = Counter(m.message_id for m in mails)
    # One purpose = one outbound row; a row's Message-ID is fixed, so two files with
    # different Message-IDs for the same (thread, recipient, kind) are a real double.
    rows_per_purpose = Counter(outbound.values_list("thread_key", "to_email", "kind"))
    sent_ids = set(outbound.filter(status="sent").values_list("message_id", flat=True))
    written_ids = set(by_id)
    return Audit(
        inbound_rows=InboundMessage.objects.count(),
        inbound_status=dict(Counter(InboundMessage.objects.values_list("status", flat=True))),
        meetings_status=dict(Counter(meetings.values_list("status", flat=True))),
        outbound_kinds=dict(Counter(outbound.values_list("kind", flat=True))),
        outbound_status=dict(Counter(outbound.values_list("status", flat=True))),
        mails_written=len(mails),
        distinct_message_ids=len(by_id),
        resent_same_message_id=sum(n - 1 for n in by_id.values()),
        purposes_sent_twice=sum(n - 1 for n in rows_per_purpose.values()),
        lost=len(sent_ids - written_ids),
    )
