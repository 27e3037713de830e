"""Which language a text is in, which one a reader gets, and dates written for it."""

from datetime import UTC, datetime

import pytest

from negotiation.languages import CHINESE, ENGLISH, language_choose, language_detect
from negotiation.local_times import clock_text, date_text, local, zone_text

AVAILABLE = frozenset({ENGLISH, CHINESE})


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("周三可以。", CHINESE),
        ("下周二下午和Bob开会", CHINESE),
        ("Wednesday works for me, thanks", ENGLISH),
        ("Sorry, I can't make any of these", ENGLISH),
        # Below the confidence floor: labels, one word, other languages.
        ("A 1", None),
        ("B2 ok", None),
        ("可以", None),
        ("yes", None),
        ("Mittwoch passt mir gut", None),
        ("", None),
    ],
)
def test_a_language_is_named_only_when_the_text_says_so_clearly(text, language):
    assert language_detect(text) == language


def test_the_setting_wins_then_what_the_person_writes_then_the_hub():
    choose = language_choose
    assert (
        choose(setting="en", written="zh-hans", hub_default="zh-hans", available=AVAILABLE) == "en"
    )
    assert choose(setting="", written="zh-hans", hub_default="en", available=AVAILABLE) == CHINESE
    assert choose(setting="", written="", hub_default="zh-hans", available=AVAILABLE) == CHINESE
    # A language without a catalogue is skipped, never written in.
    assert choose(setting="de", written="", hub_default="en", available=AVAILABLE) == ENGLISH


def test_dates_are_written_as_each_language_writes_them():
    moment = datetime(2026, 12, 2, 6, 0, tzinfo=UTC)
    shanghai, berlin = local(moment, "Asia/Shanghai"), local(moment, "Europe/Berlin")
    assert date_text(shanghai, CHINESE) == "2026年12月2日周三"
    assert date_text(shanghai, CHINESE, year=False) == "12月2日周三"
    assert clock_text(shanghai, CHINESE) == "14:00"
    assert zone_text(shanghai, CHINESE) == "中国标准时间"
    assert date_text(berlin, ENGLISH) == "Wed 2 Dec 2026"
    assert (clock_text(berlin, ENGLISH), zone_text(berlin, ENGLISH)) == ("07:00", "CET")
    # A zone without an English abbreviation is named in words.
    assert zone_text(local(moment, "Asia/Dubai"), ENGLISH) == "Gulf Standard Time"
