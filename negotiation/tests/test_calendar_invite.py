"""invite.ics: parses with icalendar, carries VTIMEZONE, UID, SEQUENCE, ORGANIZER, ATTENDEEs."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from negotiation.calendar_invite import InviteAttendee, build_invite

START = datetime(2026, 12, 1, 13, 0, tzinfo=ZoneInfo("UTC"))
END = datetime(2026, 12, 1, 14, 0, tzinfo=ZoneInfo("UTC"))


def invite(method="REQUEST", sequence=0):
    return Calendar.from_ical(
        build_invite(
            method=method,
            uid="m-abc@hub.example.com",
            sequence=sequence,
            summary="Budget",
            start=START,
            end=END,
            time_zone="America/New_York",
            location="Zoom",
            organizer_email="team@hub.example.com",
            organizer_name="Team",
            attendees=[
                InviteAttendee("a@example.com", "Ann"),
                InviteAttendee("b@example.com", "Ben", required=False, declined=True),
            ],
            stamp=START,
        )
    )


def test_request_has_everything_a_calendar_needs():
    cal = invite()
    assert cal["METHOD"] == "REQUEST"
    [tz] = [c for c in cal.walk() if c.name == "VTIMEZONE"]
    assert str(tz["TZID"]) == "America/New_York"
    [event] = [c for c in cal.walk() if c.name == "VEVENT"]
    assert str(event["UID"]) == "m-abc@hub.example.com"
    assert event["SEQUENCE"] == 0
    assert event.decoded("DTSTART") == START
    assert event["DTSTART"].dt.hour == 8  # 13:00 UTC is 08:00 in New York in December
    assert str(event["ORGANIZER"]) == "mailto:team@hub.example.com"
    attendees = {str(a): a.params for a in event["ATTENDEE"]}
    assert attendees["mailto:a@example.com"]["ROLE"] == "REQ-PARTICIPANT"
    assert attendees["mailto:b@example.com"]["PARTSTAT"] == "DECLINED"


def test_cancel_keeps_uid_with_higher_sequence():
    cal = invite("CANCEL", sequence=1)
    [event] = [c for c in cal.walk() if c.name == "VEVENT"]
    assert cal["METHOD"] == "CANCEL"
    assert event["SEQUENCE"] == 1 and str(event["STATUS"]) == "CANCELLED"


def test_unknown_method_is_refused():
    with pytest.raises(ValueError):
        invite("PUBLISH")


@pytest.mark.parametrize(
    "zone",
    [
        "Europe/Berlin",
        "America/New_York",
        "Asia/Shanghai",
        "Australia/Lord_Howe",
        "Africa/Casablanca",
        "UTC",
        "Asia/Kolkata",
        "America/Santiago",
    ],
)
@pytest.mark.parametrize("day", [datetime(2026, 1, 5, 9), datetime(2026, 7, 30, 23, 30)])
def test_the_zone_block_kept_per_zone_and_year_gives_the_bytes_of_the_whole_calendar(zone, day):
    # The invite splices a VTIMEZONE serialised once per zone and year (issue 19): the
    # bytes must be those of icalendar writing the calendar with both components.
    from icalendar import Event

    from negotiation.calendar_timezone import vtimezone

    start = day.replace(tzinfo=ZoneInfo(zone))
    people = [InviteAttendee("a@example.com", "Ann Lee"), InviteAttendee("b@example.com", "")]
    spliced = build_invite(
        method="CANCEL",
        uid="m-1@hub.example",
        sequence=2,
        summary="Budget, Q1",
        start=start,
        end=start + (END - START),
        time_zone=zone,
        location="Café; 3F",
        organizer_email="team@hub.example",
        organizer_name="Team",
        attendees=people,
        stamp=START,
        description="Why: \\ the budget",
    )
    whole = Calendar.from_ical(spliced)
    rebuilt = Calendar()
    for name in ("prodid", "version", "method"):
        rebuilt.add(name, whole[name])
    rebuilt.add_component(vtimezone(zone, start))
    event = Event.from_ical(next(iter(whole.walk("VEVENT"))).to_ical())
    rebuilt.add_component(event)
    assert spliced == rebuilt.to_ical()
