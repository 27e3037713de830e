"""What the rules read from a reply's clauses, and how it becomes one Answer.

The clauses of a reply add to one Reading; reading_finish then settles "all" and
"none", exceptions, a decline that explains a "none", times tied to places ("A1, C2"),
and refuses anything that contradicts itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_dates_spec import TimeSpec
from negotiation.understanding.rules_part_day import other_days_loose
from negotiation.understanding.rules_places import SEVERAL_IN_PERSON, is_online
from negotiation.understanding.types import (
    ITEMS,
    Answer,
    Item,
    MeetingView,
    ProposedOption,
    Unclear,
)


@dataclass
class Reading:
    """What the rules read so far; turned into an Answer at the end."""

    accepted: dict[Item, set[str]] = field(
        default_factory=lambda: {"time": set(), "location": set()}
    )
    rejected: dict[Item, set[str]] = field(
        default_factory=lambda: {"time": set(), "location": set()}
    )
    declined: bool = False
    all_unscoped: bool = False
    none_unscoped: bool = False
    none_of_attending: bool = False  # "can't make any of them": said of the times
    proposals: list[ProposedOption] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    label_only: bool = True
    used_values: bool = False
    pairs: set[tuple[str, str]] = field(default_factory=set)  # "A1": (time, place) together
    also: list[tuple[Item, set[str]]] = field(default_factory=list)  # "Zoom works too"
    # Times accepted through a part of the day or a week alone ("in the morning") and
    # through anything else (a day, a label): together they may be one narrowed choice.
    loose_times: set[str] = field(default_factory=set)
    firm_times: set[str] = field(default_factory=set)
    # The same said yes or no: "A doesn't work, afternoon is fine" (rules_part_day).
    loose_said: set[str] = field(default_factory=set)
    firm_said: set[str] = field(default_factory=set)
    # Times named by a bare ordinal ("the first one") and whether a time or a place was
    # named otherwise: a bare ordinal is a time only beside a place answered apart.
    guessed_times: set[str] = field(default_factory=set)
    dated_ordinal: bool = False  # a bare "the third" that may be the 3rd of the month
    named_times: bool = False
    named_places: bool = False
    # A bare ordinal only the times can hold ("the third" of three times, two places).
    ordinal_times: bool = False
    ordinal_places: bool = False
    # Clauses that say why not ("I'm travelling that week"): dropped beside a decline
    # or a no to every time, asked about beside anything else.
    reasons: list[str] = field(default_factory=list)
    # Reasons that name times ("I have the 9am standup"): dropped when those are refused.
    named_reasons: list[tuple[set[str], str]] = field(default_factory=list)
    fresh_reason: set[str] = field(default_factory=set)  # times the clause just before named
    # Times said yes to by their day alone ("Wednesday is good") and no to by their clock
    # ("but 14:00 clashes"): beside a new time that day, the no is to the option.
    day_yes: set[str] = field(default_factory=set)
    clock_no: set[str] = field(default_factory=set)
    reason_places: bool = False  # a reason naming times says where ("I'm in Seattle Tuesday")
    # A new day proposed with no clock yet ("Thursday instead? 10am would be ideal").
    open_day: TimeSpec | None = None
    last_verdict: bool | None = None  # the last clause naming options: yes (True) or no
    last_no: set[Item] = field(default_factory=set)  # the kinds the last no named
    sentence_proposals: int = 0  # proposals read before the current sentence
    unjudged: set[str] = field(
        default_factory=set
    )  # times restated in the writer's zone, no verdict yet
    # Words with no option, verdict, hedge or question ("Bob has the numbers anyway"):
    # dropped beside a decline alone, asked about beside anything else.
    beside_decline: list[str] = field(default_factory=list)
    in_person_open: bool = False  # a yes to "in person" with several such places offered
    # Items given an "all" of their own ("either place"): beside an unscoped "all" ("all
    # of them work. either place") they restate nothing, so the "all" holds for both.
    scoped_all: set[Item] = field(default_factory=set)
    all_first: bool = False
    rest_refused: bool = False  # "其他时间都不行": settled once the whole reply is read
    dated_reason: bool = False  # a reason naming a day that is no option ("... on Tuesday")
    replaced_places: set[str] = field(default_factory=set)  # "Teams instead of Zoom"

    def mentioned(self) -> set[Item]:
        return {i for i in ITEMS if self.accepted[i] or self.rejected[i]} | {
            p.item for p in self.proposals
        }

    def empty(self) -> bool:
        return not (
            self.mentioned()
            or self.declined
            or self.all_unscoped
            or self.none_unscoped
            or self.questions
        )


def reading_finish(
    reading: Reading, view: MeetingView, *, confidence: float | None
) -> Answer | Unclear:
    """Turn what the clauses read into an Answer, or Unclear when the parts disagree."""
    for item, ids in reading.also:
        if not reading.accepted[item] - ids:
            # "Tencent也行", "Zoom works too": also next to what? Nothing else in the reply.
            reading.problems.append("'also' next to the only option of its kind")
    if reading.loose_times and reading.firm_times:
        # "Thursday. In the morning.": a qualifier narrows, never adds; which it narrows
        # is asked about.
        reading.problems.append("a part of the day or a week apart from the day it may narrow")
    if other_days_loose(reading.loose_said, reading.firm_said, view):
        reading.problems.append("a part of the day beside a day it may belong to")
    if reading.unjudged:
        reading.problems.append("an option restated with no verdict")
    if reading.open_day is not None:
        reading.problems.append("a day or time that is not an option and not exact")
    # A bare ordinal ("the first one", 第一个) ranks the times, the list the invitation
    # gives first and asks about (owner's decision); a time named otherwise ("A, and the
    # first one") or a place ranked beside it leaves it to the places as likely, asked about.
    # "the third" alone may be the 3rd of the month; beside "the first two" it is a rank.
    beside = reading.named_places or reading.ordinal_times
    dated = reading.dated_ordinal and not beside
    if reading.guessed_times and (reading.named_times or reading.ordinal_places or dated):
        reading.problems.append("an ordinal that could be a time or a place")
    if reading.beside_decline and not (reading.declined and _says_no_to_all(reading, view)):
        reading.problems.append("words the rules cannot place: " + reading.beside_decline[0])
    counter = _counter_proposal(reading)
    for named, words in reading.named_reasons:
        if counter and not named & reading.accepted["time"]:
            # "I'm at a conference Tuesday. How about Friday 3pm?": a new time beside why
            # an option's day or time is out refuses that option; the options the reason
            # does not name stay unjudged (owner's decision, as for a change of mind).
            reading.rejected["time"] |= named
            continue
        # "None work, I'm at a conference Mon-Wed. Thursday 10am?": the no to every time
        # refuses what the reason names, as a no to each would.
        if not (
            named <= reading.rejected["time"]
            or _says_no_to_all(reading, view)
            or (_no_to_all_then_times(reading, view) and _only_away(words))
        ):
            reading.problems.append("words the rules cannot place: " + words)
    if reading.reasons and not (
        _says_no_to_all(reading, view)
        or _no_to_all_then_times(reading, view)
        or _why_the_new_time(reading)
    ):
        reading.problems.append("words the rules cannot place: " + reading.reasons[0])
    if not reading.replaced_places <= reading.rejected["location"]:
        # "Teams instead of Zoom?" with no word against Zoom: a no, or only less good?
        reading.problems.append("an option replaced by another")
    if reading.in_person_open and not _online_refused(reading, view):
        reading.problems.append(SEVERAL_IN_PERSON)
    if reading.problems:
        return Unclear("; ".join(dict.fromkeys(reading.problems)), "rules")
    times, places = {t for t, _ in reading.pairs}, {p for _, p in reading.pairs}
    if len(reading.pairs) != len(times) * len(places):
        # "A1, C2": A only at 1 and C only at 2; a tally of times and places apart
        # would also count C at 1, which was not said.
        return Unclear("times tied to different places", "rules")
    for item in ITEMS:  # "all except B": fill in the remaining ids
        excluded = {x[1:] for x in reading.accepted[item] if x.startswith("!")}
        if excluded:
            reading.accepted[item] = {x for x in reading.accepted[item] if not x.startswith("!")}
            reading.accepted[item] |= set(view.ids(item)) - excluded
    positive = any(reading.accepted[i] for i in ITEMS) or reading.proposals
    if reading.all_unscoped and reading.mentioned():
        # "A, B, C - all fine. 2": the "all" restates a list that names every option of
        # an item; anything else next to an "all" is asked about.
        restated = any(reading.accepted[i] == set(view.ids(i)) for i in reading.mentioned())
        if not restated or any(reading.rejected[i] for i in ITEMS):
            return Unclear("'any' next to specific options", "rules")
        if not reading.all_first or reading.proposals or reading.mentioned() - reading.scoped_all:
            reading.all_unscoped = False
    if reading.all_unscoped:
        if reading.none_unscoped or reading.declined:
            return Unclear("'any' next to specific options", "rules")
        for item in ITEMS:
            reading.accepted[item] = set(view.ids(item))
    if reading.declined and not positive:
        # "None of these work, go ahead without me": the decline says it all.
        reading.none_unscoped = False
        reading.rejected = {"time": set(), "location": set()}
    if reading.none_unscoped:
        if any(reading.accepted[i] for i in ITEMS):
            return Unclear("'none' next to accepted options", "rules")
        # "None of these work" is about the times unless it proposes a place instead.
        items = {p.item for p in reading.proposals} or {"time"}
        if items == {"location"} and reading.none_of_attending:
            # "Can't make any of them. Zoom": "make" speaks of the times, the place
            # proposed of the places; is it a no to every time, or a different place?
            return Unclear("'none' of the times beside a place proposed", "rules")
        for item in items:
            reading.rejected[item] |= set(view.ids(item))
    if reading.declined and positive:
        return Unclear("a decline next to accepted or proposed options", "rules")
    _day_yes_clock_no(reading, view)
    for item in ITEMS:
        if reading.accepted[item] & reading.rejected[item]:
            return Unclear("the same option accepted and rejected", "rules")
    question = " ".join(reading.questions) or None
    if not (reading.mentioned() or reading.declined or question):
        return Unclear("no option, decline or proposal found", "rules")
    if confidence is None:
        if reading.label_only and not reading.proposals and not reading.declined and not question:
            confidence = 1.0
        elif reading.proposals:
            confidence = 0.75
        else:
            confidence = 0.8 if reading.used_values else 0.9
    return Answer(
        accepted={i: frozenset(reading.accepted[i]) for i in ITEMS if reading.accepted[i]},
        rejected={i: frozenset(reading.rejected[i]) for i in ITEMS if reading.rejected[i]},
        declined=reading.declined,
        proposals=tuple(reading.proposals),
        question=question,
        source="rules",
        confidence=confidence,
        plain_labels=confidence == 1.0,
    )


def _online_refused(reading: Reading, view: MeetingView) -> bool:
    online = {o.id for o in view.options if o.item == "location" and is_online(o)}
    return bool(online) and online <= reading.rejected["location"]


# The words a reason may leave unread and still be only an absence (away, 外地, 出差).
_AWAY_WORDS = frozenset(
    {
        "week",
        "weeks",
        "travelling",
        "traveling",
        "travel",
        "away",
        "abroad",
        "holiday",
        "holidays",
        "vacation",
        "leave",
        "trip",
        "conference",
        "offsite",
        "sick",
        # Busy rather than away: "I'm stuck in workshops Tue-Thu", "slammed Mon-Wed".
        "stuck",
        "workshop",
        "workshops",
        "meetings",
        "training",
        "course",
        "courses",
        # Away on a duty or a leave: "jury duty", "on parental leave", "on shift all week".
        "jury",
        "duty",
        "parental",
        "maternity",
        "paternity",
        "sabbatical",
        "shift",
        "shifts",
        "slammed",
        "swamped",
        "booked",
        "busy",
        "周",
        "外",
    }
)


def _day_yes_clock_no(reading: Reading, view: MeetingView) -> None:
    """ "Wednesday is good but 14:00 clashes, could we push it to 15:30?": the yes was to
    the day, the no to the option at its hour; with a new time on that day the option is
    a no. Without one ("Wednesday is good but 14:00 clashes") it is asked about."""
    both = reading.accepted["time"] & reading.rejected["time"]
    if not both or not both <= reading.day_yes & reading.clock_no:
        return
    tz = view.reader_tz
    days = {p.start.astimezone(ZoneInfo(tz)).date() for p in reading.proposals if p.start}
    starts = {o.id: o.start for o in view.options if o.item == "time" and o.start}
    if all(starts[oid].astimezone(ZoneInfo(tz)).date() in days for oid in both):
        reading.accepted["time"] -= both


def _counter_proposal(reading: Reading) -> bool:
    """A new time proposed and no time accepted, asked about, declined or put somewhere."""
    if not any(p.item == "time" for p in reading.proposals) or reading.accepted["time"]:
        return False
    if reading.questions or reading.declined or reading.all_unscoped:
        return False
    return not reading.reason_places


def _no_to_all_then_times(reading: Reading, view: MeetingView) -> bool:
    """ "None work, I'm away that week. Monday 16th at 10?": the reason explains the no.

    Only new times beside a no to every time; a place, a question, a yes or a decline
    beside the reason still has it asked about.
    """
    if not reading.proposals or any(p.item != "time" for p in reading.proposals):
        return False
    if reading.questions or reading.declined or reading.all_unscoped:
        return False
    if any(reading.accepted[i] for i in ITEMS) or reading.rejected["location"]:
        return False
    # Only an absence with no place named: "I'm in Seattle that week" may set the zone
    # the new time is said in.
    if not all(_only_away(words) for words in reading.reasons):
        return False
    return reading.none_unscoped or set(view.ids("time")) <= reading.rejected["time"]


# What fixes the writer's hours: "I have a hard stop at 10:15", "drop-off at 9".
_FIXED_HOURS = frozenset(
    {"hard", "stop", "drop", "off", "dropoff", "school", "run", "pickup", "pick", "up"}
    | {"appointment", "dentist", "doctor", "doctors", "lecture", "class", "commute"}
)


def _why_the_new_time(reading: Reading) -> bool:
    """ "Could we do 9:00 on Thursday? I have a hard stop at 10:15.": why the new time.

    Only beside new times and nothing else: no vote, question or decline it could bend.
    """
    if not reading.proposals or any(p.item != "time" for p in reading.proposals):
        return False
    if reading.questions or reading.declined or reading.all_unscoped or reading.none_unscoped:
        return False
    if reading.dated_reason or any(reading.accepted[i] or reading.rejected[i] for i in ITEMS):
        return False
    return all(not set(words.split()) - _FIXED_HOURS for words in reading.reasons)


def _only_away(words: str) -> bool:
    return not set(words.split()) - _AWAY_WORDS


def _says_no_to_all(reading: Reading, view: MeetingView) -> bool:
    if reading.proposals or reading.questions or any(reading.accepted[i] for i in ITEMS):
        return False
    if reading.all_unscoped:
        return False
    every_time = set(view.ids("time")) <= reading.rejected["time"]
    return reading.declined or reading.none_unscoped or every_time
