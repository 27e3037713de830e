"""An hour beside "after"/"before"/"until" that may be morning or evening: asked back.

"I'm only free after 8", "before 7 please": with no am/pm, 8 may be 8am or 8pm, and the
two readings split the options differently (after 8am takes them all, after 8pm none).
Such a reply is asked back, unless both readings put every option on the same side, or
the sentence names the part of the day ("after 8 in the evening", "tonight after 9").
Only 7 and 8 are of both halves: "after 2" is an afternoon, "before 11" and "after 10"
a morning (11pm and 10pm bound no working day), as the clock rules read them.
"""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from negotiation.understanding.types import MeetingView

# The hour, then nothing that makes it a date, a count, a clock time of one half or the
# start of a range (read by the clock rules, which ask about a range of two halves).
_SIDED = re.compile(
    r"\b(?P<side>after|before|from|until|till|til|by)\s+(?P<h>[78])(?:[:.](?P<m>[0-5]\d))?"
    r"(?!\s*(?:(?:-|–|to|and|until|till)\s*\d|[ap]\.?m\b|[ap]\b|h\b|o'?clock\s+(?:in\s+the\s+)?(?:morning|evening|at\s+night)|"
    r"(?:in\s+the\s+)?(?:morning|evening|night|tonight)\b|[-/.]\d|st\b|nd\b|rd\b|th\b|"
    r"\w*\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|people|jan|feb|mar|apr|may|jun"
    r"|jul|aug|sep|oct|nov|dec)))",
    re.I,
)
# A part of the day said in the same sentence settles which half is meant.
_PART = re.compile(
    r"\b(?:morning|evening|tonight|night|afternoon|breakfast|dinner|am|pm|a\.m|p\.m)\b", re.I
)
_SENTENCE = re.compile(r"[^.!?;\n]*")


def two_sided_hour(body: str, view: MeetingView) -> str | None:
    """Why the reply is asked back when an hour's half of the day changes its verdicts."""
    tz = ZoneInfo(view.reader_tz)
    starts = [
        o.start.astimezone(tz) for o in view.options if o.item == "time" and o.start is not None
    ]
    if not starts:
        return None
    for m in _SIDED.finditer(body):
        sentence_start = max(body.rfind(c, 0, m.start()) for c in ".!?;\n") + 1
        sentence = body[sentence_start : _SENTENCE.match(body, m.end()).end()]
        if _PART.search(sentence):
            continue
        minutes = [s.hour * 60 + s.minute for s in starts]
        edge = int(m["h"]) * 60 + int(m["m"] or 0)
        later = m["side"].lower() in ("after", "from")
        sides = {tuple((x >= e) == later for x in minutes) for e in (edge, edge + 12 * 60)}
        if len(sides) > 1:
            return f"an hour that may be morning or evening: {m[0]}"
    return None
