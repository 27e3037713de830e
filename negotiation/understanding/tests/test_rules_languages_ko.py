"""Korean replies in the rules' English, and the Hangul left for the rules to ask about."""

import pytest

from negotiation.understanding.rules_languages_ko import ko_into_english
from negotiation.understanding.tests.test_rules_languages import reading


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("화요일이나 목요일 괜찮습니다.", "tuesday or thursday works ."),
        ("오후 2시 좋아요", "at 14:00 works"),
        ("10시 반 괜찮아요", "at 10:30 works"),
        ("수요일 온라인으로 부탁드립니다", "wednesday online please"),
        # Alone, 괜찮습니다 may be a polite no; a word no list knows is marked.
        ("괜찮습니다.", "HANGUL ."),
        ("화요일은 회의가 있어요.", "tuesday HANGUL HANGUL HANGUL ."),
        ("Tuesday works", "Tuesday works"),
    ],
)
def test_korean_is_said_in_english(text, expected):
    assert ko_into_english(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("화요일이나 목요일 괜찮습니다.", {"time": {"A", "C"}}),
        ("화요일은 안 돼요. 목요일은 괜찮습니다.", {"time": {"C"}, "-time": {"A"}}),
        ("Tuesday and Wednesday work. 줌으로 해주세요", {"time": {"A", "B"}, "location": {"1"}}),
        ("괜찮습니다.", "unclear"),
        ("화요일도 괜찮을까요?", "unclear"),
    ],
)
def test_korean_replies_are_read(text, expected):
    assert reading(text) == expected
