"""Clock times in a zone the reply names, converted before they are matched."""

from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.rules_zones import find_zone
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import Answer, Unclear

# A Tue 10:00, B Wed 14:00, C Thu 09:30, all Berlin (CET, UTC+1).
VIEW = standard_view()


def reading(text, view=VIEW):
    result = understand_reply(text, view)
    if isinstance(result, Unclear):
        return "unclear"
    assert isinstance(result, Answer)
    out = {k: set(v) for k, v in result.accepted.items()}
    for p in result.proposals:
        out.setdefault("prop", set()).add(
            f"{p.start.astimezone(ZoneInfo(view.reader_tz)):%a %H:%M}"
        )
    return out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10am Berlin time works", {"time": {"A"}}),
        ("14:00 CET", {"time": {"B"}}),
        ("Tue 09:00 UTC", {"time": {"A"}}),
        ("Tuesday 4am Eastern", {"time": {"A"}}),
        ("北京时间周四下午4点半", {"time": {"C"}}),
        # Not an option once converted: a proposal, in the reader's zone.
        ("Thursday 9:30 GMT", {"prop": {"Thu 10:30"}}),
        # Near misses: two zones disagree; "Central" is a café, not a zone.
        ("Tuesday 10:00 CET or 9:00 UK time", "unclear"),
    ],
)
def test_a_named_zone_converts_the_time(text, expected):
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("10am Berlin time", "Europe/Berlin"),
        ("14:00 CET", "Europe/Berlin"),
        ("4pm ET", "America/New_York"),
        # Abbreviations count only right after a time.
        ("et al. will join", None),
        ("the PT session", None),
        ("Cafe Central at 10", None),
    ],
)
def test_zone_words(text, zone):
    assert find_zone(text)[0] == zone


def test_a_day_in_another_zone_is_that_zones_day():
    # Sent late on Monday in Berlin, already Tuesday in Beijing: "明天" there is Wednesday.
    view = replace(VIEW, message_date=datetime(2026, 3, 2, 20, 0, tzinfo=ZoneInfo("Europe/Berlin")))
    assert reading("北京时间明天晚上9点", view) == {"time": {"B"}}
