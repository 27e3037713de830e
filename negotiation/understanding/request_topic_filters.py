"""What a topic candidate must not be: only words about time, a landmark, a set-aside part.

"Week after next works better", "Same time next week?", "First thing Wednesday", "on one
of the other days": the words in the subject's place say when, and name no subject. "Ignore
her bit about the shared drive", "no need for their finance team": the member sets that part
aside, so its subject is not the meeting's. "Before the 10 o'clock standup": the meeting
named is the landmark the new one is placed against, not what it is about.
"""

from __future__ import annotations

import re

# Words that only place or order a meeting in time, with the small words between them.
_TIME_WORDS = frozenset(
    re.findall(
        r"\S+",
        "week weeks day days time times month months fortnight weekend weekends morning "
        "mornings afternoon afternoons evening evenings night tonight today tomorrow yesterday "
        "noon midday after before next last this that same following other others usual one "
        "ones of the a an any either first second third sooner soonest earlier later better "
        "best works work slot slots on in at for is are be would suits thing sharp "
        # "Over the next two weeks", "Otherwise any day that week", "The week after then".
        "over within during until till two three couple few otherwise then "
        # "Some Tuesday before the end of March": which day is left open.
        "some "
        # "I need to plan my week": her own week, not a subject.
        "my our your",
    )
)


# "next week's launch", "Friday's event": a time that owns the subject, not when to meet.
POSSESSIVE_TIME = (
    r"(?:(?:next|this|last)\s+(?:week|month|year|quarter)|tomorrow|today|yesterday|tonight"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)['’]s\b"
)


def without_possessive_time(topic: str) -> str:
    """The candidate without the time it starts with and that owns it: "next week's launch".

    Only at the start: in "notes from Friday's call" the day is when something else was.
    """
    return re.sub(rf"^\s*{POSSESSIVE_TIME}", " ", topic, flags=re.I)


def only_time_words(topic: str) -> bool:
    """Whether every word of the candidate says when, none what ("Week after", "Same time")."""
    words = re.findall(r"[a-z][\w'-]*", topic.lower())
    numbers = re.findall(r"\b\d+(?:[:.]\d+)?\b", topic)  # "8 sharp": a number is a clock time
    return (
        bool(words)
        and len(words) + len(numbers) == len(re.findall(r"\S+", topic))
        and all(w in _TIME_WORDS for w in words)
    )


# "Ignore her bit about X", "..., no need for their finance team", "forget the budget part":
# down to the end of the clause, which is all the member sets aside. Near misses: "Ignore the
# typo. Budget review with Bob", "No need for slides, just a chat about the budget" keep
# the subject of the next sentence or clause.
_SET_ASIDE = re.compile(
    r"(?:^|(?<=[.!?;,\n])|(?<=[.!?;,]\s))[ \t]*(?:please\s+)?(?:ignore|disregard|skip|forget(?:\s+about)?"
    r"|no\s+need\s+(?:for|to)|(?:we\s+)?don'?t\s+need)\b"
    # "Ignore my previous email about the audit prep": the mail is set aside, its subject
    # stays the meeting's.
    r"(?!\s+(?:my|the|our)\s+(?:previous|last|earlier|other|first)\s+(?:e-?mail|mail|message|note))"
    r"[^.!?;,\n]*",
    re.I,
)


def without_set_aside(body: str) -> str:
    """The body without the sentences the member sets aside ("Ignore her bit about X")."""
    return _SET_ASIDE.sub(" ", body)


# "before the 10 o'clock standup", "the day after the board meeting", "until the all-hands":
# the meeting named after these words is a landmark in time.
LANDMARK = re.compile(
    r"\b(?:before|after|until|till|following|ahead\s+of)\s+(?:the|our|my)\s+$", re.I
)


def is_landmark(body: str, start: int) -> bool:
    """Whether the phrase starting at `start` comes right after "before the", "after our"..."""
    return bool(LANDMARK.search(body[max(0, start - 30) : start]))


# A lead word that is a preposition or a pronoun-led clause opens no subject: "Over
# breakfast on Friday?", "During lunch break", "I've got a concert after".
LEAD_NOT_SUBJECT = re.compile(
    r"^(?:over|during|around|until|till|before|after|within|from|since|by|i've|we've|you've"
    r"|they've|i'm|we're)(?![\w-])"
    # "Yes let's do it", "OK, fine by me", "Let's go with that": an answer to the mail she
    # quotes, not a subject. Near miss: "Great Wall trip planning" names one.
    r"|^(?:yes|yep|yeah|ok|okay|sure|fine|great|perfect|agreed|sounds\s+good)\b"
    r"(?=\s*(?:[,!.]|$|let'?s\b|by\s+me\b|with\s+me\b|then\b|that\b))"
    r"|^let'?s\s+(?:do|go\s+(?:with|for))\s+(?:it|that|this)\b",
    re.I,
)

# Field labels of a pasted calendar entry or form: "Organiser:", "Guests:", "Join:".
FIELD_LABEL = re.compile(
    r"^(?:organi[sz]er|organi[sz]ed\s+by|guests?|attendees?|invitees?|participants?|join|"
    r"location|where|when|time|date|dial-?in|link|calendar|host|owner|status)$",
    re.I,
)


def sets_aside_chinese(topic: str) -> str:
    """确认一下发货时间 -> 发货: the time of a thing is what gets confirmed, the thing the subject.

    The topic is the shortest phrase naming the subject; 时间管理 (time management) keeps its
    时间, and 时间 alone stays (nothing would be left).
    """
    m = re.fullmatch(r"(.{2,}?)的?(?:时间|日期|时间点|具体时间)", topic)
    return m[1] if m and re.search(r"[\u4e00-\u9fff]", m[1]) else topic


def tidy(topic: str) -> str:
    """A candidate without its edges: punctuation, articles, a length, a trailing day word."""
    topic = re.sub(r"\s+", " ", topic).strip(" .,:;-!?，。：？！")
    # "the slides for (Thursday)", "the report due (Monday)": the day went, so does its word.
    topic = re.sub(r"(?:\s+(?:for|due|by|before|until|on|at))+$", "", topic, flags=re.I)
    topic = re.sub(r"\s*[吧呢啊吗]$", "", topic)  # "Q1 review 吧": a particle, not the subject
    topic = re.sub(r"^(?:the|our|a|an|quick|short)\s+", "", topic, flags=re.I)
    # "2h workshop", "15-min sync": the length is said elsewhere, not part of the subject.
    topic = re.sub(r"^\d+(?:[.,]\d+)?\s*-?\s*(?:h|hrs?|hours?|min|mins|minutes?)\s+", "", topic)
    # "(an) hour long", "half an hour or so": the article went above, the length goes here.
    topic = re.sub(
        r"^(?:(?:one|two|three|half\s+an?|half)\s+)?(?:hour|hours|minutes)\s+(?=long\b|or\s+so\b)",
        "",
        topic,
        flags=re.I,
    )
    if re.fullmatch(r"long|or\s+so|max(?:imum)?|tops|at\s+most|or\s+less|ish", topic, re.I):
        return ""  # "a meeting about 30 minutes long": a length, no subject
    # "(about 30 minutes) re design": what is left after the length starts with its "re".
    topic = re.sub(r"^(?:re:?|regarding)\s+(?=\w)", "", topic, flags=re.I)
    topic = re.sub(r"^(?:the|our)\s+", "", topic, flags=re.I)  # "Re the Q2 numbers"
    topic = sets_aside_chinese(topic)
    return topic[:1].upper() + topic[1:] if topic.isascii() else topic
