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


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("tuesday next week", [{date(2026, 3, 10)}]),
        ("next week on tuesday", [{date(2026, 3, 10)}]),
        ("tuesday of this week", [{date(2026, 3, 3)}]),
        ("下周 周三", [{date(2026, 3, 11)}]),
        ("tuesday or wednesday next week", [{date(2026, 3, 10)}, {date(2026, 3, 11)}]),
        ("next week, tuesday or friday", [{date(2026, 3, 10)}, {date(2026, 3, 13)}]),
    ],
)
def test_a_weekday_in_a_named_week_is_that_one_day(text, dates):
    specs = find_time_specs(text, MONDAY, in_week=True)
    assert [set(s.dates or ()) for s in specs] == dates
    assert not any(s.broad or s.problem for s in specs)


def test_a_request_keeps_the_week_apart_for_its_own_reading():
    # request_windows reads "out Monday to Wednesday next week, so Thursday" with the week.
    specs = find_time_specs("tuesday next week", MONDAY)
    assert [s.broad for s in specs] == [False, True]
