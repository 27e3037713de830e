"""What a calendar client's answer to an invitation says (iTIP over email: RFC 5546, 6047).

Gmail, Outlook, Apple Calendar and Thunderbird answer an invitation with a text/calendar
part (inline, as an attachment, or both) whose METHOD is REPLY, COUNTER or REFRESH. The
answer is read from that data alone (UID, SEQUENCE, ATTENDEE, PARTSTAT), never from the
subject, which each client writes, and translates, its own way. Pure: no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from icalendar import Calendar

ANSWER_METHODS = frozenset({"REPLY", "COUNTER", "REFRESH"})
MAX_CALENDAR_BYTES = 200_000  # a REPLY is a few KB; never parse a huge attachment


@dataclass(frozen=True)
class CalendarAnswer:
    """One attendee's answer to one calendar event."""

    method: str  # REPLY, COUNTER or REFRESH
    uid: str
    sequence: int
    attendee: str  # lower-cased address of the (first) ATTENDEE
    partstat: str  # ACCEPTED, DECLINED, TENTATIVE, ... ('' when absent)
    start: datetime | None = None  # the proposed time, for COUNTER
    end: datetime | None = None
    comment: str = ""


def calendar_answer(data: bytes) -> CalendarAnswer | None:
    """Read an answer out of text/calendar bytes; None for anything else (a REQUEST...)."""
    if not data or len(data) > MAX_CALENDAR_BYTES:
        return None
    try:
        calendar = Calendar.from_ical(data)
    except Exception:  # noqa: BLE001 - broken calendar data is no answer, never a crash
        return None
    method = str(calendar.get("method", "")).strip().upper()
    if method not in ANSWER_METHODS:
        return None
    event = next((c for c in calendar.walk("VEVENT")), None)
    if event is None:
        return None
    attendee = event.get("attendee")
    if isinstance(attendee, list):
        attendee = attendee[0] if attendee else None
    address = str(attendee or "").strip()
    if address.lower().startswith("mailto:"):
        address = address[7:]
    partstat = ""
    if attendee is not None and hasattr(attendee, "params"):
        partstat = str(attendee.params.get("PARTSTAT", "")).upper()
    try:
        sequence = int(event.get("sequence", 0))
    except (TypeError, ValueError):
        sequence = 0
    return CalendarAnswer(
        method=method,
        uid=str(event.get("uid", "")).strip()[:300],
        sequence=sequence,
        attendee=address.strip().lower()[:254],
        partstat=partstat[:20],
        start=_when(event.get("dtstart")),
        end=_when(event.get("dtend")),
        comment=str(event.get("comment", "")).strip()[:500],
    )


def _when(prop) -> datetime | None:
    value = getattr(prop, "dt", None)
    # A floating or all-day time names no instant: only aware date-times are proposals.
    return value if isinstance(value, datetime) and value.tzinfo is not None else None
