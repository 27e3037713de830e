"""Clauses of a request's timing: a dash turns from a week refused to next week offered."""

from datetime import date

from negotiation.understanding.request_clauses import clauses
from negotiation.understanding.rules import understand_request
from negotiation.understanding.tests.views import request_context

TODAY = date(2026, 3, 2)
CTX = request_context()


def test_a_dash_after_a_refused_week_offers_next_week():
    assert [c.strip() for c in clauses("Not this week — next week, Wednesday on", TODAY)] == [
        "Not this week",
        "next week",
        "Wednesday on",
    ]


def test_a_dash_before_the_week_after_offers_no_week():
    # The week after which one? The hub asks.
    result = understand_request("Audit with Bob, not this week — the week after.", CTX)
    assert not result.windows


def test_a_comma_after_a_refused_week_may_go_on_with_the_list():
    text = "not this week, next week or the one after"
    assert clauses(text, TODAY) == [text]


def test_an_away_day_refuses_no_day():
    result = understand_request("Away day planning with Carol on Friday", CTX)
    assert [w.start.day for w in result.windows] == [6]


def test_out_of_office_rules_refuse_no_day():
    result = understand_request("Go through the out-of-office rules with Bob on Tuesday", CTX)
    assert [w.start.day for w in result.windows] == [3]


def test_rather_than_a_day_refuses_it():
    result = understand_request("Budget sync with Bob on Tuesday rather than Friday", CTX)
    assert [w.start.day for w in result.windows] == [3]


def test_a_part_of_the_day_after_an_exception_is_for_the_other_days():
    said = [c.strip() for c in clauses("Any day next week but Wednesday, mornings", TODAY)]
    assert said == ["Any day next week", "but Wednesday,", "mornings"]


def test_a_part_of_the_day_without_a_comma_stays_with_the_exception():
    said = [c.strip() for c in clauses("Any day next week but Wednesday morning", TODAY)]
    assert said == ["Any day next week", "but Wednesday morning"]
