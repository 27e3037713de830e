"""A request that says its time once, then settles on another after second thoughts.

"Thursday or Friday... no, actually just Thursday, Friday I'm flying", "Tomorrow at 4 ...
Hmm, tomorrow's tight. Day after instead, same time", "Monday 9th in the morning. EDIT:
forget the morning, Erin's flying in. Afternoon instead, after 2", "Thursday afternoon ...
Actually make it Friday. No, Carol can't do Friday. Thursday it is, but in the morning",
"the 12th (Wednesday)... oops, the 12th is a Thursday. I mean the Wednesday, the 11th", a
P.S. "Dave lands at 15:00 that day. Please move it to the next morning, 9:30".

The first time said (X) is replaced by the last answer (Y); the sentences between say why
and are dropped. Y may lean on X: "the day after", "the next morning", "same time", or a
part of the day only (X's day kept); "I mean ..." fixes a slip, so X's hour stays with the
new day. The hub still asks when the time first said is spread over sentences, when the
words between name a new person, a length or a place, when anything follows the answer,
or when "just/only" names a day X did not offer. Near misses: "Tomorrow at 4. Actually
make it Wednesday" (the hour is not said again) and "Thursday. Actually make it Friday,
and add Dan" (more than the time changes) ask.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from negotiation.understanding.request_details import find_duration, find_locations
from negotiation.understanding.request_people import find_participants
from negotiation.understanding.request_weeks import request_specs
from negotiation.understanding.rules_dates import resolve_dates
from negotiation.understanding.types import RequestContext

_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|\n|$)")
# What the last answer is said with: "instead", "make it", "move it to", "I mean", "it is".
_ANSWER = re.compile(
    r"\b(?:instead|make\s+it|move\s+it\s+to|(?:i\s+)?mean|i\s+meant|it\s+is|let'?s\s+(?:do|say)"
    r"|go\s+with|just|only)\b",
    re.I,
)
_NARROWS = re.compile(r"\b(?:just|only)\b", re.I)
_SLIP = re.compile(r"\b(?:i\s+)?mean|\bi\s+meant\b", re.I)
# Words of the answer that are not its time: markers, fillers, "but", the cue itself.
_NOT_TIME = re.compile(
    r"^\W*(?:(?:edit|update|correction|p\.?s)\s*:\s*)?|\b(?:no|nope|actually|hmm+|oops|sorry"
    r"|on\s+(?:second\s+thoughts?|reflection)|wait"
    r"|please|pls|ok(?:ay)?|then|but|instead|make\s+it|move\s+it\s+to|(?:i\s+)?mean|i\s+meant"
    r"|it\s+is|let'?s\s+(?:do|say)|go\s+with|just|only)\b"
    # "same room", "same link": the place said first stays where it was written.
    r"|\bsame\s+(?:room|place|location|venue|link|call|zoom|teams)\b",
    re.I,
)
# A clause with its own subject says why: "Friday I'm flying", "Erin's flying in".
_WHY = re.compile(
    r"\b(?:I|we|he|she|they|[A-Z][a-z]+)(?:\s*['’](?:m|re|s|ll|d)|\s+(?:am|is|are|can['’]?t"
    r"|cannot|won['’]?t|has|have|lands?|flies|arrives?))\b"
)
_DAY_AFTER = re.compile(r"\b(?:the\s+)?(?:day\s+after|(?:next|following)\s+day)\b", re.I)
_NEXT_PART = re.compile(r"\b(?:the\s+)?(?:next|following)\s+(morning|afternoon|evening)\b", re.I)
_SAME_TIME = re.compile(r"\b(?:(?:at\s+)?the\s+)?same\s+time\b", re.I)
# Words that may stand between the parts of one time: "morning of the 12th", "Thu or Fri".
_JOINS = re.compile(r"[\s,()/–-]*(?:(?:or|and|of|on|at|in|the|to)\b[\s,()/–-]*)*")
_PART_AFTER = re.compile(
    r"(?:\s*,?\s*(?:in\s+the\s+|this\s+|that\s+)?(?:morning|afternoon|evening)s?\b)?", re.I
)
_MONTHS = "January February March April May June July August September October November December"


def restated(body: str, start: int, ctx: RequestContext, today: date) -> str | None:
    """The request with its first time replaced by the one it settles on, or None."""
    sentences = [m.span() for m in _SENTENCE.finditer(body) if m[0].strip()]
    dated = [i for i, (a, b) in enumerate(sentences) if _days(body[a:b], today)]
    if not dated or sentences[dated[0]][1] > start:
        return None
    a0, b0 = sentences[dated[0]]
    # "the 12th (Wednesday)" with a weekday that disagrees: the slip the answer fixes.
    x_specs = request_specs(body[a0:b0], today)
    timed = [i for i, s in enumerate(x_specs) if s.has_day or s.has_time]
    x_specs = x_specs[timed[0] : timed[-1] + 1]
    if not _JOINS.fullmatch(
        "".join(body[a0 + p.end : a0 + q.start] for p, q in zip(x_specs, x_specs[1:], strict=False))
    ):
        return None  # "Thursday with Bob, Friday with Carol": no one time
    x_dates = {d for s in x_specs if s.has_day for d in resolve_dates(s, today)}
    # Between X and the correction, a sentence with no time of its own is still the request
    # ("The meeting should last 60 minutes"); one with a time says why X changes.
    kept = [
        body[a:b]
        for a, b in sentences
        if b0 <= a and b <= start and not request_specs(body[a:b], today)
    ]
    block = [(a, b) for a, b in sentences if a >= b0 and (b > start or body[a:b] not in kept)]
    answers = [i for i, (a, b) in enumerate(block) if b > start and _ANSWER.search(body[a:b])]
    if not x_dates or not answers or answers[-1] != len(block) - 1:
        return None  # no answer, or something follows it
    before = body[:a0] + body[a0:b0]
    named = {p.email or p.name for p in find_participants(before, ctx)[0]}
    allowed = set(x_dates)
    for a, b in block[:-1]:
        why = body[a:b]
        said = _days(why, today)
        if {p.email or p.name for p in find_participants(why, ctx)[0]} - named:
            return None  # "Actually make it Friday, and add Dan": more than the time
        if find_duration(why) is not None or find_locations(why):
            return None
        if _ANSWER.search(why):
            allowed |= said  # "Actually make it Friday. No, Carol can't do Friday."
        elif said and not said & allowed:
            return None  # a day said between that is neither X nor an earlier answer
    a, b = block[-1]
    y = _answer_time(body[a:b], x_specs, x_dates, today)
    if y is None:
        return None
    first, last = a0 + x_specs[0].start, a0 + x_specs[-1].end
    # "Monday 9th in the morning": a part of the day read into the spec before it.
    last = _PART_AFTER.match(body, last).end()
    return body[:first] + y + body[last:b0] + "".join(kept)


def _answer_time(sentence: str, x_specs, x_dates: set[date], today: date) -> str | None:
    """The answer's time written out in full, leaning on X where it says so."""
    clauses = [c for c in re.split(r",|;|\s[-–—]\s", sentence) if c.strip()]
    if _NARROWS.search(sentence):
        # "just Thursday, Friday I'm flying": the days kept, then why the others went.
        cue = next(i for i, c in enumerate(clauses) if _NARROWS.search(c))
        clauses = clauses[cue : cue + 1]
    kept = [c for c in clauses if not _WHY.search(_NOT_TIME.sub(" ", c))]
    for why in (c for c in clauses if c not in kept):
        days = _days(why, today)
        if not days or not days <= x_dates:
            return None  # "Friday instead, I'm out next week": why names more than X's days
    y = " ".join(_NOT_TIME.sub(" ", c).strip(" .!?\n") for c in kept)
    one = min(x_dates) if len(x_dates) == 1 and not any(s.problem for s in x_specs) else None
    if _DAY_AFTER.search(y) or _NEXT_PART.search(y):
        if one is None:
            return None
        after = _written(one + timedelta(days=1))
        y = _NEXT_PART.sub(lambda m: f"{after} {m[1]}", _DAY_AFTER.sub(after, y))
    if _SAME_TIME.search(y):
        clock = _clock(x_specs)
        if clock is None:
            return None
        y = _SAME_TIME.sub(clock, y)
    specs = request_specs(y, today)
    if not specs or any(s.problem for s in specs) or re.search(r"[a-z]{3,}", _spare(y, specs)):
        return None  # words the answer says beyond a time
    if not any(s.has_day for s in specs):
        if one is None:
            return None
        y = f"{_written(one)} {y}"  # "Afternoon instead, after 2": X's day, a new part
    elif not any(s.has_time for s in specs) and any(s.has_time for s in x_specs):
        clock = _clock(x_specs) if _SLIP.search(sentence) else None
        if clock is None:
            return None  # "Tomorrow at 4. Actually make it Wednesday": at 4 again?
        y = f"{y} {clock}"
    if _NARROWS.search(sentence):
        said = {d for s in specs if s.has_day for d in resolve_dates(s, today)}
        if not said or not said <= x_dates:
            return None
    else:
        y = _one_meant(y, request_specs(y, today), x_dates, today)
    return y.strip(" .!?\n") if y else None


def _one_meant(y: str, specs, x_dates: set[date], today: date) -> str:
    """The answer with a day that fits twice made the one after X's days, or "" (ask).

    "Friday's bad. Monday instead." written on a Monday: today's Monday and next week's
    both fit a bare "Monday"; said in place of Friday 6 March it is Monday 9 March.
    """
    for spec in sorted(specs, key=lambda s: -s.start):
        if not spec.has_day or spec.dates is not None or spec.broad or spec.qualifier:
            continue
        dates = resolve_dates(spec, today)
        if len(dates) < 2:
            continue
        after = sorted(d for d in dates if d > max(x_dates))
        if not after:
            return ""
        y = f"{y[: spec.end]} {_written(after[0])}{y[spec.end :]}"
    return y


def _days(text: str, today: date) -> set[date]:
    return {d for s in request_specs(text, today) if s.has_day for d in resolve_dates(s, today)}


def _spare(text: str, specs) -> str:
    """The text outside its specs."""
    for s in sorted(specs, key=lambda s: -s.start):
        text = text[: s.start] + " " + text[s.end :]
    return re.sub(r"\b(?:the|on|at|in|of|or|and|to|from|by|for|a|an)\b", " ", text, flags=re.I)


def _written(day: date) -> str:
    return f"{day.day} {_MONTHS.split()[day.month - 1]}"


def _clock(x_specs) -> str | None:
    """X's hour or part of the day, written out: "at 4:00", "between 06:00 and 12:00"."""
    timed = [s for s in x_specs if s.has_time]
    if len(timed) != 1:
        return None
    spec = timed[0]
    if spec.times:
        hour, minute = min(spec.times)
        return f"at {hour}:{minute:02d}"
    low, high = spec.minute_range
    return f"between {low // 60:02d}:{low % 60:02d} and {high // 60:02d}:{high % 60:02d}"
