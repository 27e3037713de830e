"""Issue 13, third round: rules added against held-out set 2, each with its near misses."""

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import Unclear

VIEW = standard_view()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Counted from the message's day (Monday 2 March): two days on is Wednesday, B.
        ("in two days at 2pm is fine", {"time": {"B"}}),
        ("in 3 days works", {"time": {"C"}}),
        ("in two days' time is fine", {"time": {"B"}}),
        ("I'm away in two days, so not B", {"-time": {"B"}}),
        # Near misses: another count, or no day of the meeting at all.
        ("within two days is fine", "unclear"),
        ("two days later", "unclear"),
        ("I'll get back to you in two days", "unclear"),
        ("In two days? Sure.", "unclear"),
    ],
)
def test_in_two_days_is_the_day_two_days_after_the_message(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tomorrow morning's fine but not the day after", {"time": {"A"}, "-time": {"B"}}),
        ("Tuesday works, the day after too", {"time": {"A", "B"}}),
        # Near misses: the day after something else, two days named, or nothing before.
        ("A is fine, not the day after the offsite", "unclear"),
        ("Not the day after tomorrow", {"-time": {"B"}}),  # its own day, not "the day after"
        ("A or C, not the day after", "unclear"),
        ("The day after works", "unclear"),
    ],
)
def test_the_day_after_follows_the_one_day_named_before(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'd suggest Microsoft Teams instead, our laptops block Zoom.", {"-location": {"1"}}),
        ("Office. Our laptops block Zoom.", {"location": {"2"}, "-location": {"1"}}),
        ("A. our IT blocks Zoom", {"time": {"A"}, "-location": {"1"}}),
        # Near misses: a block denied, or something blocked that is no option.
        ("Our firewall doesn't block Zoom", "unclear"),
        ("the firewall blocks the office wifi", "unclear"),
    ],
)
def test_a_tool_the_writers_machines_block_is_a_no(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Wouldn't miss it. Tuesday.", {"time": {"A"}}),
        ("A. I'll bring my laptop", {"time": {"A"}}),
        # Near misses: missing it is no eagerness, and eagerness alone is no vote.
        ("I'll miss it, sorry.", "unclear"),
        ("I'd hate to miss it but Tuesday is impossible.", "unclear"),
        ("Wouldn't miss it.", "unclear"),
        ("We won't miss it if it's on Tuesday.", "unclear"),
    ],
)
def test_eagerness_and_what_the_writer_brings_carry_no_vote(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Next Friday (the 6th) at 15:00 instead?", ["2026-03-06 15:00"]),
        ("next Friday, the 6th, at 15:00 instead?", ["2026-03-06 15:00"]),
        ("Thursday (the 5th)", {"time": {"C"}}),
        # Near misses: a day of the month that is no Friday, or no day of the month.
        ("Next Friday (the 7th) at 15:00 instead?", "unclear"),
        ("Next Friday (the 2 of us) at 15:00?", "unclear"),
    ],
)
def test_a_day_of_the_month_beside_a_weekday_pins_it(text, expected):
    if isinstance(expected, list):
        result = understand_reply(text, VIEW)
        assert not isinstance(result, Unclear)
        assert [f"{p.start:%Y-%m-%d %H:%M}" for p in result.proposals] == expected
    else:
        assert reading(text) == expected
