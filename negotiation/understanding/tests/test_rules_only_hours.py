"""An open range of the day said as the only one free, spelt as plain verdicts."""

import pytest

from negotiation.understanding.rules_only_hours import spell_only_hours
from negotiation.understanding.tests.test_rules_round15 import STD, ZH


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("I'm only free after 12.", STD, "B works. not A or C."),
        ("only before 12 works for me", STD, "A or C works. not B. "),
        ("after 12 only", STD, "B works. not A or C. "),
        ("I'm only free after 8pm", STD, "not A or B or C. "),
        ("只有晚上八点以后才有空", ZH, "not A or B or C. "),
        ("下午两点以后才有空。", ZH, "B works. not A or C。"),
        # Without "only" the Chinese range is a yes to the times inside only.
        ("下午两点以后都可以", ZH, "B works. "),
        # Left as written: no "only", a day before it, an hour that may be 8am or 8pm,
        # an option right on the edge.
        ("any time after 2 works", STD, "any time after 2 works"),
        ("Tuesday I'm only free after 12.", STD, "Tuesday I'm only free after 12."),
        ("I'm only free after 8.", STD, "I'm only free after 8."),
        ("I'm only free after 2pm.", STD, "I'm only free after 2pm."),
        ("周四上午有课，下午两点以后都可以", ZH, "周四上午有课，下午两点以后都可以"),
    ],
)
def test_an_only_range_is_spelt_as_yes_inside_and_no_outside(text, view, expected):
    assert spell_only_hours(text, view) == expected
