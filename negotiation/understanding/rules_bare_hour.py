"""A lone number that no place holds, read as a clock: "9 works", "11am works, and 4 too".

The owner's rule reads a bare "1" as place 1, so a number a place holds stays a place.
Any other small number is an hour when exactly one time option starts on that hour
(morning or afternoon), no option falls on that day of the month, and the number is not
a rank naming another option. It must stand alone between words that take a clock
("9 works", "and 4 too"): "all 4", "2 kids", "room 4" stay unread.
"""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from negotiation.understanding.types import MeetingView

_BEFORE = frozenset(["", ",", "and", "or", "but", "do", "say", "then", "maybe", "at", "(", "-"])
_AFTER = frozenset(
    [
        "",
        ",",
        ".",
        "!",
        "?",
        ")",
        "works",
        "work",
        "is",
        "too",
        "also",
        "suits",
        "sounds",
        "would",
        "then",
        "please",
        "pls",
        "and",
        "or",
        "for",
        "it",
    ]
)


def bare_hour(text: str, matches: list[re.Match[str]], index: int, view: MeetingView) -> str | None:
    """The one time option a lone number's hour names, or None."""
    token = matches[index][0]
    if not token.isdigit() or not 1 <= int(token) <= 12 or token in view.ids("location"):
        return None
    # Its neighbours must be right beside it: a wide gap is something read and masked
    # ("Room 4" once the room is found, "9 Tuesday" once the day is).
    start = matches[index - 1].end() if index else 0
    end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
    if len(text[start : matches[index].start()]) > 2 or len(text[matches[index].end() : end]) > 2:
        return None
    before = matches[index - 1][0].lower() if index else ""
    after = matches[index + 1][0].lower() if index + 1 < len(matches) else ""
    if before not in _BEFORE or after not in _AFTER:
        return None
    if not before and after in ("", ".", "!", "?"):
        return None  # "4" and nothing else: a rank, an hour or a place? Asked.
    tz = ZoneInfo(view.reader_tz)
    times = [o for o in view.options if o.item == "time" and o.start is not None]
    starts = [o.start.astimezone(tz) for o in times]
    if any(start.day == int(token) for start in starts):
        return None  # "9 works" with an option on the 9th: the date or the hour?
    hours = {int(token) % 12, int(token) % 12 + 12}
    fit = [o for o, s in zip(times, starts, strict=True) if s.hour in hours and s.minute == 0]
    if len(fit) != 1:
        return None
    if int(token) <= len(times) and times[int(token) - 1].id != fit[0].id:
        return None  # "2 works" as the second option or as 2pm: asked
    return fit[0].id
