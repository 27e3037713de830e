"""Reading a member's own settings from the top of a new mail (pure)."""

import pytest

from negotiation.self_service import (
    LANGUAGE,
    NAME,
    PREFERENCES,
    TIME_ZONE,
    settings_in,
    stated_zone,
    written_in_chinese,
    zone_named,
)


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("my time zone is Asia/Tokyo", "Asia/Tokyo"),
        ("My timezone is asia/tokyo.", "Asia/Tokyo"),
        ("time zone: London", "Europe/London"),
        ("my time zone is New York", "America/New_York"),
        ("set my time zone to Berlin", "Europe/Berlin"),
        ("我的时区是上海", "Asia/Shanghai"),
        ("时区：北京", "Asia/Shanghai"),
        ("我的时区是东京", "Asia/Tokyo"),
    ],
)
def test_a_time_zone_by_city_or_name(text, zone):
    [setting] = settings_in(text)
    assert (setting.field, setting.value, setting.error) == (TIME_ZONE, zone, "")


def test_name_language_and_preferences():
    name, language, prefs = settings_in(
        "call me Gina\nmy language is Chinese\npreferences: weekdays 9-12, no Fridays"
    )
    assert (name.field, name.value) == (NAME, "Gina")
    assert (language.field, language.value) == (LANGUAGE, "zh-hans")
    assert prefs.field == PREFERENCES
    assert prefs.value.preferred == [
        {"days": ["mon", "tue", "wed", "thu", "fri"], "start": "09:00", "end": "12:00"}
    ]
    assert prefs.value.blocked == [{"days": ["fri"], "start": "00:00", "end": "24:00"}]
    assert prefs.value.places is None
    [zh] = settings_in("我的语言是中文")
    assert zh.value == "zh-hans" and written_in_chinese("我的语言是中文")
    [en] = settings_in("language: English")
    assert en.value == "en" and not written_in_chinese("language: English")


@pytest.mark.parametrize(
    "text",
    [
        "my time zone is awful",  # a sentence, not a zone
        "my time zone is awful, can we meet on Tuesday?",
        "Hi, call me Gina when you land",  # not on a line of its own
        "Lunch with Bob next week. My time zone is Asia/Tokyo",  # a request first
        "call me tomorrow about the budget review with Carol and Dave please",
        "status",
        "A and 1",
        "",
    ],
)
def test_near_misses_are_not_settings(text):
    assert settings_in(text) == []


def test_what_looks_like_a_setting_but_cannot_be_read_says_why():
    [zone] = settings_in("my time zone is Shangai")
    assert zone.error == "unknown time zone" and zone.written == "Shangai"
    [language] = settings_in("my language is Klingon")
    assert language.error == "unknown language"
    [prefs] = settings_in("preferences: weekdays 9 to noon")
    assert "start-end" in prefs.error


def test_an_empty_body_may_carry_the_setting_in_its_subject():
    [setting] = settings_in("", subject="my time zone is Tokyo")
    assert setting.value == "Asia/Tokyo"


def test_a_zone_stated_in_passing_for_the_welcome():
    assert stated_zone("Hello! I live in Tokyo with my family.") == "Asia/Tokyo"
    assert stated_zone("Hi, I'm based in New York City") == "America/New_York"
    assert stated_zone("你好，我住在上海。") == "Asia/Shanghai"
    assert stated_zone("Hello\nmy time zone is Europe/London") == "Europe/London"
    assert stated_zone("I am in a meeting all day") is None
    assert stated_zone("I live in a small town") is None
    assert zone_named("Atlantis") is None
