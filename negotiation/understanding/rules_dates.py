"""Find day and time expressions in a clause and resolve them against the message date.

Every expression becomes a TimeSpec: a set of constraints (candidate dates, weekdays,
start times, a range of minutes in the day) that an option either satisfies or not.
Ambiguity stays visible as several candidates; callers decide whether it matters
(matching an option) or not (proposing an exact new time needs one candidate).
All dates are in the reader's zone; nothing in the past or more than a year out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta

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
ZH_DIGITS = {
    "零": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
PARTS = {  # minutes of the day [lo, hi)
    "morning": (6 * 60, 12 * 60),
    "afternoon": (12 * 60, 18 * 60),
    "evening": (17 * 60, 23 * 60),
    "night": (18 * 60, 23 * 60),
    "lunch": (11 * 60 + 30, 14 * 60),
    "after lunch": (13 * 60, 18 * 60),
    "早上": (6 * 60, 12 * 60),
    "早晨": (6 * 60, 12 * 60),
    "上午": (6 * 60, 12 * 60),
    "中午": (11 * 60, 14 * 60),
    "下午": (12 * 60, 18 * 60),
    "傍晚": (17 * 60, 20 * 60),
    "晚上": (18 * 60, 23 * 60),
    "晚": (18 * 60, 23 * 60),
}
# A bare hour with no am/pm is read in these hours when only one reading falls inside.
BUSINESS_START = 9 * 60
BUSINESS_END = 20 * 60

_WD_EN = "|".join(sorted(WEEKDAYS_EN, key=len, reverse=True))
_ZH_NUM = r"[零一二两三四五六七八九十]{1,3}"
_NUM = rf"(?:\d{{1,2}}|{_ZH_NUM})"
_AMPM = r"(?:a\.?m\.?|p\.?m\.?)"

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
    ("zh_date", re.compile(rf"({_NUM})\s*月\s*({_NUM})\s*[日号號]")),
    ("slash", re.compile(rf"\b(?:({_WD_EN})\.?,?\s+)(\d{{1,2}})/(\d{{1,2}})\b", re.I)),
    ("ordinal", re.compile(r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b", re.I)),
    ("zh_day_of_month", re.compile(rf"(?<![月\d])({_NUM})\s*[号號](?!码)")),
    (
        "relative_en",
        re.compile(r"\b(today|tonight|tomorrow|tmrw|tmr|day\s+after\s+tomorrow)\b", re.I),
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
TIME_PATTERNS = (
    (
        "range",
        re.compile(
            rf"\b(?:between\s+|from\s+)?(\d{{1,2}})(?:[:.](\d{{2}}))?\s*({_AMPM})?\s*(?:-|–|to|until|till|and)\s*(\d{{1,2}})(?:[:.](\d{{2}}))?\s*({_AMPM})?(?=\W|$)",
            re.I,
        ),
    ),
    (
        "after",
        re.compile(
            rf"\b(after|before|from)\s+(\d{{1,2}})(?:[:.](\d{{2}}))?\s*({_AMPM})?(?=\W|$)", re.I
        ),
    ),
    (
        "ampm",
        re.compile(rf"\b(?:at\s+|@\s*)?(\d{{1,2}})(?:[:.](\d{{2}}))?\s*({_AMPM})(?=\W|$)", re.I),
    ),
    (
        "clock",
        re.compile(r"(?<![\d/.:-])(?:\bat\s+|@\s*)?(\d{1,2})[:.](\d{2})(?![\d/:])(?:\s*h\b)?"),
    ),
    (
        "zh_clock",
        re.compile(
            rf"(早上|早晨|上午|中午|下午|傍晚|晚上)?\s*({_NUM})\s*[点點时時](?:\s*(半|一刻|三刻|(\d{{1,2}})\s*分?))?"
        ),
    ),
    ("oclock", re.compile(r"\b(\d{1,2})\s*o'?clock\b", re.I)),
    ("named", re.compile(r"\b(noon|midday|midnight)\b", re.I)),
    ("at_hour", re.compile(r"(?:\bat\s+|@\s*)(\d{1,2})\b(?![/:.\d])", re.I)),
)
PART_PATTERN = re.compile(
    r"\b(after\s+lunch|morning|afternoon|evening|night|lunch(?:time)?)s?\b|(早上|早晨|上午|中午|下午|傍晚|晚上)",
    re.I,
)
# A weekday directly followed by a bare hour: "Tuesday 10 works".
DAY_HOUR = re.compile(
    r"^\s*(?:at\s+|@\s*)?(\d{1,2})\b(?!\s*(?:st|nd|rd|th|/|:|\.\d|-|%|h(?:ou)?rs?|min))", re.I
)
_JOIN_GAP = re.compile(
    r"^[\s,]*(?:(?:at|on|the|from|in\s+the|in|around|about|@|的|,|between)\s*)*$", re.I
)
_LIST_GAP = re.compile(r"^\s*(?:,|/|or|and|&|和|或|或者|或是|、|还是)\s*$", re.I)


@dataclass(frozen=True)
class TimeSpec:
    """Constraints from one day/time expression; None means "no constraint"."""

    start: int
    end: int
    dates: frozenset[date] | None = None
    weekdays: frozenset[int] | None = None
    times: frozenset[tuple[int, int]] | None = None
    minute_range: tuple[int, int] | None = None
    broad: bool = False  # a whole week: never an exact proposal
    qualifier: str | None = None  # "next"/"下" on a weekday, carried along a list of days
    problem: str | None = None  # seen but not trustworthy (out of bounds, impossible date)

    @property
    def has_day(self) -> bool:
        return self.dates is not None or self.weekdays is not None

    @property
    def has_time(self) -> bool:
        return self.times is not None or self.minute_range is not None

    def matches(self, local: datetime) -> bool:
        """True when a start time (in the reader's zone) satisfies every constraint."""
        if self.dates is not None and local.date() not in self.dates:
            return False
        if self.weekdays is not None and local.weekday() not in self.weekdays:
            return False
        if self.times is not None and (local.hour, local.minute) not in self.times:
            return False
        if self.minute_range is not None:
            minute = local.hour * 60 + local.minute
            if not self.minute_range[0] <= minute < self.minute_range[1]:
                return False
        return True


def zh_number(text: str) -> int | None:
    """Parse 1-99 written in digits or Chinese numerals (十二, 二十三, 两)."""
    if text.isdigit():
        return int(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        value = (ZH_DIGITS.get(tens, -100) if tens else 1) * 10 + (
            ZH_DIGITS.get(ones, -100) if ones else 0
        )
        return value if value > 0 else None
    if len(text) == 1 and text in ZH_DIGITS:
        return ZH_DIGITS[text]
    return None


def _in_bounds(day: date, today: date) -> bool:
    return today <= day <= today + timedelta(days=365)


def _hour_candidates(hour: int, minute: int, ampm: str | None) -> frozenset[tuple[int, int]] | None:
    if minute > 59:
        return None
    if ampm:
        if not 1 <= hour <= 12:
            return None
        pm = ampm.lower().startswith("p")
        return frozenset({((hour % 12) + (12 if pm else 0), minute)})
    if hour > 23:
        return None
    if hour == 0 or hour >= 13:
        return frozenset({(hour, minute)})
    if hour == 12:
        return frozenset({(12, minute)})
    return frozenset({(hour, minute), (hour + 12, minute)})


def _week_monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


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


def _next_on_or_after(today: date, weekday: int) -> date:
    return today + timedelta(days=(weekday - today.weekday()) % 7)


def _next_weekday_en(today: date, weekday: int) -> frozenset[date]:
    # "next Tuesday" is read as either the coming one or next week's by different
    # people; keep both and let the options (or silence) decide.
    next_week = _week_monday(today) + timedelta(days=7 + weekday)
    coming = _next_on_or_after(today, weekday)
    coming_after_today = coming if coming > today else coming + timedelta(days=7)
    return frozenset({next_week, coming_after_today})


def _day_spec(kind: str, m: re.Match[str], today: date) -> TimeSpec | None:
    start, end = m.span()
    spec = TimeSpec(start, end)
    if kind == "iso":
        try:
            day = date(int(m[1]), int(m[2]), int(m[3]))
        except ValueError:
            return replace(spec, problem="impossible date")
        return (
            replace(spec, dates=frozenset({day}))
            if _in_bounds(day, today)
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
            if _in_bounds(day, today)
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
        days = [d for d in candidates if _in_bounds(d, today)]
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
                if _in_bounds(d, today) and d.weekday() == weekday:
                    days.add(d)
        return (
            replace(spec, dates=frozenset(days))
            if days
            else replace(spec, problem="unreadable date")
        )
    if kind in ("ordinal", "zh_day_of_month"):
        dom = zh_number(m[1]) if kind == "zh_day_of_month" else int(m[1])
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
        word = m[1].lower()
        offset = {
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
        coming = _next_on_or_after(today, weekday)
        if qualifier == "this":
            this_week = _week_monday(today) + timedelta(days=weekday)
            return replace(spec, dates=frozenset({this_week if this_week >= today else coming}))
        if qualifier in ("next", "following"):
            return replace(spec, dates=_next_weekday_en(today, weekday), qualifier="next")
        if qualifier == "coming":
            return replace(
                spec, dates=frozenset({coming if coming > today else coming + timedelta(days=7)})
            )
        return replace(spec, weekdays=frozenset({weekday}))
    if kind == "weekday_zh":
        qualifier = m[1] or ""
        weekday = WEEKDAYS_ZH[m[2]]
        monday = _week_monday(today)
        if qualifier.startswith("下下"):
            return replace(spec, dates=frozenset({monday + timedelta(days=14 + weekday)}))
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
        monday = _week_monday(today) + timedelta(days=7 * weeks)
        days = frozenset(d for d in (monday + timedelta(days=i) for i in range(5)) if d >= today)
        return (
            replace(spec, dates=days, broad=True) if days else replace(spec, problem="week is over")
        )
    return None


def _time_spec(kind: str, m: re.Match[str]) -> TimeSpec | None:
    start, end = m.span()
    spec = TimeSpec(start, end)
    if kind == "range":
        h1, m1, ap1, h2, m2, ap2 = m[1], m[2], m[3], m[4], m[5], m[6]
        if not (ap1 or ap2 or m1 or m2 or re.match(r"\s*(between|from)", m[0], re.I)):
            return None  # "1-2" alone is more likely labels than hours
        ap1 = ap1 or ap2
        first = _hour_candidates(int(h1), int(m1 or 0), ap1)
        second = _hour_candidates(int(h2), int(m2 or 0), ap2 or ap1)
        if not first or not second:
            return None
        pairs = [
            (a, b)
            for a in first
            for b in second
            if a < b and b[0] * 60 + b[1] - a[0] * 60 - a[1] <= 12 * 60
        ]
        business = [
            (a, b) for a, b in pairs if a[0] * 60 + a[1] >= 7 * 60 and b[0] * 60 + b[1] <= 22 * 60
        ]
        choice = business or pairs
        if len(choice) != 1:
            return replace(spec, problem="ambiguous time range")
        ((a, b),) = choice
        return replace(spec, minute_range=(a[0] * 60 + a[1], b[0] * 60 + b[1]))
    if kind == "ampm":
        times = _hour_candidates(int(m[1]), int(m[2] or 0), m[3])
        return replace(spec, times=times) if times else replace(spec, problem="impossible time")
    if kind == "clock":
        times = _hour_candidates(int(m[1]), int(m[2]), None)
        return replace(spec, times=times) if times else replace(spec, problem="impossible time")
    if kind == "zh_clock":
        hour = zh_number(m[2])
        minute = {"半": 30, "一刻": 15, "三刻": 45}.get(m[3] or "", int(m[4]) if m[4] else 0)
        if hour is None or hour > 23:
            return replace(spec, problem="impossible time")
        times = _hour_candidates(hour, minute, None)
        if times and m[1]:
            lo, hi = PARTS[m[1]]
            times = frozenset(t for t in times if lo <= t[0] * 60 + t[1] < hi) or None
            if times is None and m[1] == "晚上" and hour == 12:
                times = frozenset({(0, minute)})
        return replace(spec, times=times) if times else replace(spec, problem="impossible time")
    if kind == "oclock":
        times = _hour_candidates(int(m[1]), 0, None)
        return replace(spec, times=times) if times else None
    if kind == "named":
        word = m[1].lower()
        return replace(spec, times=frozenset({(0, 0) if word == "midnight" else (12, 0)}))
    if kind == "at_hour":
        times = _hour_candidates(int(m[1]), 0, None)
        return replace(spec, times=times) if times else None
    if kind == "after":
        times = _hour_candidates(int(m[2]), int(m[3] or 0), m[4])
        if not times:
            return None
        minutes = sorted(h * 60 + mi for h, mi in times)
        inside = [x for x in minutes if BUSINESS_START - 60 <= x < BUSINESS_END]
        if len(inside) != 1:
            return replace(spec, problem="ambiguous time")
        if m[1].lower() == "before":
            return replace(spec, minute_range=(0, inside[0]))
        return replace(spec, minute_range=(inside[0], 24 * 60))
    return None


def _merge(a: TimeSpec, b: TimeSpec) -> TimeSpec:
    times = a.times if b.times is None else b.times if a.times is None else a.times & b.times
    ranges = [r for r in (a.minute_range, b.minute_range) if r]
    minute_range = None
    if ranges:
        lo, hi = max(r[0] for r in ranges), min(r[1] for r in ranges)
        minute_range = (lo, hi)
    if times is not None and minute_range is not None:
        # "3 in the afternoon": the part of day chooses between 3:00 and 15:00.
        narrowed = frozenset(
            t for t in times if minute_range[0] <= t[0] * 60 + t[1] < minute_range[1]
        )
        times, minute_range = (narrowed, None) if narrowed else (frozenset(), minute_range)
    return TimeSpec(
        start=min(a.start, b.start),
        end=max(a.end, b.end),
        dates=a.dates if b.dates is None else b.dates if a.dates is None else a.dates & b.dates,
        weekdays=a.weekdays
        if b.weekdays is None
        else b.weekdays
        if a.weekdays is None
        else a.weekdays & b.weekdays,
        times=times,
        minute_range=minute_range,
        broad=a.broad or b.broad,
        problem=a.problem or b.problem,
    )


def _overlaps(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    return any(span[0] < e and s < span[1] for s, e in taken)


def find_time_specs(clause: str, today: date) -> list[TimeSpec]:
    """Every day/time expression in a clause, merged into one spec per mention."""
    days: list[TimeSpec] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in DAY_PATTERNS:
        for m in pattern.finditer(clause):
            if _overlaps(m.span(), taken):
                continue
            spec = _day_spec(kind, m, today)
            if spec is not None:
                days.append(spec)
                taken.append(m.span())
    times: list[TimeSpec] = []
    for kind, pattern in TIME_PATTERNS:
        for m in pattern.finditer(clause):
            if _overlaps(m.span(), taken):
                continue
            spec = _time_spec(kind, m)
            if spec is not None:
                times.append(spec)
                taken.append(m.span())
    for m in PART_PATTERN.finditer(clause):
        if _overlaps(m.span(), taken):
            continue
        word = re.sub(r"\s+", " ", (m[1] or m[2]).lower())
        word = "lunch" if word.startswith("lunch") else word
        times.append(TimeSpec(m.start(), m.end(), minute_range=PARTS[word]))
        taken.append(m.span())
    for day in list(days):
        if day.weekdays is not None or day.dates is not None:
            follow = DAY_HOUR.match(clause[day.end :])
            if follow and not _overlaps((day.end, day.end + follow.end()), taken):
                hours = _hour_candidates(int(follow[1]), 0, None)
                if hours:
                    times.append(TimeSpec(day.end, day.end + follow.end(), times=hours))
                    taken.append((day.end, day.end + follow.end()))
    return _group(clause, sorted(days + times, key=lambda s: s.start), today)


def _carry_qualifier(clause: str, parts: list[TimeSpec], today: date) -> list[TimeSpec]:
    """ "next Monday or Tuesday": the second day is next week's too."""
    result = list(parts)
    for index in range(1, len(result)):
        before, here = result[index - 1], result[index]
        if (
            before.qualifier
            and here.qualifier is None
            and here.weekdays is not None
            and len(here.weekdays) == 1
            and here.dates is None
            and _LIST_GAP.match(clause[before.end : here.start])
        ):
            (weekday,) = here.weekdays
            if before.qualifier == "next":
                dates = _next_weekday_en(today, weekday)
            else:
                dates = frozenset({_week_monday(today) + timedelta(days=7 + weekday)})
            result[index] = replace(here, weekdays=None, dates=dates, qualifier=before.qualifier)
    return result


def _group(clause: str, parts: list[TimeSpec], today: date) -> list[TimeSpec]:
    parts = _carry_qualifier(clause, parts, today)
    groups: list[TimeSpec] = []
    for part in parts:
        if groups:
            last = groups[-1]
            gap = clause[last.end : part.start]
            complementary = (
                (last.has_day and not last.has_time and part.has_time and not part.has_day)
                or (last.has_time and not last.has_day and part.has_day and not part.has_time)
                or (
                    last.has_day
                    and last.has_time
                    and part.minute_range is not None
                    and not part.has_day
                    and last.times is not None
                )
            )
            if complementary and _JOIN_GAP.match(gap):
                groups[-1] = _merge(last, part)
                continue
        groups.append(part)
    # "Tuesday or Wednesday afternoon": the trailing time applies to every listed day.
    for index in range(len(groups) - 2, -1, -1):
        here, after = groups[index], groups[index + 1]
        if (
            here.has_day
            and not here.has_time
            and after.has_day
            and after.has_time
            and _LIST_GAP.match(clause[here.end : after.start])
        ):
            groups[index] = replace(here, times=after.times, minute_range=after.minute_range)
    return groups


def resolve_dates(spec: TimeSpec, today: date) -> frozenset[date]:
    """Concrete candidate dates of a spec: weekdays become their next occurrence(s)."""
    if spec.dates is not None:
        dates = spec.dates
        if spec.weekdays is not None:
            dates = frozenset(d for d in dates if d.weekday() in spec.weekdays)
        return dates
    if spec.weekdays is not None:
        result = set()
        for weekday in spec.weekdays:
            coming = _next_on_or_after(today, weekday)
            # Today's own weekday may mean today or a week from now: keep both.
            result.add(coming)
            if coming == today:
                result.add(coming + timedelta(days=7))
        return frozenset(result)
    return frozenset()


def exact_start(spec: TimeSpec, now: datetime) -> datetime | None:
    """The single start instant a spec names (aware, in now's zone), or None when not exact."""
    if spec.problem or spec.broad or not spec.has_day or spec.times is None:
        return None
    dates = [d for d in resolve_dates(spec, now.date()) if _in_bounds(d, now.date())]
    times = sorted(spec.times)
    if len(times) > 1:
        inside = [t for t in times if BUSINESS_START <= t[0] * 60 + t[1] < BUSINESS_END]
        times = inside
    if len(dates) != 1 or len(times) != 1:
        return None
    start = datetime(
        dates[0].year, dates[0].month, dates[0].day, times[0][0], times[0][1], tzinfo=now.tzinfo
    )
    # Round-trip through UTC so a wall time that does not exist (DST gap) is normalised.
    start = start.astimezone(now.tzinfo) if start.utcoffset() is not None else start
    if start <= now or start > now + timedelta(days=365):
        return None
    return start
