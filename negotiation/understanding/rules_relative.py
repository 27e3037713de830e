"""Times said relative to an option: "15:00 the same day", "an hour later", "same time Friday".

Each is spelt as the day and time it names ("B is tricky; 15:00 the same day?" becomes
"...; Wed 4 Mar 2026 15:00?"), so the rules read a proposal, never a vote. The option it
is relative to is the one named before it; when that is not one option (or, for "the
same day", one date), the words stay as written and the reply is asked about.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.types import MeetingView

_CLOCK = r"(?:\d{1,2}:\d{2}|\d{1,2}(?::\d{2})?\s*(?:am|pm))"
# A bare hour is a clock only right beside "the same day": "could we do 11 the same day?".
_HOUR = r"(?P<hour>\d{1,2})(?![\d:.])"
# "the same day", "that same day", "that day": the day of the option named before.
_THAT_DAY = r"(?:the|that)\s+(?:very\s+)?same\s+day|that\s+day"
_SAME_DAY = re.compile(
    rf"(?P<clock>{_CLOCK})\s+(?:on\s+)?(?:{_THAT_DAY})\b"
    rf"|\b(?:on\s+)?(?:{_THAT_DAY})\s+(?:at\s+)?(?P<clock2>{_CLOCK})"
    rf"|(?<![\d:.]){_HOUR}\s+(?:on\s+)?(?:{_THAT_DAY})\b",
    re.I,
)
# ", same day" closing the clause of a clock just spelt on its option's day: said again.
_SAME_DAY_AGAIN = re.compile(
    r"^([^.!?\n]*?),\s*(?:on\s+)?(?:the\s+)?same\s+day\s*(?=[?.!]|$)", re.I
)
# "B would be OK, but 15:00 would be even better": a clock alone after "but", judged
# better than the one option named before it, is a time on that option's day.
_BETTER = re.compile(
    rf"(?<=\bbut\s)(?P<clock>{_CLOCK})(?=\s+(?:would\s+be\s+(?:even\s+|much\s+|a\s+lot\s+)?"
    rf"(?:better|ideal|best|easier)"
    rf"|(?:would\s+)?(?:work|works|suit|suits)\s+(?:me\s+)?(?:even\s+)?better)\b)",
    re.I,
)
_SHIFT = re.compile(
    r"\b(?:(?P<n>an?|one|two|2|half\s+an)\s+hours?"
    r"|(?P<min>15|20|30|45|fifteen|twenty|thirty|forty-five)\s*(?:minutes?|mins?))"
    r"\s+(?P<dir>later|earlier)\b",
    re.I,
)
_MINUTES = {"fifteen": 15, "twenty": 20, "thirty": 30, "forty-five": 45}
_DAYS = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri)(?:day|nesday|sday|rsday)?"
_SAME_TIME = re.compile(
    rf"\b(?:the\s+)?same\s+time\s+(?:on\s+)?(?P<day>{_DAYS})\b"
    rf"|\b(?P<day2>{_DAYS})\s+(?:at\s+)?(?:the\s+)?same\s+time\b",
    re.I,
)
# "tomorrow's fine but not the day after": the day after the one option named before.
# "the day after the offsite", "the day after tomorrow" name another day: left as written.
_DAY_AFTER = re.compile(
    r"\bthe\s+day\s+after\b(?!\s+(?:the|a|an|my|our|your|his|her|their|that|this|next|tomorrow)\b"
    r"|\s+\w+day\b|\s*\d)",
    re.I,
)
# A soft no before the relative time: whether the option itself is refused is not said.
_SOFT_NO = re.compile(r"\b(?:tricky|tough|difficult|awkward|hard|not\s+ideal)\b", re.I)
_HOURS = {"a": 60, "an": 60, "one": 60, "two": 120, "2": 120}


def spell_relative(body: str, view: MeetingView) -> str:
    """Write a time said relative to the option named just before it as that day and time."""
    for pattern, spell in (
        (_SAME_DAY, _same_day),
        (_BETTER, _better),
        (_SHIFT, _shifted),
        (_SAME_TIME, _same_time),
        (_DAY_AFTER, _day_after),
    ):
        m = pattern.search(body)
        if m:
            starts = last_option_starts(body[: m.start()], view)
            written = spell(m, starts) if starts else None
            if written:
                head = body[: m.start()]
                if pattern is _SHIFT:
                    head = _OPTION_BEFORE.sub(" ", head)  # "could we do B 15 min later?"
                    # "B would be great if we could shift it 30 minutes earlier": the yes
                    # holds only if moved, so only the move is read, as a proposal.
                    head = _IF_MOVED.sub("could we move it to ", head)
                body = head + written + _drop_restated(body[m.end() :], written)
    return body


# The option the shift is of, right before it: "B 15 min later", "C, an hour later".
_OPTION_BEFORE = re.compile(r"(?<=\s)(?:option\s+)?[A-H]\s*,?\s*$")
_IF_MOVED = re.compile(
    r"(?:(?<=^)|(?<=[.!?\n]))\s*(?:[A-H]|\w+day)\s+(?:would\s+(?:be\s+)?(?:great|fine|perfect"
    r"|ideal|ok|work)|works?)\s+if\s+(?:we|you)\s+(?:could|can)\s+(?:shift|move|push|bring|make)"
    r"\s+(?:it|that)\s+$",
    re.I,
)


def _drop_restated(rest: str, written: str) -> str:
    """ "an hour later would be better, 11:00?": the clock said again is the same time."""
    clock = written.rsplit(" ", 1)[-1]
    rest = _SAME_DAY_AGAIN.sub(r"\1", rest, count=1)
    if not re.fullmatch(r"\d{2}:\d{2}", clock):
        return rest
    said = rf"0?{int(clock[:2])}:{clock[3:]}"
    return re.sub(
        rf"^([^.!?\n]*?)(?:,|\s[—–-])\s*(?:at\s+)?{said}\s*(?=[?.!]|$)", r"\1", rest, count=1
    )


def last_option_starts(text: str, view: MeetingView) -> list[datetime]:
    """The starts of the options named in `text`, in the reader's zone."""
    if _SOFT_NO.search(text):
        return []  # "B is tricky; 15:00 the same day?": a no to B or not? Asked.
    refs = find_refs(text, view)
    times = [(pos, oid) for pos, item, oid in refs.hits if item == "time"]
    if not times or refs.problems:
        return []
    tz = ZoneInfo(view.reader_tz)
    by_id = {o.id: o.start for o in view.options if o.item == "time" and o.start}
    # Every option named before counts: "A or B, an hour later" fits two, so is asked.
    return [by_id[oid].astimezone(tz) for oid in dict.fromkeys(o for _, o in times) if oid in by_id]


def on_day(start: datetime) -> str:
    return start.strftime("%A %-d %B")


def _same_day(m: re.Match[str], starts: list[datetime]) -> str | None:
    if len({s.date() for s in starts}) != 1:
        return None
    if m["hour"]:
        return f"{on_day(starts[0])} at {int(m['hour'])}" if 1 <= int(m["hour"]) <= 12 else None
    return f"{on_day(starts[0])} {m['clock'] or m['clock2']}"


def _better(m: re.Match[str], starts: list[datetime]) -> str | None:
    if len(starts) != 1:
        return None  # "A or B, but 15:00 would be better": on which day?
    return f"{on_day(starts[0])} {m['clock']}"


def _shifted(m: re.Match[str], starts: list[datetime]) -> str | None:
    if len(starts) != 1:
        return None
    if m["min"]:
        minutes = _MINUTES.get(m["min"].lower()) or int(m["min"])
    else:
        n = m["n"].lower()
        minutes = 30 if n.startswith("half") else _HOURS[n]
    moved = starts[0] + timedelta(minutes=minutes if m["dir"].lower() == "later" else -minutes)
    if moved.date() != starts[0].date():
        return None
    return f"{on_day(moved)} {moved:%H:%M}"


def _same_time(m: re.Match[str], starts: list[datetime]) -> str | None:
    if len({s.time() for s in starts}) != 1:
        return None
    return f"{m['day'] or m['day2']} {starts[0]:%H:%M}"


def _day_after(m: re.Match[str], starts: list[datetime]) -> str | None:
    if len({s.date() for s in starts}) != 1:
        return None
    return on_day(starts[0] + timedelta(days=1))
