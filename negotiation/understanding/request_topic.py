"""What a requested meeting is about: "about X", "to discuss X", a labelled topic, a terse part."""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.request_details import find_duration, find_locations
from negotiation.understanding.request_people import find_participants
from negotiation.understanding.request_topic_acts import act_object, names_nothing
from negotiation.understanding.request_topic_filters import (
    FIELD_LABEL,
    LEAD_NOT_SUBJECT,
    is_landmark,
    only_time_words,
    tidy,
    without_possessive_time,
    without_set_aside,
)
from negotiation.understanding.request_topic_patterns import (
    ABOUT_PATTERN,
    ACT_PATTERN,
    CAN_WE,
    GENERIC_KINDS,
    GENERIC_WORDS,
    KIND_FOR,
    LEAD_PATTERNS,
    NOT_TOPICS,
    SPECIFIC_KIND,
    TOPIC_PATTERNS,
)
from negotiation.understanding.request_topic_states import without_states
from negotiation.understanding.request_topic_terse import aside_topic, terse_topic
from negotiation.understanding.request_topic_zh import with_gloss, with_meeting_word, zh_kind
from negotiation.understanding.rules_dates import find_time_specs
from negotiation.understanding.types import RequestContext


def find_topic(body: str, ctx: RequestContext) -> str | None:
    """The meeting's subject, from "about X", "to discuss X", "a budget review", 关于X的会议..."""
    body = without_set_aside(body)  # "Ignore her bit about the shared drive"
    body = without_states(body)  # "..., because I'm on leave Friday": a reason, no subject
    topic, kind_only = _said_topic(body, ctx)
    if not topic or kind_only:
        # "Mon 23rd or Wed 25th, with Will, sprint demo": a terse part says more than "demo";
        # "a call tomorrow (tender clarification)": so does an aside, the kind kept with it.
        terse = terse_topic(body, ctx)
        aside = None if terse else aside_topic(body, ctx)
        if terse:
            topic = terse
        elif aside:
            topic = f"{topic} ({aside})" if topic else aside
    return with_gloss(topic, body) if topic else None


def stated_topic(body: str, ctx: RequestContext) -> str | None:
    """Find the subject the text states in words ("about X", "for the X"), no terse part."""
    # A quoted mail's lines ("Dave Brown | Key Account Manager") are no parts of a request.
    return _said_topic(without_states(without_set_aside(body)), ctx)[0]


def _said_topic(body: str, ctx: RequestContext) -> tuple[str | None, bool]:
    """The subject the text names, and whether it is only the kind of meeting."""
    fallback: str | None = None
    for pattern in TOPIC_PATTERNS:
        for m in pattern.finditer(body):
            topic = tidy(m[2] if pattern is KIND_FOR else m[1])  # KIND_FOR: its kind first
            topic = with_meeting_word(topic, body, m.end(m.lastindex or 1))  # 开个产品例会
            words = re.findall(r"[\w'-]+", topic.lower())
            kind_only = bool(words) and (
                all(w in GENERIC_WORDS or w in GENERIC_KINDS or w.isdigit() for w in words)
                # "2h workshop": a kind with only its length, not a subject.
                or bool(SPECIFIC_KIND.fullmatch(topic) and topic.lower() != m[1].strip().lower())
            )
            # "the team lunch": the meal names the meeting, not a time of day; "lunch meeting"
            # and "Will's birthday lunch" (a person is the reason) stay times of day.
            timing = SPECIFIC_KIND.sub(" ", topic).lower()
            rest = set(re.findall(r"[\w'-]+", timing)) - GENERIC_WORDS - GENERIC_KINDS
            if not rest or find_participants(topic, ctx)[0]:
                timing = topic.lower()
            timing = without_possessive_time(timing)  # "Friday's event": a subject
            if find_time_specs(timing, date(2000, 1, 1)) or re.match(
                r"\d+(?:st|nd|rd|th)\b", topic
            ):
                continue  # "a retro with Bob on March 12": a date, not a subject
            if only_time_words(topic) or is_landmark(body, m.start(1)):
                continue  # "Week after (next works)", "before the (10 o'clock standup)"
            if re.search(r"\b(?:before|after|until)\s+(?:the|our|my)\s", topic, re.I):
                continue  # "the day after the board meeting": a time placed by a landmark
            if _only_places(topic):
                continue  # "a sync with Bob ... on Zoom or at the office": a place
            if _WHEN_OR_WHERE.match(topic) or names_nothing(topic):
                continue  # "about when we can all meet", "a few things": no subject
            if topic.lower() in NOT_TOPICS or _POINTS_ELSEWHERE.search(topic):
                continue
            if re.match(r"of\b", topic, re.I):
                continue  # "about 20 minutes of slides": a length, then what fills it
            if pattern in (ACT_PATTERN, ABOUT_PATTERN, CAN_WE) and not act_object(topic):
                continue  # "figure out a time", "go over when we meet": no subject
            if _only_people(topic, ctx):
                continue  # "Demo for 李娜": the person it is for, not a subject
            if pattern in LEAD_PATTERNS:
                heading, _, detail = topic.partition(":")
                if LEAD_NOT_SUBJECT.match(topic) or FIELD_LABEL.fullmatch(heading.strip()):
                    continue  # "Over breakfast on Friday?", "Organiser: alice@..."
                if detail and (only_time_words(detail) or _only_places(detail)):
                    continue  # "Venue: the office", "Slot: first thing"
                if find_participants(topic, ctx)[0] or find_duration(topic):
                    continue  # "Bob and Will — ...", "45 min, ...": people or a length
                # "Lunch with Bob, Friday, pricing": the kind alone leaves room for a part.
                kind_only = kind_only or bool(SPECIFIC_KIND.fullmatch(topic))
            if pattern is KIND_FOR:
                if find_duration(topic):
                    continue  # "a workshop for two hours": how long, not what for
                topic = f"{topic} {m[1].lower()}"  # "Retro for the X": the X retro
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
        fallback = tidy(m[0]) if m else None
    if fallback is None:
        fallback = zh_kind(body)
    return fallback, True


# "go through her note below", "about the attached": the subject is written elsewhere.
# "a review of these": a subject that ends pointing at something not in the text.
_POINTS_ELSEWHERE = re.compile(
    r"\b(?:below|above|attached|forwarded)\b|\b(?:these|those|this|that)$", re.I
)
# "about when we can all meet", "to figure out where": the meeting's own time or place.
_WHEN_OR_WHERE = re.compile(
    r"(?:when|where|whether|if|how\s+long|what\s+time|which\s+(?:day|time|slot))\b", re.I
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
