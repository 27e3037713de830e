"""One clause of a reply: its polarity, the options it names, and what it adds to the Reading.

A clause that names options gets a verdict (yes or no, from its own words or the clause
before it); one that names none may still decline, say "all" or "none", ask something, or
give a reason (rules_clause_bare). Whatever the rules cannot place becomes a problem, so the
reply is asked about.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_all_beside import read_all_beside
from negotiation.understanding.rules_clause_bare import BareClause, read_bare
from negotiation.understanding.rules_dates_clock import PART_PATTERN
from negotiation.understanding.rules_part_day import is_singular_part
from negotiation.understanding.rules_places import FITS_NO_OPTION, SEVERAL_IN_PERSON
from negotiation.understanding.rules_proposals import drop_replaced, read_proposals
from negotiation.understanding.rules_reading import Reading
from negotiation.understanding.rules_reasons import (
    BUSY_WITH,
    PLACE_REASON,
    why_not,
    why_not_after,
)
from negotiation.understanding.rules_refs import Refs, find_refs
from negotiation.understanding.rules_singular import open_clock_problems
from negotiation.understanding.rules_stance import (
    ALL,
    DECLINE,
    EXCEPT,
    IDIOMS,
    ITEM,
    NEGATION,
    NONE,
    OWN_POLARITY,
    PROPOSAL_CUE,
    negation_between,
    unknown_words,
    yes_between,
)
from negotiation.understanding.rules_zones import find_zone
from negotiation.understanding.types import ITEMS, MeetingView

_QUESTION_START = re.compile(
    r"^\s*(?:when|what|where|who|whom|which|why|how|will|would|is|are|can|could|should|do|does|did|shall)\b",
    re.I,
)
# Questions that ask about an option rather than choose it ("Which building is Office 3F in?").
_ASKS_ABOUT = re.compile(
    r"^\s*(?:[A-H1-9]\s*[:：]\s*)?(?:where|which|what|how|who|why|is\s+there|are\s+there"
    r"|(?:could|can|would)\s+(?:you|someone)\s+(?:remind\s+me|tell\s+me|let\s+me\s+know)"
    # "Is Cafe Luna the one on 5th Ave?": what the option is, not whether it suits.
    r"|(?:is|are)\s+(?:the\s+)?[\w' -]{1,30}?\s+(?:the|a|an)\s+(?!(?:best|better|only)\b)"
    # "Is it in person or online?", 线上还是线下？: how the meeting is, asked.
    r"|(?:is|will|does|must)\s+(?:it|this|the\s+(?:meeting|call|review))\s"
    r"|(?:can|could|may)\s+i\s+(?:join|dial\s+in|attend|participate)\b"
    # "Will the Zoom link go out beforehand?", 会议号是多少？: the option's details, asked.
    r"|(?:will|is|are|does|do)\s+(?:the\s+|a\s+)?[\w' -]{0,20}?(?:link|dial-?in|passcode|password"
    r"|meeting\s+id|address)\b"
    # "Is C in Berlin time or UTC?": which of two things the option is, asked.
    r"|(?:is|are)\s+[A-H1-9]\s+[^?？]*?\bor)\b"
    r"|^[^?？]*(?:还是|哪|什么|谁|怎么|多久|多长|多少)[^?？]*[?？]\s*$|^\s*是[^?？]*吗\s*[?？]\s*$"
    r"|^[^?？]*(?:链接|会议号|密码|地址)[^?？]*吗\s*[?？]\s*$",
    re.I,
)
# A clock in a clause: "14:00 clashes", 三点太早了; "Wednesday is good" has none.
_CLOCK = re.compile(r"\d|[点點]|\b(?:noon|midday)\b", re.I)
_IN_PLACE = re.compile(r"\b(?:in|at|to)\s+(?-i:[A-Z])", re.I)
_WH = re.compile(r"^\W*(?:what|where|which|who|whom|whose|how|why)\b", re.I)


_JOIN_ANYWAY = re.compile(
    r"\b(?:can|could|will|'ll)\s+(?:still\s+)?(?:join|dial\s+in|call\s+in|attend|make\s+it"
    r"|be\s+there)\b",
    re.I,
)
ADDITIVE = re.compile(r"\b(?:too|also|as\s+well)\b|也", re.I)


def read_clause(
    clause: str,
    sentence: str,
    view: MeetingView,
    reading: Reading,
    previous: tuple[bool, bool] | None,
    hedged: bool,
    *,
    contrast: bool = False,
) -> tuple[bool, bool]:
    """Add one clause's votes, questions and problems to the reading; return (negative, had refs)."""
    clause = drop_replaced(clause, view, reading, unknown_words)
    fresh_reason, reading.fresh_reason = reading.fresh_reason, set()
    plain = IDIOMS.sub(" ok ", clause)
    # "A-OK!" is no option A: idioms are masked (same length) before options are found.
    refs = find_refs(IDIOMS.sub(_idiom_mask, clause), view)
    if (
        PLACE_REASON.match(clause)
        and not (refs.hits or refs.unmatched or refs.places)
        # "it's right next to my office": the writer's own office, where it is, is no place.
        and all(p == FITS_NO_OPTION for p in refs.problems)
        and reading.proposals
        and reading.proposals[-1].item == "location"
    ):
        return (False, False)  # "it's right next to my office": why the place proposed suits
    reading.problems += [p for p in refs.problems if p != SEVERAL_IN_PERSON]
    reading.problems += open_clock_problems(refs.open_clocks, sentence)
    if any(spec.zone for spec in refs.unmatched) and any(i == "time" for _, i, _ in refs.hits):
        # "B would be Wednesday 9am for me" when B is 8am there: which one is meant?
        reading.problems.append("an option restated at a time it is not")
    reading.pairs |= set(refs.pairs)
    is_question = clause.rstrip().endswith("?") or (
        sentence.rstrip().endswith("?") and bool(_QUESTION_START.match(clause))
    )
    has_refs = bool(refs.hits or refs.unmatched or refs.places)
    if not refs.label_only:
        reading.label_only = False
    scoped = {item for item, pattern in ITEM.items() if pattern.search(plain)}

    if (
        has_refs
        and is_question
        and _ASKS_ABOUT.match(clause)
        and not (refs.unmatched or refs.places or PROPOSAL_CUE.search(clause))
        and not (hedged and not _WH.match(clause))  # "Is it ok if I take A?" asks to vote
    ):
        # "Where is Cafe Central exactly?": a question about an option, no vote for it;
        # a condition inside it ("What's the dial-in for Meet if I'm driving?") casts none.
        reading.questions.append(clause.strip())
        return (False, False)
    if hedged and (has_refs or ALL.search(plain) or NONE.search(plain) or DECLINE.search(plain)):
        reading.problems.append("a condition or a hedge")
        return (False, has_refs)
    if has_refs:
        unknown = unknown_words(refs.rest)
        busy = BUSY_WITH.search(plain)
        if unknown and busy and all(pos < busy.start() for pos in refs.positions):
            # "C clashes with the board call": what it clashes with is the reason, and
            # names no option; the no stands on its own.
            unknown = unknown_words(refs.rest[: busy.start()] + busy["verb"])
        if (
            unknown
            and (why_not(clause) or why_not_after(refs.rest))
            and not OWN_POLARITY.search(plain)
        ):
            # "我下周休年假", "I have the 9am standup": why not, with the options it names;
            # it counts only beside a decline or a no to every time, or when every option
            # it names is refused elsewhere in the reply (reading_finish).
            named = {(i, oid) for _, i, oid in refs.hits if i == "time"}
            # "I'm on a course all this week": a week named is the reason's too; a part
            # of the day alone ("I'm busy in the morning") may be any day's.
            parts = any(PART_PATTERN.match(clause, pos) for pos in refs.loose)
            if named and len(named) == len(refs.hits) and not parts:
                reading.named_reasons.append(({oid for _, oid in named}, " ".join(unknown[:3])))
                # "I'm in Seattle Tuesday": a place may set the zone of a time proposed.
                reading.reason_places |= bool(
                    _IN_PLACE.search(clause) or find_zone(clause, more_places=True)[0]
                )
                reading.fresh_reason = {oid for _, oid in named}
                ids = {oid for _, oid in named}
                if _CLOCK.search(clause) and ids <= reading.day_yes:
                    # "I could do Tuesday, but at 11 I'm teaching": the day was a yes,
                    # this is a no to its hour, settled beside a new time that day.
                    reading.rejected["time"] |= ids
                    reading.clock_no |= ids
            else:
                reading.reasons.append(" ".join(unknown[:3]))
                reading.dated_reason |= any(s.has_day for s in refs.unmatched)
            return (False, False)
        if unknown:
            reading.problems.append(
                "words next to an option that the rules do not know: " + " ".join(unknown[:3])
            )
            return (False, has_refs)
    except_match = EXCEPT.search(plain)
    if except_match:
        if NEGATION.search(ALL.sub(" ", plain)):
            # "Can't do anything but A": a negation turns the exception around.
            reading.problems.append("a negation next to an exception")
            return (False, has_refs)
        _read_except(refs, except_match.start(), reading)
        return (False, has_refs)

    all_match = ALL.search(plain)
    none_match = NONE.search(plain)
    stripped = ALL.sub(" ", plain)
    negative = bool(NEGATION.search(stripped)) or bool(none_match)
    if (
        has_refs
        # "10号和12号都行" after "9号不行": its own verdict, no continued negation.
        and not (OWN_POLARITY.search(stripped) or all_match)
        and not negative
        and previous
        and previous[1]
        # "A is too early, could we do 11 the same day?": a proposal of a time that is no
        # option starts afresh, never a list the no before runs on into.
        and not (refs.unmatched and not refs.hits and PROPOSAL_CUE.search(plain))
        # "Not in person, but I'll dial in on Zoom": "but" turns away from the no before.
        and not contrast
    ):
        negative = previous[0]  # "I can't do A, B or C": the list continues the clause before
        if negative and not re.search(r"\b(?:or|and|nor)\b|或|和", clause, re.I):
            reading.problems.append("a list after a negation")
    if (
        contrast
        and previous == (True, True)
        and reading.last_no == {"time"}
        and not negative
        and _JOIN_ANYWAY.search(plain)
        and not any(item == "time" for _, item, _ in refs.hits)
    ):
        # "Tuesday I'm away, but I can still join remotely": the no to the day is turned
        # round by joining anyway (from elsewhere); is it a yes on Zoom? Asked.
        reading.problems.append("a no, then joining anyway")
    if negative and refs.unmatched:
        # "不行，能不能改到周五？" read wrongly would drop the day: a day next to a
        # negation that is no option is asked about.
        reading.problems.append("a day or time that is not an option next to a negation")
    if negative and has_refs and negation_between(stripped, refs):
        reading.problems.append("a negation between two options")
    if negative and has_refs and yes_between(stripped, refs):
        # "A yes B no", "A ok B no": a yes for one, a no for the next, nothing between.
        reading.problems.append("a yes and a no in one clause")

    if not has_refs:
        return read_bare(
            clause,
            sentence,
            view,
            reading,
            BareClause(
                plain, stripped, negative, is_question, hedged, previous, fresh_reason, scoped
            ),
        )

    proposing = (len(reading.proposals) > reading.sentence_proposals or refs.unmatched) and not (
        # "Is Zoom ok for Friday at 9:30?" asks about Zoom; "Could we do Monday 9 March
        # at 10 at Cafe Central?" proposes a time at the place.
        _QUESTION_START.match(clause) and not PROPOSAL_CUE.search(clause)
    )
    if (
        is_question
        and refs.hits
        and not (proposing and all(i == "location" for _, i, _ in refs.hits))
    ):
        # "Friday at 9:30, in the office?": the place of the time proposed is no question.
        reading.problems.append("a question about an option")
        return (negative, True)
    if all_match and not negative and refs.hits:
        read_all_beside(refs, scoped, view, reading)  # "any time is fine on Zoom"
    if refs.hits and not refs.label_only:
        reading.used_values = True
    reading.last_verdict = not negative
    restated = len({p for p, i, _ in refs.hits if i == "time"}) > 1 and bool(
        find_zone(clause, more_places=True)[1]
    )
    if restated and not (negative or OWN_POLARITY.search(stripped)):
        # "D would be 10pm for me": a time said again is no yes until a verdict follows.
        reading.unjudged |= {oid for _, i, oid in refs.hits if i == "time"}
    target = reading.rejected if negative else reading.accepted
    if negative:
        reading.last_no = {item for _, item, _ in refs.hits}
    if SEVERAL_IN_PERSON in refs.problems and not negative:
        reading.in_person_open = True
    if not negative and ADDITIVE.search(plain) and OWN_POLARITY.search(stripped):
        # "Zoom works too" is also-fine next to something; "1 or 2 too" repeats the verdict before.
        for item in ITEMS:
            named = {oid for _, i, oid in refs.hits if i == item}
            if named:
                reading.also.append((item, named))
    for pos, item, oid in sorted(refs.hits):  # in reading order: "第一个 and 线上"
        target[item].add(oid)
        if item == "time":
            if pos in refs.guessed:
                reading.guessed_times.add(oid)
                reading.dated_ordinal |= pos in refs.dated
                if reading.named_places:
                    # "Zoom is fine. The second one.": after a place, it may rank the places.
                    reading.problems.append("an ordinal that could be a time or a place")
            elif pos in refs.resolved:
                reading.ordinal_times = True
            else:
                reading.named_times = True
        else:
            reading.named_places = True
            # "the first one and the third one" of two times and three places: the third
            # ranks places only, so the first one may too.
            reading.ordinal_places |= pos in refs.resolved
        if item == "time" and pos not in refs.loose:
            reading.firm_said.add(oid)
        elif item == "time" and is_singular_part(clause, pos):
            reading.loose_said.add(oid)  # "afternoon", not "afternoons" (of every day)
        if item == "time" and not negative:
            (reading.loose_times if pos in refs.loose else reading.firm_times).add(oid)
    times = {oid for _, i, oid in refs.hits if i == "time"}
    if negative and _CLOCK.search(clause):
        reading.clock_no |= times
    elif not negative and not _CLOCK.search(clause):
        reading.day_yes |= times
    if not negative:
        read_proposals(refs, view, reading)
    return (negative, True)


def _idiom_mask(m: re.Match[str]) -> str:
    # Same length, and apart from a label before it: "B没问题" must not become "Bok".
    return (" ok" if len(m[0]) >= 3 else "ok").ljust(len(m[0]))


def _read_except(refs: Refs, at: int, reading: Reading) -> None:
    excluded = [(item, oid) for pos, item, oid in refs.hits if pos > at]
    if not excluded or any(pos < at for pos, _, _ in refs.hits) or refs.unmatched:
        reading.problems.append("an exception that names no option")
        return
    reading.label_only = False
    for item in {item for item, _ in excluded}:
        ids = {oid for i, oid in excluded if i == item}
        reading.rejected[item] |= ids
        # Marks "every id but these"; _finish fills in the remaining ids.
        reading.accepted[item] |= {f"!{oid}" for oid in ids}
