"""What the meeting is to do, and to what: "to prep the board deck", "walk Bob through X".

A person reads the object of the work the meeting is for as its subject: "we should review
the rebate terms", "let's figure out the travel budget", "we'll be looking at the pilot
results", "a session for going through the survey results", "a deep dive into the churn
numbers". The verb must be said as something to do (after "to", "let's", "we should",
"and", "be ...ing"), so "the review with Bob" (a noun) names nothing here.
"""

from __future__ import annotations

import re

# The work a meeting does, in its base and -ing forms, with the particle it takes.
ACTS = (
    r"discuss(?:ing)?|talk(?:ing)?\s+(?:about|through|over)|go(?:ing)?\s+(?:over|through)"
    r"|review(?:ing)?|plan(?:ning)?(?!\s+(?:to|on|for)\b)|prep(?:ping|are|aring)?(?:\s+for)?"
    r"|look(?:ing)?\s+(?:at|over|into|through)|dig(?:ging)?\s+into|div(?:e|ing)\s+into"
    r"|deep[- ]dive\s+(?:into|on)|(?:figur(?:e|ing)|work(?:ing)?|sort(?:ing)?|hash(?:ing)?"
    r"|map(?:ping)?|scop(?:e|ing)|iron(?:ing)?)\s+out|(?:nail(?:ing)?|pin(?:ning)?|lock(?:ing)?)"
    r"\s+down|finali[sz](?:e|ing)|(?:agree(?:ing)?|decid(?:e|ing)|align(?:ing)?)\s+on"
    r"|sign(?:ing)?\s+off\s+on|catch(?:ing)?\s+up\s+on|brainstorm(?:ing)?|run(?:ning)?\s+through"
    r"|walk(?:ing)?\s+(?:(?:[A-Z][\w'-]*|him|her|them|us|me)\s+){0,3}?through|cover(?:ing)?"
    # "Can we talk 2027 pricing": talk with its object; "talk to Bob", "talk soon" have none.
    r"|talk(?=\s+(?!(?:to|with|about|through|over|it|this|that|soon|later|again|more|briefly"
    r"|tomorrow|today|next|on|at|in|for|then|before|after)\b))"
    r"|kick(?:ing)?\s+off|wrap(?:ping)?\s+up|clos(?:e|ing)\s+out|settl(?:e|ing)|debrief(?:ing)?\s+on"
)
# Where the verb is something to do: "to", "let's", "we should", "I want to", "and",
# "be ...ing", "for ...ing", "Can we". "Bob will present" is request_topic_patterns' (to present).
DOING = (
    r"(?:\bto|\blet'?s|\band|\bthen|\bwe(?:'ll|\s+will|\s+should|\s+need\s+to|\s+must|\s+can"
    r"|\s+could|'d|\s+would)?|\bi(?:'d\s+like\s+to|\s+want\s+to|\s+need\s+to)|\bshould|\bshall"
    # "we'll be looking at", "for going through": not "I'll be reviewing candidates all day"
    # (her own work) nor "for review" (a noun).
    r"|\bwe(?:'ll|\s+will)\s+be|\bwe(?:'re|\s+are)|\bfor(?=\s+\w+ing\b)|\bstart|\bdo\s+a)"
)
# "figure out a time", "go over when we meet", "plan to": no subject follows.
_NO_OBJECT = re.compile(
    r"(?:when|where|whether|if|how\s+long|a\s+(?:time|date|slot|day)|it|this|that|things"
    r"|them|everything|stuff|something|with|to|for|on|at|in|about)\b"
    # "for planning purposes": why, not what.
    r"|purposes?\b|reasons?\b",
    re.I,
)
# "go over a few things", "discuss some points", "a couple of questions": nothing named.
_NOTHING_NAMED = re.compile(
    r"(?:(?:a\s+)?(?:few|couple(?:\s+of)?|some|several|two|three|other|more|various)\s+)?"
    r"(?:things|stuff|points|items|bits|questions|ideas|issues|topics|matters|details)",
    re.I,
)


def names_nothing(topic: str) -> bool:
    """Whether the candidate is "a few things", "some points": words in a subject's place."""
    return bool(_NOTHING_NAMED.fullmatch(topic.strip()))


def act_object(topic: str) -> bool:
    """Whether the words after the verb name a subject ("the QBR deck"), not "when we meet"."""
    return not _NO_OBJECT.match(topic)
