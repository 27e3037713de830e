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

_CLOCK = r"(?:\d{1,2}[:.]\d{2}|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}|noon|midday)"
# The ask, then the clock, then the end of the ask: "push it to 11?", "any chance of 4?",
# "how about 5 instead?". A clock followed by more words ("push it to 11 on Friday") is
# left to the rules as written.
_MOVE = re.compile(
    r"\b(?:(?:could|can|shall|should)\s+(?:we|you|i)\s+)?(?:push|move|shift|bump|change|make)"
    r"\s+(?:it|this|that|the\s+(?:meeting|call|review|slot|time))\s+(?:back\s+|forward\s+|later\s+)?"
    r"(?:to\s+|till\s+|until\s+)?(?:at\s+)?"
    r"|(?P<other>\bany\s+chance\s+(?:of|we\s+could\s+do|to\s+do)\s+(?:at\s+)?"
    r"|\b(?:how|what)\s+about\s+(?:at\s+)?"
    r"|\b(?:could|can|shall)\s+we\s+(?:do|start(?:\s+at)?|make\s+it)\s+(?:at\s+)?)"
    # "I could do Tuesday, but at 11 I'm teaching. Noon?": a clock asked alone, as a
    # sentence of its own, after a no to the option's hour.
    r"|(?P<alone>(?:^|(?<=[.!?;]\s)|(?<=[.!?;]))\s*(?:or\s+)?(?:at\s+)?(?=(?:noon|midday|\d)))",
    re.I | re.M,
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


# "Tuesday works, but at 11 I'm teaching": after the yes, the option's hour is refused
# with a reason that names it; the clause after "but" holds the clock and the reason.
_HOUR = r"(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?|noon)"
_BUSY = r"(?:i'?m|i\s+am|i\s+have|i'?ve\s+got|there'?s)"
_HOUR_REASON = re.compile(
    rf"\bbut\s+(?:(?:at\s+)?{_HOUR}\s+{_BUSY}\s+[^.!?]*|{_BUSY}\s+[^.!?]*\bat\s+{_HOUR})$", re.I
)


def _hour_refused(before: str) -> bool:
    return bool(_HOUR_REASON.search(_last_sentence(before)))


def _last_sentence(text: str) -> str:
    return re.split(r"[.!?。！？\n]", text.rstrip(" .!?"))[-1]


# What refuses an hour rather than a day: a clock ("11 clashes"), or the hour judged
# ("C is too early"). "Not A" or "Tuesday's out" refuses the option or the day whole.
_HOUR_SAID = re.compile(rf"\b{_HOUR}\b|\btoo\s+(?:early|late)\b|太[早晚]", re.I)


def _at_hour(before: str) -> bool:
    """True when the sentence before refused an option's hour, never a whole day."""
    last = _last_sentence(before)
    return _hour_refused(before) or bool(NEGATION.search(last) and _HOUR_SAID.search(last))


# "How about Tuesday afternoon, say 3pm?", "Monday 9 March at Cafe Central, say 10?":
# the clock given as the example is the time asked for, on the day just named.
_SAY = re.compile(
    rf"\s*[,-]?\s*\b(?:say|ideally|preferably|like)\s+(?:at\s+|around\s+|about\s+)?"
    rf"(?={_CLOCK}\s*(?:[?.!,;]|$|or\s|instead))",
    re.I,
)
_DAY_BEFORE = re.compile(
    r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b(?:today|tomorrow)\b|\b\d{1,2}(?:st|nd|rd|th)?\s+"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b",
    re.I,
)


def _spell_say(body: str) -> str:
    def spell(m: re.Match[str]) -> str:
        sentence = re.split(r"[.!?。！？\n]", body[: m.start()])[-1]
        clocks = re.search(r"\d{1,2}[:.]\d{2}|\d\s*(?:am|pm)|\bat\s+\d", sentence, re.I)
        return " at " if _DAY_BEFORE.search(sentence) and not clocks else m[0]

    return _SAY.sub(spell, body)


def spell_pushed(body: str, view: MeetingView) -> str:
    """Write a bare clock asked for after one option's day as that day and clock."""
    body = _spell_zh(_spell_say(body), view)
    for m in _MOVE.finditer(body):
        asked = _ASKED.match(body, m.end())
        if not asked or m["alone"] is not None and not asked[0].rstrip().endswith("?"):
            continue  # "4." alone may be an option's label; "4?" asks for a time
        before = body[: m.start()]
        sentence = re.split(r"[.!?。！？\n]", before)[-1]
        # "how about 11?" reads a day only from its own sentence, or from the sentence
        # before when that refused an hour ("Tuesday works, but 11 clashes. How about
        # noon?"); "push it to 11" moves the option named last, in the sentence before
        # too ("A is early. Push it to 11?").
        if last_option_starts(sentence, view) or m["other"] and not _at_hour(before):
            before = sentence
        refused = NEGATION.search(before) or _hour_refused(before)
        if OWN_POLARITY.search(before) and not refused:
            continue  # "A works, but could we push it to 11?": a yes, or a new time? Asked.
        if m["alone"] is not None and not _at_hour(before):
            continue  # "C. 1pm?": C, or C's day at 1pm? "Tuesday's out. Noon?" Asked.
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
        at = " at " if re.fullmatch(r"\d{1,2}|noon|midday", clock, re.I) else " "
        start, end = asked.start("clock"), asked.end("clock")
        # "bump it to", "change it to": said as the one verb the rules know for it.
        ask = re.sub(r"\b(?:bump|change|shift)\b", "move", body[m.start() : start], flags=re.I)
        return body[: m.start()] + ask + on_day(starts[0]) + at + clock + body[end:]
    return body
