"""Why an answer was taken back, said as a statement: "Room 401 — no wait, that's being renovated."

rules_corrections drops a reason about the writer ("I'm flying that morning") between a
change of mind and its new answer. Writers as often say what happened to the option itself
("that's being renovated this month", "Wednesday is parent-teacher night", "Luna is closed
on Mondays", "my partner says the plumber is coming Wednesday afternoon"). Such a statement
is a reason too when it judges nothing on its own (no verdict, hedge, proposal, all or
none, question) and names no option but those the first answer accepted: it says why
those no longer hold. A statement naming any other option, a day or a place that is no
option, or a zone stays in the new answer, for the rules to ask about.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_clause import ADDITIVE
from negotiation.understanding.rules_reading import Reading
from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.rules_stance import (
    ALL,
    DECLINE,
    EXCEPT,
    HEDGE,
    NEGATION,
    NONE,
    OTHER_TIMES,
    OWN_POLARITY,
    PROPOSAL_CUE,
    unknown_words,
)
from negotiation.understanding.rules_zones import find_zone
from negotiation.understanding.types import MeetingView

# The first sentence of the new answer, ended by a full stop (a comma may run on into the
# answer itself: "Tuesday, that works").
_OPENING = re.compile(r"^[\s,，.…:：—–-]*(?P<statement>[^.!?;。！？；\n]+)(?P<end>[.!;。！；\n]+)")
# A clause of the new answer after a comma, ended by a full stop: "Room 401, Luna is closed
# on Mondays. Monday morning."
_CLAUSE = re.compile(
    r"(?P<sep>[,，]\s*)(?P<statement>[^.,!?;，。！？；\n]+)(?P<end>[.!;。！；\n]+|$)"
)
# "that was for the budget meeting": about the answer given before, not about the option;
# whether that answer was a yes to this meeting at all is the question, so it stays.
_ABOUT_THE_ANSWER = re.compile(r"^\W*(?:that|it|this)\s+(?:was|were)\b", re.I)
# An opening statement naming no option must point back at the answer taken back.
_POINTS_BACK = re.compile(
    r"^\W*(?:that|this)(?:'s|\s+(?:one\s+)?(?:is|was|has|will|won'?t|doesn'?t))\b", re.I
)
# A statement needs its own verb: a bare noun ("Tuesday.") may be the new answer itself.
_VERB = re.compile(
    r"\b(?:is|are|was|were|be|been|being|has|have|had|does|do|did|doesn'?t|don'?t|didn'?t"
    r"|isn'?t|aren'?t|wasn'?t|says?|said|got|gets|opens?|closes?|closed|moved|booked|called"
    r"|coming|comes|going|goes|takes?|needs?)\b|'s\b|'re\b",
    re.I,
)


def drop_statement(after: str, view: MeetingView, earlier: Reading) -> tuple[str, set[str] | None]:
    """The new answer without a statement about the options taken back, and the times it
    names; None when there is no such statement (the answer is returned as it was).

    The statement may open the new answer ("that's being renovated. Google Meet then.")
    or follow its first clause ("Room 401, Luna is closed on Mondays. Monday morning."),
    but only an opening one may name nothing: after the answer that would be an aside.
    """
    m = _OPENING.match(after)
    if m and after[m.end() :].strip():
        named = _statement_names(m["statement"], view, earlier, opening=True)
        if named is not None:
            return after[m.end() :], named
    for m in _CLAUSE.finditer(after):
        if not after[: m.start()].strip() or not (after[m.end() :].strip() or m["end"]):
            continue
        named = _statement_names(m["statement"], view, earlier, opening=False)
        if named is not None:
            return after[: m.start()] + ". " + after[m.end() :], named
    return after, None


def _statement_names(
    statement: str, view: MeetingView, earlier: Reading, *, opening: bool
) -> set[str] | None:
    """The times a statement names when it is a reason for taking them back, else None."""
    statement = _BRACKET.sub(lambda m: " " if _only_when(m[1], view) else m[0], statement)
    if not _VERB.search(statement) or _ABOUT_THE_ANSWER.match(statement):
        return None
    if _judges(statement):
        return None
    refs = find_refs(statement, view)
    # "Wednesday is parent-teacher night": a part of the day beside the day taken back
    # says when the reason is; a date, a weekday or a clock that is no option says more.
    if any(s.dates or s.weekdays or s.times for s in refs.unmatched) or refs.places:
        return None
    if refs.problems or refs.loose or (refs.unmatched and not refs.hits):
        return None
    if not (unknown_words(refs.rest) or NEGATION.search(statement)):
        return None  # nothing said of the option beyond naming it: an answer, not a reason
    if not refs.hits and not (opening and _POINTS_BACK.match(statement)):
        # "it's been ages since we had coffee" may say why the new answer suits, not why
        # the old one fails; "that's being renovated" points back at the old one.
        return None
    hits = sorted(refs.hits)
    if hits and hits[0][1] == "location" and hits[0][2] in earlier.accepted["location"]:
        # "Luna is closed on Mondays": the place taken back is what the statement is
        # about; the days after it say when, and are no vote.
        return set() if all(i == "time" for _, i, _ in hits[1:]) else None
    if any(oid not in earlier.accepted[item] for _, item, oid in hits):
        return None  # "Tuesday is when the auditors come" beside a yes to Wednesday
    return {oid for _, item, oid in hits if item == "time"}


def plain_statement(text: str, view: MeetingView) -> bool:
    """True for a statement that names no option and judges nothing ("it's my daughter's
    recital"): said beside an option struck, it says what is on then."""
    if _ABOUT_THE_ANSWER.match(text) or not _VERB.search(text) or _judges(text):
        return False
    refs = find_refs(text, view)
    if refs.hits or refs.unmatched or refs.places or refs.problems:
        return False
    return bool(unknown_words(refs.rest))


def _judges(text: str) -> bool:
    """True when words in `text` may judge, hedge, propose, count or place an option."""
    patterns = (OWN_POLARITY, HEDGE, PROPOSAL_CUE, ALL, NONE, DECLINE, EXCEPT, OTHER_TIMES)
    return any(p.search(text) for p in patterns) or bool(
        ADDITIVE.search(text) or _PRAISE.search(text) or find_zone(text, more_places=True)[0]
    )


# "Wednesday is better for the team": said of the option taken back, a reason to keep it.
_PRAISE = re.compile(
    r"\b(?:better|nicer|easier|handier|simpler|quieter|closer|nearer|preferable|rather|instead"
    r"|like[ds]?|love[ds]?|want(?:s|ed)?|glad|keen)\b",
    re.I,
)


# "closed for renovation (saw the sign this morning)": how the writer knows, in brackets.
_BRACKET = re.compile(r"\(([^()]*)\)")


def _only_when(text: str, view: MeetingView) -> bool:
    """True when bracketed words name no option, place, day or clock (a part of the day may
    say when the writer found out)."""
    refs = find_refs(text, view)
    if any(pos not in refs.loose for pos, _, _ in refs.hits) or refs.places or refs.problems:
        return False
    return not any(s.dates or s.weekdays or s.times for s in refs.unmatched)


# "Actually no it isn't", "no, that won't work": the first answer taken back in so many
# words, before the reason or the new answer.
_IT_ISNT = re.compile(
    r"^\W*(?:no+\W+)?(?:it|that|this)\s*(?:isn'?t|is\s+not|'s\s+not|doesn'?t\s+work|does\s+not\s+work"
    r"|won'?t\s+work|will\s+not\s+work|wouldn'?t\s+work|won'?t\s+do)\b(?=\s*[,.;:!…—–-])\W*",
    re.I,
)


def drop_taken_back(after: str) -> tuple[str, bool]:
    """The new answer without an opening "it isn't", and whether it was there."""
    m = _IT_ISNT.match(after)
    if not m or not after[m.end() :].strip():
        return after, False
    return after[m.end() :], True


_EARLIER_MAIL = (
    r"(?:in|on)\s+my\s+(?:last|earlier|previous|first|other)\s+(?:mail|email|e-mail|reply"
    r"|message|answer)"
)
# "I said B in my last mail but I've since been double-booked. C please.": the answer of
# an earlier mail, named at the start of a sentence, then taken back. Not "As I said
# before, A" (the same answer again) nor "(I said A earlier ...)" inside brackets.
_SAID_BEFORE = re.compile(
    r"(?:^|(?<=[.!;\n]))(?P<lead>\s*)(?:i|we)\s+(?:said|wrote|put|picked|chose|answered"
    r"|went\s+(?:with|for)|voted(?:\s+for)?|told\s+you)\s+(?P<said>[^.,;:!?()\n]{1,30}?)\s+"
    rf"(?:earlier(?:\s+today)?|before|yesterday|this\s+morning|last\s+(?:night|week|time)|{_EARLIER_MAIL})"
    r"(?:\s*[,;:—–-]\s*(?:but\s+)?|\s+but\s+)(?=\S)"
    # "In my last email I said A, but ...": the mail named first.
    rf"|(?:^|(?<=[.!;\n]))(?P<lead2>\s*){_EARLIER_MAIL}\s*,?\s*(?:i|we)\s+(?:said|wrote|put"
    r"|picked|chose|answered|went\s+(?:with|for)|voted(?:\s+for)?)\s+(?P<said2>[^.,;:!?()\n]{1,30}?)"
    r"\s*[,;:—–-]\s*(?:but\s+)?(?=\S)",
    re.I,
)
# "As I said before, A.": the same answer again, nothing taken back.
_SAID_AGAIN = re.compile(
    rf"\bas\s+(?:i|we)\s+(?:said|wrote|mentioned)(?:\s+(?:before|earlier|already|{_EARLIER_MAIL}))?"
    r"\s*,\s*",
    re.I,
)


def spell_said_before(body: str) -> str:
    """ "I said B in my last mail but ..." as "B. Actually, ...": a change of mind."""
    body = _SAID_AGAIN.sub(" ", body)
    return _SAID_BEFORE.sub(
        lambda m: f"{m['lead'] or m['lead2'] or ''}{m['said'] or m['said2']}. Actually, ", body
    )
