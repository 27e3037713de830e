"""Chinese replies said in the few Chinese words the rules read, and what stays as written."""

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.rules_zh_replies import zh_plain
from negotiation.understanding.tests.test_rules_languages import reading
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import Unclear


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("周二我要去医院", "周二我有事"),
        ("周一已经约了客户", "周一有事"),
        ("周四上午我走不开", "周四上午我没空"),
        ("A和C跟我别的会冲突了", "A和C冲突"),
        ("我周四上午十点有个会", "我周四上午十点有事"),
        ("当面聊比较好", "当面比较好"),
        ("周四我去公司。", "周四线下。"),
        # "；" stays: it ends a sentence where the reply is cut (rules_reply).
        ("周一有事，去不了；周二可以", "周一有事去不了；周二可以"),
        ("周二下午三点钟可以", "周二下午三点可以"),
        # Left as written: the meeting's own room, attending, a question, another's news.
        ("周二我要去3楼会议室", "周二我要去3楼会议室"),
        ("周二我要参加", "周二我要参加"),
        ("周二有会议室吗？", "周二有会议室吗？"),
        ("我同事已经离职了", "我同事已经离职了"),
        ("去公司对面的瑞幸", "去公司对面的瑞幸"),
        # Japanese shares the characters: read elsewhere.
        ("火曜日は会議があります", "火曜日は会議があります"),
        ("Tuesday works", "Tuesday works"),
    ],
)
def test_chinese_phrases_said_as_the_rules_words(text, expected):
    assert zh_plain(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The standard view: A Tuesday, B Wednesday, C Thursday.
        ("周二我要去医院，其他时间都行", {"time": {"B", "C"}, "-time": {"A"}}),
        ("周三有安排了，周四可以", {"time": {"C"}, "-time": {"B"}}),
        ("我已经离职了，请把我从名单里移除。", {"declined": True}),
        ("周二有点事，周四可以", {"time": {"C"}, "-time": {"A"}}),
        # Near misses stay asked about.
        ("周二我要带电脑吗？", "unclear"),
        ("周二我有个问题想问一下", "unclear"),
    ],
)
def test_chinese_replies_read(text, expected):
    assert reading(text) == expected


def test_a_reason_and_its_no_are_one_clause_never_a_decline():
    result = understand_reply("周二有事，去不了", standard_view())
    assert not isinstance(result, Unclear)
    assert not result.declined
    assert result.rejected["time"] == frozenset({"A"})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Away, so only online: in person is the no; without 只能 the reason just goes.
        ("我在外地出差，只能线上", "只能线上，线下不行。"),
        ("只能线上，我那周在外地。C。", "只能线上，线下不行。C。"),
        ("周二下午，线上吧，我在外地。", "周二下午，线上吧。"),
        ("只能线上", "只能线上"),
        ("我在外地出差", "我在外地出差"),
        # The options at one clock, "the two of them".
        ("上午十点那两个都行", "上午十点的都行"),
        # 不要 before days, only as a whole clause.
        ("不要周一、周二", "周一、周二不行"),
        ("不要周一，周二也不要", "周一、周二不行"),
        ("不要周一，周二，周四也不行", "不要周一，周二，周四也不行"),
    ],
)
def test_languages18_chinese_phrases(text, expected):
    assert zh_plain(text) == expected
