"""A bare clock asked for as the new time of the option named before it.

"Tuesday 10 is too early, could we push it to 11?", "2pm clashes with a lecture, any
chance of 4?", "Wednesday at 4 is hard, how about 5?": the clock moves the meeting on
the day of the option just named, so it is spelt as that day ("Tuesday 3 March at 11"),
and the rules read a proposal. Only when every option named before falls on one date and
nothing softer than a no stands before it (rules_relative); otherwise the words stay as
written and the reply is asked about ("could we push it to 11?" alone: which day?).
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_relative import last_option_starts, on_day
from negotiation.understanding.rules_stance import NEGATION, OWN_POLARITY
from negotiation.understanding.types import MeetingView

_CLOCK = r"(?:\d{1,2}[:.]\d{2}|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2})"
# The ask, then the clock, then the end of the ask: "push it to 11?", "any chance of 4?",
# "how about 5 instead?". A clock followed by more words ("push it to 11 on Friday") is
# left to the rules as written.
_MOVE = re.compile(
    r"\b(?:(?:could|can|shall|should)\s+(?:we|you|i)\s+)?(?:push|move|shift|bump|change|make)"
    r"\s+(?:it|this|that|the\s+(?:meeting|call|review|slot|time))\s+(?:back\s+|forward\s+|later\s+)?"
    r"(?:to\s+|till\s+|until\s+)?(?:at\s+)?"
    r"|(?P<other>\bany\s+chance\s+(?:of|we\s+could\s+do|to\s+do)\s+(?:at\s+)?"
    r"|\b(?:how|what)\s+about\s+(?:at\s+)?"
    r"|\b(?:could|can|shall)\s+we\s+(?:do|start(?:\s+at)?|make\s+it)\s+(?:at\s+)?)",
    re.I,
)
_ASKED = re.compile(
    rf"(?P<clock>{_CLOCK})(?:\s+(?:instead|then|rather))?\s*(?:\?|$|[.!](?=\s|$))", re.I
)


# 周二下午三点不行，四点可以吗？ / 能不能改到四点？: the same ask in Chinese, a clock with no
# day, before 可以吗 and its kin or after 改到 and its kin.
_ZH_NUM = "零一二两三四五六七八九十"
_ZH_CLOCK = (
    rf"(?P<part>上午|下午|晚上|中午)?(?P<hour>[{_ZH_NUM}]{{1,3}}|\d{{1,2}})[点點](?P<half>半)?"
)
_ZH_ASK = re.compile(
    rf"(?<=[,，])\s*(?:(?:能不能|可不可以|能否|可以|能)?(?:改到|换到|改成|换成|推到|挪到|改)\s*)?"
    rf"{_ZH_CLOCK}(?=\s*(?:可以吗|行吗|好吗|呢|怎么样|如何|行不行|可以不|可不可以)?\s*[?？])"
)
_PM_PARTS = {"下午": True, "晚上": True, "中午": True, "上午": False}


def _zh_hour(written: str) -> int | None:
    if written.isdigit():
        return int(written)
    digits = {c: n for n, c in enumerate("零一二三四五六七八九")} | {"两": 2}
    if written == "十":
        return 10
    if written.startswith("十") and len(written) == 2:
        return 10 + digits.get(written[1], 99)
    return digits.get(written) if len(written) == 1 else None


def _spell_zh(body: str, view: MeetingView) -> str:
    for m in _ZH_ASK.finditer(body):
        before = re.split(r"[.!?。！？\n]", body[: m.start()])[-1]
        if OWN_POLARITY.search(before) and not NEGATION.search(before):
            continue  # 周二可以，四点呢？: a yes, or a new time? Asked.
        starts = last_option_starts(before, view)
        hour = _zh_hour(m["hour"])
        if len(starts) != 1 or not hour or hour > 12:
            continue
        minutes = ":30" if m["half"] else ""
        part = _PM_PARTS.get(m["part"] or "")
        clock = f"{hour}{minutes}" + ("" if part is None else "pm" if part else "am")
        at = " at " if part is None and not minutes else " "
        at_clock = m.start("part") if m["part"] else m.start("hour")
        return body[:at_clock] + f" {on_day(starts[0])}{at}{clock} " + body[m.end() :]
    return body


def spell_pushed(body: str, view: MeetingView) -> str:
    """Write a bare clock asked for after one option's day as that day and clock."""
    body = _spell_zh(body, view)
    for m in _MOVE.finditer(body):
        asked = _ASKED.match(body, m.end())
        if not asked:
            continue
        before = body[: m.start()]
        sentence = re.split(r"[.!?。！？\n]", before)[-1]
        # "how about 11?" reads a day only from its own sentence; "push it to 11" moves
        # the option named last, in the sentence before too ("A is early. Push it to 11?").
        before = sentence if m["other"] or last_option_starts(sentence, view) else before
        if OWN_POLARITY.search(before) and not NEGATION.search(before):
            continue  # "A works, but could we push it to 11?": a yes, or a new time? Asked.
        starts = last_option_starts(before, view)
        if len(starts) != 1:
            continue  # "Monday is too early, push it to 11?" of two Monday options: which?
        clock = (
            asked["clock"].replace(".", ":")
            if "m" not in asked["clock"].lower()
            else asked["clock"]
        )
        if re.fullmatch(r"\d{1,2}", clock) and not 1 <= int(clock) <= 12:
            continue
        at = " at " if re.fullmatch(r"\d{1,2}", clock) else " "
        start, end = asked.start("clock"), asked.end("clock")
        # "bump it to", "change it to": said as the one verb the rules know for it.
        ask = re.sub(r"\b(?:bump|change|shift)\b", "move", body[m.start() : start], flags=re.I)
        return body[: m.start()] + ask + on_day(starts[0]) + at + clock + body[end:]
    return body
