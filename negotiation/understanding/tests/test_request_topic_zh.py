"""Chinese subjects (关于X, X的会, 市场周会), glosses, and kinds held for something."""

from dataclasses import replace

import pytest

from negotiation.understanding.request_topic import find_topic
from negotiation.understanding.request_topic_zh import with_gloss, with_meeting_word, zh_kind
from negotiation.understanding.tests.views import request_context
from negotiation.understanding.types import PersonRef

_BASE = request_context()
CTX = replace(
    _BASE,
    members=(*_BASE.members, PersonRef("张伟", "zhangwei@example.cn", "member")),
    contacts=(*_BASE.contacts, PersonRef("李娜", "lina@partner.cn", "contact")),
)


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("帮我约一个招聘计划的会，和张伟，下周四。", "招聘计划"),
        ("下周二安排一个设计评审，张伟和Bob参加。", "设计评审"),
        ("帮我安排市场周会，下周三上午，张伟参加。", "市场周会"),
        ("明天上午开个产品例会，张伟和Will参加。", "产品例会"),
        ("下周五下午团队复盘，Bob、Carol、张伟。", "团队复盘"),
        ("关于新办公室装修，下周和张伟碰个头。", "新办公室装修"),
        ("约张伟下周二聊下供应链的事。", "供应链"),
        ("转发：展会安排\n帮我约李娜下周三上午。", "展会安排"),
        ("Bob, Carol, next Wednesday, 品牌升级 (brand refresh).", "品牌升级 (brand refresh)"),
    ],
)
def test_chinese_subjects(text, topic):
    assert find_topic(text, CTX) == topic


@pytest.mark.parametrize(
    "text",
    [
        "约一个小时的会，和张伟，下周四。",
        "明天跟张伟开一个小时的会。",
        "关于时间，下周和张伟再定。",
        "开个电话会，和李娜，周四。",
        "下周安排一个会，张伟参加。",
        "回复：会议\n下周二和张伟见面。",
    ],
)
def test_a_length_a_time_or_a_plain_meeting_names_no_subject(text):
    assert find_topic(text, CTX) is None


def test_kind_names_and_glosses():
    assert zh_kind("周五下午团队复盘") == "团队复盘"
    assert zh_kind("开个周会") == "周会"
    assert zh_kind("开会") is None
    assert with_meeting_word("产品例", "开个产品例会。", 5) == "产品例会"
    assert with_meeting_word("预算", "开个预算会。", 4) == "预算"
    assert with_gloss("年度预算", "Bob, 年度预算 (annual budget).") == "年度预算 (annual budget)"
    assert with_gloss("Budget", "Bob, budget (optional).") == "Budget"


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("Retro for the Lisbon launch with Bob and Will on Friday.", "Lisbon launch retro"),
        ("Set up the kickoff for Project Falcon with Carol next Monday.", "Project Falcon kickoff"),
        (
            "Hiring: backend engineer\nCan you get Dan Lee and Will together on Thursday?",
            "Hiring: backend engineer",
        ),
        ("Meeting next Tuesday with Bob. Purpose: vendor onboarding.", "Vendor onboarding"),
        ("A meeting about next week's launch with Will, tomorrow.", "Next week's launch"),
        ("Can we grab Dave tomorrow afternoon? Call at 3 (renewal terms).", "Renewal terms"),
    ],
)
def test_english_forms_of_a_subject(text, topic):
    assert find_topic(text, CTX) == topic


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("Retro for Friday with Bob and Carol.", "Retro"),
        ("A workshop for two hours with Erin on Friday.", "Workshop"),
        ("Please schedule a demo for Dave on Thursday.", "Demo"),
        ("Can we have a meeting about 30 minutes long with Bob tomorrow?", None),
        ("Meeting about when we can all meet: Bob and Carol, next week.", None),
        ("Bob on the terrace at 4 tomorrow?", None),
        ("Please schedule a call with Dave next week (send the invite to his assistant).", None),
        ("Location: the office\nBob, Tuesday.", None),
    ],
)
def test_near_misses(text, topic):
    assert find_topic(text, CTX) == topic
