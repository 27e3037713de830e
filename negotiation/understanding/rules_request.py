"""Read a member's meeting request: topic, participants, availability, places, duration.

Participants come only from the new text (never from quoted history): members by
name or address, contacts by name, and addresses the member wrote. A name the hub
does not know is returned without an address so the loop can ask for it.
"""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_places import PLACE_WORDS
from negotiation.understanding.lexicon_stance import CHANGE_OF_MIND
from negotiation.understanding.request_people import find_participants
from negotiation.understanding.request_windows import find_windows
from negotiation.understanding.rules_dates import find_time_specs
from negotiation.understanding.text_clean import new_text_lines
from negotiation.understanding.types import MeetingRequest, RequestContext, Unclear

_CHANGE = compile_all(CHANGE_OF_MIND)
# "Please cancel Thursday's meeting with Bob": about a meeting that exists (its thread's
# commands do that), never a request for a new one.
_NOT_A_NEW_MEETING = re.compile(
    r"^\W*(?:please\s+|pls\s+|can\s+you\s+)?(?:cancel|call\s+off|delete|remove)\b|取消", re.I
)
_KINDS = (
    r"meeting|call|sync|review|session|workshop|kick-?off|stand-?up|retro(?:spective)?|interview|"
    r"catch[- ]?up|lunch|dinner|breakfast|coffee|demo|planning|brainstorm(?:ing)?|discussion|chat|"
    r"check-?in|one-on-one|1:1|offsite|presentation|training|onboarding|debrief|sync-?up"
)
_GENERIC = frozenset(
    [
        "a",
        "an",
        "the",
        "our",
        "my",
        "quick",
        "short",
        "brief",
        "small",
        "little",
        "video",
        "zoom",
        "phone",
        "online",
        "new",
        "short-notice",
        "min",
        "mins",
        "minute",
        "minutes",
        "hour",
        "hours",
        "half",
        "one",
        "two",
        "team's",
        "quick-ish",
    ]
)
_STOP_AT = (
    r"(?=$|[.!?;\n]|,|\s+(?:with|next|this|on|at|tomorrow|today|in|for\s+\d|for\s+(?:an?|half)\b|"
    r"sometime|some\s+time|between|before|after|via|over|by|please|and\s+(?:invite|include)|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon|evening)\b)"
)
# Words that ask for a meeting rather than name its subject ("Please book a call with").
_ASKING = (
    r"(?:please|pls|can|could|would|let's|lets|i|we|you|set|book|schedule|arrange|organi[sz]e|"
    r"need|want|hi|hello|hey|a|an|the|our|my|quick|short|next|this|new)"
)
TOPIC_PATTERNS = (
    re.compile(r"^\s*(?:topic|subject|agenda|re|about|主题|议题)\s*[:：]\s*(.+)$", re.I | re.M),
    re.compile(rf"\bre:\s*(.+?){_STOP_AT}", re.I),
    re.compile(
        rf"\b(?:review|discussion|presentation)\s+of\s+(?:the\s+|our\s+)?(.+?){_STOP_AT}", re.I
    ),
    re.compile(
        rf"\b(?:{_KINDS})\s+(?:about|on|regarding|re|to\s+discuss|to\s+talk\s+about|to\s+go\s+over|"
        rf"to\s+review|to\s+plan|to\s+prepare|for)\s+(?:the\s+|our\s+)?(.+?){_STOP_AT}",
        re.I,
    ),
    re.compile(
        rf"\b(?:to\s+discuss|to\s+talk\s+about|to\s+go\s+over|to\s+review|to\s+plan|to\s+prepare|"
        rf"to\s+catch\s+up\s+on|regarding|about)\s+(?:the\s+|our\s+)?(.+?){_STOP_AT}",
        re.I,
    ),
    re.compile(
        rf"\b(?:{_KINDS})\s+with\s+[^?!\n]{{1,80}}?\s+(?:about|on|regarding|re:?|to\s+discuss|"
        rf"to\s+talk\s+about|to\s+go\s+over)\s+(?:the\s+|our\s+)?(.+?){_STOP_AT}",
        re.I,
    ),
    re.compile(
        rf"(?:^|\n|\b(?:let's|please|we\s+need\s+to|i\s+want\s+to|we\s+should)\s+)(?:discuss|talk\s+about|"
        rf"go\s+over)\s+(?:the\s+|our\s+)?(.+?){_STOP_AT}",
        re.I,
    ),
    re.compile(rf"\b(?:a|an|the|our|a\s+quick)\s+((?:[\w'-]+\s+){{1,4}}?(?:{_KINDS}))\b", re.I),
    # "Budget review with Carol on Tuesday": a request that starts with its subject.
    re.compile(rf"(?:^|\n)\s*((?:(?!{_ASKING}\b)[\w'-]+\s+){{1,3}}?(?:{_KINDS}))\s+with\b", re.I),
    re.compile(r"关于(.{2,30}?)的?(?:会议|会|讨论|沟通|事情|事)"),
    re.compile(r"讨论(?:一下)?(.{2,30}?)(?=[，。,.!！?？\n]|$|的事)"),
    re.compile(r"开(?:个|一个|一次)?(.{2,12}?)(?:会议|会)(?![议])"),
)
_DURATION = (
    (re.compile(r"\b(\d+(?:\.\d+)?)\s*-?\s*(?:minutes?|mins?|m)\b", re.I), 1),
    (re.compile(r"\b(\d+(?:\.\d+)?)\s*-?\s*(?:hours?|hrs?|h)\b", re.I), 60),
    (re.compile(r"(\d+(?:\.\d+)?)\s*(?:分钟|分鐘)"), 1),
    (re.compile(r"(\d+(?:\.\d+)?)\s*(?:个)?(?:小时|小時|钟头)"), 60),
)
_DURATION_WORDS = (
    (re.compile(r"\b(?:an?|one)\s+hour\s+and\s+a\s+half\b|\b90\s*min", re.I), 90),
    (re.compile(r"\bhalf\s+an?\s+hour\b|\bhalf-hour\b|\b半小时|半个小时|半個小時", re.I), 30),
    (re.compile(r"\b(?:an?|one)\s+hour\b|一个小时|一小时|一個小時|1个小时", re.I), 60),
    (re.compile(r"\btwo\s+hours\b|两个小时|两小时|二个小时", re.I), 120),
    (re.compile(r"一个半小时|一个半钟头", re.I), 90),
    (re.compile(r"\bquarter\s+of\s+an\s+hour\b|一刻钟", re.I), 15),
)
_EXTRA_PLACES = re.compile(
    r"\b(?:(?:[Cc]onference|[Mm]eeting)\s+[Rr]oom|[Rr]oom)\s+[A-Z0-9][\w-]*\b|\b\d+(?:st|nd|rd|th)\s+floor\b|"
    r"[\u4e00-\u9fff\d]{1,6}(?:会议室|號樓|号楼)|在家里?|家里"
    # A named place after "at": "at Café Luna", "at Agency HQ" (capitalised, no digits).
    r"|(?<=\bat\s)(?-i:[A-Z][\w'’&-]+(?:\s+[A-Z][\w'’&-]+){0,2})(?![\w'’])"
)
_NOT_PLACES = frozenset(
    {"the", "a", "an", "our", "my", "i", "least", "most", "all", "once", "last"}
)
_GENERIC_KINDS = frozenset(
    [
        "meeting",
        "meetings",
        "call",
        "calls",
        "sync",
        "session",
        "chat",
        "discussion",
        "catch-up",
        "catchup",
        "check-in",
        "sync-up",
        "meet",
    ]
)
_SPECIFIC_KIND = re.compile(
    r"\b(?:interview|dinner|lunch|breakfast|coffee|retro(?:spective)?|kick-?off|stand-?up|workshop|demo|"
    r"onboarding|training|brainstorm(?:ing)?|offsite|presentation|debrief|1:1|one-on-one|planning\s+session|"
    r"catch[- ]?up)(?![\w-])",
    re.I,
)


def understand_request(text: str, ctx: RequestContext) -> MeetingRequest | Unclear:
    """Read a meeting request; fields not found are listed in `missing`."""
    lines = new_text_lines(text)
    body, dropped = _without_instructions("\n".join(lines))
    if not body.strip():
        return Unclear("empty request", "rules")
    if _CHANGE.search(body):
        return Unclear("the request changes its mind; a human should read it", "rules")
    if _NOT_A_NEW_MEETING.search(body):
        return Unclear("asks to cancel or move a meeting, not for a new one", "rules")
    participants, notes = find_participants(body, ctx)
    topic = find_topic(body) or terse_topic(body, ctx)
    windows = find_windows(body, ctx, duration_minutes=find_duration(body))
    locations = find_locations(body)
    duration = find_duration(body)
    missing = tuple(
        name
        for name, absent in (
            ("topic", topic is None),
            ("participants", not participants),
            ("time", not windows),
        )
        if absent
    )
    confidence = 0.8 if not missing and all(p.email for p in participants) else 0.6
    return MeetingRequest(
        topic=topic,
        participants=participants,
        windows=windows,
        locations=locations,
        duration_minutes=duration,
        missing=missing,
        source="rules",
        confidence=confidence,
        notes=notes + dropped,
    )


# Words addressed to a program rather than to people ("ignore previous instructions",
# "SYSTEM:", "Assistant, ...", 忽略之前的指令): from there to the end of its paragraph the
# text is not the member's request, so it names no one, no time and no place.
_INSTRUCTIONS = re.compile(
    r"ignore\s+(?:all\s+|my\s+|the\s+)?(?:previous|prior|above|earlier)\s+(?:instructions?|rules|prompts?)"
    r"|\bdisregard\b|\bsystem\s*(?:override|prompt)?\s*:|\[\s*system\b|\bassistant\s*[:,]"
    r"|\bAI\s+(?:assistant|reading)|\b(?:scheduling\s+)?bot\s*:|instructions?\s+(?:to|for)\s+the"
    r"|new\s+instructions|debug\s+mode|system\s+prompt|<!--|忽略.{0,8}(?:指令|指示|规则)|系统提示",
    re.I,
)
_SENTENCE_END = re.compile(r"(?<=[.!?。！？\]])\s+|\n")


def _without_instructions(body: str) -> tuple[str, tuple[str, ...]]:
    """The request without instructions to the hub, and a note of what was left out."""
    kept, dropped = [], []
    instructing = False
    for line in body.split("\n"):
        if not line.strip():
            instructing = False  # a new paragraph is the member's again
        parts = []
        for sentence in _SENTENCE_END.split(line):
            cue = None if instructing else _INSTRUCTIONS.search(sentence)
            if cue:
                # "Meet Bob about the budget, ignore previous instructions...": the words
                # before the instruction are still the member's.
                parts.append(sentence[: cue.start()])
                dropped.append(sentence[cue.start() :])
                instructing = True
            else:
                (dropped if instructing else parts).append(sentence)
        kept.append(" ".join(parts))
    note = ("left out instructions to the hub: " + " | ".join(dropped)[:300],) if dropped else ()
    return "\n".join(kept), note


def _tidy(topic: str) -> str:
    topic = re.sub(r"\s+", " ", topic).strip(" .,:;-!?，。：")
    topic = re.sub(r"^(?:the|our|a|an|quick|short)\s+", "", topic, flags=re.I)
    return topic[:1].upper() + topic[1:] if topic.isascii() else topic


def find_topic(body: str) -> str | None:
    """The meeting's subject, from "about X", "to discuss X", "a budget review", 关于X的会议..."""
    fallback: str | None = None
    for pattern in TOPIC_PATTERNS:
        for m in pattern.finditer(body):
            topic = _tidy(m[1])
            words = re.findall(r"[\w'-]+", topic.lower())
            kind_only = words and all(
                w in _GENERIC or w in _GENERIC_KINDS or w.isdigit() for w in words
            )
            if find_time_specs(topic.lower(), date(2000, 1, 1)) or re.match(
                r"\d+(?:st|nd|rd|th)\b", topic
            ):
                continue  # "a retro with Bob on March 12": a date, not a subject
            if find_locations(topic):
                continue  # "a sync with Bob ... on Zoom or at the office": a place
            if topic and not kind_only and len(topic) <= 80:
                return topic
            if topic and kind_only and fallback is None and _SPECIFIC_KIND.search(topic):
                fallback = topic
    if fallback is None:
        # "Dinner with Bob", "an interview": the kind of meeting is a fine title by itself.
        m = _SPECIFIC_KIND.search(body)
        fallback = _tidy(m[0]) if m else None
    return fallback


_TERSE_SPLIT = re.compile(r"[,;:\n]|\s[-–—]\s")
_TERSE_FILLER = re.compile(
    r"^(?:please|pls|thanks|thank you|hi|hello|hey|meeting|meet|call|set up|book|schedule|"
    r"sometime|any ?time|asap|me|us|and|with)$",
    re.I,
)


def terse_topic(body: str, ctx: RequestContext) -> str | None:
    """The topic of a terse request: the one part that names no one, no time and no place.

    "Bob + Dave, pricing call, Tue 10 March 14:00" -> "pricing call"; "Meeting with Bob,
    2-3pm tomorrow, hiring" -> "hiring". Nothing when more than one part is left over.
    """
    first = next((line for line in body.split("\n") if line.strip()), "")
    names = {
        word.lower()
        for person in (*ctx.members, *ctx.contacts)
        for word in re.findall(r"[\w'-]+", person.name)
    }
    left = []
    for part in _TERSE_SPLIT.split(first):
        part = part.strip(" .!?+&")
        words = re.findall(r"[A-Za-z][\w'/-]*", part)
        if not part or not words or len(words) > 5 or re.search(r"\d|@", part):
            continue
        if {w.lower() for w in words} & (names | {"me", "with"}):
            continue
        if find_time_specs(part.lower(), date(2000, 1, 1)) or find_locations(part):
            continue
        if find_duration(part) or _TERSE_FILLER.match(part):
            continue
        left.append(part)
    return _tidy(left[0]) if len(left) == 1 else None


def find_duration(body: str) -> int | None:
    """Minutes from "30 min", "1 hour", "half an hour", 半小时; None when not stated."""
    for pattern, minutes in _DURATION_WORDS:
        if pattern.search(body):
            return minutes
    for pattern, factor in _DURATION:
        m = pattern.search(body)
        if m:
            minutes = round(float(m[1]) * factor)
            if 5 <= minutes <= 8 * 60:
                return minutes
    return None


def find_locations(body: str) -> tuple[str, ...]:
    """Places named in the request, in the order written."""
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []
    for m in _EXTRA_PLACES.finditer(body):
        if find_time_specs(m[0].lower(), date(2000, 1, 1)) or m[0].lower() in _NOT_PLACES:
            continue  # "at Monday 10am", "at Noon": a time, not a place
        found.append((m.start(), m[0]))
        taken.append(m.span())
    for needle, canonical in PLACE_WORDS:
        # ASCII word boundaries: in "用Zoom" or "在办公室" the Chinese around is no word.
        for m in re.finditer(rf"(?<![A-Za-z0-9_]){re.escape(needle)}(?![A-Za-z0-9_])", body, re.I):
            if not any(m.start() < e and s < m.end() for s, e in taken):
                found.append((m.start(), canonical))
                taken.append(m.span())
    result: list[str] = []
    for _, place in sorted(found):
        if place not in result:
            result.append(place)
    return tuple(result)
