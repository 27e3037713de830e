"""A day the member is busy on, said before other days, is refused, never offered."""

from datetime import date

import pytest

from negotiation.understanding.request_busy import busy_refused

MONDAY = date(2026, 3, 2)


@pytest.mark.parametrize(
    ("text", "busy", "offered"),
    [
        ("I'll be reviewing candidates all Tuesday so Wednesday please", "Tuesday", "Wednesday"),
        # The reason after the day offered: the busy day is still the one marked.
        ("Wednesday with Carol. I'll be interviewing all Tuesday.", "Tuesday", None),
        # Busy in the morning: only the morning is marked, the afternoon stays offered.
        ("I'm teaching Tuesday morning so Tuesday afternoon", "morning", "afternoon"),
    ],
)
def test_a_busy_day_beside_other_days_is_marked_unavailable_and_only_it(text, busy, offered):
    marked = busy_refused(text, MONDAY)
    assert marked.count("unavailable") == 1
    assert marked.index(busy) < marked.index("unavailable")
    if offered is not None:
        assert marked.index("unavailable") < marked.rindex(offered)


@pytest.mark.parametrize(
    "text",
    [
        "I'll be free all Tuesday so Tuesday",  # free is no busy word
        "Tuesday or Wednesday with Carol",
        "I'm working from home Tuesday so Tuesday on Zoom",
    ],
)
def test_a_day_said_free_or_only_named_stays_as_written(text):
    assert busy_refused(text, MONDAY) == text


def test_a_busy_list_that_goes_on_refuses_every_day_it_names():
    marked = busy_refused("Tuesday I'm in workshops. Wednesday too.", MONDAY)
    assert marked.count("unavailable") == 2
