"""A room by its floor, proposed in Chinese: 换到5楼大会议室; 会议室 alone names no new room."""

import pytest

from negotiation.understanding.rules_places_zh import zh_named_places


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("能不能换到5楼大会议室？", "5楼大会议室"),
        ("改到二楼小会议室吧", "二楼小会议室"),
        ("要不换到6层会议室？", "6层会议室"),
    ],
)
def test_a_room_by_its_floor_is_a_name(text, name):
    assert [found for _, _, found in zh_named_places(text)] == [name]


@pytest.mark.parametrize("text", ["去会议室吧", "我在会议室", "换到大会议室吧"])
def test_a_room_with_no_floor_is_no_name(text):
    assert zh_named_places(text) == []
