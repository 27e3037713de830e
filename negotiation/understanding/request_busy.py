"""Days the member says she is busy on, before other days: a reason against them, no offer.

"I'll be reviewing candidates all Tuesday so Wednesday please", "Tuesday I'm in workshops.
Wednesday works", "I've got interviews all day Monday, so Tuesday": what she is doing on
a day, followed by other days, is why those other days are asked for. The busy part is
marked unavailable so find_windows refuses its days. Near misses: "I'll be in workshops
Tuesday morning so Tuesday afternoon" (the same day: nothing refused here), "I'll be free
all Tuesday so Tuesday with Bob" (free is no activity), "Tuesday I'm in workshops.
Wednesday too." (the list of busy days goes on).
"""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.request_clauses import is_negative
from negotiation.understanding.request_weeks import request_specs

# What she is doing: "I'll be reviewing", "I'm interviewing", "we're travelling"; not a
# state that offers ("I'll be free", "I'm around", "I'm happy to") or a wish ("I'm hoping").
_DOING = re.compile(
    r"\b(?:I|we)(?:\s*['’]ll\s+be|\s+will\s+be|\s*['’]m|\s+am|\s*['’]re|\s+are)\s+"
    r"(?:(?:all\s+day|mostly|busy|stuck|tied\s+up)\s+)?"
    r"(?!(?:going|hoping|thinking|planning|looking|wondering|trying|willing|meaning"
    r"|aiming|happy|free|around|available|flexible)\b)[a-z]{3,}ing\b"
    # "I've got interviews all Tuesday", "I have workshops Monday".
    r"|\b(?:I|we)(?:\s*['’]ve\s+got|\s+have(?:\s+got)?|\s+got|\s*['’]ll\s+have|\s+will\s+have)"
    r"\s+(?:\w+\s+){0,3}?(?:interviews?|workshops?|training|meetings|calls|back-to-backs?"
    r"|conferences?|offsites?|classes|lectures|appointments?|exams?|jury\s+duty|a\s+course)\b"
    # "Tuesday I'm in workshops", "I'm at a conference Monday", "we're on leave Friday".
    r"|\b(?:I|we)(?:\s*['’]m|\s+am|\s*['’]re|\s+are|\s*['’]ll\s+be|\s+will\s+be)\s+(?:in|at|on)\s+"
    r"(?:\w+\s+){0,2}?(?:workshops?|training|meetings|interviews|conferences?|offsites?|a\s+course"
    r"|leave|holiday|vacation|PTO|the\s+road|a\s+plane|a\s+flight|jury\s+duty|site)\b",
    re.I,
)
DOING = _DOING  # request_reasons weighs a reason's state by it too
# Busy without an activity word: "I'm at the client in the morning", "I'm tied up after 3",
# "we're in meetings all afternoon". Near misses: "I'm in the office in the morning",
# "I'm free in the morning", "I'm working from home Tuesday morning" (where, not busy).
_BUSY_STATE = re.compile(
    r"\b(?:I|we)(?:\s*['’]ll\s+be|\s+will\s+be|\s*['’]m|\s+am|\s*['’]re|\s+are)\s+"
    r"(?:(?:all|mostly|completely|totally)\s+)?"
    r"(?:busy|tied\s+up|stuck|booked(?:\s+up)?|swamped|slammed|unavailable"
    r"|(?:at|with)\s+(?:the|a|our)\s+(?:client|customer|dentist|doctor|conference|supplier"
    r"|vet|hospital|airport|school\s+run)['’]?s?"
    r"|in\s+(?:meetings|workshops?|training|interviews|class|court|a\s+workshop))\b",
    re.I,
)
# Where she works is no activity that keeps her busy.
_NOT_BUSY = re.compile(r"\s+(?:from\s+home|remotely|from\s+the\s+office|on\s+site)\b", re.I)
# The busy statement's clause ends at a stop, a "so/but" that turns to the offer, a dash.
_CLAUSE_END = re.compile(r"[.!?;\n(]|,|\s+(?:so|but|then)\b|\s[-–—]\s", re.I)
# "so Wednesday please", "... all Tuesday, so Wednesday": the other days said after "so".
_SO = re.compile(r"\s*;\s*|(?:,|\s[-–—])?\s+so\b(?!\s+(?:far|much|many|long|that)\b)", re.I)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
# "Wednesday too", "and Thursday.": the list of busy days goes on.
_GOES_ON = re.compile(
    r"\b(?:too|also|as\s+well|either|same|likewise)\b|^\W*(?:and|or|plus|&)\b", re.I
)


def busy_refused(body: str, today: date) -> str:
    """The request with each busy part followed by other days marked unavailable."""
    body = _busy_parts(body, today)
    cuts = [0, *(m.end() for m in _SENTENCES.finditer(body)), len(body)]
    sentences = [body[a:b] for a, b in zip(cuts, cuts[1:], strict=False)]
    out = []
    for i, sentence in enumerate(sentences):
        so = _SO.search(sentence)
        busy, answer = (sentence[: so.start()], sentence[so.end() :]) if so else (sentence, "")
        if not answer.strip():
            # "Wednesday with Carol. I'll be interviewing all Tuesday.": the reason may come last.
            answer = sentences[i + 1] if i + 1 < len(sentences) else "".join(sentences[:i])
        if not _DOING.search(busy) or "unavailable" in sentence:
            out.append(sentence)  # no activity, or a busy part already refused
            continue
        if _goes_on(busy, answer, today):
            # "Tuesday I'm in workshops. Wednesday too.": busy on those days as well.
            if so:
                sentence = sentence.rstrip(" .!?\n") + " unavailable. "
            else:
                sentences[i + 1] = sentences[i + 1].rstrip(" .!?\n") + " unavailable. "
        if _other_days(busy, answer, today) or (_goes_on(busy, answer, today) and not so):
            # The full stop ends the busy part's clause: "so Wednesday" offers on its own.
            kept = busy.rstrip(" .!?\n")
            sentence = kept + " unavailable. " + sentence[len(kept) :].lstrip(" .!?")
        out.append(sentence)
    return "".join(out)


def _busy_parts(body: str, today: date) -> str:
    """The request with each busy part of a day ("I'm at the client in the morning") refused.

    "Wednesday. That day I'm at the client in the morning, so afternoon": the part said
    busy is never offered, whatever follows. The statement becomes a clause of its own, so
    the days offered before it in its sentence ("Wednesday or Thursday, I'm teaching
    Thursday morning") stay offered.
    """
    out, at = [], 0
    for m in sorted([*_DOING.finditer(body), *_BUSY_STATE.finditer(body)], key=lambda m: m.start()):
        if m.start() < at or _NOT_BUSY.match(body, m.end()):
            continue
        stop = _CLAUSE_END.search(body, m.end())
        end = stop.start() if stop else len(body)
        specs = request_specs(body[m.start() : end], today)
        if not any(s.has_time and not s.times for s in specs) or "unavailable" in body[m.end() :]:
            continue  # no part of a day ("I'm teaching all Tuesday"): busy_refused weighs it
        before = body[at : m.start()].rstrip(" ,")
        cut = "; " if before.strip() and before[-1] not in ".!?;\n" else " "
        # The ";" after it ends the refusal before "so afternoon" offers again.
        out += [before, cut, body[m.start() : end], " unavailable;"]
        at = end
    return "".join(out) + body[at:] if out else body


def _other_days(busy: str, answer: str, today: date) -> bool:
    """Whether the answer offers days, none of them a busy day (or a busy part of it)."""
    if not answer.strip() or _GOES_ON.search(answer) or is_negative(answer):
        return False
    busy_specs = [s for s in request_specs(busy, today) if s.has_day and not s.broad]
    said = {d for s in busy_specs for d in _days(s)}
    offered = {
        d for s in request_specs(answer, today) if s.has_day and not s.broad for d in _days(s)
    }
    # "I'm teaching Tuesday morning so Tuesday afternoon": only the morning is refused.
    timed = all(s.has_time for s in busy_specs)
    return bool(said) and bool(offered) and (timed or not said & offered)


def _goes_on(busy: str, answer: str, today: date) -> bool:
    """ "Tuesday I'm in workshops. Wednesday too.": the answer adds days to the busy ones."""
    return bool(
        _GOES_ON.search(answer)
        and any(s.has_day for s in request_specs(busy, today))
        and any(s.has_day for s in request_specs(answer, today))
    )


def _days(spec) -> set[int]:
    """The weekdays a spec names."""
    return {d.weekday() for d in spec.dates or ()} | set(spec.weekdays or ())
