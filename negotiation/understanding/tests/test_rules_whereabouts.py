"""Where the writer is, "my time", named places proposed, and bare ordinals."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.rules_ordinals import spell_all_of_count, spell_digit_ordinals
from negotiation.understanding.rules_whereabouts import apply_whereabouts
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import Answer, Unclear

# A Tue 10:00, B Wed 14:00, C Thu 09:30, all Berlin (CET, UTC+1); 1 Zoom, 2 Office 3F.
VIEW = standard_view()
WHEN = datetime(2026, 3, 2, 8, tzinfo=ZoneInfo("Europe/Berlin"))


def reading(text):
    result = understand_reply(text, VIEW)
    if isinstance(result, Unclear):
        return "unclear"
    assert isinstance(result, Answer)
    out = {k: set(v) for k, v in result.accepted.items()}
    out |= {f"-{k}": set(v) for k, v in result.rejected.items()}
    for p in result.proposals:
        value = p.place or f"{p.start.astimezone(ZoneInfo(VIEW.reader_tz)):%a %H:%M}"
        out.setdefault("prop", set()).add(value)
    return out


def test_my_time_becomes_the_zone_the_writer_is_in():
    text, problem = apply_whereabouts(
        "I'm in London that week, so 9am my time", "Europe/Berlin", WHEN
    )
    assert problem is None
    assert "zone:Europe/London" in text and "London that week" not in text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'll be in London that week, so 9am my time on Tuesday works.", {"time": {"A"}}),
        ("I'm in Dubai, Thursday 12:30 local is fine", {"time": {"C"}}),
        ("I'm in Lisbon all week. Thursday 9:30 my time would be best.", {"prop": {"Thu 10:30"}}),
        # Near misses: a bare clock could be either zone; a place that explains no time
        # is kept and asked about; a restated option needs a verdict.
        ("I'm in New York that week. Tuesday at 9am works", "unclear"),
        ("A works. I'm in Dubai.", "unclear"),
        ("I'm in Helsinki that week, so A is 11:00 for me.", "unclear"),
        ("I'm in New York that week. B would be 9am for me, fine.", "unclear"),
    ],
)
def test_times_in_the_writers_zone(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Tuesday works, could we meet at Cafe Mondo instead?",
            {"time": {"A"}, "prop": {"Cafe Mondo"}},
        ),
        ("How about Tuesday 11:00 instead of 10?", {"prop": {"Tue 11:00"}}),
        # Near misses: where the writer is, not where to meet; an option replaced.
        ("I'm at Cafe Mondo all morning", "unclear"),
        ("Thursday instead of Tuesday", "unclear"),
        ("Could we use Webex instead of Zoom?", "unclear"),
    ],
)
def test_proposals_instead(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The first two work, second place", {"time": {"A", "B"}, "location": {"2"}}),
        ("the earliest one", {"time": {"A"}}),
        ("time: the second one", {"time": {"B"}}),
        ("the first and third times", {"time": {"A", "C"}}),
        # A bare ordinal alone ranks the times (owner's decision).
        ("the first one", {"time": {"A"}}),
        # Near misses: after a place, or beside a named time.
        ("Zoom is fine. The second one.", "unclear"),
        ("A, and the first one", "unclear"),
    ],
)
def test_bare_ordinals_only_beside_a_place_answered_apart(text, expected):
    assert reading(text) == expected


def test_counts_and_digit_ordinals_are_spelt_only_when_they_fit():
    assert spell_all_of_count("all three work", VIEW) == "all times work"
    assert spell_all_of_count("all four work", VIEW) == "all four work"  # three times only
    assert spell_digit_ordinals("the 2nd time slot") == "the second time slot"
    assert spell_digit_ordinals("the 2nd") == "the 2nd"  # a date


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Where the writer is now, said as "at the moment", "currently", "right now".
        ("I'm in London at the moment, so 9am my time on Tuesday works.", {"time": {"A"}}),
        ("I'm currently in London: 1pm my time on Wednesday is fine.", {"time": {"B"}}),
        ("I'm in California right now; 1am my time on Tuesday works.", {"time": {"A"}}),
        # A zone in brackets after "the 9am one" names whose 9am.
        ("I'm in London, so the 9am one (London time) works.", {"time": {"A"}}),
        ("I'm in London at the moment, so 9am on Tuesday works.", "unclear"),
        ("I'm in London, so the 9am one works.", "unclear"),
    ],
)
def test_where_the_writer_is_now(text, expected):
    got = reading(text)
    if got != "unclear":
        got = {k: v for k, v in got.items() if v}
    assert got == expected
