"""The topic of a terse request: the one part of a line that names no one, no time, no place.

"Bob + Dave, pricing call, Tue 10 March 14:00" -> "pricing call"; "Meeting with Bob,
2-3pm tomorrow, hiring" -> "hiring". Nothing when more than one part is left over.
"""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.request_clock import clock_lists
from negotiation.understanding.request_details import find_duration, find_locations
from negotiation.understanding.request_people import find_participants
from negotiation.understanding.request_topic_filters import only_time_words, tidy
from negotiation.understanding.rules_dates import find_time_specs
from negotiation.understanding.types import RequestContext

_TERSE_SPLIT = re.compile(r"[,;|\n，；：]|(?<!\d):(?!\d)|(?<=[.?!])\s+|(?<=[。？！])|\s[-–—]\s")
_TERSE_FILLER = re.compile(
    r"^(?:please|pls|thanks|thank you|thx|thnx|ty|cheers|meeting|meet|call|set up|book|schedule|"
    r"sometime|any ?time|asap|me|us|and|with|optional|required|nice to have|also|ok|okay|so|"
    # "Hub, please invite Bob": the hub addressed; "who:", "when:" label a form's fields.
    r"hub|who|when|where|what|how long|"
    # "Location: the office", "Attendees: Bob": the label of a form's field.
    r"location|venue|place|room|time|date|duration|length|attendees|guests|participants|"
    r"organi[sz]er|"
    # "Hmm", "Then erin@x, too": a word between the parts, no subject.
    r"hmm+|um+|uh|oh|too|then|as well|"
    # "回复：会议", "Fwd: meeting": a reply mark left from a subject line.
    r"回复|答复|转发|re|fwd?|aw|wg|"
    # "Yes let's do it", "Sure thing", "Fine by me": an answer to the mail she quotes.
    r"(?:yes|yep|yeah|sure|ok|okay|fine|great|perfect|agreed)(?:\s+(?:thing|then|please))?"
    r"(?:,?\s*let'?s\s+(?:do\s+(?:it|that|this)|go(?:\s+with\s+(?:it|that|this))?))?|"
    r"let'?s\s+do\s+(?:it|that|this)|sounds\s+(?:good|great)|(?:fine|ok|good)\s+(?:by|with)\s+me|"
    r"works\s+for\s+me|"
    # "Let's talk soon", "speak later": a closing, no subject.
    r"(?:let'?s\s+)?(?:talk|speak|chat)\s+(?:soon|later)|"
    # "Hang on, I'm away next week": a correction starting, no subject.
    r"hang on|hold on|wait|scratch that|well|"
    # "Well... hybrid: Room 2 plus a Teams link": how they meet.
    r"hybrid|remote|in person|in-person|online|virtual|offline|"
    # "on the phone", "by video": how they meet, said as a part.
    r"(?:on|by|via|over)\s+(?:the\s+)?(?:phone|call|video|zoom|teams|skype|webex)|"
    # "usual place (Trattoria Sole)": the place, said again.
    r"(?:the\s+|our\s+)?usual(?:\s+(?:place|spot|room|venue|table))?|"
    r"(?:hi|hello|hey|dear|good\s+(?:morning|afternoon|evening))(?:\s+\w+)?)$",
    re.I,
)
# "not too early", "so 10 or 11 would work", "the one from the client": a part about
# the time or about a person, not a subject.
_ABOUT_TIME = re.compile(
    r"\b(?:early|earlier|late|later|works?|would\s+work|is\s+fine|suits?|o'?clock)\b"
    r"|\b(?:half|quarter)\s+(?:past|to)\b"
    # "whichever is free", "whatever she prefers": a choice left open, no subject.
    r"|\b(?:whichever|whatever|wherever|whenever)\b|\b(?:is|are)\s+(?:free|available|open)\b"
    r"|^(?:the\s+(?:one|other)|not\s+(?:our|my|the))\b",
    re.I,
)
# Words of a part about people ("she's presenting", "the rest are optional").
_ABOUT_PEOPLE = frozenset(
    [
        "optional",
        "required",
        "mandatory",
        "i",
        "i'm",
        "i've",
        "we've",
        "they've",
        "i'll",
        "i'd",
        "we",
        "we're",
        "we'll",
        "she",
        "she's",
        "he",
        "he's",
        "they",
        "they're",
        "they'll",
        "they'd",
        "he'll",
        "she'll",
        "we'd",
        "you'll",
        "it's",
        "you",
        "you're",
        "my",
        "your",
    ]
)
# "Please invite <mailto", "add Tom": a part that asks for someone names no subject.
_ASKS = re.compile(r"(?:please\s+|pls\s+|and\s+)?(?:invite|add|include|cc|loop\s+in)\b", re.I)
_LUNCH_AND_LEARN = re.compile(r"\blunch\s*(?:&|and|\+|'?n'?)\s*learns?\b", re.I)
# "quarterly report (yes, after the clocks change)": an aside, not a part of the request.
_ASIDE = re.compile(r"\([^()]*\)|（[^（）]*）")


def terse_topic(body: str, ctx: RequestContext) -> str | None:
    """The one part left over in the first line of parts that leaves any, else nothing.

    Line by line: "I'm OOO next week. The week after is fine." leaves nothing, so its next
    line "Bob + Carol, budget reforecast." is read. A line with two parts left over is
    unsure, and so is the whole request.
    """
    names = _names(ctx)
    for line in body.split("\n"):
        # "From our Slack thread on Friday:": a line that introduces what follows is no request.
        if not line.strip() or line.rstrip().endswith((":", "：")):
            continue
        line = _ASIDE.sub(" ", line.lstrip(" →>*•-–"))
        parts = [p for p in _TERSE_SPLIT.split(line) if p.strip(" .!?+&。？！")]
        if len(parts) < 2 and not _TERSE_FILLER.match(line.strip(" .,!?")):
            # "SLA breach" (a telling subject put first), "Same as last time please.": a
            # sentence, not parts; no later line is read past it. "Hi," is passed over.
            return None
        left = _left_over(line, ctx, names)
        if left:
            return tidy(left[0]) if len(left) == 1 else None
    return None


def _left_over(first: str, ctx: RequestContext, names: set[str]) -> list[str]:
    """The parts of a line that name no one, no time, no place and no length."""
    places = find_locations(first)  # 地点：老北京涮肉, "Location: Room 2": a part that is one
    parts = [p.strip(" .!?+&。？！") for p in _TERSE_SPLIT.split(first)]
    if sum(1 for p in parts if p) < 2:
        return []  # "Same as last time please.": a sentence, not parts of a request
    return [part for part in parts if _names_subject(part, ctx, names, places)]


def aside_topic(body: str, ctx: RequestContext) -> str | None:
    """The one aside that names a subject: "a call tomorrow at 9:30 (tender clarification)".

    Near misses: "(= Li Na)", "(my time)", "(she's new)", "(optional)", "(yes, after the
    clocks change)": a person, a time, an aside about people, a remark in several parts.
    """
    names = _names(ctx)
    left = []
    for m in _ASIDE.finditer(body):
        aside = m[0].strip("()（） .!?")
        before = body[body.rfind("\n", 0, m.start()) + 1 : m.start()]
        # "Contract renewal (Partner Org)": an aside on a subject, not on the meeting.
        if not _MEETING.search(before) or _NOT_ASIDE_SUBJECT.search(aside):
            continue
        if not _TERSE_SPLIT.search(aside) and _names_subject(aside, ctx, names, ()):
            left.append(aside)
    return tidy(left[0]) if len(left) == 1 else None


# The words of a meeting an aside may follow: "a call tomorrow at 9:30 (tender clarification)".
_MEETING = re.compile(
    r"\b(?:meeting|call|chat|sync|session|catch[- ]?up|check-?in|1:1|lunch|dinner|coffee"
    r"|breakfast|meet|get-together)\b|会|见面|聊",
    re.I,
)
# "(see his mail below)", "(send all confirmations there)", "(e.g. the budget)": a pointer,
# an instruction or an example, not the subject.
_NOT_ASIDE_SUBJECT = re.compile(
    r"^(?:see|cf|per|as|send|note|please|pls|i\.?e|e\.?g|via|incl|including|fyi|not|no|yes"
    r"|or|and|if|only|ideally|tbc|tbd|maybe|probably|hopefully"
    # "(his treat)", "(my shout)": a remark about a person.
    r"|his|her|my|their|your)\b"
    r"|\b(?:below|above|attached|there|here)\b",
    re.I,
)


def _names(ctx: RequestContext) -> set[str]:
    """The words of the names of the hub's members and contacts."""
    return {
        word.lower()
        for person in (*ctx.members, *ctx.contacts)
        for word in re.findall(r"[\w'-]+", person.name)
    }


def _names_subject(part: str, ctx: RequestContext, names: set[str], places) -> bool:
    """Whether one part names no one, no time, no place and no length: a subject."""
    words = re.findall(r"[A-Za-z][\w'/-]*", part)
    # 服务器迁移 is a subject; 请安排一个会议 asks for a meeting.
    chinese = re.fullmatch(r"[\u4e00-\u9fff]{2,12}", part) and not re.search(
        # 约 asks for a meeting; 签约, 合约 are a contract signed, a subject.
        # 开个电话会, 开个短会: asks for a meeting and says how.
        r"安排|会议|开会|开.{0,3}会|见面|(?<![签合契条预])约|请|时间|参会|参加|与会|出席|地点|时长",
        part,
    )
    if not part or not (words or chinese) or len(words) > 5 or "@" in part:
        return False
    if re.fullmatch(r"[\d\W]+", re.sub(r"[A-Za-z]{1,2}\b", "", part)):
        return False  # "10.03.", "2-3pm": numbers, not a subject
    # "Both Dans please": a name in the plural or possessive is still a name.
    bare = {re.sub(r"(?:'s|’s|s)$", "", w.lower()) for w in words}
    if {w.lower() for w in words} & (names | {"me", "with"}) or bare & names:
        return False
    if part.lower() in names:
        return False
    if find_participants(part, ctx)[0] or {w.lower() for w in words} & _ABOUT_PEOPLE:
        return False  # "she's presenting", "the rest are optional": about people, not a subject
    timing = _LUNCH_AND_LEARN.sub(" ", part.lower())  # the name of a session, no time
    if find_time_specs(timing, date(2000, 1, 1)) or clock_lists(part)[1]:
        return False  # "around 10", "at 3 or 4": a time
    if find_locations(part) or part in places:
        return False
    if find_duration(part) or _TERSE_FILLER.match(part) or _ABOUT_TIME.search(part):
        return False
    # "sooner is better", "please invite <mailto": when, or who, not what
    return not (only_time_words(part) or _ASKS.match(part))
