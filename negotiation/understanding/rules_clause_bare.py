"""A clause of a reply that names no option: a decline, an "all" or "none", a question or a reason.

Without an option to attach a verdict to, the clause still says something about the reply as
a whole (none of them, all of them, the rest, why not); whatever the rules cannot place here
becomes a problem, so the reply is asked about rather than read as complete.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from negotiation.understanding.rules_asides import is_left_aside
from negotiation.understanding.rules_questions import asks_length, asks_to_bring, others_cannot
from negotiation.understanding.rules_reading import Reading
from negotiation.understanding.rules_reasons import (
    BARE_REASON_WORDS,
    COUNT_WORDS,
    COUNTED,
    OTHERS_TOO,
    REASON,
    TOO_SOON,
    WHY_NOT,
    bare_no,
    someone_else,
    why_not,
)
from negotiation.understanding.rules_rest_no import other_times_refused
from negotiation.understanding.rules_stance import (
    ALL,
    DECLINE,
    NONE,
    OTHER_TIMES,
    OWN_POLARITY,
    PROPOSAL_CUE,
    the_rest,
    unknown_words,
)
from negotiation.understanding.types import ITEMS, MeetingView

_JOIN_LATE = re.compile(
    r"^\W*(?:is\s+it|would\s+it\s+be|will\s+it\s+be)\s+(?:ok(?:ay)?|fine|alright|a\s+problem)\s+if\s+i\s+"
    r"(?:join|arrive|dial\s+in|come|leave|drop\s+off)\b[^?]*\b(?:late|early|later|earlier)\b",
    re.I,
)
# "can't make any", "can't attend any", 都来不了: a none said of being there, at a time.
_ATTENDING = re.compile(r"\b(?:make|attend|come\s+to|join)\b|来不了|参加不了", re.I)
_TOO = re.compile(r"\b(?:too|also|as\s+well)\b|也", re.I)
LEADING_NO = re.compile(r"^\W*(?:no+|nope|sorry|oops|wait|not\s+that|不是|不)\W+", re.I)


@dataclass(frozen=True)
class BareClause:
    """What read_clause already knows of the clause: its words masked and its stance."""

    plain: str
    stripped: str
    negative: bool
    is_question: bool
    hedged: bool
    previous: tuple[bool, bool] | None
    fresh_reason: set[str]
    scoped: set[str]


# "would that work?", "is that possible?", "ce serait possible ?": only asks whether the
# time just proposed suits.
_OK_ASKED = re.compile(
    r"^\W*(?:(?:would|will|does|do|is|could)\s+(?:that|this|it)\s+|(?:that|it)\s+)?"
    r"(?:would\s+)?(?:be\s+)?(?:possible|ok(?:ay)?|alright|all\s+right|doable|feasible|work|suit)"
    r"(?:\s+(?:for\s+)?(?:you|everyone|you\s+all|all\s+of\s+you))?\W*$",
    re.I,
)


def read_bare(
    clause: str, sentence: str, view: MeetingView, reading: Reading, known: BareClause
) -> tuple[bool, bool]:
    """Add what a clause naming no option says; return (negative, had refs)."""
    plain, stripped, negative = known.plain, known.stripped, known.negative
    is_question, hedged, previous = known.is_question, known.hedged, known.previous
    fresh_reason, scoped = known.fresh_reason, known.scoped
    all_match, none_match = ALL.search(plain), NONE.search(plain)
    count = COUNTED.search(plain)
    if count and COUNT_WORDS[count["n"].lower()] not in {len(view.ids(i)) for i in ITEMS}:
        # "none of the three" with two times and four places: which list is meant?
        reading.problems.append("a count of options that fits no list")
        return (negative, False)
    if the_rest(plain, stripped, negative or is_question, view, reading):
        return (False, True)
    if other_times_refused(plain, negative, is_question, reading):
        return (True, False)
    if reading.unjudged and not negative and OWN_POLARITY.search(stripped):
        reading.unjudged = set()  # "A is 11:00 for me. Works.": the verdict comes after
    if fresh_reason and negative and bare_no(plain) and not fresh_reason & reading.accepted["time"]:
        # "周四要出差，不行": the no judges the times its reason just named.
        reading.rejected["time"] |= fresh_reason
        return (True, False)
    if reading.unjudged and (negative or TOO_SOON.match(plain)) and bare_no(plain):
        # "D would be 10pm for me. No thanks.", "B is 5am for me. Too early.": the no
        # judges the option just restated, and nothing else.
        reading.accepted["time"] -= reading.unjudged
        reading.rejected["time"] |= reading.unjudged
        reading.unjudged = set()
        reading.last_verdict = False
        return (True, False)
    after_ask = reading.questions and LEADING_NO.fullmatch(clause.strip() + " ")
    if (
        negative
        and (reading.last_verdict or after_ask)
        and not (none_match or DECLINE.search(plain))
    ):
        # "D. No thanks.", "All three? No.": a no on its own answers what came before.
        reading.problems.append("a no after a yes to an option")
        return (negative, False)
    if (
        previous
        and previous[1]
        and (negative or OWN_POLARITY.search(stripped))
        and negative != previous[0]
    ):
        # "A is not ideal but works": this clause judges the option named before it.
        reading.problems.append("a clause that turns the previous one around")
        return (negative, False)
    if is_question and not negative and _JOIN_LATE.search(plain):
        # "Is it OK if I join 10 min late?": how they join, asked; no option in it.
        reading.questions.append(clause.strip())
        return (False, False)
    if is_question and (asks_length(plain) or asks_to_bring(plain) or others_cannot(plain)):
        # "Can we make it 30 minutes?", 能带实习生吗, "a recording for those who can't
        # make it?": asked of the organiser, no vote and no decline in it.
        reading.questions.append(clause.strip())
        return (False, False)
    if OWN_POLARITY.search(stripped) and not negative and unknown_words(clause):
        # "Tencent also works": something named that is not an option.
        reading.problems.append("something approved that is not an option")
        return (negative, False)
    unknown = unknown_words(OTHER_TIMES.sub(" ", plain))
    if DECLINE.search(plain):
        reading.declined = True
    elif OTHER_TIMES.search(plain) and not unknown:
        pass  # the rest of the reply says what does not work
    elif is_question and unknown and PROPOSAL_CUE.search(plain):
        # "could we meet at Café Luise instead?": a proposal the rules cannot place.
        reading.problems.append("a proposal the rules cannot place: " + " ".join(unknown[:3]))
    elif (none_match or all_match) and someone_else(plain, unknown, bool(none_match)):
        # "Any of them work for Bob", 小王都行, "AC都行": all or none, but of whom, or
        # of what? A word beside it the rules do not know may name someone else.
        reading.problems.append("words next to 'all' or 'none': " + " ".join(unknown[:3]))
    elif none_match:
        if scoped:
            for item in scoped:
                reading.rejected[item] |= set(view.ids(item))
        else:
            reading.none_unscoped = True
            reading.none_of_attending |= bool(_ATTENDING.search(plain))
    elif all_match and not negative and not is_question:  # "All three?" asks
        reading.last_verdict = True
        if scoped:
            for item in scoped:
                if reading.accepted[item] and reading.accepted[item] != set(view.ids(item)):
                    # "10:00 works, either day": every day at that time, not every
                    # time; which ones is asked about, never widened to all.
                    reading.problems.append("'all' of a kind beside some of its options")
                reading.accepted[item] |= set(view.ids(item))
            reading.scoped_all |= scoped
        else:
            # "all of them work. either place": the "all" first, before any option.
            reading.all_first = not (reading.all_unscoped or reading.mentioned())
            reading.all_unscoped = True
    elif scoped and not (unknown or negative or is_question) and _TOO.search(plain):
        # "Tuesday is fine, and the location too": the yes carried over to a kind of
        # option, not to any of its options; all of them? Asked, never dropped.
        reading.problems.append("a kind of option said 'too' with no option named")
    elif (
        is_question
        and _OK_ASKED.match(plain)
        and len(reading.proposals) > reading.sentence_proposals
    ):
        pass  # "Friday at 10, would that work?": the new time's own ask, no other question
    elif is_question:
        reading.questions.append(clause.strip())
    elif (
        unknown
        and not negative
        and previous == (True, True)
        and (
            REASON.match(clause)
            or WHY_NOT.match(clause)
            or (len(re.findall(r"[\w'’]+", clause)) == len(unknown) <= BARE_REASON_WORDS)
        )
    ):
        # "Not the cafe, too loud", "2: can't, I'm remote", "A: can't, dentist": the
        # reason for the no. Not after "anything but X": whether the rest is a yes is
        # read apart by labellers, so a reason there leaves the reply asked about.
        pass
    elif unknown and not negative and OTHERS_TOO.match(clause):
        pass  # "my colleague Jim will join too": who else comes, no vote of its own
    elif unknown and not negative and is_left_aside(clause, sentence, view):
        pass  # "sorry for the slow reply": about something else, so it is left out
    elif unknown and why_not(clause) and not OWN_POLARITY.search(stripped):
        # "I'm at a conference all week": why not; it counts only beside a no to all.
        reading.reasons.append(" ".join(unknown[:3]))
    elif (
        unknown
        and not (is_question or hedged or PROPOSAL_CUE.search(plain))
        and not (OWN_POLARITY.search(stripped))
    ):
        # "Alice can fill me in", "Go ahead.": beside a decline it says no more.
        reading.beside_decline.append(" ".join(unknown[:3]))
    elif unknown:
        # Whole-reply accountability: "C, in the park", "wherever", "Wedensday is no
        # good" may be about the meeting; a part the rules cannot place is asked
        # about, never dropped while the rest is recorded as if complete.
        reading.problems.append("words the rules cannot place: " + " ".join(unknown[:3]))
    return (negative, False)
