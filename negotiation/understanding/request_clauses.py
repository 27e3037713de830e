"""The clauses of a request's timing and which of them refuse: "not Monday", 上午不行.

A request's text is cut into clauses at sentence ends, "but" and "so"; a clause whose
every refusal is a part of its own ("next week, not Monday") is cut into those parts.
find_windows reads each clause's days as offered or refused by these rules.
"""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_stance import NEGATION
from negotiation.understanding.request_described import described
from negotiation.understanding.request_weeks import request_specs

_NEGATION = compile_all(NEGATION)


EXCEPT = re.compile(
    r"(?:\bexcept(?:\s+for)?|\bbut(?:\s+not)?|\bother\s+than|\bapart\s+from|\bnot|除了|除|不要"
    r"|\bavoid(?:ing)?|\bexcluding|\bskip(?:ping)?|\binstead\s+of|\brather\s+than|\bin\s+place\s+of)"
    r"\s*(?:on\s+|the\s+)?$",
    re.I,
)
# 除了周一周五: a list of days may go on with no word between them.
LIST = re.compile(r"^\s*(?:,|/|or|and|&|和|或|、)?\s*$", re.I)
# 能不能, 可不可以: a question ("can or cannot"), not a refusal.
_A_NOT_A = re.compile(r"能不能|可不可以|行不行|是不是|有没有|要不要|方不方便")
# "not too early (after 10 is fine)": a bracket says its own thing. "The week after next
# works better as this week and next are out": the reason is a part of its own too.
_SEGMENT = re.compile(
    r",|，|\s[-–—]\s|\s\(|:\s|\s(?=(?:as|since|because|cos)\s+(?:this|next|I|we|my|our)\b)",
    re.I,
)
# A part that is its own exception: "not Monday", "no mornings", "not before 2pm", 上午不行.
_SELF_NEGATED = re.compile(
    r"^\s*(?:(?:and|but|or)\s+)?(?:(?:not|no|never|nothing|none|neither)\b|除了|不要)|(?:不行|不可以|不方便|没空|不太方便)\s*$"
    r"|^\s*(?:I'?m|I\s+am|I'?ll\s+be|I\s+will\s+be|we'?re)\s+(?:out|away|off|busy|booked)\b",
    re.I,
)
# A part that says its days are free: "any other day this week is fine", 周四下午可以.
_OFFERS = re.compile(
    r"\b(?:is|are)\s+(?:fine|ok|okay|good|great|free|possible)\b|\b(?:works?|suits?)\b"
    r"|都行|可以|没问题"
    # "this week is impossible, next week then", "let's do the week of the 23rd".
    r"|\blet[’']?s\b|\binstead\b|\bthen\s*[.!?]*\s*$|\b(?:how|what)\s+about\b"
    # "this week and next are out, ideally Tuesday": a wish is an offer.
    r"|\b(?:ideally|preferably)\b"
    # 这周不行，下周吧: a suggestion. ("please" is not: "no meetings Monday, Tuesday or
    # Wednesday please" refuses all three; see _other_week.)
    r"|吧",
    re.I,
)
# The same, said right after a day: "Friday afternoon works". Not 都行: 除了周一周五都行 is
# "all but Monday and Friday".
OFFERS_AFTER = re.compile(
    r"\s*(?:(?:is|are)\s+(?:fine|ok|okay|good|great|free|possible)|works?|suits?)\b", re.I
)
# "migration go/no-go", "not a joke": words of negation that refuse no time.
# "or the 24th if that doesn't work", "If not, Friday": a fallback, not a refusal.
_NOT_REFUSING = re.compile(
    r"(?<!\ba\s)(?<![’']s\s)(?<!\bis\s)\bno[- ]go\b|\bno\s+(?:rush|worries)\b|\bnot\s+a\s+joke\b"
    r"|\bif\s+(?:that|this|it|[A-Z]\w+)\s+(?:doesn'?t|does\s+not|won'?t|can'?t)\s+work\b"
    r"|\bif\s+not\b"
    # "shouldn't take more than half an hour", 时间不用太长: about the length, not a day.
    r"|\bshould(?:n'?t|\s+not)\s+take\b|\bwon'?t\s+take\b|\bnot\s+(?:take\s+)?(?:too\s+)?long\b"
    r"|不(?:用|需要|要)太?(?:长|久)"
    # 帮忙安排, 帮个忙: "help", not 忙 "busy".
    r"|帮(?:个|我个|一下)?忙"
    # "where we meet doesn't matter", "I don't mind which day": leaving it open.
    r"|\b(?:does|do)(?:n'?t|\s+not)\s+(?:really\s+)?(?:matter|mind)\b|\bno\s+preference\b"
    # "don't tell him, it's a surprise": a secret kept, no day refused.
    r"|\b(?:don'?t|do\s+not)\s+tell\b"
    # "Away day planning", "the out-of-office rules": an event or a thing, nobody away.
    r"|\baway[- ]?days?\b|\bout[- ]of[- ]office\s+(?:rules?|messages?|repl(?:y|ies)|notes?"
    r"|polic(?:y|ies)|settings?|responders?|emails?|templates?)\b",
    re.I,
)
# "he can't do Zoom", "no Teams please": a part that refuses a way of meeting and names no
# day or time refuses no day of the request ("Monday 9 March - he can't do Zoom").
_CALL_APP = re.compile(
    r"\b(?:zoom|teams|google\s+meet|meet|webex|skype|whatsapp|slack|hangouts?|video|phone)\b",
    re.I,
)


# "nothing after 4pm", "none before 10": refusals the reply lexicon has no need of.
# "Bob is off 4-6 March", "I'm OOO", "this week's too packed", "keep Friday free", "leave
# Monday clear": a day said of someone being away, or kept out of the meeting, is refused.
_NOTHING = re.compile(
    r"\b(?:nothing|none)\b|\bOOO\b|\bout\s+of\s+(?:the\s+)?office\b"
    # "this week and next are both out": a word between the two refuses as well.
    r"|\b(?:is|are|am|be|[’']s|[’']re|[’']m)\s+(?:(?:both|all|totally|completely)\s+)?"
    r"(?:off|out|unavailable|not\s+around)\b(?!\s+to\b)"
    r"|\btoo\s+(?:packed|busy|full|hectic|crazy|tight|much)\b|\b(?:slammed|swamped|booked\s+up)\b"
    r"|\b(?:keep|leave)\s+(?:\w+\s+){1,3}?(?:free|clear|open|empty)\b(?!\s+for\b)"
    # "i cant do mornings", "Tuesday's a no-go", "next week's a write-off".
    r"|\b(?:cant|wont|dont|couldnt|isnt|doesnt)\b|\bno[- ]go\b|\bwrite[- ]?off\b"
    # 我下周二、周三都在 Munich: "I am (all) at/in" a place on those days.
    r"|我.{0,12}都(?:在|不在)",
    re.I,
)


def is_negative(text: str) -> bool:
    text = _NOT_REFUSING.sub(" ", _A_NOT_A.sub("", text))
    return bool(_NEGATION.search(text) or _NOTHING.search(text))


# "(Erin optional if she's still travelling)", "(packed)": an aside in brackets.
_ASIDE = re.compile(r"\([^()\n]*\)")


def clauses(body: str, today: date) -> list[str]:
    # An aside that names no day or time refuses none either: "Thu 5th or Fri 6th" stays
    # an offer after "(Erin optional if she's still travelling)".
    body = _ASIDE.sub(lambda m: m[0] if request_specs(m[0], today) else " " * len(m[0]), body)
    body = _away_then_so(body, today)
    # "but" starts a clause and stays in it: "any day but Mon and Fri" is an exception.
    parts = re.split(
        # "Thu 19.3. or Fri 20.3.": the dot of a dotted date ends no sentence.
        r"(?<=[.!?;])(?<!\d\.\d\.)(?<!\d\.\d\d\.)(?=\s|$)|[。！？；\n]|(?=\bbut\b)|,\s*so\b"
        r"|但是|不过|所以",
        body,
        flags=re.I,
    )
    parts = [c for p in parts if p for c in _excepted_then_part(p)]
    return [c for p in parts if p and p.strip() for c in _parts(p, today) if c.strip()]


# "any day next week but Wednesday, mornings": the part of the day after the comma is
# for the days offered, not a part of the day refused ("but Wednesday morning" is).
_EXCEPTED_THEN_PART = re.compile(
    r"\b(?:but|except(?:\s+for)?|other\s+than|apart\s+from)\s+"
    r"(?:(?:mon|tue|wed|thu|fri)[a-z]*\.?(?:\s*(?:,|or|and|&|/)\s*)?){1,3}?,\s*"
    r"(?=(?:in\s+the\s+)?(?:mornings?|afternoons?|evenings?)\b)",
    re.I,
)


def _excepted_then_part(clause: str) -> list[str]:
    """The clause cut after the days an exception refuses, when a part of the day follows."""
    m = _EXCEPTED_THEN_PART.search(clause)
    return [clause[: m.end()], clause[m.end() :]] if m else [clause]


def _parts(clause: str, today: date) -> list[str]:
    """A clause whose every negation is a part of its own ("next week, not Monday") as parts.

    Otherwise the clause stays whole and its negation holds for all of it: "I can't do
    Monday, Tuesday or Wednesday" refuses all three. So does "not Monday, Tuesday or
    Wednesday": days after a refusal go with it unless they say they are free ("not
    tomorrow - any other day this week is fine").
    """
    if not is_negative(clause):
        return [clause]
    parts = _SEGMENT.split(clause)
    asides = [
        p
        for p in parts
        if (_GUEST_STATE.match(p) or _refuses_app(p)) and not request_specs(p, today)
    ]
    if asides and not any(is_negative(p) for p in parts if p not in asides):
        # "with Will on the 9th, use his private address, he's on leave": why the address,
        # said of the guest with no day of its own; it refuses none of the days asked for.
        return [p for p in parts if p not in asides]
    if not all(
        _self_contained(part, today) or _day_then_refusal(parts[:i], part, today)
        for i, part in enumerate(parts)
        if is_negative(part)
    ):
        return [clause]
    refused = False
    weeks_refused: set[date] | None = set()  # the days of whole weeks refused so far
    closed = True  # whether each refusal of weeks said its weeks first, then the refusal
    # "Not this week — next, and Wednesday onwards": a dash turns from the week refused
    # to the one offered, where a comma may go on with the list.
    # Only "next week" itself: "not this week — the week after" counts from which week?
    dashed = {
        i + 1
        for i, m in enumerate(_SEGMENT.finditer(clause))
        if m[0].strip() in "-–—" and _NEXT_WEEK.match(clause, m.end())
    }
    for i, part in enumerate(parts):
        said = request_specs(part, today)
        if is_negative(part):
            refused = refused or bool(said)
            if weeks_refused is not None and said and all(s.broad for s in said):
                weeks_refused |= {d for s in said for d in s.dates or ()}
                closed = closed and _refused_after(part, said[-1].end)
            elif said:
                weeks_refused = None
        elif refused and i in dashed and said and _other_week(said, weeks_refused, part):
            refused = False  # "not this week — next week, Wednesday on": the days offered
        elif refused and _all_described(part, said) and not _GOES_ON.search(part):
            # "the 5th and 6th are out, and today's hopeless": the list of refusals goes on
            # (find_windows reads the part as refused too).
            weeks_refused = None
        elif (
            refused
            and any(spec.has_day for spec in said)
            and not _OFFERS.search(part)
            and not (
                (closed or _PLEASE.search(part) or i in dashed)
                and _other_week(said, weeks_refused, part)
            )
        ):
            # "not Monday, Tuesday or Wednesday", "not Monday, and Tuesday is also out":
            # days after a refusal that do not say they are free may be refused too (a
            # part of the day, "not Monday, afternoons only", is no such day).
            return [clause]
    return parts


def _all_described(part: str, said: list) -> bool:
    """Whether every day the part names is only described ("today's hopeless")."""
    days = [i for i, spec in enumerate(said) if spec.has_day]
    return bool(days) and set(days) <= described(part, said)


_NEXT_WEEK = re.compile(r"\s*(?:and\s+)?next\s+week\b(?!\s+(?:or|and|nor)\b)", re.I)
# "neither this week nor next, the week after next please": another week asked for.
_PLEASE = re.compile(r"\b(?:please|pls)\b", re.I)
# "this week's out, next week too", 下周也不行: the list of refusals goes on.
_GOES_ON = re.compile(r"\b(?:too|also|as\s+well|either|same|likewise|ditto)\b|也|都", re.I)


def _refused_after(part: str, end: int) -> bool:
    """ "this week and next are out", 这周和下周都不行: the weeks first, then the refusal
    (not "not this week, next week or the one after", a list that may go on)."""
    text = _NOT_REFUSING.sub(" ", _A_NOT_A.sub("", part))
    cue = _NEGATION.search(text, end) or _NOTHING.search(text, end)
    first = _NEGATION.search(text) or _NOTHING.search(text)
    return bool(cue) and bool(first) and first.start() >= end


def _other_week(said: list, weeks_refused: set[date] | None, part: str) -> bool:
    """ "This week and next are out, the week after next any afternoon": after weeks refused,
    a part that opens with another week offers it; a day ("this week's out, Monday") or a
    word that goes on with the list ("next week too") may still be refused."""
    return bool(
        weeks_refused
        and said[0].broad
        and said[0].dates
        and not set(said[0].dates) & weeks_refused
        and not _GOES_ON.search(part)
    )


# A guest's state in a part of its own: "he's on leave", "she is away". Not "he's out then",
# "she's busy that day": those point back at the days named.
_GUEST_STATE = re.compile(
    r"^\s*(?:and\s+)?(?:he|she|they)(?:['’]s|['’]re|\s+is|\s+are)\s+"
    r"(?!.*\b(?:then|that\s+day|those\s+days|either|both|all\s+(?:day|week))\b)",
    re.I,
)


def _refuses_app(part: str) -> bool:
    """ "he can't do Zoom", "not on Teams": a refusal whose object is a call app; not "can't
    do it then" or "not that day", which point back at the days named."""
    text = _NOT_REFUSING.sub(" ", part)
    cue = _NEGATION.search(text) or _NOTHING.search(text)
    return bool(
        cue
        and _CALL_APP.search(part, cue.start())
        and not re.search(r"\b(?:then|that\s+day|those\s+days|either)\b", part, re.I)
    )


def _self_contained(part: str, today: date) -> bool:
    """A refusal whose object is in its own part: "no Mondays", "nothing after 4pm",
    "it's a 30 min drive so not before 10"; not "I can't" after the days it refuses."""
    if _SELF_NEGATED.search(part):
        return True
    text = _NOT_REFUSING.sub(" ", _A_NOT_A.sub("", part))
    cue = _NEGATION.search(text) or _NOTHING.search(text)
    return bool(cue) and any(s.start >= cue.start() for s in request_specs(part, today))


# "this week is impossible", "this week's too packed", "Monday's out": the day the part
# opens with, then what is wrong with it.
# "... as this week and next are out", "both this week and next are out": a reason or
# "both" before the day.
_OPENS = re.compile(
    r"^\s*(?:(?:and|but|sorry|unfortunately|as|since|because|cos|both|though|although"
    r"|however)\b\s*)*$",
    re.I,
)
_IS = re.compile(r"^\s*(?:[’']s|is|are|would\s+be|will\s+be|looks?|seems?)\b", re.I)
_SEPARATORS = re.compile(r"[\s,/&]+|\b(?:and|or)\b", re.I)


def _day_then_refusal(before: list[str], part: str, today: date) -> bool:
    """A part that opens with its one day and says what is wrong with it; not the end of a
    list of days ("Monday, Tuesday are out"), whose earlier days it refuses too."""
    specs = request_specs(part, today)
    if not specs or not _OPENS.match(part[: specs[0].start]):
        return False
    # "though Monday and Tuesday are out": a list of days, then what is wrong with them all.
    between = [part[a.end : b.start] for a, b in zip(specs, specs[1:], strict=False)]
    if any(_SEPARATORS.sub("", gap).strip() for gap in between):
        return False
    if not _IS.match(part[specs[-1].end :]):
        return False
    if before:
        previous = before[-1]
        blank = previous
        for spec in request_specs(previous, today):
            blank = blank[: spec.start] + " " * (spec.end - spec.start) + blank[spec.end :]
        if blank != previous and not _SEPARATORS.sub("", blank).strip():
            return False
    return True


# "Carol is in Shanghai Tue–Thu next week, so it's Monday or Friday": where someone is on
# the days before "so", when other days follow, is why those days are out. Near miss: "I'm
# in Berlin next week, so lunch with Carol" names no other day, and offers the week.
_AT_PLACE = re.compile(
    r"\b(?:is|are|am|[’']s|[’']re|[’']m|will\s+be|[’']ll\s+be)\s+(?:in|at|on)\s+\S", re.I
)
_SO = re.compile(r",\s*so\b", re.I)


def _away_then_so(body: str, today: date) -> str:
    for m in reversed(list(_SO.finditer(body))):
        start = max(body.rfind(end, 0, m.start()) for end in (".", "!", "?", "\n", "。")) + 1
        stop = min(
            [i for i in (body.find(end, m.end()) for end in ".!?\n。") if i >= 0] or [len(body)]
        )
        before, after = body[start : m.start()], body[m.end() : stop]
        said = {d for s in request_specs(before, today) if not s.broad for d in _days_of(s)}
        offered = {d for s in request_specs(after, today) if not s.broad for d in _days_of(s)}
        if _AT_PLACE.search(before) and said and offered and not said & offered:
            body = body[: m.start()] + " unavailable" + body[m.start() :]
    return body


def _days_of(spec) -> set[int]:
    """The weekdays a spec names (a week said on its own names none here)."""
    return {d.weekday() for d in spec.dates or ()} | set(spec.weekdays or ())
