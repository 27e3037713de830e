"""Day expressions in a clause: dates, weekdays, relative days and weeks, English and Chinese.

"next Tuesday" keeps both common readings; a bare weekday stays a weekday until
resolve_dates turns it into dates.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, timedelta

from negotiation.understanding.rules_dates_clock import PARTS
from negotiation.understanding.rules_dates_spec import (
    NUMBER_PATTERN,
    TimeSpec,
    in_bounds,
    next_on_or_after,
    next_weekday_en,
    week_monday,
    zh_number,
)

WEEKDAYS_EN = {
    "mon": 0,
    "monday": 0,
    "tue": 1,
    "tues": 1,
    "tuesday": 1,
    "wed": 2,
    "weds": 2,
    "wednesday": 2,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "thursday": 3,
    "fri": 4,
    "friday": 4,
    "saturday": 5,
    "sunday": 6,
}
WEEKDAYS_ZH = {
    "一": 0,
    "二": 1,
    "三": 2,
    "四": 3,
    "五": 4,
    "六": 5,
    "日": 6,
    "天": 6,
    "1": 0,
    "2": 1,
    "3": 2,
    "4": 3,
    "5": 4,
    "6": 5,
    "7": 6,
}
MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
# What MONTHS matches, by number. Written out: calendar.month_name follows the locale.
_MONTH_NAMES = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
MONTH_NUMBERS = {
    **{name: n for n, name in enumerate(_MONTH_NAMES, start=1)},
    **{name[:3]: n for n, name in enumerate(_MONTH_NAMES, start=1)},
    "sept": 9,
}

_WD_EN = "|".join(sorted(WEEKDAYS_EN, key=len, reverse=True))
_AFTER_WEEKDAY = re.compile(rf"\b(?:{_WD_EN})\.?,?\s+$", re.I)

DAY_PATTERNS = (
    ("iso", re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")),
    (
        "month_day",
        re.compile(
            rf"\b(?:(?:{_WD_EN})\.?,?\s+)?(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTHS})\b\.?",
            re.I,
        ),
    ),
    (
        "month_day",
        re.compile(
            rf"\b(?:(?:{_WD_EN})\.?,?\s+)?(?:{MONTHS})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b", re.I
        ),
    ),
    ("zh_date", re.compile(rf"({NUMBER_PATTERN})\s*月\s*({NUMBER_PATTERN})\s*[日号號]")),
    ("slash", re.compile(rf"\b(?:({_WD_EN})\.?,?\s+)(\d{{1,2}})/(\d{{1,2}})\b", re.I)),
    # "the 13th", and a bare "9th" right after a weekday ("Mon 9th", "Wed 25th"; day_spec
    # checks the weekday, so "2nd floor" is no date).
    ("ordinal", re.compile(r"\b(the\s+)?(\d{1,2})(?:st|nd|rd|th)\b", re.I)),
    ("zh_day_of_month", re.compile(rf"(?<![月\d])({NUMBER_PATTERN})\s*[号號](?!码)")),
    (
        "relative_en",
        re.compile(
            r"\b(today|tonight|tomorrow|tmrw|tmr|day\s+after\s+tomorrow"
            r"|in\s+(?:two|2|three|3)\s+days(?:'\s*time)?)\b",
            re.I,
        ),
    ),
    ("relative_zh", re.compile(r"(今天|今晚|明天|明早|明晚|后天|後天|大后天)")),
    ("weekday_en", re.compile(rf"\b(?:(this|next|coming|following)\s+)?({_WD_EN})s?\b\.?", re.I)),
    (
        "weekday_zh",
        re.compile(
            r"(下下个?|下个?|这个?|這個?|本)?\s*(?:周|週|星期|礼拜|禮拜)([一二三四五六日天1-7])"
        ),
    ),
    ("week_en", re.compile(r"\b(this|next|the\s+following)\s+(?:week|wk)\b", re.I)),
    ("week_zh", re.compile(r"(下下个?|下个?|这个?|本)(?:周|星期|礼拜)(?![一二三四五六日天1-7])")),
)


def _parse_month_day(text: str, today: date) -> date | None:
    import dateparser  # heavy import: only when a month name is actually written

    base = datetime(today.year, today.month, today.day, 12, 0)
    parsed = dateparser.parse(
        text,
        languages=["en"],
        settings={
            "RELATIVE_BASE": base,
            "PREFER_DATES_FROM": "future",
            "RETURN_AS_TIMEZONE_AWARE": False,
        },
    )
    return parsed.date() if parsed else None


def day_spec(kind: str, m: re.Match[str], today: date) -> TimeSpec | None:
    """The spec for one DAY_PATTERNS match of this kind, or None when it is not a day."""
    start, end = m.span()
    spec = TimeSpec(start, end)
    if kind == "iso":
        try:
            day = date(int(m[1]), int(m[2]), int(m[3]))
        except ValueError:
            return replace(spec, problem="impossible date")
        return (
            replace(spec, dates=frozenset({day}))
            if in_bounds(day, today)
            else replace(spec, problem="date out of range")
        )
    if kind == "month_day":
        day = _parse_month_day(m[0], today)
        if day is None:
            return replace(spec, problem="unreadable date")
        weekday_word = re.match(rf"({_WD_EN})", m[0], re.I)
        if weekday_word and WEEKDAYS_EN[weekday_word[1].lower()] != day.weekday():
            return replace(spec, problem="weekday and date disagree")
        return (
            replace(spec, dates=frozenset({day}))
            if in_bounds(day, today)
            else replace(spec, problem="date out of range")
        )
    if kind == "zh_date":
        month, dom = zh_number(m[1]), zh_number(m[2])
        candidates = []
        for year in (today.year, today.year + 1):
            try:
                candidates.append(date(year, month or 0, dom or 0))
            except ValueError:
                return replace(spec, problem="impossible date")
        days = [d for d in candidates if in_bounds(d, today)]
        return (
            replace(spec, dates=frozenset(days[:1]))
            if days
            else replace(spec, problem="date out of range")
        )
    if kind == "slash":
        weekday = WEEKDAYS_EN[m[1].lower()]
        a, b = int(m[2]), int(m[3])
        days = set()
        for month, dom in ((a, b), (b, a)):  # M/D and D/M: the weekday decides
            for year in (today.year, today.year + 1):
                try:
                    d = date(year, month, dom)
                except ValueError:
                    continue
                if in_bounds(d, today) and d.weekday() == weekday:
                    days.add(d)
        return (
            replace(spec, dates=frozenset(days))
            if days
            else replace(spec, problem="unreadable date")
        )
    if kind == "ordinal" and not m[1] and not _AFTER_WEEKDAY.search(m.string[: m.start()]):
        return None
    if kind in ("ordinal", "zh_day_of_month"):
        dom = zh_number(m[1]) if kind == "zh_day_of_month" else int(m[2])
        for months_ahead in (0, 1, 2):
            year = today.year + (today.month - 1 + months_ahead) // 12
            month = (today.month - 1 + months_ahead) % 12 + 1
            try:
                d = date(year, month, dom or 0)
            except ValueError:
                continue
            if d >= today:
                return replace(spec, dates=frozenset({d}))
        return replace(spec, problem="impossible date")
    if kind in ("relative_en", "relative_zh"):
        word = " ".join(m[1].lower().split())
        if word.startswith("in "):  # "in two days (' time)": counted from the message's day
            word = "2" if word.split()[1] in ("two", "2") else "3"
        offset = {
            "2": 2,
            "3": 3,
            "today": 0,
            "tonight": 0,
            "今天": 0,
            "今晚": 0,
            "tomorrow": 1,
            "tmrw": 1,
            "tmr": 1,
            "明天": 1,
            "明早": 1,
            "明晚": 1,
            "后天": 2,
            "後天": 2,
            "大后天": 3,
        }.get(word, 2)
        spec = replace(spec, dates=frozenset({today + timedelta(days=offset)}))
        if word in ("tonight", "今晚", "明晚"):
            spec = replace(spec, minute_range=PARTS["night"])
        elif word == "明早":
            spec = replace(spec, minute_range=PARTS["morning"])
        return spec
    if kind == "weekday_en":
        qualifier = (m[1] or "").lower()
        weekday = WEEKDAYS_EN[m[2].lower()]
        coming = next_on_or_after(today, weekday)
        if qualifier == "this":
            this_week = week_monday(today) + timedelta(days=weekday)
            return replace(spec, dates=frozenset({this_week if this_week >= today else coming}))
        if qualifier in ("next", "following"):
            return replace(spec, dates=next_weekday_en(today, weekday), qualifier="next")
        if qualifier == "coming":
            return replace(
                spec, dates=frozenset({coming if coming > today else coming + timedelta(days=7)})
            )
        return replace(spec, weekdays=frozenset({weekday}))
    if kind == "weekday_zh":
        qualifier = m[1] or ""
        weekday = WEEKDAYS_ZH[m[2]]
        monday = week_monday(today)
        if qualifier.startswith("下下"):
            return replace(
                spec, dates=frozenset({monday + timedelta(days=14 + weekday)}), qualifier="下下"
            )
        if qualifier.startswith("下"):
            return replace(
                spec, dates=frozenset({monday + timedelta(days=7 + weekday)}), qualifier="下"
            )
        if qualifier:
            day = monday + timedelta(days=weekday)
            return (
                replace(spec, dates=frozenset({day}))
                if day >= today
                else replace(spec, problem="date in the past")
            )
        return replace(spec, weekdays=frozenset({weekday}))
    if kind in ("week_en", "week_zh"):
        word = m[1].lower()
        weeks = (
            2
            if word.startswith("下下")
            else 1
            if (word.startswith(("next", "下", "the following")))
            else 0
        )
        monday = week_monday(today) + timedelta(days=7 * weeks)
        days = frozenset(d for d in (monday + timedelta(days=i) for i in range(5)) if d >= today)
        return (
            replace(spec, dates=days, broad=True) if days else replace(spec, problem="week is over")
        )
    return None
