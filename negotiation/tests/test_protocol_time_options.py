"""AIMP/0.1 time options: naive reference times, offsets, daylight saving."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import example as hyp_example
from hypothesis import given, settings
from hypothesis import strategies as st

from negotiation import protocol as p
from negotiation.protocol import ProtocolError

# --- time options -------------------------------------------------------------------


def test_naive_reference_time_is_read_in_the_default_zone():
    dt = p.parse_time_option("2026-03-01T10:00", default_tz="Asia/Shanghai")
    assert dt == datetime(2026, 3, 1, 2, 0, tzinfo=UTC)
    assert p.format_time_option(dt) == "2026-03-01T10:00+08:00"


def test_time_with_offset_keeps_its_offset():
    dt = p.parse_time_option("2026-07-01T09:30-04:00", default_tz="Asia/Shanghai")
    assert dt == datetime(2026, 7, 1, 13, 30, tzinfo=UTC)
    assert p.format_time_option(dt) == "2026-07-01T09:30-04:00"
    assert p.parse_time_option("2026-07-01T13:30Z", default_tz="Asia/Tokyo") == dt


def test_daylight_saving_is_applied_to_naive_times():
    summer = p.parse_time_option("2026-07-01T10:00", default_tz="Europe/Berlin")
    winter = p.parse_time_option("2026-01-01T10:00", default_tz="Europe/Berlin")
    assert p.format_time_option(summer) == "2026-07-01T10:00+02:00"
    assert p.format_time_option(winter) == "2026-01-01T10:00+01:00"


def test_format_time_option_needs_an_aware_time_and_drops_seconds():
    with pytest.raises(ValueError):
        p.format_time_option(datetime(2026, 3, 1, 10, 0))
    dt = datetime(2026, 3, 1, 10, 0, 42, tzinfo=ZoneInfo("UTC"))
    assert p.format_time_option(dt) == "2026-03-01T10:00+00:00"


@pytest.mark.parametrize("value", ["", "next Wednesday", "2026-13-01T10:00", "10:00", "下周三"])
def test_unreadable_time_option_raises_protocol_error(value):
    with pytest.raises(ProtocolError):
        p.parse_time_option(value, default_tz="UTC")


@settings(max_examples=200, deadline=None)
@hyp_example(datetime(2026, 3, 8, 2, 30), "America/St_Johns")  # in the spring-forward gap
@hyp_example(datetime(2026, 11, 1, 1, 30), "America/St_Johns")  # in the autumn fold
@given(
    st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1)),
    st.sampled_from(
        ["UTC", "Asia/Kolkata", "America/St_Johns", "Europe/Berlin", "Pacific/Chatham"]
    ),
)
def test_formatted_time_reads_back_as_the_same_instant(naive, zone):
    dt = naive.replace(second=0, microsecond=0, tzinfo=ZoneInfo(zone))
    back = p.parse_time_option(p.format_time_option(dt), default_tz="UTC")
    # Compare instants: Python's == between zones is always False for a wall time in
    # a DST gap or fold (PEP 495), although the written offset pins the instant.
    assert back.timestamp() == dt.timestamp()
    assert back.utcoffset() == dt.utcoffset()
