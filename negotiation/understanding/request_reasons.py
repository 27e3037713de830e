"""Reasons a request gives for its days: "since Mon/Tue I'm in Hamburg" adds no day.

"Wednesday onwards since Mon/Tue I'm in Hamburg", "Thursday as I'm in Berlin that day",
"next week, because I'm travelling Mon-Tue", "Wednesday. Thursday I'm at the client.": a
reason says why the days asked for are asked for; the days it names are never offered
themselves. So the reason is taken out of the timing before the windows are read, and
then what it says of its days decides:

- away ("travelling", "off", "at the client", "tied up"): its days are not offered;
- in a place ("in Hamburg"): days apart from those asked are where she is not; days inside
  a wider ask ("next week since I'm in Berlin Tue-Thu") may be the offer or the trip, so
  the hub asks;
- free ("since I'm back in the office Thursday"): an offer only when it names exactly the
  days asked; otherwise the hub asks;
- anything else naming days asked for ("since the board meets Monday"): the hub asks.

Near misses: "as I said, Thursday" and "since we spoke on Monday" are no reasons (what was
said, a past); a reason naming no day ("since I'm in Berlin that day") changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from negotiation.understanding.request_busy import DOING
from negotiation.understanding.request_weeks import request_specs
from negotiation.understanding.rules_dates_spec import TimeSpec
from negotiation.understanding.types import TimeWindow

# Who the reason is about, then a present or future state: "I'm", "we'll be", "she has".
_SUBJECT = (
    r"(?:I|we|he|she|they|(?!(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug"
    r"|Sep|Oct|Nov|Dec)[a-z]*\b)[A-Z][a-z]+)"
    r"(?:\s*['’](?:m|re|s|ll|ve)|\s+(?:am|are|is|will|have|has|won['’]?t|can['’]?t|cannot"
    r"|can|need|must|leave|leaves|fly|flies|travel|travels))\b"
)
# "since", "as", "because", "cos", "given that": the cue, then at most a few words of days
# ("since Mon/Tue I'm ...") before the subject. "as I said", "as we discussed" say what
# was said; "as soon as", "as well as", "such as" are no cue.
_CUE = re.compile(
    r"(?<![\w-])(?<!\bas\s)(?<!\bsuch\s)(?<!\bsoon\s)(?<!\bwell\s)"
    r"(?i:since|as|because|b/c|bc|cos|coz|cause|['’]cause|given\s+(?:that\s+)?)\s+"
    r"(?=(?:[\w/–\-.]+\s+){0,5}?" + _SUBJECT + r")"
    r"(?!(?:I|we)\s+(?:said|mentioned|wrote|discussed|agreed|suggested|proposed|promised"
    r"|told|asked|noted|explained|know|knew|planned|hoped|expected|spoke|talked)\b)",
)
# "since we spoke on Monday", "since Bob sent the draft Friday": a time past, no reason of
# the days asked; its days are never offered either.
_PAST = re.compile(
    r"(?<![\w-])(?i:since)\s+(?:I|we|you|he|she|they|[A-Z][a-z]+)\s+(?:last\s+)?"
    r"(?:[a-z]+ed|spoke|met|saw|sent|wrote|told|said|had|got|came|went|left|began|heard)\b"
)
# A reason ends with its sentence, or where "but/so/and then" turns back to the offer.
_END = re.compile(r"[.!?;\n()]|,\s*(?=(?:but|so|and|or|then|though|otherwise)\b)|\s[-–—]\s", re.I)
# A sentence of its own that says where or how busy she is on a day: "I'm travelling
# Mon-Tue.", "That day I'm at the client.", "Thursday I'm out."
_STATE_SENTENCE = re.compile(r"^\W*(?:(?:on\s+)?(?:[\w/–\-.]+\s+){0,4}?)" + _SUBJECT)
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*\n?|\n")

_AWAY = re.compile(
    r"\b(?:travel+ing|away|out|off|on\s+(?:leave|holiday|vacation|PTO|the\s+road|a\s+plane"
    r"|a\s+trip|site)|OOO|out\s+of\s+(?:the\s+)?office|abroad|flying|in\s+transit"
    r"|at\s+(?:the|a|our)\s+(?:client|customer|conference|trade\s+fair|summit|offsite|off-site"
    r"|workshop|supplier|plant|factory|site|dentist|doctor)['’]?s?"
    r"|at\s+(?:a|the)\s+\w+\s+(?:conference|summit|offsite|workshop)"
    r"|unavailable|not\s+(?:around|available|in)|busy|booked|tied\s+up|stuck|blocked|swamped"
    r"|slammed|sick|ill|visiting|can['’]?t|cannot|won['’]?t)\b",
    re.I,
)
_FREE = re.compile(
    r"\b(?:free|around|available|back|open|here|in\s+(?:the\s+)?(?:office|town|the\s+city)"
    r"|at\s+(?:the\s+)?(?:office|desk|HQ)|in\s+(?:the\s+)?HQ|fine|works?|ok|okay|can\s+do)\b",
    re.I,
)
_NEGATED = re.compile(r"\b(?:not|no|never)\b|n['’]t\b", re.I)
_PLACE = re.compile(r"\b(?:in|at)\s+(?:the\s+)?[A-Z][\w-]+", re.I)


@dataclass(frozen=True)
class Reason:
    """A reason given for the days: what kind of state, and the days it names."""

    kind: str  # "away", "place", "free", "past" or "other"
    specs: tuple[TimeSpec, ...]


@dataclass(frozen=True)
class Reasons:
    """The timing without its reasons, and the reasons taken out of it."""

    text: str
    reasons: tuple[Reason, ...] = ()

    def judge(self, windows: tuple[TimeWindow, ...], tz) -> tuple[tuple[TimeWindow, ...], str]:
        """The windows once each reason's days are weighed, and a note when the hub asks."""
        for reason in self.reasons:
            asked = {w.start.astimezone(tz).date() for w in windows}
            named = {d for d in asked if any(_on(s, d) for s in reason.specs)}
            if reason.kind == "past":
                continue  # "since we spoke on Monday": a day gone by, not weighed
            if reason.kind == "away":
                # "Wednesday onwards since Mon/Tue I'm in Hamburg": never the days away.
                windows = tuple(w for w in windows if w.start.astimezone(tz).date() not in named)
                continue
            if not named:
                if reason.kind != "free":
                    continue  # "Thursday, as I'm in Hamburg Friday": a day apart, not asked
            elif named == asked and all(any(_on(s, d) for d in asked) for s in reason.specs):
                continue  # "Thursday since I'm in Berlin Thursday": the same days
            return (), f"asks back: a reason names days ({reason.kind}) the rules cannot weigh"
        return windows, ""


def _on(spec: TimeSpec, day: date) -> bool:
    """Whether a spec names this day (its time left aside)."""
    if spec.dates is not None and day not in spec.dates:
        return False
    return spec.weekdays is None or day.weekday() in spec.weekdays


def _kind(reason: str) -> str:
    """What the reason says of its days."""
    away = bool(_AWAY.search(reason) or DOING.search(reason))
    negated = bool(_NEGATED.search(reason))
    if away and not negated:
        return "away"
    if away or _FREE.search(reason):
        return "free" if not away else "other"  # "since I'm not travelling Monday": unsure
    if _PLACE.search(reason):
        return "place"
    return "other"


def reasons(timing: str, today: date) -> Reasons:
    """The timing with the reasons given for its days taken out (blanked, same length)."""
    found: list[Reason] = []
    text = timing
    for start, end in _spans(timing, today):
        specs = tuple(s for s in request_specs(timing[start:end], today) if s.has_day)
        if not specs:
            continue  # "since I'm in Berlin that day": no day of its own
        kind = "past" if _PAST.match(timing, start) else _kind(timing[start:end])
        found.append(Reason(kind, specs))
        text = text[:start] + " " * (end - start) + text[end:]
    if not found or not any(s.has_day for s in request_specs(text, today)):
        return Reasons(timing)  # a reason with nothing asked beside it is the ask itself
    return Reasons(text, tuple(found))


def _spans(timing: str, today: date) -> list[tuple[int, int]]:
    """Where reasons stand: after a cue, or a state sentence after the days asked."""
    spans = []
    for cue in [*_CUE.finditer(timing), *_PAST.finditer(timing)]:
        stop = _END.search(timing, cue.end())
        end = stop.start() if stop else len(timing)
        if cue.start() == 0 or not timing[: cue.start()].strip(" \t"):
            # "Since I'm out Monday, Tuesday works": a leading reason ends at its comma.
            comma = timing.find(",", cue.end(), end)
            end = comma if comma >= 0 else end
        spans.append((cue.start(), end))
    sentences = [m.span() for m in _SENTENCE.finditer(timing)]
    dated = [i for i, (a, b) in enumerate(sentences) if _has_day(timing[a:b], today)]
    if len(dated) >= 2:
        a, b = sentences[dated[-1]]
        sentence = timing[a:b]
        # "Wednesday. Thursday I'm at the client.": only the last sentence with days, only
        # away, and only when the days asked come before it.
        if (
            _STATE_SENTENCE.match(sentence)
            and _kind(sentence) == "away"
            and not re.search(r"\bso\b|\bbut\b|\btoo\b|\balso\b", sentence, re.I)
            and not any(s <= a < e or a <= s < b for s, e in spans)
        ):
            spans.append((a, b))
    return sorted(spans)


def _has_day(text: str, today: date) -> bool:
    return any(s.has_day for s in request_specs(text, today))
