"""Bare days written before a date that names the month: "10 or 11 March", "17-20 March".

"12 or 13 March" is the 12th and the 13th of March; "17-20 March" every working day from
the 17th to the 20th. The bare number only counts when a word of a list or a span joins
it to the date: "Room 12, 13 March" or "at 3, 12 March" add no day (a comma alone joins
only inside a list that says "or"/"and" nearer the date: "10, 11 or 12 March").
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta

from negotiation.understanding.rules_dates import find_time_specs
from negotiation.understanding.rules_dates_spec import TimeSpec, in_bounds

# A bare day right before its joiner, at the end of the text before the date.
_BARE_BEFORE = re.compile(
    r"(?<![\d.:/@#])(?<!\bat\s)(?<!\broom\s)(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s*"
    r"(?P<join>,|\bor\b|\band\b|&|/|-|–|\bto\b|\buntil\b|\btill\b|\bthrough\b)\s*(?:the\s+)?$",
    re.I,
)
_SPAN = frozenset({"-", "–", "to", "until", "till", "through"})
_LIST = frozenset({"or", "and", "&", "/"})
# The date must name its month after the number ("11 March", "13th of March", 3月13日 no).
_DAY_THEN_MONTH = re.compile(r"^(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?[A-Za-z]", re.I)


def _single(spec: TimeSpec) -> date | None:
    if spec.problem or spec.broad or spec.weekdays is not None or not spec.dates:
        return None
    return next(iter(spec.dates)) if len(spec.dates) == 1 else None


def days_before_date(clause: str, specs: list[TimeSpec], today: date) -> list[TimeSpec]:
    """The specs, with each bare day joined before a dated day read in that month."""
    out = list(specs)
    for spec in specs:
        day = _single(spec)
        if day is None or not _DAY_THEN_MONTH.match(clause[spec.start : spec.end]):
            continue
        at, listed, first = spec.start, False, spec
        while True:
            m = _BARE_BEFORE.search(clause[:at])
            if not m or any(s.start < m.end() and m.start() < s.end for s in out):
                break
            join = m["join"].lower()
            if join == "," and not listed:
                break  # "Room 12, 13 March": no list word
            try:
                bare = day.replace(day=int(m[1]))
            except ValueError:
                break
            if bare >= day or not in_bounds(bare, today):
                break
            if join in _SPAN:
                if at != spec.start or (day - bare).days > 14:
                    break  # "10, 11-13 March": the rules read no such mix
                span = (bare + timedelta(days=i) for i in range((day - bare).days + 1))
                days = frozenset(d for d in span if d.weekday() < 5) | {bare, day}
                out[out.index(first)] = replace(first, start=m.start(), dates=days)
                break
            listed = listed or join in _LIST
            first = TimeSpec(m.start(1), m.end(1), dates=frozenset({bare}))
            out.append(first)
            at = m.start()
    return sorted(out, key=lambda s: s.start)


# "a morning: 18th or 19th": two bare ordinals joined as a list are days of the month,
# as "the 18th or the 19th" are. One alone ("the 2nd floor", "our 10th year") is not.
_ORDINALS = re.compile(
    r"(?<![\w.])(\d{1,2})(?:st|nd|rd|th)\s*(?:,|\bor\b|\band\b|/|&)\s*(?:the\s+)?"
    r"(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:floor|fl\.|time|place|row|item|year|anniversary))",
    re.I,
)


# "12th is fine but make it 4pm", "13th works": a bare ordinal that opens a sentence and
# says it suits is a day too. Near misses: "10th floor is free", "3rd time is the charm".
_OPENING_ORDINAL = re.compile(
    r"(?:^|(?<=[.!?\n])|(?<=[.!?]\s))\s*(\d{1,2})(?:st|nd|rd|th)()"
    r"(?=\s+(?:is\s+(?:fine|good|ok|okay|great|perfect|better|best)|works|would\s+work|suits)\b)",
    re.I,
)


def bare_ordinals(clause: str, specs: list[TimeSpec], today: date) -> list[TimeSpec]:
    """The specs, with a list of bare ordinals no other spec took read as days."""
    out = list(specs)
    for m in [*_ORDINALS.finditer(clause), *_OPENING_ORDINAL.finditer(clause)]:
        for group in (1, 2) if m.re is _ORDINALS else (1,):
            start, end = m.span(group)
            if any(s.start < end + 2 and start < s.end for s in out):
                continue
            read = [s for s in find_time_specs(f"the {m[group]}th", today) if s.dates]
            if len(read) == 1 and not read[0].problem:
                out.append(TimeSpec(start, end + 2, dates=read[0].dates))
    return sorted(out, key=lambda s: s.start)
