"""Days a request names that are not meeting days, and "before Friday".

"the slides for Thursday", "the press release has to go out tomorrow", "before the Friday
deadline", "the report due Monday": the day belongs to something else and is never
offered. "before Friday", "by Friday", 周五之前 asks for the days of this week before
Friday (from today), not Friday itself; a deadline the rules cannot place is a problem,
so the hub asks.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta

from negotiation.understanding.rules_dates_spec import TimeSpec, week_monday

# Words that make the day after them the day of a thing: "due Monday", "go out tomorrow".
_OBJECT_BEFORE = re.compile(
    r"(?:\bdue(?:\s+(?:on|by|for))?|\bdeadline(?:\s+(?:is|on|of))?|\bgo(?:es|ing)?\s+(?:out|live)"
    r"|\bship(?:s|ping|ped)?|\blaunch(?:es|ing|ed)?|\bpublish(?:es|ed|ing)?|\bsubmit(?:s|ted)?"
    r"|\bsent\s+out|\bdeliver(?:ed|s)?|\b(?:slides|deck|report|presentation|draft|numbers"
    r"|figures|proposal|pitch|paper|memo|notes|materials?|handout)\s+for(?:\s+the)?"
    r"|\b(?:done|finished|ready|signed(?:\s+off)?|approved|final(?:ised|ized)?|completed?"
    r"|out|submitted|delivered|sent|in)\s+(?:by|before)(?:\s+the)?|\bready\s+for(?:\s+the)?"
    # "the notes from Friday's call", "our Slack thread on Friday": when something pasted
    # was said, not a day asked for. Near miss: "a call on Friday" is the meeting.
    r"|\b(?:notes|minutes|recap|summary|transcript)\s+(?:from|of)(?:\s+(?:the|our|last))?"
    # "the API deprecation chat on Friday at 11" is the meeting: a chat "on" a day is one
    # said earlier only when it is ours, or where it was had ("our chat", "the Slack chat").
    r"|\b(?:thread|exchange)\s+(?:on|from)(?:\s+(?:the|last))?"
    r"|\b(?:chat|conversation|discussion)\s+from(?:\s+(?:the|last))?"
    r"|\b(?:our|my|your|their|slack|teams|whatsapp|wechat|e-?mail|group|last)\s+"
    r"(?:chat|conversation|discussion)\s+on(?:\s+(?:the|last))?)\s+$",
    re.I,
)
# "the Friday deadline", "Monday's launch", "the Thursday board meeting".
_OBJECT_AFTER = re.compile(
    r"^(?:['’]s)?\s+(?:deadline|launch|release|cut-?off|board\s+meeting|all-hands|offsite"
    r"|go-?live|submission|due\s+date|event|conference|flight|slides|deck|report|presentation"
    r"|demo|pitch|workshop)\b",
    re.I,
)
# "ahead of the Thursday review", "prep for Friday's meeting": the day of another meeting.
_OTHER_MEETING = re.compile(
    r"(?:\bahead\s+of|\bbefore|\bafter|\bprep(?:are)?\s+for|\bprep|\bfor)\s+(?:the|our|this)?\s*$",
    re.I,
)
_MEETING_AFTER = re.compile(
    r"^(?:['’]s)?\s+(?:meeting|call|review|sync|session|stand-?up|catch-?up|check-?in|kick-?off"
    r"|retro|interview)\b",
    re.I,
)
# "The all-hands itself is 3 hours on Friday (so the prep has to be on Thursday)": the day
# of the event the meeting is set apart from. Not "the prep has to be on Thursday".
_EVENT_ITSELF = re.compile(
    r"\b(?:the|our|their|his|her|its)\s+[\w'-]+(?:\s+[\w'-]+){0,2}\s+itself\s+"
    r"(?:is|was|will\s+be|happens|takes\s+place|runs|starts|['’]s)\b[^.;!?]*$",
    re.I,
)
# "the all-hands is on Friday", "the conference is next Tuesday": an event that is never the
# meeting asked for (a demo or a workshop may be; those stay).
_EVENT_IS = re.compile(
    r"\bthe\s+(?:all-hands|conference|launch|board\s+meeting|offsite|trade\s+(?:fair|show)"
    r"|summit|town\s+hall|release|go-?live|flight|trip|party|wedding|webinar|deadline|event)"
    r"\s+(?:is|was|will\s+be|happens|takes\s+place|['’]s)\s+(?:(?:on|this|next|at|in)\s+)*$",
    re.I,
)
# The words about that event up to the next comma: "The all-hands itself is 3 hours".
_EVENT_ITSELF_SAID = re.compile(
    r"\b(?:the|our|their|his|her|its)\s+[\w'-]+(?:\s+[\w'-]+){0,2}\s+itself\s+"
    r"(?:is|was|will\s+be|runs|lasts|takes)\b[^.;!?\n,]*",
    re.I,
)


def without_other_events(body: str) -> str:
    """ "The all-hands itself is 3 hours": the length of another event is not the meeting's."""
    return _EVENT_ITSELF_SAID.sub(lambda m: " " * len(m[0]), body)


# "a chat about Monday's outage", "re Friday's event": the day owns what the meeting is
# about. Near miss: "about Friday - Friday's fine" (is, then how the day suits).
_TOPIC_LEAD = re.compile(r"\b(?:about|regarding|re:?|discuss|review|debrief)\s+$", re.I)
_OWNED = re.compile(
    r"^['’]s\s+(?!(?:fine|good|better|best|ok|okay|free|out|bad|tricky|busy|impossible|open"
    r"|no|not|also|too|great|perfect|easier|easiest|hard|full|booked|taken|gone|clear)\b)[a-z]",
    re.I,
)


UNPLACED = "a deadline the rules cannot place"
_BEFORE_DAY = re.compile(r"\b(?:before|by|prior\s+to|ahead\s+of)\s+$", re.I)
# "not before Wednesday", "any day except before Thursday", "no earlier than": the other
# side of the deadline, or a refusal of it; with a week named too ("next week, before
# Wednesday") the deadline's week is unclear. The hub asks.
_NOT_BEFORE = re.compile(
    r"(?:\bnot|n't|\bno|\bexcept|\bbut|\bother\s+than|\bapart\s+from|\bnever)\s+(?:\w+\s+)?$", re.I
)
_BEFORE_DAY_ZH = re.compile(r"^\s*(?:之前|以前|前)")


def _object(clause: str, spec: TimeSpec) -> bool:
    before, after = clause[: spec.start], clause[spec.end :]
    return bool(
        _OBJECT_BEFORE.search(before)
        or _OBJECT_AFTER.match(after)
        or (_OTHER_MEETING.search(before) and _MEETING_AFTER.match(after))
        or _EVENT_ITSELF.search(before)
        or _EVENT_IS.search(before)
        or (_TOPIC_LEAD.search(before) and _OWNED.match(after))
    )


def _days_before(spec: TimeSpec, today: date, said: str) -> TimeSpec:
    """ "before Friday": this week's working days from today up to the day before."""
    # "before Thursday, afternoons only" holds for those days; "before Friday noon" is
    # a deadline in the day, which the rules do not place.
    part_of_every_day = spec.times is None and "," in said
    if (spec.has_time and not part_of_every_day) or spec.qualifier is not None:
        return replace(spec, problem=UNPLACED)
    monday = week_monday(today)
    if spec.weekdays is not None and spec.dates is None and len(spec.weekdays) == 1:
        (weekday,) = spec.weekdays
        limit = monday + timedelta(days=weekday)
    elif spec.dates is not None and len(spec.dates) == 1:
        (limit,) = spec.dates
    else:
        return replace(spec, problem=UNPLACED)
    if not monday <= limit < monday + timedelta(days=7):
        return replace(spec, problem=UNPLACED)
    days = frozenset(
        today + timedelta(days=i)
        for i in range((limit - today).days)
        if (today + timedelta(days=i)).weekday() < 5
    )
    if not days:
        return replace(spec, problem=UNPLACED)
    return replace(spec, dates=days, weekdays=None, broad=True)


def meeting_days(clause: str, specs: list[TimeSpec], today: date) -> list[TimeSpec]:
    """The specs without days of other things, and "before Friday" as the days before it."""
    out: list[TimeSpec] = []
    deadline = False
    limits: dict[int, date] = {}  # out's index of a deadline the rules cannot place: its day
    for spec in specs:
        if (
            deadline
            and spec.broad
            and re.fullmatch(r"\s*(?:of\s+|in\s+)?", clause[out[-1].end : spec.start])
        ):
            # "before Friday next week": the week goes with the deadline, which the rules
            # do not place; the hub asks.
            out[-1] = replace(out[-1], problem=UNPLACED)
            deadline = False
            continue
        deadline = False
        if not spec.has_day or spec.broad or spec.problem:
            out.append(spec)
            continue
        if _object(clause, spec):
            continue
        zh_before = _BEFORE_DAY_ZH.match(clause[spec.end :])
        before = _BEFORE_DAY.search(clause[: spec.start])
        if before or zh_before:
            said = spec
            spec = _days_before(spec, today, clause[spec.start : spec.end])
            if (before and _NOT_BEFORE.search(clause[: before.start()])) or any(
                s.broad for s in specs
            ):
                spec = replace(spec, problem=UNPLACED)
            elif spec.problem and said.dates and len(said.dates) == 1 and not said.has_time:
                limits[len(out)] = next(iter(said.dates))
            deadline = True
            if zh_before:
                spec = replace(spec, end=spec.end + zh_before.end())
        out.append(spec)
    return _picked_before(out, limits)


def _picked_before(specs: list[TimeSpec], limits: dict[int, date]) -> list[TimeSpec]:
    """ "before the 31st - let's say Monday the 30th": days named beside a far deadline,
    all before it, are the meeting's days; the deadline only bounds them. Otherwise the
    deadline stays a problem and the hub asks."""
    picked = [
        d
        for i, s in enumerate(specs)
        if i not in limits and s.has_day and not s.problem and not s.broad
        for d in s.dates or ()
    ]
    if not limits or not picked or any(s.dates is None and s.has_day for s in specs):
        return specs
    if any(d >= limit for limit in limits.values() for d in picked):
        return specs
    return [s for i, s in enumerate(specs) if i not in limits]
