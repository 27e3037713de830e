"""A date in brackets after its weekday (request_bracket_dates)."""

from negotiation.understanding.request_bracket_dates import unbracketed_dates


def test_a_bracketed_date_after_its_weekday_loses_its_brackets():
    assert unbracketed_dates("Monday (9 March) at 1").startswith("Monday, 9 March")
    assert unbracketed_dates("周一（3月9日）中午").startswith("周一, 3月9日")
    assert unbracketed_dates("Tue (Mar 10) pm").startswith("Tue, Mar 10")


def test_other_brackets_stay_and_the_length_is_kept():
    for text in ("Monday (Room 4)", "Monday (or Tuesday)", "Thursday (the 12th)"):
        assert unbracketed_dates(text) == text
    assert len(unbracketed_dates("周一（3月9日）中午")) == len("周一（3月9日）中午")
