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
# "so Wednesday please", "... all Tuesday, so Wednesday": the other days said after "so".
_SO = re.compile(r"\s*;\s*|(?:,|\s[-–—])?\s+so\b(?!\s+(?:far|much|many|long|that)\b)", re.I)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
# "Wednesday too", "and Thursday.": the list of busy days goes on.
_GOES_ON = re.compile(
    r"\b(?:too|also|as\s+well|either|same|likewise)\b|^\W*(?:and|or|plus|&)\b", re.I
)


def busy_refused(body: str, today: date) -> str:
    """The request with each busy part followed by other days marked unavailable."""
    cuts = [0, *(m.end() for m in _SENTENCES.finditer(body)), len(body)]
    sentences = [body[a:b] for a, b in zip(cuts, cuts[1:], strict=False)]
    out = []
    for i, sentence in enumerate(sentences):
        so = _SO.search(sentence)
        busy, answer = (sentence[: so.start()], sentence[so.end() :]) if so else (sentence, "")
        if not answer.strip():
            # "Wednesday with Carol. I'll be interviewing all Tuesday.": the reason may come last.
            answer = sentences[i + 1] if i + 1 < len(sentences) else "".join(sentences[:i])
        if not _DOING.search(busy):
            out.append(sentence)
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
