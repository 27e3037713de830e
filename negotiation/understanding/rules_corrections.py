"""Why an earlier answer was taken back: "scratch that, I'm flying that morning. Thursday then."

Between a change of mind and the new answer, writers often say why the old one no longer
holds. When that is a reason about themselves (where they are, what they have on: the
shapes rules_clause reads as "why not"), it is dropped from the new answer and the times
the old answer accepted become a no ("A可以……等一下，周一我要去医院，那就C吧": C, not A).
Any other words there ("Luna doesn't open til 10") stay, for the rules to ask about.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_reasons import why_not
from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.rules_stance import OWN_POLARITY
from negotiation.understanding.types import MeetingView

# "just saw I'm flying", "I just realised I have the dentist": how the reason is found.
_NOTICED = re.compile(
    r"^\W*(?:i\s+)?(?:just\s+)?(?:saw|realised|realized|noticed|remembered|checked"
    r"|(?:totally\s+|completely\s+)?forgot(?:\s+about)?)\s+(?:that\s+)?",
    re.I,
)
_FIRST_SENTENCE = re.compile(
    r"^[\s,，.…:：-]*(?P<reason>[^.,!?;，。！？；\n]+)(?P<end>[.,!;，。！；\n]+|$)"
)
# The Chinese reason may name its day or option first: 周一我要去医院, C那天我出差.
_ZH_DAY_FIRST = re.compile(
    r"^\W*(?:(?:[A-Ha-h](?![A-Za-z])\s*)?(?:周[一二三四五六日天]|星期[一二三四五六日天]|那天|那周)"
    r"|[A-Ha-h](?![A-Za-z])\s*)(?=我)"
)


# "B. Hmm, A after all.": the answer after all replaces the one before, like "actually A".
_AFTER_ALL = re.compile(
    r"(?P<lead>(?:^|[.!;\n])\s*)(?:(?:hmm+|um+|uh+|oh|ok(?:ay)?|well|no)\W+)*"
    r"(?P<x>[^.,!?;\n]{1,25}?)\s+after\s+all\b",
    re.I,
)


def spell_after_all(body: str) -> str:
    """ "B. Hmm, A after all." as "B. actually A.": a change of mind the rules know."""
    return _AFTER_ALL.sub(lambda m: f"{m['lead']}actually {m['x']}", body)


# "No wait, is D the Wednesday one? Then C instead": the writer answers their own question.
_OWN_QUESTION = re.compile(
    r"[^.?!？。\n]*[?？]\s*(?:(?:then|in\s+that\s+case|if\s+so|ok(?:ay)?\s*,?\s*then)\b,?|那就|那么)",
    re.I,
)


def drop_own_question(after: str) -> str:
    """The new answer of a change of mind without a question its next words answer."""
    return _OWN_QUESTION.sub(" ", after)


# "Edit: Wednesday, not Tuesday. Same place.": the place of the first answer still holds,
# which is what the rules do with a place the new answer leaves out; so the words go.
_SAME_PLACE = re.compile(
    r"(?:^|(?<=[.!;,\n]))\s*(?:(?:and|but)\s+)?(?:the\s+)?same\s+(?:place|venue|location|room|spot)"
    r"(?:\s+as\s+(?:before|above|planned))?(?:\s+(?:though|please|then|still))?\s*(?=[.!;\n]|$)",
    re.I,
)


def drop_same_place(after: str) -> str:
    """The new answer of a change of mind without "same place", which keeps the first one's."""
    return _SAME_PLACE.sub(" ", after)


# "Wait, no — dentist on Tuesday. Thursday then.": a reason cut short to what the writer
# has on, said of the day just taken back. Only these nouns: "Tuesday is A" or "the
# office on Tuesday" restate or place an option, and are no reason.
_HAS_ON = re.compile(
    r"^\W*(?:(?:a|an|the|my|got\s+(?:a|an|the|my))\s+)?(?:dentist|doctor(?:'s)?|appointment"
    r"|flight|train|conflict|clash|offsite|off-site|school\s+run|surgery|interview|exam)"
    r"(?:\s+appointment)?(?:\s+(?:on|that|this|then|at|in\s+the))?\b",
    re.I,
)


# "my boss just moved a meeting", "my manager grabbed Thursday morning": someone else
# took the slot; said of the day just taken back, or of none.
_SOMEONE_TOOK = re.compile(
    r"^\W*(?:my|our|the)\s+(?:boss|manager|team\s+lead|lead|director|ceo|cfo|client|customer"
    r"|assistant|pa|colleague|team)\s+(?:just\s+|has\s+(?:just\s+)?)?(?:moved|booked|grabbed"
    r"|took|scheduled|put|added|set\s+up|called|blocked)\b",
    re.I,
)

# What was forgotten or remembered, said as a thing ("I forgot the board meeting"): a
# reason, whatever it is, once it names no option (checked below).
_THING = re.compile(r"^\W*(?:a|an|the|my|our|about)\s+[a-z]", re.I)


def drop_reason(after: str, view: MeetingView) -> tuple[str, set[str] | None]:
    """The new answer without the reason that opens it, and the times that reason names.

    None when no reason was dropped; the caller takes back the first answer's times only
    when the reason names none of the others.
    """
    m = _FIRST_SENTENCE.match(after)
    if not m or not m["end"] or not after[m.end() :].strip():
        return after, None  # the reason must be followed by the new answer
    noticed = _NOTICED.match(m["reason"])
    reason = _ZH_DAY_FIRST.sub("", _NOTICED.sub("", m["reason"]))
    if OWN_POLARITY.search(reason) or not (
        why_not(reason)
        or _HAS_ON.match(reason)
        or _SOMEONE_TOOK.match(reason)
        or (noticed and _THING.match(reason))
    ):
        return after, None
    refs = find_refs(m["reason"], view)
    if refs.unmatched or refs.places or refs.problems:
        return after, None
    # "that morning" alone (a loose part of the day) points back at the old answer.
    named = {oid for pos, item, oid in refs.hits if item == "time" and pos not in refs.loose}
    return after[m.end() :], named


def reason_between(middle: str, view: MeetingView) -> set[str] | None:
    """The times a reason between two marks of a change names, or None when it is no reason.

    "C可以。啊不对，C那天我出差，改成B": the reason sits between 不对 and 改成, and says
    why C no longer holds.
    """
    parts = [p.strip(" ,，.…:：-、") for p in re.split(r"(?<=[.!?;。！？；])", middle)]
    parts = [p for p in parts if p]
    if parts and parts[0].endswith(("?", "？")) and _SELF_CHECK.match(parts[0]):
        # "Wait, that's the 4th? No, I'm in Hamburg on the 4th.": the writer checks the
        # option, and the reason after it says why it no longer holds.
        parts = parts[1:]
    if len(parts) != 1:
        return None  # one reason, nothing else: more words stay unread, as before
    text = _LEADING_NO.sub("", parts[0])
    if not text or re.search(r"[.,!?;，。！？；\n]", text):
        return None
    rest, named = drop_reason(text + "。x", view)
    return named if rest == "x" else None


# "that's the 4th?", "is that Eastern?": the writer checks what the option is.
_SELF_CHECK = re.compile(r"^(?:that'?s|that\s+is|is\s+that|is\s+it|it'?s)\b[^?？]*[?？]$", re.I)
_LEADING_NO = re.compile(r"^(?:(?:no+|nope|oh|hmm+|ugh)\b\W*)+", re.I)


# The reason may close the new answer instead: "选C，A那天我请假", "just Tue, Wed I'm
# flying". Its last clause, with the day or option it is about first.
_LAST_CLAUSE = re.compile(
    r"(?P<sep>[,，;；])(?P<reason>[^.,!?;，。！？；\n]+)(?P<end>[.!。！\s]*)$"
)
_EN_DAY_FIRST = re.compile(
    r"^\W*(?:[A-H]|(?:mon|tue|tues|wed|thu|thur|thurs|fri)[a-z]*|that\s+day)\s+(?=i\b|i'm\b|i've\b)",
    re.I,
)


def drop_closing_reason(after: str, view: MeetingView) -> tuple[str, set[str] | None]:
    """The new answer without the reason that closes it, and the times that reason names.

    None when there is none; like drop_reason, only a reason about the writer (where they
    are, what they have on) that names no place and nothing the rules cannot read.
    """
    m = _LAST_CLAUSE.search(after)
    if not m or not after[: m.start()].strip():
        return after, None  # the new answer must come before the reason
    first = _ZH_DAY_FIRST.match(m["reason"]) or _EN_DAY_FIRST.match(m["reason"])
    about, reason = (first[0], m["reason"][first.end() :]) if first else ("", m["reason"])
    if not why_not(reason) or OWN_POLARITY.search(reason):
        return after, None
    # "I'm in Paris", "Bob is off": a name may set a zone or speak for someone else.
    if re.search(r"\b(?!I\b|I'm\b|I've\b|I'll\b)[A-Z]", reason):
        return after, None
    said = find_refs(reason, view)
    if said.hits or said.unmatched or said.places or said.problems:
        return after, None  # the reason itself names an option: more than why
    named: set[str] = set()
    if about.strip():
        refs = find_refs(about, view)
        if not refs.hits or refs.unmatched or refs.places or refs.problems or refs.loose:
            return after, None  # "B I'm away": what it is about must be read, never dropped
        if any(item != "time" for _, item, _ in refs.hits):
            return after, None
        named = {oid for _, _, oid in refs.hits}
    return after[: m.start()] + m["end"], named


# "I keep mixing them up", "I always get the days confused": the writer owns a slip of
# the word, not a verdict on an option. Read only after a correction said before it.
_MIX_UP = (
    r"i\s+(?:keep|always|often)\s+(?:mixing|mix|getting|get)\s+(?:them|those|these|the\s+(?:days"
    r"|two|letters|options|dates))\s+(?:up|mixed\s+up|muddled(?:\s+up)?|confused)"
    r"|i\s+(?:mixed|got|muddled)\s+(?:them|those|these|the\s+(?:days|two|letters|options|dates))"
    r"\s+(?:up|mixed\s+up|muddled(?:\s+up)?|confused)"
)
_MIX_UP_SENTENCE = re.compile(
    rf"(?P<lead>[.!;,—–-]\s*|^)(?:{_MIX_UP})(?:\s+(?:this|these|that)\s+(?:week|days|morning))?"
    r"\s*[.!]*(?=\s|$)",
    re.I | re.M,
)
# "Thursday! (not Tuesday, I keep mixing them up)": the "not" takes back the word just
# written, the bracket says so; neither is a no to the option.
_MIX_UP_BRACKET = re.compile(
    rf"\(\s*not\s+[^(),;]{{1,25}}?\s*[,;—–-]+\s*(?:{_MIX_UP})[^()]{{0,20}}\)", re.I
)
_SLIP = re.compile(
    r"\b(?:sorry|oops|whoops|i\s+mean|i\s+meant|actually|wait|correction|make\s+that)\b", re.I
)


def drop_mix_up(body: str) -> str:
    """The reply without "I keep mixing them up" said of a correction made before it."""
    body = _MIX_UP_BRACKET.sub(" ", body)

    def drop(m: re.Match[str]) -> str:
        return m["lead"].rstrip(",;—–- ") + " " if _SLIP.search(body[: m.start()]) else m[0]

    return _MIX_UP_SENTENCE.sub(drop, body)
