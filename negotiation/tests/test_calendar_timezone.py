"""The compact VTIMEZONE says the same offsets as the zone database around the meeting."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from icalendar import Calendar

from negotiation.calendar_timezone import vtimezone

ZONES = [
    "Europe/Berlin",
    "Europe/London",
    "America/New_York",
    "America/St_Johns",
    "America/Santiago",
    "Australia/Sydney",
    "Australia/Lord_Howe",
    "Asia/Shanghai",
    "Asia/Kolkata",
    "Asia/Tehran",
    "Pacific/Auckland",
    "UTC",
]


def _rebuilt(zone_name: str, around: datetime):
    """The zone a calendar client builds from our VTIMEZONE alone (not from its name)."""
    component = vtimezone(zone_name, around)
    cal = Calendar.from_ical(b"BEGIN:VCALENDAR\r\n" + component.to_ical() + b"END:VCALENDAR\r\n")
    return cal.walk("VTIMEZONE")[0].to_tz(lookup_tzid=False)


@pytest.mark.parametrize("zone_name", ZONES)
def test_the_rebuilt_zone_agrees_with_the_database_every_hour_around_the_meeting(zone_name):
    around = datetime(2026, 12, 1, 10, tzinfo=UTC)
    rebuilt, real = _rebuilt(zone_name, around), ZoneInfo(zone_name)
    moment = datetime(2026, 1, 1, tzinfo=UTC)
    while moment < datetime(2027, 12, 31, tzinfo=UTC):
        assert moment.astimezone(rebuilt).utcoffset() == moment.astimezone(real).utcoffset(), (
            zone_name,
            moment,
        )
        moment += timedelta(hours=1)


def test_a_zone_without_one_yearly_rule_gets_explicit_transitions_near_the_meeting():
    # Morocco leaves +01 for Ramadan, on dates no RRULE describes.
    component = vtimezone("Africa/Casablanca", datetime(2026, 12, 1, tzinfo=UTC))
    text = component.to_ical().decode()
    assert "RRULE" not in text and "RDATE" in text and "2029" not in text
    rebuilt = _rebuilt("Africa/Casablanca", datetime(2026, 12, 1, tzinfo=UTC))
    real = ZoneInfo("Africa/Casablanca")
    # At noon each day: the reading library (dateutil) mislocates the very hour of
    # Morocco's backward changes, in icalendar's own VTIMEZONE as much as in ours.
    moment = datetime(2026, 1, 1, 12, tzinfo=UTC)
    while moment < datetime(2026, 12, 31, tzinfo=UTC):
        assert moment.astimezone(rebuilt).utcoffset() == moment.astimezone(real).utcoffset()
        moment += timedelta(days=1)


def test_a_yearly_rule_is_one_rrule_per_change_not_a_list_of_dates():
    text = vtimezone("Europe/Berlin", datetime(2026, 12, 1, tzinfo=UTC)).to_ical().decode()
    assert "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3" in text
    assert "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10" in text
    assert "RDATE" not in text and len(text) < 500


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Santiago"]),
    st.datetimes(min_value=datetime(2024, 1, 1), max_value=datetime(2034, 12, 31)),
)
def test_any_meeting_time_reads_back_as_the_same_instant(zone_name, naive):
    zone = ZoneInfo(zone_name)
    start = naive.replace(tzinfo=zone)
    rebuilt = _rebuilt(zone_name, start)
    instant = start.astimezone(UTC)
    assert instant.astimezone(rebuilt).utcoffset() == instant.astimezone(zone).utcoffset()
