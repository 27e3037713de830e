"""A request's subject in Chinese: 关于X, 讨论X, 开个X会, X的会, 聊聊X, 设计评审, 产品例会."""

from __future__ import annotations

import re

# Punctuation and line ends close a Chinese subject.
_END = r"(?=\s*(?:[，。,.!！?？;；\n]|$))"
_NOT_END = r"[^，。,.!！?？;；\n]"
ZH_PATTERNS = (
    re.compile(rf"关于({_NOT_END}{{2,30}}?)的?(?:会议|会|讨论|沟通|事情|事)"),
    # "sync w/ Erin 关于 new website": the English subject after 关于 runs to the end.
    re.compile(r"关于\s*([A-Za-z][\w '&/+-]{1,40}?)(?=\s*(?:$|[,，。.!！?？;；\n]|的))"),
    # 关于新办公室装修，下周和张伟碰个头: what follows 关于 up to the comma.
    re.compile(rf"关于\s*({_NOT_END}{{2,20}}?){_END}"),
    re.compile(r"讨论(?:一下)?(.{2,30}?)(?=[，。,.!！?？\n]|$|的事)"),
    # 开个预算会; 开个短会 says only that it is short, 开一个小时的 how long.
    re.compile(
        r"开(?:个|一个|一次)?(?:(?:一个|半个?|两个|\d+个?)?小时的)?(?![个短小快])"
        # 开一个小时的会: how long, whichever way the words fall.
        r"(?!(?:一个|半个?|两个|\d+个?)(?:小时|分钟|钟头))"
        # 开个电话会, 开个视频会: how they meet, not what about.
        r"(?!(?:电话|视频|线上|网络|语音|腾讯|远程|在线|视频电话)(?:会议|会))(.{2,12}?)(?:会议|会)(?![议])"
    ),
    # 约一个招聘计划的会, 安排个预算的会议. Near misses: 一个小时的会, 下周的会 (how long, when).
    re.compile(
        r"(?:约|开|安排|组织|定|订)(?:个|一个|一次|下)?\s*"
        r"(?!(?:一个|半个?|两个|\d+个?)?(?:小时|分钟|钟头))"
        rf"((?:(?!的){_NOT_END}){{2,12}}?)的(?:会议|会)(?!议)"
    ),
    # 聊一下合同续签, 聊聊合作, 谈物流, 过一下年度计划, 碰一下预算, 同步一下招聘进度,
    # 确认一下发货时间.
    re.compile(
        r"(?:聊一下|聊聊|聊下|聊|谈一下|谈谈|谈下|谈(?!判)|过一下|过下|碰一下|碰下|对一下|对下"
        r"|同步一下|沟通一下|沟通"
        r"|确认一下|确认|商量一下|做一下|做个)"
        r"[ \t]*(.{2,20}?)(?:的事情?|的问题)?"
        r"(?=\s*(?:[，。,.!！?？\n]|$))"
    ),
    re.compile(r"开(?:个|一个|一次)\s*([A-Za-z][\w '/-]{1,40}?)(?=\s*(?:[,，。.!?？]|$))"),
    # "brainstorm 一下 the summer campaign", "review 一下 campaign 数据": the object after 一下.
    re.compile(
        r"(?:\b[A-Za-z]+(?:\s+(?:over|through|up))?)[ \t]*一下[ \t]*((?:the\s+)?[A-Za-z][^，。,.!！?？;；\n]{1,40}?)"
        r"(?=\s*(?:[，。,.!！?？;；\n]|$))"
    ),
    # 和Carol把预算定下来: what is to be settled is the subject.
    re.compile(r"把(.{2,12}?)(?:定下来|定一下|敲定|确定|过一遍|对一下|捋一下)"),
)

_MEAL = re.compile(r"吃(?:个|顿|一顿)?(午饭|午餐|晚饭|晚餐|早饭|早餐|饭)")
# The kinds of meeting with a name of their own; 评审 and 复盘 drop a 会 that follows.
_KIND = re.compile(
    r"(评审|复盘|周会|例会|月会|晨会|年会|培训|面试|团建|头脑风暴|启动会|分享会|总结会)"
)
# The asking before a kind ends what is said before its name: 帮我安排|市场周会.
_ASKING_ZH = re.compile(r"安排|组织|约|做个?|搞|进行|参加|开个?|一次|一个|帮我|请|麻烦")
# What may stand before a kind and is no part of its name: a day, a part of it.
_BEFORE_KIND = re.compile(
    r"^(?:[上下本这]个?(?:周|星期|礼拜)[一二三四五六日天]?|(?:周|星期|礼拜)[一二三四五六日天]"
    r"|[明今后]天|[上下中]午|晚上|早上|傍晚|一)+"
)


def zh_kind(body: str) -> str | None:
    """The kind of meeting in Chinese, a fine title by itself as "Dinner" is: 设计评审, 市场周会.

    Up to four characters before the kind name it (产品例会, 团队复盘); a day or the asking
    before them does not (周五下午团队复盘 -> 团队复盘). Near miss: 开会, 会议 name no kind.
    """
    meal = _MEAL.search(body)
    kind = _KIND.search(body)
    if meal and (not kind or meal.start() < kind.start()):
        return "吃饭" if meal[1] == "饭" else meal[1]
    if not kind:
        return None
    before = re.search(r"[^\W\d的个会在和与跟A-Za-z]{0,6}$", body[: kind.start()])
    words = _ASKING_ZH.split(before[0] if before else "")[-1]
    words = _BEFORE_KIND.sub("", words)[-4:]
    return words + kind[1]


def with_meeting_word(topic: str, body: str, end: int) -> str:
    """开个产品例会 -> 产品例会: a 会 that is part of the kind's name (例会, 周会) stays."""
    if topic[-1:] in ("例", "周", "月", "晨", "年", "早") and body[end : end + 1] == "会":
        return topic + "会"
    return topic


# "年度预算 (annual budget)", "kickoff（启动会）": the subject glossed in the other script.
_GLOSS = r"\s*[（(]([^()（）,，;；]{2,40})[)）]"


def with_gloss(topic: str, body: str) -> str:
    """年度预算 -> "年度预算 (annual budget)" when the writer glosses it in the other script."""
    m = re.search(re.escape(topic) + _GLOSS, body, re.I)
    if not m:
        return topic
    han = re.compile(r"[\u4e00-\u9fff]")
    gloss = m[1].strip()
    # Only a translation: a gloss in the same script is an aside ("budget (optional)").
    if bool(han.search(topic)) == bool(han.search(gloss)) or re.search(r"[=@\d]", gloss):
        return topic
    if han.search(topic) and not re.fullmatch(r"[A-Za-z][\w '&/-]*", gloss):
        return topic
    return f"{topic} ({gloss})"
