"""A run of days: "travelling Tue-Thu", "Monday through Wednesday", 周一到周四.

Read as two days it would judge the ends and leave out the days between, so it is spelt
as the offered days it covers ("Tue and Wed and Thu"). A run that covers no offered day,
or whose days fall in more than one week among the times, is spelt "from X until Y",
which the rules ask about. "from Tuesday to Thursday" and 从周二改到周四 may move a
meeting rather than span days, and are left to the rules as written.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_dates_days import WEEKDAYS_EN
from negotiation.understanding.types import MeetingView

_DAY = "|".join(sorted(WEEKDAYS_EN, key=len, reverse=True))
_EN_RANGE = re.compile(
    rf"(?<![\w-])(?P<a>{_DAY})\.?\s*(?:[-–—~]|\s(?:through|thru)\s)\s*(?P<b>{_DAY})(?![\w-])",
    re.I,
)
# 周一到周四, 周一至周四, 周一~周四; 从周二改到周四 has a verb before 到 and stays a move.
_ZH_RANGE = re.compile(
    r"(?P<pa>周|星期|礼拜)(?P<a>[一二三四五六日天])\s*(?:到|至|[-–—~～])\s*"
    r"(?:周|星期|礼拜)?(?P<b>[一二三四五六日天])"
)
_ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_EN_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Saturday", "Sunday")
_ZH_NAMES = "一二三四五六日"


def spell_day_ranges(body: str, view: MeetingView) -> str:
    """ "Tue-Thu" as "Tue and Wed and Thu" when the run holds offered days of one week."""

    def english(m: re.Match[str]) -> str:
        days = _covered(view, WEEKDAYS_EN[m["a"].lower()], WEEKDAYS_EN[m["b"].lower()])
        if not days:
            return f"from {m['a']} until {m['b']}"
        return " and ".join(_EN_NAMES[d] for d in days)

    def chinese(m: re.Match[str]) -> str:
        days = _covered(view, _ZH_WEEKDAYS[m["a"]], _ZH_WEEKDAYS[m["b"]])
        if not days:
            return f"如果{m[0]}"  # a run the times do not fall in: asked about
        return "和".join(f"{m['pa']}{_ZH_NAMES[d]}" for d in days)

    return _ZH_RANGE.sub(chinese, _EN_RANGE.sub(english, body))


def _covered(view: MeetingView, first: int, last: int) -> list[int]:
    """The weekdays of the offered times from first to last, when they fall in one week."""
    if last <= first:
        return []  # "Fri-Mon" over a weekend, or "Tue-Tue": not spelt out
    tz = ZoneInfo(view.reader_tz)
    dates = {
        o.start.astimezone(tz).date()
        for o in view.options
        if o.item == "time" and o.start is not None
    }
    inside = {d for d in dates if first <= d.weekday() <= last}
    if not inside or len({_monday(d) for d in inside}) != 1:
        return []
    return sorted(d.weekday() for d in inside)


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())
