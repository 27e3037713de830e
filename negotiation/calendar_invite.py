"""iCalendar invitations for confirmed and cancelled meetings (no Django, no clock).

RFC 5546 (iTIP): REQUEST sends or updates an event, CANCEL withdraws it. Calendars match
updates by UID and keep the one with the highest SEQUENCE, so the UID is stable per meeting
and every change after the first send raises SEQUENCE.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from icalendar import Calendar, vCalAddress, vText
from icalendar import Event as VEvent

from negotiation.calendar_timezone import vtimezone_ical

PRODID = "-//AIMP Hub//Scheduling//EN"
METHOD_REQUEST = "REQUEST"
METHOD_CANCEL = "CANCEL"


@dataclass(frozen=True)
class InviteAttendee:
    """One attendee line."""

    email: str
    name: str
    required: bool = True
    declined: bool = False


def _address(email: str, name: str, **params: str) -> vCalAddress:
    address = vCalAddress(f"mailto:{email}")
    if name:
        address.params["CN"] = vText(name)
    for key, value in params.items():
        address.params[key] = vText(value)
    return address


def build_invite(
    *,
    method: str,
    uid: str,
    sequence: int,
    summary: str,
    start: datetime,
    end: datetime,
    time_zone: str,
    location: str,
    organizer_email: str,
    organizer_name: str,
    attendees: Sequence[InviteAttendee],
    stamp: datetime,
    description: str = "",
) -> bytes:
    """Return invite.ics bytes for one meeting (METHOD REQUEST or CANCEL)."""
    if method not in (METHOD_REQUEST, METHOD_CANCEL):
        raise ValueError(f"unsupported METHOD {method!r}")
    if start.tzinfo is None or end.tzinfo is None or stamp.tzinfo is None:
        raise ValueError("build_invite needs aware datetimes")
    zone = ZoneInfo(time_zone)
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("method", method)
    event = VEvent()
    event.add("uid", uid)
    event.add("sequence", sequence)
    event.add("dtstamp", stamp.astimezone(ZoneInfo("UTC")))
    event.add("dtstart", start.astimezone(zone))
    event.add("dtend", end.astimezone(zone))
    event.add("summary", summary)
    if location:
        event.add("location", location)
    if description:
        event.add("description", description)
    event.add("status", "CANCELLED" if method == METHOD_CANCEL else "CONFIRMED")
    event.add("organizer", _address(organizer_email, organizer_name))
    for person in attendees:
        event.add(
            "attendee",
            _address(
                person.email,
                person.name,
                ROLE="REQ-PARTICIPANT" if person.required else "OPT-PARTICIPANT",
                PARTSTAT="DECLINED" if person.declined else "NEEDS-ACTION",
                RSVP="TRUE" if method == METHOD_REQUEST else "FALSE",
            ),
        )
    # The calendar's own lines, then its VTIMEZONE and VEVENT, as Calendar.to_ical writes
    # a calendar holding the two: the zone's block is the same for a zone and year.
    head = cal.to_ical()
    end = b"END:VCALENDAR\r\n"
    return head[: -len(end)] + vtimezone_ical(time_zone, start.year) + event.to_ical() + end


def invite_described(content: bytes, description: str) -> bytes:
    """The same invite.ics with its DESCRIPTION replaced (a reader's language)."""
    calendar = Calendar.from_ical(content)
    for event in calendar.walk("VEVENT"):
        event.pop("DESCRIPTION", None)
        event.add("description", description)
    return calendar.to_ical()
