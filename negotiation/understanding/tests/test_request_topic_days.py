"""A day that belongs to the topic ("prep for Friday") is no day offered for the meeting."""

from datetime import date

from negotiation.understanding.request_topic_days import topic_days

MONDAY = date(2026, 3, 2)


def test_the_topics_day_beside_the_day_given_leaves_only_the_day_given():
    timing, ask = topic_days("Prep for Friday with Bob, Thursday afternoon", MONDAY)
    assert "Friday" not in timing and "Thursday afternoon" in timing and ask is None


def test_a_possessive_day_of_the_topic_is_taken_out_too():
    timing, ask = topic_days("Monday's debrief, Wednesday at 10", MONDAY)
    assert "Monday" not in timing and "Wednesday at 10" in timing and ask is None


def test_the_topics_day_alone_asks_for_the_time():
    timing, ask = topic_days("Prep for Friday with Bob", MONDAY)
    assert timing == "Prep for Friday with Bob" and ask is not None


def test_a_meeting_on_a_day_is_not_the_topics_day():
    assert topic_days("Review on Friday with Bob", MONDAY) == ("Review on Friday with Bob", None)


def test_a_day_gone_by_is_no_offer():
    timing, ask = topic_days("Last Tuesday's session was great. Friday, before lunch?", MONDAY)
    assert "Tuesday" not in timing and "Friday" in timing and ask is None


def test_today_said_as_small_talk_is_no_offer():
    timing, ask = topic_days("and it's only Monday! Tomorrow morning please", MONDAY)
    assert "Monday" not in timing and ask is None


def test_the_last_weekday_of_the_month_is_a_day_to_come():
    text = "The last Tuesday of the month, 10:00"
    assert topic_days(text, MONDAY) == (text, None)


def test_a_day_two_words_before_the_retro_is_the_topics():
    timing, ask = topic_days("the Friday town hall retro, Wednesday at 10", MONDAY)
    assert "Friday" not in timing and ask is None
