"""Dates in other languages: "6. März", "le 6 mars", a weekday's bare number before a clock."""

import pytest

from negotiation.understanding.rules_languages_dates import spell_dates


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("friday 6. März at 11:00", "friday 6 March at 11:00"),
        ("le 6 mars", "6 March"),
        ("el 6 de marzo", "6 March"),
        ("il 6 marzo", "6 March"),
        ("6 de março", "6 March"),
        ("6 maart", "6 March"),
        ("friday, 6. März", "friday 6 March"),
        ("friday 6 at 11:00", "friday the 6th at 11:00"),
        ("friday 1 at 9:00", "friday the 1st at 9:00"),
        ("friday 12 at 11", "friday the 12th at 11"),
        # Near misses: a weekday's number with no clock after it may be the hour itself.
        ("tuesday 10 works", "tuesday 10 works"),
        ("tuesday 10", "tuesday 10"),
        ("6 mai", "6 May"),
        ("mai", "mai"),
    ],
)
def test_dates_in_other_languages(text, expected):
    assert spell_dates(text) == expected
