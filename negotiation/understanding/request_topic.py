"""What a requested meeting is about: "about X", "to discuss X", a labelled topic, a terse part."""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.request_clock import clock_lists
from negotiation.understanding.request_details import find_duration, find_locations
from negotiation.understanding.request_people import find_participants
from negotiation.understanding.request_topic_patterns import (
    GENERIC_KINDS,
    GENERIC_WORDS,
    LEAD_PATTERNS,
    NOT_TOPICS,
    SPECIFIC_KIND,
    TOPIC_PATTERNS,
    ZH_KIND,
)
from negotiation.understanding.rules_dates import find_time_specs
from negotiation.understanding.types import RequestContext


def _tidy(topic: str) -> str:
    topic = re.sub(r"\s+", " ", topic).strip(" .,:;-!?，。：？！")
    # "the slides for (Thursday)", "the report due (Monday)": the day went, so does its word.
    topic = re.sub(r"(?:\s+(?:for|due|by|before|until|on|at))+$", "", topic, flags=re.I)
    topic = re.sub(r"\s*[吧呢啊吗]$", "", topic)  # "Q1 review 吧": a particle, not the subject
    topic = re.sub(r"^(?:the|our|a|an|quick|short)\s+", "", topic, flags=re.I)
    # "2h workshop", "15-min sync": the length is said elsewhere, not part of the subject.
    topic = re.sub(r"^\d+(?:[.,]\d+)?\s*-?\s*(?:h|hrs?|hours?|min|mins|minutes?)\s+", "", topic)
    # "(about 30 minutes) re design": what is left after the length starts with its "re".
    topic = re.sub(r"^(?:re:?|regarding)\s+(?=\w)", "", topic, flags=re.I)
    return topic[:1].upper() + topic[1:] if topic.isascii() else topic


def find_topic(body: str, ctx: RequestContext) -> str | None:
    """The meeting's subject, from "about X", "to discuss X", "a budget review", 关于X的会议..."""
    topic, kind_only = _said_topic(body, ctx)
    if topic and not kind_only:
        return topic
    # "Mon 23rd or Wed 25th, with Will, sprint demo": a terse part says more than "demo".
    return terse_topic(body, ctx) or topic


def _said_topic(body: str, ctx: RequestContext) -> tuple[str | None, bool]:
    """The subject the text names, and whether it is only the kind of meeting."""
    fallback: str | None = None
    for pattern in TOPIC_PATTERNS:
        for m in pattern.finditer(body):
            topic = _tidy(m[1])
            words = re.findall(r"[\w'-]+", topic.lower())
            kind_only = bool(words) and (
                all(w in GENERIC_WORDS or w in GENERIC_KINDS or w.isdigit() for w in words)
                # "2h workshop": a kind with only its length, not a subject.
                or bool(SPECIFIC_KIND.fullmatch(topic) and topic.lower() != m[1].strip().lower())
            )
            if find_time_specs(topic.lower(), date(2000, 1, 1)) or re.match(
                r"\d+(?:st|nd|rd|th)\b", topic
            ):
                continue  # "a retro with Bob on March 12": a date, not a subject
            if _only_places(topic):
                continue  # "a sync with Bob ... on Zoom or at the office": a place
            if topic.lower() in NOT_TOPICS or _POINTS_ELSEWHERE.search(topic):
                continue
            if re.match(r"of\b", topic, re.I):
                continue  # "about 20 minutes of slides": a length, then what fills it
            if _only_people(topic, ctx):
                continue  # "Demo for 李娜": the person it is for, not a subject
            if pattern in LEAD_PATTERNS:
                if find_participants(topic, ctx)[0] or find_duration(topic):
                    continue  # "Bob and Will — ...", "45 min, ...": people or a length
                # "Lunch with Bob, Friday, pricing": the kind alone leaves room for a part.
                kind_only = kind_only or bool(SPECIFIC_KIND.fullmatch(topic))
            if topic and not kind_only and len(topic) <= 80:
                return topic, False
            if topic and kind_only and fallback is None and SPECIFIC_KIND.search(topic):
                fallback = topic
    if fallback is None:
        # "Dinner with Bob", "an interview": the kind of meeting is a fine title by itself;
        # in "onboarding docs" it only qualifies the subject.
        m = next(
            (m for m in SPECIFIC_KIND.finditer(body) if not _QUALIFIES.match(body, m.end())), None
        )
        fallback = _tidy(m[0]) if m else None
    if fallback is None:
        zh = ZH_KIND.search(body)
        fallback = next((g for g in zh.groups() if g), None) if zh else None
        fallback = "吃饭" if fallback == "饭" else fallback
    return fallback, True


# "go through her note below", "about the attached": the subject is written elsewhere.
# "a review of these": a subject that ends pointing at something not in the text.
_POINTS_ELSEWHERE = re.compile(
    r"\b(?:below|above|attached|forwarded)\b|\b(?:these|those|this|that)$", re.I
)
# "onboarding docs", "lunch menu": a kind word followed by the noun it qualifies.
_QUALIFIES = re.compile(
    r"[ \t]+(?!(?:with|w|on|at|for|in|next|this|tomorrow|today|tonight|and|or|about|to|please"
    r"|pls|between|before|after|sometime|via|by|over|is|the|a|an|if|when|so|but|then|re"
    # "Lunch meeting with Erin", "a breakfast call": the kind is the meal, not a qualifier.
    r"|meeting|meetings|call|session|chat|sync|appointment|get-together)\b)"
    r"(?-i:[a-z])[a-z]+\b",
)
_CALL_APPS = re.compile(
    r"\b(?:ms\s+|microsoft\s+)?teams\b|\bgoogle\s+meet\b|\bmeet\b|\bwebex\b|\bskype\b"
    r"|\bwhatsapp\b|\bphone\b|\bslack\b|\bhangouts?\b|\bzoom\b",
    re.I,
)
_PLACE_FILLER = re.compile(r"\b(?:or|and|at|in|on|the|via|over)\b|[或在和\W]", re.I)


def _only_people(topic: str, ctx: RequestContext) -> bool:
    """Whether the topic is nothing but the names of people ("李娜", "Bob and Carol")."""
    people = find_participants(topic, ctx)[0]
    rest = topic
    for ref in people:
        for word in [ref.name, *(ref.name.split()), ref.email or ""]:
            if word:
                rest = re.sub(re.escape(word), " ", rest, flags=re.I)
    # "for him, Carol and me": a pronoun is one of the people too.
    return bool(people) and not re.sub(
        r"\b(?:and|or|with|me|him|her|them|us)\b|[\W和与跟]", "", rest, flags=re.I
    )


def _only_places(topic: str) -> bool:
    """Whether the topic is nothing but places ("Zoom or at the office"), not 新办公室装修."""
    rest = topic
    for place in find_locations(topic):
        rest = re.sub(re.escape(place), " ", rest, flags=re.I)
    # "Zoom or Teams": a place found by one of its names ("Teams" for Microsoft Teams).
    rest = _CALL_APPS.sub(" ", rest) if rest != topic else rest
    return rest != topic and not _PLACE_FILLER.sub("", rest).strip()


_TERSE_SPLIT = re.compile(r"[,;|\n，；：]|(?<!\d):(?!\d)|(?<=[.?!])\s+|(?<=[。？！])|\s[-–—]\s")
_TERSE_FILLER = re.compile(
    r"^(?:please|pls|thanks|thank you|thx|thnx|ty|cheers|meeting|meet|call|set up|book|schedule|"
    r"sometime|any ?time|asap|me|us|and|with|optional|required|nice to have|"
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
_LUNCH_AND_LEARN = re.compile(r"\blunch\s*(?:&|and|\+|'?n'?)\s*learns?\b", re.I)
# "quarterly report (yes, after the clocks change)": an aside, not a part of the request.
_ASIDE = re.compile(r"\([^()]*\)|（[^（）]*）")


def terse_topic(body: str, ctx: RequestContext) -> str | None:
    """The topic of a terse request: the one part that names no one, no time and no place.

    "Bob + Dave, pricing call, Tue 10 March 14:00" -> "pricing call"; "Meeting with Bob,
    2-3pm tomorrow, hiring" -> "hiring". Nothing when more than one part is left over.
    """
    first = _ASIDE.sub(" ", next((line for line in body.split("\n") if line.strip()), ""))
    names = {
        word.lower()
        for person in (*ctx.members, *ctx.contacts)
        for word in re.findall(r"[\w'-]+", person.name)
    }
    left = []
    parts = [p.strip(" .!?+&。？！") for p in _TERSE_SPLIT.split(first)]
    if sum(1 for p in parts if p) < 2:
        return None  # "Same as last time please.": a sentence, not parts of a request
    for part in parts:
        words = re.findall(r"[A-Za-z][\w'/-]*", part)
        # 服务器迁移 is a subject; 请安排一个会议 asks for a meeting.
        chinese = re.fullmatch(r"[\u4e00-\u9fff]{2,12}", part) and not re.search(
            r"安排|会议|开会|见面|约|请|时间|参会|参加|与会|出席|地点|时长", part
        )
        if not part or not (words or chinese) or len(words) > 5 or "@" in part:
            continue
        if re.fullmatch(r"[\d\W]+", re.sub(r"[A-Za-z]{1,2}\b", "", part)):
            continue  # "10.03.", "2-3pm": numbers, not a subject
        if {w.lower() for w in words} & (names | {"me", "with"}) or part.lower() in names:
            continue
        if find_participants(part, ctx)[0] or {w.lower() for w in words} & _ABOUT_PEOPLE:
            continue  # "she's presenting", "the rest are optional": about people, not a subject
        timing = _LUNCH_AND_LEARN.sub(" ", part.lower())  # the name of a session, no time
        if find_time_specs(timing, date(2000, 1, 1)) or clock_lists(part)[1]:
            continue  # "around 10", "at 3 or 4": a time
        if find_locations(part):
            continue
        if find_duration(part) or _TERSE_FILLER.match(part) or _ABOUT_TIME.search(part):
            continue
        left.append(part)
    return _tidy(left[0]) if len(left) == 1 else None
