"""Initial options: future, sensible hours for everyone, preferences respected, deterministic."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from negotiation.candidates import (
    CandidateInput,
    PersonPrefs,
    WeeklyRule,
    parse_rules,
    propose_places,
    propose_times,
)

BERLIN = ZoneInfo("Europe/Berlin")
NOW = datetime(2026, 11, 23, 9, 0, tzinfo=BERLIN)  # a Monday
HOUR = timedelta(hours=1)


def window(day: int, start: int, end: int):
    return (
        datetime(2026, 11, day, start, tzinfo=BERLIN),
        datetime(2026, 11, day, end, tzinfo=BERLIN),
    )


def test_parse_rules_reads_days_and_hours_and_skips_junk():
    rules = parse_rules(
        [
            {"days": ["mon", "Tuesday"], "start": "09:00", "end": "12:00"},
            {"days": ["xyz"], "start": "09:00", "end": "10:00"},
            {"days": ["fri"], "start": "13:00", "end": "12:00"},
            "nonsense",
        ]
    )
    assert len(rules) == 1
    assert rules[0].days == frozenset({0, 1})
    assert parse_rules("not a list") == ()


def test_times_come_from_the_stated_windows_spread_over_days():
    inp = CandidateInput(
        now=NOW,
        duration=HOUR,
        planning_tz="Europe/Berlin",
        windows=(window(24, 12, 18), window(25, 12, 18)),
    )
    times = propose_times(inp)
    assert 2 <= len(times) <= 4
    assert times == sorted(times)
    assert {s.date().day for s, _ in times} == {24, 25}
    for start, end in times:
        assert end - start == HOUR
        assert window(24, 12, 18)[0] <= start or window(25, 12, 18)[0] <= start


def test_blocked_times_are_avoided_and_preferred_times_win():
    bob = PersonPrefs(
        time_zone="Europe/Berlin",
        blocked=(
            WeeklyRule(
                frozenset({1}), datetime(2000, 1, 1, 12).time(), datetime(2000, 1, 1, 15).time()
            ),
        ),
        preferred=(
            WeeklyRule(
                frozenset({2}), datetime(2000, 1, 1, 16).time(), datetime(2000, 1, 1, 18).time()
            ),
        ),
    )
    inp = CandidateInput(
        now=NOW,
        duration=HOUR,
        planning_tz="Europe/Berlin",
        people=(bob,),
        windows=(window(24, 12, 18), window(25, 12, 18)),
    )
    times = propose_times(inp)
    for start, _end in times:
        assert not (start.weekday() == 1 and start.hour < 15)
    assert any(s.weekday() == 2 and s.hour >= 16 for s, _ in times)


def test_sensible_hours_hold_in_every_known_zone():
    people = (
        PersonPrefs("America/New_York"),
        PersonPrefs("Asia/Kolkata"),
        PersonPrefs("Asia/Tokyo", zone_known=False),
    )
    inp = CandidateInput(now=NOW, duration=HOUR, planning_tz="Europe/Berlin", people=people)
    times = propose_times(inp)
    assert len(times) >= 2
    for start, end in times:
        for zone in ("Europe/Berlin", "America/New_York", "Asia/Kolkata"):
            local_start, local_end = (
                start.astimezone(ZoneInfo(zone)),
                end.astimezone(ZoneInfo(zone)),
            )
            assert local_start.hour >= 8 and (local_end.hour, local_end.minute) <= (20, 0)


def test_the_organisers_exact_times_are_the_options_and_nothing_is_added():
    # "Friday at 12" is one option: the hub adds no time the organiser did not give.
    one = CandidateInput(
        now=NOW, duration=HOUR, planning_tz="Europe/Berlin", windows=(window(27, 12, 13),)
    )
    assert propose_times(one) == [window(27, 12, 13)]
    # "12 or 13 o'clock": both, although they are on the same day and an hour apart.
    two = CandidateInput(
        now=NOW,
        duration=HOUR,
        planning_tz="Europe/Berlin",
        windows=(window(27, 12, 13), window(27, 13, 14)),
    )
    assert propose_times(two) == [window(27, 12, 13), window(27, 13, 14)]


def test_places_stated_first_then_preferences_then_defaults():
    assert propose_places(
        CandidateInput(NOW, HOUR, "UTC", stated_places=("Zoom", "zoom", "Office"))
    ) == ["Zoom", "Office"]
    people = (PersonPrefs("UTC", places=("Cafe", "Park")), PersonPrefs("UTC", places=("Park",)))
    inp = CandidateInput(NOW, HOUR, "UTC", people=people, default_places=("Video call",))
    assert propose_places(inp) == ["Park", "Cafe", "Video call"]
    assert propose_places(CandidateInput(NOW, HOUR, "UTC")) == ["Video call"]


@settings(max_examples=40, deadline=None)
@given(
    now=st.datetimes(
        min_value=datetime(2026, 1, 1), max_value=datetime(2030, 1, 1), timezones=st.just(UTC)
    ),
    minutes=st.sampled_from([15, 30, 45, 60, 90, 120]),
    zone=st.sampled_from(["Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata", "UTC"]),
)
def test_times_are_future_within_hours_and_deterministic(now, minutes, zone):
    inp = CandidateInput(now=now, duration=timedelta(minutes=minutes), planning_tz=zone)
    times = propose_times(inp)
    assert times == propose_times(inp)
    assert 2 <= len(times) <= 4
    for start, end in times:
        assert start > now and end - start == timedelta(minutes=minutes)
        local_start, local_end = start.astimezone(ZoneInfo(zone)), end.astimezone(ZoneInfo(zone))
        assert local_start.hour >= 8 and (local_end.hour, local_end.minute) <= (20, 0)
