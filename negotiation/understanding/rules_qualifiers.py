"""Keep a day and what narrows it together when a comma falls between them.

"Thursday, in the morning", "Tuesday, next week", 周四，上午: the part after the comma
narrows the day before it; read as two clauses it would add every morning (or every
day of next week) to the day's options. Only a bare qualifier is joined back ("in
the morning", "next week works"); anything that may be a thought of its own ("not
Thursday, mornings are fine") stays apart, and the reply-wide check in rules_reading
asks about a part of the day that stands apart from the day it may narrow.
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_stance import NEGATION
from negotiation.understanding.rules_dates_days import WEEKDAYS_EN

_NEGATION = compile_all(NEGATION)
_WEEKDAY = "(?:" + "|".join(sorted(WEEKDAYS_EN, key=len, reverse=True)) + ")s?"
_WEEK = r"(?:this|next|the\s+following)\s+(?:week|wk)"
_ZH_WEEK = r"(?:下下个?|下个?|这个?|本)(?:周|星期|礼拜)(?![一二三四五六日天1-7])"
_PART = (
    r"(?:(?:in|on|during)\s+the\s+|the\s+)?(?:(?:early|late)\s+)?"
    r"(?:mornings?|afternoons?|evenings?|nights?|lunch(?:time)?)\b"
    r"|(?:早上|早晨|上午|中午|下午|傍晚|晚上)"
)
# What may follow a bare qualifier: its end or a plain verdict.
_VERDICT = (
    r"\s*(?:(?:works?|is\s+fine|are\s+fine|fine|ok(?:ay)?|good|please|pls|for\s+me|"
    r"works\s+for\s+me|suits\s+me)\b|可以|行|都行|没问题|吧|[\s.!。！])*$"
)
_QUALIFIER = re.compile(rf"^\s*(?:{_PART}|(?:of\s+|in\s+)?{_WEEK}\b|{_ZH_WEEK}){_VERDICT}", re.I)
_DAY_BEFORE = re.compile(
    rf"(?:\b{_WEEKDAY}|\b(?:today|tomorrow|tmrw)|(?:周|星期|礼拜)[一二三四五六日天1-7]|"
    r"\d\s*[号日]|今天|明天|后天)\W*$",
    re.I,
)
_ZH_WEEKDAY = r"(?:周|星期|礼拜)[一二三四五六日天1-7]"
_WEEKDAY_AFTER = re.compile(
    rf"^\s*(?:on\s+)?(?:{_WEEKDAY}\b|{_ZH_WEEKDAY})"
    rf"(?:\s*(?:/|or|and|或|和|、)\s*(?:{_WEEKDAY}\b|{_ZH_WEEKDAY}))*{_VERDICT}",
    re.I,
)
_WEEK_BEFORE = re.compile(rf"(?:\b{_WEEK}|{_ZH_WEEK})\W*$", re.I)


def join_qualifiers(clauses: list[str]) -> list[str]:
    """Join "Thursday" and ", in the morning" (or "next week" and ", Tuesday") into one."""
    joined: list[str] = []
    for clause in clauses:
        if joined and not _NEGATION.search(joined[-1]) and _narrows(joined[-1], clause):
            joined[-1] = f"{joined[-1]} {clause}"
        else:
            joined.append(clause)
    return joined


def _narrows(before: str, clause: str) -> bool:
    if _DAY_BEFORE.search(before) and _QUALIFIER.match(clause):
        return True
    return bool(_WEEK_BEFORE.search(before) and _WEEKDAY_AFTER.match(clause))
