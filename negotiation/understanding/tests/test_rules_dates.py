from datetime import date

import pytest

from negotiation.understanding.rules_dates import exact_start, find_time_specs
from negotiation.understanding.rules_dates_spec import zh_number
from negotiation.understanding.tests.views import at

MONDAY = date(2026, 3, 2)


@pytest.mark.parametrize(
    ("text", "dates", "times"),
    [
        ("tomorrow at 3pm", {date(2026, 3, 3)}, {(15, 0)}),
        ("明天下午两点半", {date(2026, 3, 3)}, {(14, 30)}),
        ("下周一10点", {date(2026, 3, 9)}, {(10, 0), (22, 0)}),
        ("March 5th at 14:00", {date(2026, 3, 5)}, {(14, 0)}),
        ("3月5日", {date(2026, 3, 5)}, None),
        ("Fri 3/6 at 2pm", {date(2026, 3, 6)}, {(14, 0)}),
        ("next Tuesday", {date(2026, 3, 3), date(2026, 3, 10)}, None),
    ],
)
def test_day_and_time_expressions(text, dates, times):
    (spec,) = find_time_specs(text.lower(), MONDAY)
    assert spec.problem is None
    assert spec.dates == dates
    assert (set(spec.times) if spec.times else None) == times


def test_impossible_and_out_of_range_dates_are_flagged():
    assert find_time_specs("2025-01-01", MONDAY)[0].problem
    assert find_time_specs("2026-02-30", MONDAY)[0].problem
    assert find_time_specs("2028-01-01", MONDAY)[0].problem


def test_exact_start_only_for_one_reading():
    now = at(2, 8)
    (spec,) = find_time_specs("thursday 3pm", MONDAY)
    assert exact_start(spec, now) == at(5, 15)
    (spec,) = find_time_specs("thursday at 8", MONDAY)  # 8:00 or 20:00
    assert exact_start(spec, now) is None


@pytest.mark.parametrize(
    ("text", "value"), [("十", 10), ("十二", 12), ("二十三", 23), ("两", 2), ("7", 7)]
)
def test_chinese_numbers(text, value):
    assert zh_number(text) == value
