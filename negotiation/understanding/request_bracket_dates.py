"""A date in brackets after its weekday: "Monday (9 March)", 周一（3月9日）.

The bracket names the very day the weekday does; read with the brackets, the weekday alone
was taken for the coming one (Mon 2) and the date left aside. Without them ("Monday, 9
March", 周一，3月9日) the rules read the one day, so the brackets become a comma.
Near miss: "Monday (or Tuesday)" is no date and keeps its brackets.
"""

from __future__ import annotations

import re

_WEEKDAY = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur"
    r"|thurs|fri|sat|sun)\b|(?:周|星期|礼拜)[一二三四五六日天]"
)
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?"
)
_DATE = (
    rf"\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b"
    r"|\d{1,2}\s*月\s*\d{1,2}\s*[日号]|\d{1,2}[./]\d{1,2}\.?"
)
_BRACKETED = re.compile(rf"({_WEEKDAY})\s*[(（]\s*({_DATE})\s*[)）]", re.I)


def unbracketed_dates(text: str) -> str:
    """The text with "Weekday (date)" written "Weekday, date", same length kept."""

    def plain(m: re.Match[str]) -> str:
        said = f"{m[1]}, {m[2]}"
        return said + " " * max(0, len(m[0]) - len(said))

    return _BRACKETED.sub(plain, text)
