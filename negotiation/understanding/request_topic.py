"""What a requested meeting is about: "about X", "to discuss X", a labelled topic, a terse part."""

from __future__ import annotations

import re
from datetime import date

from negotiation.understanding.request_details import find_duration, find_locations
from negotiation.understanding.request_people import find_participants
from negotiation.understanding.rules_dates import find_time_specs
from negotiation.understanding.types import RequestContext

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
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon|evening|"
    r"first\s+thing)\b|\s+\d{1,2}\.\d{1,2}\.)"
)
# Words that ask for a meeting rather than name its subject ("Please book a call with").
_ASKING = (
    r"(?:please|pls|can|could|would|let's|lets|i|we|you|set|book|schedule|arrange|organi[sz]e|"
    r"need|want|hi|hello|hey|a|an|the|our|my|quick|short|next|this|new)"
)
# "for the whole team", "for the rest of the week": no subject follows.
_NOT_FOR = r"whole|rest|first|next|last|same|team|group|day|week|month|time|moment|record|sake"
# "to go through the campaign brief", "to finalise the newsletter": the object is the subject.
_TO_DO = (
    r"to\s+discuss|to\s+talk\s+about|to\s+go\s+over|to\s+go\s+through|to\s+review|to\s+plan|"
    r"to\s+prepare|to\s+catch\s+up\s+on|to\s+finali[sz]e|to\s+close\s+out|to\s+wrap\s+up|"
    r"to\s+agree\s+on|to\s+decide\s+on|to\s+sign\s+off\s+on"
)
# The end of a German or French subject: the next day, time, place or person word.
_STOP_AT_FOREIGN = (
    r"(?=$|[.!?;\n,]|\s+(?:am|im|mit|avec|le|la|et|und|ab|um|à|au|en|dans|nächste|morgen|demain"
    r"|jeudi|lundi|mardi|mercredi|vendredi|montag|dienstag|mittwoch|donnerstag|freitag"
    r"|ansetzen|organisieren|vereinbaren|s'il|stp|bitte)\b)"
)
TOPIC_PATTERNS = (
    re.compile(
        r"^\s*(?:topic|subject|agenda|re|about|thema|betreff|sujet|主题|议题)\s*[:：]\s*(.+)$",
        re.I | re.M,
    ),
    # "... Dave and Erin. Topic: partnership kickoff", "，主题：季度总结。": a label mid-line.
    re.compile(
        r"(?:(?<=[\s,;.(，。；（])|^)(?:topic|agenda|thema|sujet|主题|议题)\s*[:：]?\s*"
        r"(.+?)(?=\s*(?:$|[.;\n。；，,!?！？)）]|\s[-–—]\s))",
        re.I | re.M,
    ),
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
        rf"\b(?:{_TO_DO}|regarding|about|(?-i:re)(?=\s))\s+(?:the\s+|our\s+)?(.+?){_STOP_AT}",
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
    re.compile(
        rf"(?:^|\n)[ \t]*((?:(?!{_ASKING}\b)[\w'-]+[ \t]+){{1,3}}?(?:{_KINDS}))\s+(?:with\b|w/)",
        re.I,
    ),
    # "set up hiring debrief w/ carol": the words between the asking and the kind.
    re.compile(
        rf"\b(?:set\s+up|book|schedule|arrange|organi[sz]e)\s+((?:(?!{_ASKING}\b)[\w'-]+\s+){{1,3}}?"
        rf"(?:{_KINDS}))\b",
        re.I,
    ),
    # "..., with Zhang Wei, on the Q2 forecast": after a comma, "on" leads to the subject.
    re.compile(rf",\s*on\s+(?:the\s+|our\s+)?(.+?){_STOP_AT}", re.I),
    # "with Will for the training plan", "next week for the distribution deal".
    re.compile(rf"\bfor\s+(?:the|our)\s+(?!{_NOT_FOR}\b)(.+?){_STOP_AT}", re.I),
    # "zur Inventur", "wegen Urlaubsplanung", "sur le budget média": German and French.
    re.compile(
        r"\b(?:zum\s+thema|zur|wegen|bezüglich|betreffend|sur\s+(?:le|la|les)|sur\s+l'"
        r"|au\s+sujet\s+d[eu]s?|concernant|pour\s+(?:discuter|parler)\s+d[eu]s?)\s*"
        rf"(?:la\s+|l')?((?:(?!(?:am|im|mit|le|la|avec|et|und)\b)[^\s,.;!?]+\s*){{1,4}}?){_STOP_AT_FOREIGN}",
        re.I,
    ),
    re.compile(r"关于(.{2,30}?)的?(?:会议|会|讨论|沟通|事情|事)"),
    re.compile(r"讨论(?:一下)?(.{2,30}?)(?=[，。,.!！?？\n]|$|的事)"),
    re.compile(r"开(?:个|一个|一次)?(.{2,12}?)(?:会议|会)(?![议])"),
    # 聊一下合同续签, 聊聊合作, 谈物流, 过一下年度计划, 想聊 pricing.
    re.compile(
        r"(?:聊一下|聊聊|聊|谈一下|谈谈|谈(?!判)|过一下)\s*(.{2,20}?)(?:的事情?|的问题)?"
        r"(?=\s*(?:[，。,.!！?？\n]|$))"
    ),
    re.compile(r"开(?:个|一个|一次)\s*([A-Za-z][\w '/-]{1,40}?)(?=\s*(?:[,，。.!?？]|$))"),
)
# "on the calendar", "about this": words in the subject's place that name nothing.
_NOT_TOPICS = frozenset({"calendar", "diary", "agenda", "this", "that", "it", "them", "all"})
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


def _tidy(topic: str) -> str:
    topic = re.sub(r"\s+", " ", topic).strip(" .,:;-!?，。：？！")
    # "the slides for (Thursday)", "the report due (Monday)": the day went, so does its word.
    topic = re.sub(r"(?:\s+(?:for|due|by|before|until|on|at))+$", "", topic, flags=re.I)
    topic = re.sub(r"\s*[吧呢啊吗]$", "", topic)  # "Q1 review 吧": a particle, not the subject
    topic = re.sub(r"^(?:the|our|a|an|quick|short)\s+", "", topic, flags=re.I)
    # "2h workshop", "15-min sync": the length is said elsewhere, not part of the subject.
    topic = re.sub(r"^\d+(?:[.,]\d+)?\s*-?\s*(?:h|hrs?|hours?|min|mins|minutes?)\s+", "", topic)
    return topic[:1].upper() + topic[1:] if topic.isascii() else topic


def find_topic(body: str, ctx: RequestContext) -> str | None:
    """The meeting's subject, from "about X", "to discuss X", "a budget review", 关于X的会议..."""
    topic, kind_only = _said_topic(body)
    if topic and not kind_only:
        return topic
    # "Mon 23rd or Wed 25th, with Will, sprint demo": a terse part says more than "demo".
    return terse_topic(body, ctx) or topic


def _said_topic(body: str) -> tuple[str | None, bool]:
    """The subject the text names, and whether it is only the kind of meeting."""
    fallback: str | None = None
    for pattern in TOPIC_PATTERNS:
        for m in pattern.finditer(body):
            topic = _tidy(m[1])
            words = re.findall(r"[\w'-]+", topic.lower())
            kind_only = bool(words) and (
                all(w in _GENERIC or w in _GENERIC_KINDS or w.isdigit() for w in words)
                # "2h workshop": a kind with only its length, not a subject.
                or bool(_SPECIFIC_KIND.fullmatch(topic) and topic.lower() != m[1].strip().lower())
            )
            if find_time_specs(topic.lower(), date(2000, 1, 1)) or re.match(
                r"\d+(?:st|nd|rd|th)\b", topic
            ):
                continue  # "a retro with Bob on March 12": a date, not a subject
            if find_locations(topic):
                continue  # "a sync with Bob ... on Zoom or at the office": a place
            if topic.lower() in _NOT_TOPICS:
                continue
            if topic and not kind_only and len(topic) <= 80:
                return topic, False
            if topic and kind_only and fallback is None and _SPECIFIC_KIND.search(topic):
                fallback = topic
    if fallback is None:
        # "Dinner with Bob", "an interview": the kind of meeting is a fine title by itself.
        m = _SPECIFIC_KIND.search(body)
        fallback = _tidy(m[0]) if m else None
    return fallback, True


_TERSE_SPLIT = re.compile(r"[,;\n，；：]|(?<!\d):(?!\d)|(?<=[.?!])\s+|(?<=[。？！])|\s[-–—]\s")
_TERSE_FILLER = re.compile(
    r"^(?:please|pls|thanks|thank you|meeting|meet|call|set up|book|schedule|"
    r"sometime|any ?time|asap|me|us|and|with|optional|required|nice to have|"
    r"(?:hi|hello|hey|dear|good\s+(?:morning|afternoon|evening))(?:\s+\w+)?)$",
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
        "it's",
        "you",
        "you're",
        "my",
        "your",
    ]
)
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
            r"安排|会议|开会|见面|约|请|时间", part
        )
        if not part or not (words or chinese) or len(words) > 5 or "@" in part:
            continue
        if re.fullmatch(r"[\d\W]+", re.sub(r"[A-Za-z]{1,2}\b", "", part)):
            continue  # "10.03.", "2-3pm": numbers, not a subject
        if {w.lower() for w in words} & (names | {"me", "with"}) or part.lower() in names:
            continue
        if find_participants(part, ctx)[0] or {w.lower() for w in words} & _ABOUT_PEOPLE:
            continue  # "she's presenting", "the rest are optional": about people, not a subject
        if find_time_specs(part.lower(), date(2000, 1, 1)) or find_locations(part):
            continue
        if find_duration(part) or _TERSE_FILLER.match(part):
            continue
        left.append(part)
    return _tidy(left[0]) if len(left) == 1 else None
