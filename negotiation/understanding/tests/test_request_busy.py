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


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("Wednesday. That day I'm at the client in the morning, so afternoon.", "morning"),
        ("Wednesday; I'm teaching in the morning so afternoon please.", "morning"),
        ("Wednesday. I'm tied up in the afternoon.", "afternoon"),
        ("Wednesday or Thursday, I'm at the client Thursday morning.", "Thursday morning"),
    ],
)
def test_a_busy_part_of_a_day_is_refused_in_a_clause_of_its_own(text, refused):
    marked = busy_refused(text, MONDAY)
    assert f"{refused} unavailable;" in marked
    assert marked.count("unavailable") == 1


@pytest.mark.parametrize(
    "text",
    [
        "Wednesday. I'm free in the morning, so morning please.",
        "Wednesday. I'm working from home in the morning.",
        "Wednesday. I'm at the client all day Thursday.",  # no part of a day here
    ],
)
def test_a_part_said_free_or_a_place_of_work_is_not_refused_here(text):
    assert "unavailable" not in busy_refused(text, MONDAY)
