"""A part of the day said after a clause that named a day: that day's part.

"Monday morning doesn't work, afternoon is fine", 周一上午不行，下午可以: the afternoon
is Monday's, never every afternoon among the times. A bare singular part ("afternoon",
"the afternoon", 下午) in a clause that names no day, no clock and no other part is
given the one day the nearest clause before it named ("Monday afternoon is fine"), so
it matches that day's options only, or none (then it is asked about). Plural parts
("afternoons are better") speak of every day and stay as written; rules_reading asks
about them beside a day named elsewhere.
"""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_dates_clock import PART_PATTERN, TIME_PATTERNS
from negotiation.understanding.rules_dates_days import DAY_PATTERNS, day_spec
from negotiation.understanding.types import MeetingView


def carry_day(clause: str, day: str | None, today: date) -> tuple[str, str | None]:
    """The clause with a bare part given the day carried; and the day carried onwards."""
    # "" carries nothing: the clause named several days, or one of many weeks.
    named = _days(clause, today)
    if named is not None:
        # "Thursday. In the morning.": after a day alone the part may narrow it or add
        # to it (asked about); after "Monday morning" the other part is that day's.
        return clause, named if PART_PATTERN.search(clause) or _has_clock(clause) else ""
    parts = list(PART_PATTERN.finditer(clause))
    if not day or len(parts) != 1 or _has_clock(clause):
        return clause, day
    part = parts[0]
    if part[3] or not is_singular_part(clause, part.start()):  # "pm" alone, "afternoons"
        return clause, day
    at = part.start(1) if part[1] else part.start(2)
    space = "" if "\u4e00" <= day[-1] <= "\u9fff" else " "  # 周一下午, "Monday afternoon"
    return f"{clause[:at]}{day}{space}{clause[at:]}", day


def is_singular_part(text: str, at: int) -> bool:
    """True when a part of the day starts at `at` and is said once ("afternoon", 下午)."""
    m = PART_PATTERN.match(text, at)
    return bool(m and (m[1] or m[2]) and not m[0].lower().endswith("s"))


def _days(clause: str, today: date) -> str | None:
    """The one day a clause names, as written; "" when it names several, a plural or a week."""
    found: list[str] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in DAY_PATTERNS:
        for m in pattern.finditer(clause):
            if any(m.start() < end and start < m.end() for start, end in taken):
                continue
            spec = day_spec(kind, m, today)
            if spec is None:
                continue
            taken.append(m.span())
            text = m[0].strip().rstrip(".")
            # A day said of many weeks ("Mondays", 每周一) is no one day to carry.
            plural = (kind == "weekday_en" and clause[m.end(2) : m.end(2) + 1] in ("s", "S")) or (
                clause[max(m.start() - 1, 0) : m.start()] == "每"
            )
            found.append("" if spec.broad or spec.problem or plural else text)
    if not found:
        return None
    return found[0] if len(found) == 1 else ""


def _has_clock(clause: str) -> bool:
    return any(pattern.search(clause) for _, pattern in TIME_PATTERNS)


def other_days_loose(loose: set[str], firm: set[str], view: MeetingView) -> bool:
    """True when a part or a week alone matched times on days the reply named none of.

    "A doesn't work, afternoon is fine": Monday's afternoon, or every afternoon? Asked.
    """
    if not loose or not firm:
        return False
    tz = ZoneInfo(view.reader_tz)
    days = {
        o.id: o.start.astimezone(tz).date() for o in view.options if o.item == "time" and o.start
    }
    named = {days[oid] for oid in firm if oid in days}
    return any(days.get(oid) not in named for oid in loose - firm)
