"""Weekly preferences as people write them, and back (pure)."""

import pytest

from hubs.preference_text import (
    PreferenceError,
    places_from_text,
    preferences_from_phrase,
    rule_from_text,
    rules_from_text,
    rules_to_text,
)

WEEKDAYS = ["mon", "tue", "wed", "thu", "fri"]


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("mon-fri 09:00-12:00", {"days": WEEKDAYS, "start": "09:00", "end": "12:00"}),
        ("weekdays 9-12", {"days": WEEKDAYS, "start": "09:00", "end": "12:00"}),
        ("sat, sun", {"days": ["sat", "sun"], "start": "00:00", "end": "24:00"}),
        (
            "Tuesdays and Thursdays 14-18",
            {"days": ["tue", "thu"], "start": "14:00", "end": "18:00"},
        ),
        (
            "every day 9am-5pm",
            {"days": [*WEEKDAYS, "sat", "sun"], "start": "09:00", "end": "17:00"},
        ),
        ("fri 18:00-24:00", {"days": ["fri"], "start": "18:00", "end": "24:00"}),
        ("工作日9-12点", {"days": WEEKDAYS, "start": "09:00", "end": "12:00"}),
        ("周一到周五 9:00-12:00", {"days": WEEKDAYS, "start": "09:00", "end": "12:00"}),
    ],
)
def test_rules_read(text, rule):
    assert rule_from_text(text) == rule


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("weekdays 9 to noon", "write the hours as start-end"),
        ("mon-fri 12-9", "must come after the start"),
        ("funday 9-12", '"funday" is not a day'),
        ("weekdays 25-26", "is not a time of day"),
        ("fri-mon 9-12", "week order"),
    ],
)
def test_bad_rules_say_what_is_wrong(text, message):
    with pytest.raises(PreferenceError, match=message):
        rule_from_text(text)


def test_lines_round_trip_through_the_stored_shape():
    text = "mon-fri 09:00-12:00\nsat, sun 10:00-16:00\nfri"
    assert rules_to_text(rules_from_text(text)) == text
    assert rules_from_text("\n  \n") == []
    assert rules_to_text("not a list") == ""


def test_places_one_per_line_without_repeats():
    assert places_from_text("Zoom\n  the  office \n") == ["Zoom", "the office"]
    with pytest.raises(PreferenceError, match="twice"):
        places_from_text("Zoom\nzoom")


def test_a_phrase_by_mail_names_good_and_blocked_times_and_places():
    prefs = preferences_from_phrase("weekdays 9-12, no Fridays, places: Zoom / the office")
    assert prefs.preferred == [{"days": WEEKDAYS, "start": "09:00", "end": "12:00"}]
    assert prefs.blocked == [{"days": ["fri"], "start": "00:00", "end": "24:00"}]
    assert prefs.places == ["Zoom", "the office"]
    chinese = preferences_from_phrase("工作日9-12点，周五不行")
    assert chinese.blocked == [{"days": ["fri"], "start": "00:00", "end": "24:00"}]
    with pytest.raises(PreferenceError):
        preferences_from_phrase(" , ")
