"""A conflict stated for an option's day (owner's decision, round conflicts18), near misses.

STD: A Tue 10:00, B Wed 14:00, C Thu 9:30. FOUR: A Mon 9:00, B Mon 13:00, C Tue 11:00,
D Wed 16:00 (an hour each). Busy, away or committed on a day is a no to that day's
options; a part of the day or an hour only to those it covers; an hour whose reach is not
plain, a life detail, being free or a town alone stays unclear.
"""

import pytest

from negotiation.understanding.rules_conflicts import spell_conflicts
from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import FOUR, STD


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        # A whole day.
        (
            "Tuesday I have an appointment at the doctor. Wednesday works.",
            STD,
            {"time": {"B"}, "-time": {"A"}},
        ),
        (
            "Wednesday I'm at the client all day. Thursday is fine.",
            STD,
            {"time": {"C"}, "-time": {"B"}},
        ),
        (
            "Thursday is school pick-up madness. Tuesday works.",
            STD,
            {"time": {"A"}, "-time": {"C"}},
        ),
        (
            "Wednesday and Thursday are both madness with the auditors in. Tuesday works.",
            STD,
            {"time": {"A"}, "-time": {"B", "C"}},
        ),
        (
            "On Wednesday I promised to cover the front desk. Thursday works.",
            STD,
            {"time": {"C"}, "-time": {"B"}},
        ),
        ("Monday I have a lab. Tuesday at 11 works.", FOUR, {"time": {"C"}, "-time": {"A", "B"}}),
        (
            "I'm at a conference Monday, Tuesday. Wednesday works.",
            FOUR,
            {"time": {"D"}, "-time": {"A", "B", "C"}},
        ),
        # A part of the day, an hour with a plain reach.
        ("Monday morning I have a lab. Monday at 1 works.", FOUR, {"time": {"B"}, "-time": {"A"}}),
        (
            "Monday I have a lab until 10:30. Monday at 1 works.",
            FOUR,
            {"time": {"B"}, "-time": {"A"}},
        ),
        (
            "I have to leave at 4:15 on Wednesday. Tuesday works.",
            FOUR,
            {"time": {"C"}, "-time": {"D"}},
        ),
        ("I have to leave at 5 on Wednesday. Tuesday works.", FOUR, {"time": {"C"}}),
        ("Tuesday afternoon I have the dentist. Thursday works.", STD, {"time": {"C"}}),
        # Near misses.
        ("Monday I have the dentist at 9. Tuesday works.", FOUR, "unclear"),
        ("Tuesday I'm on campus anyway, so the office is easy.", STD, "unclear"),
        ("Tuesday I'm in Madrid. Wednesday works.", STD, "unclear"),
        ("Tuesday I have the afternoon off. Thursday works.", STD, "unclear"),
        ("Tuesday I might have the dentist. Wednesday works.", STD, "unclear"),
        ("My son has a doctor's appointment Tuesday, so Wednesday works.", STD, "unclear"),
        ("Tuesday is madness but 10 works.", STD, "unclear"),
        ("Tuesday works and Wednesday I'm at the client.", STD, "unclear"),
    ],
)
def test_a_conflict_for_a_day_is_a_no_to_what_it_covers(text, view, expected):
    assert reading(text, view) == expected


def test_days_listed_around_the_conflict_stay_one_list():
    assert spell_conflicts("Tuesday, Wednesday I'm at the client.", STD) == "A and B are busy."
    assert spell_conflicts("I'm at a conference Tue and Wed.", STD) == "A and B are busy."


def test_two_conflicts_joined_by_and_stay_two_verdicts():
    text = "Tuesday is wall-to-wall and on Wednesday I promised to cover the desk."
    assert spell_conflicts(text, STD) == "A is busy ; B is busy."


def test_a_life_detail_is_left_as_written():
    text = "Tuesday I'm on campus anyway, so the office is easy."
    assert spell_conflicts(text, STD) == text
