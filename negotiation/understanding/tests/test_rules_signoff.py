"""A greeting with a name and a sign-off run into the last line are no answer; a word
there that is an option, a day or an option's label is read. (Standard view: A Tuesday,
B Wednesday, C Thursday; 1 Zoom, 2 Office 3F.)"""

import pytest

from negotiation.understanding.rules_signoff import drop_signoff_tail
from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import STD


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Zoom is fine. Cheers, Siobhan", "Zoom is fine."),
        ("In the office. Thanks! Lena", "In the office."),
        ("Zoom is ok for me. Grüße, Jürgen", "Zoom is ok for me."),
        ("Happy to do Zoom. — Kai", "Happy to do Zoom."),
        ("Zoom, obviously. M.", "Zoom, obviously."),
        ("A works. Best wishes, Sandra", "A works."),
        # Near misses: an option's label, word or day, or no sentence ended before it.
        ("A works. B.", "A works. B."),
        ("Tuesday. Thanks! Zoom", "Tuesday. Thanks! Zoom"),
        ("Zoom. Cheers, Wednesday", "Zoom. Cheers, Wednesday"),
        ("A works, E.", "A works, E."),
    ],
)
def test_a_sign_off_run_into_the_last_line(text, kept):
    assert drop_signoff_tail(text, STD) == kept


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Morning Alice! Thursday works. Zoom is fine.", {"time": {"C"}, "location": {"1"}}),
        ("Hello hello. Tuesday works.", {"time": {"A"}}),
        ("Hiii, Wednesday works. Cheers, Siobhan", {"time": {"B"}}),
        ("Hi Alice - Wednesday works.", {"time": {"B"}}),
        ("yo. B works.", {"time": {"B"}}),
        # Near misses: a bare "Morning" may be the part of the day chosen; a day as the name.
        ("Morning, Tuesday.", "unclear"),  # not read as a greeting either
        ("Zoom is fine. Thanks! Wednesday", {"time": {"B"}, "location": {"1"}}),
    ],
)
def test_a_greeting_or_a_sign_off_around_the_answer(text, expected):
    assert reading(text, STD) == expected
