"""Tell an aside (a sentence about something else) from a sentence about the meeting.

An aside says nothing about the meeting's choice: no option, verdict, condition,
proposal, or time or place word. It is not an answer, so the answer beside it stands:
"Tuesday works, I'll cycle anyway", "Zoom please because my kids are home sick". What
could change the answer keeps the reply asked about: a condition ("if", "unless"), a
hedge, a time or place word ("my kids have school till 3", "because I'm in Munich"),
a name ("Tuesday, Starbucks" may propose a place), or a no.
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon_asides import MEETING_CHARS, MEETING_WORDS
from negotiation.understanding.rules_reasons import REASON, why_not
from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.rules_stance import (
    EXCEPT,
    HEDGE,
    NEGATION,
    OWN_POLARITY,
    PROPOSAL_CUE,
)
from negotiation.understanding.types import MeetingView

_WORDS = re.compile(r"\b(?:" + "|".join(MEETING_WORDS) + r")\b", re.I)
_CHARS = re.compile("[" + MEETING_CHARS + "]")
# A number, a question, a mark, something like a label ("AC", "b"), or a place after
# "in"/"at" ("in Dubai", "in the park").
_OTHER = re.compile(
    r"[\d?？✅❌✔✗✘👍👎]|(?-i:\b(?!(?:I|OK|FYI|BTW|PS|LOL)\b)[A-Z]{1,4}\b)|(?<!')\b[b-hj-z]\b"
    r"|\b(?:in|at|from|to|near)\s+(?:(?-i:[A-Z])|(?:the|a|an|my|our|your|his|her|their)\b)",
    re.I,
)
# A clause beside an option is an aside only when it is a statement of its own, with a
# subject ("my kids are at camp", "I'll cycle anyway", "it's a long story"): a bare noun
# after an option ("C, the bakery") may name where or when, and is read as before.
_OWN_SUBJECT = re.compile(
    r"^\W*(?:(?:and|oh|also|anyway|btw|sorry|honestly|plus)\W+)*"
    r"(?:i|i'm|i've|i'll|i'd|my|we|we're|we've|we'll|our|it's|it|that's|he|she|they|he's"
    r"|she's|they're|his|her|their)\b",
    re.I,
)
# A capital word after the first one may be a place or a person ("my sister lives in
# Graz", "Bob has the numbers"): it is not passed over beside an option.
_NAME = re.compile(r"(?-i:(?<=\s)(?!I\b|I['’])[A-Z]\w*)")
# "Tuesday works because my kids are at camp": the reason after a verdict, to the end
# of the sentence.
# "as" only before a subject ("as my kids are away"): "as well", "as long as it's short"
# (a condition) and "as usual" are no reason.
_BECAUSE = re.compile(
    r"\s*,?\s*(?:\b(?:because|since|cos|coz)|'cause|\bas(?=\s+(?:i|i'm|my|we|we're|our|the|it's"
    r"|he|she|they)\b))\s+(?=\w)",
    re.I,
)


def is_aside(clause: str) -> bool:
    """True when nothing in the clause could be about the meeting's times, places or votes."""
    return not (_WORDS.search(clause) or _CHARS.search(clause) or _OTHER.search(clause))


def is_left_aside(clause: str, sentence: str, view: MeetingView) -> bool:
    """True when a clause with words the rules do not know can be left out: its sentence
    is an aside, or it is an aside of its own beside the answer."""
    return is_aside(sentence) or is_aside_beside(clause, sentence, view)


def is_aside_beside(clause: str, sentence: str, view: MeetingView) -> bool:
    """True for a statement of its own next to an answer in the same sentence, about
    something else: "Tuesday works, my kids are at camp anyway". Not after "anything
    but X", where whether the rest is a yes is asked about with its reason. A reason for
    a no ("I have the dentist", "my car's broken") beside a yes is asked about too."""
    return bool(
        _OWN_SUBJECT.match(clause)
        and not (why_not(clause) or REASON.match(clause))
        and _passes(clause, view)
        and not EXCEPT.search(sentence)
        and not HEDGE.search(sentence)
    )


def drop_because(sentence: str, view: MeetingView) -> str:
    """ "Zoom please because my kids are home sick." as "Zoom please."; else as written.

    The reason goes only when the words before it name an option (the verdict stands
    on its own) and the reason itself is an aside.
    """
    m = _BECAUSE.search(sentence)
    if not m:
        return sentence
    before, reason = sentence[: m.start()], sentence[m.end() :]
    # "Room 401 since I'll be on campus, but Meet is ok too": the reason ends at the "but".
    end = re.search(r"\s*,\s*(?=but\b)|[.!]?\s*$", reason, re.I)
    reason_text = reason[: end.start()]
    if not reason_text.strip() or not _passes(reason_text, view):
        return sentence
    refs = find_refs(before, view)
    if not refs.hits or HEDGE.search(before) or PROPOSAL_CUE.search(before):
        return sentence
    return before + reason[end.start() :]


def _passes(text: str, view: MeetingView) -> bool:
    """No meeting word, name, no, condition, proposal or option in `text`."""
    if not is_aside(text) or _NAME.search(" " + text.strip()[1:]) or NEGATION.search(text):
        return False
    if HEDGE.search(text) or PROPOSAL_CUE.search(text):
        return False
    refs = find_refs(text, view)
    return not (refs.hits or refs.unmatched or refs.places or refs.problems)


# "I've been in Zoom calls all day", "I was at the office till late": where the writer has
# been, said before the answer; a place named there is no choice of it.
_PAST = re.compile(
    r"^\W*(?:i'?ve\s+been|i\s+have\s+been|i\s+was|i'?d\s+been|i\s+had\s+been|we'?ve\s+been"
    r"|we\s+were)\s+(?:in|on|at)\b",
    re.I,
)


def drop_past_place(sentence: str, view: MeetingView) -> str:
    """The sentence without a clause about where the writer has been, when that clause
    names a place option and nothing else the rules would weigh (no time, verdict, no,
    condition or proposal); else as written."""
    parts = re.split(r"(?<=[,;])", sentence)
    kept = []
    for part in parts:
        clause = part.rstrip(",;")
        if _PAST.match(clause) and _past_place_only(clause, view):
            kept.append(" " if part.endswith((",", ";")) else re.sub(r"[^.!]*", "", part))
            continue
        kept.append(part)
    return "".join(kept)


def _past_place_only(clause: str, view: MeetingView) -> bool:
    if NEGATION.search(clause) or HEDGE.search(clause) or PROPOSAL_CUE.search(clause):
        return False
    if OWN_POLARITY.search(clause):
        return False
    refs = find_refs(clause, view)
    return (
        bool(refs.hits)
        and all(item == "location" for _, item, _ in refs.hits)
        and not (refs.unmatched or refs.places or refs.problems)
    )
