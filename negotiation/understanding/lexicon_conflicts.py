"""How a writer says they are busy, away or committed on a day: a conflict.

A conflict stated for a day an option falls on ("Tuesday I have an appointment at the
doctor", "Wednesday I'm at the client all day", "Thursday is school pick-up madness") is
a no to that day's options (owner's decision, round conflicts18); rules_conflicts finds
the day and what the conflict covers. Being somewhere with nothing on ("Tuesday I'm on
campus anyway", "I'm in the office that day") is no conflict, and neither is being in a
town alone ("Tuesday I'm in Madrid": it may still be met online, lexicon_away).
"""

# The writer as the subject: "I'm", "I'll be", "we're".
_BE = r"(?:i'?m|i\s+am|i'?ll\s+be|i\s+will\s+be|we'?re|we\s+are|we'?ll\s+be)"
_HAVE = r"(?:i\s+have|i'?ve(?:\s+got)?|i\s+got|we\s+have|we'?ve(?:\s+got)?)"
_ARTICLE = r"(?:(?:a|an|the|my|our|two|three|some|another|back-to-back|all-day)\s+)?"

# What is on: an appointment, a class, a shift; never a meeting "with you" or its room.
_ON = (
    r"(?:(?:doctor'?s?|dentist'?s?|hospital|medical|vet|physio|eye|hair|school)\s+)?"
    r"(?:appointments?|dentist|doctor|physio|therapy|surgery|labs?|class(?:es)?|lectures?|exams?"
    r"|tutorials?|seminars?|workshops?|trainings?|courses?|shifts?|offsite|off-site"
    r"|conference|interviews?|flights?|commitments?|school\s+run|pick-?ups?|drop-?offs?"
    r"|(?:board|client|team|staff|department|ops|weekly|standing|all-hands)\s+(?:meetings?|calls?)"
    r"|meetings|calls|deadlines?|court\s+date|funeral|wedding|jury\s+duty|visitors?|guests)"
    r"(?!\s+(?:room|link|invite|agenda|with\s+(?:you|us|the\s+team|everyone))\b)"
)
# Where the writer is taken up: at the client, at a conference, in back-to-back meetings.
_AT = (
    r"(?:at|with)\s+" + _ARTICLE + r"(?:client|clients|customer|customers|conference|offsite"
    r"|off-site|trade\s+fair|summit|dentist|doctor'?s?|hospital|clinic|vet|airport|court"
    r"|funeral|wedding|training|workshop|seminar|supplier|kids|children)"
    r"|in\s+" + _ARTICLE + r"(?:meetings|workshops|training|court|hospital|surgery|interviews"
    r"|class(?:es)?|lectures?)"
    r"|on\s+(?:site|call|duty|shift|jury\s+duty|a\s+course|(?:a\s+)?training)"
    r"|(?:teaching|presenting|lecturing|invigilating|interviewing|babysitting|moving\s+house"
    r"|fully\s+booked|booked\s+up|tied\s+up|stuck\s+in\s+[a-z-]+|off\s+sick|in\s+court)"
)
# Promised or bound to do something else: "I promised to cover the front desk".
_BOUND = (
    r"(?:i'?ve\s+|i\s+have\s+)?(?:promised|agreed|committed)\s+to|(?:i\s+)?(?:have|need|got)\s+to"
    r"|i\s+must|i'?ve\s+got\s+to"
)
_BOUND_TO = (
    r"(?:cover|attend|pick\s+up|drop\s+off|drive|go\s+to|fly|travel|visit|leave|teach|present"
    r"|host|chair|babysit|look\s+after|take\s+(?:my|the|our)\s+[a-z]+\s+to)"
)
# "Thursday is school pick-up madness", "both madness with the auditors in": a full day.
_FULL = (
    r"(?:madness|chaos|mayhem|a\s+(?:nightmare|zoo|circus)|hectic|manic|insane|nuts"
    r"|wall-to-wall(?:[\s-]+[a-z-]+){0,3}|back-to-back(?:[\s-]+[a-z-]+){0,2}"
    r"|fully\s+booked|booked\s+solid|rammed|jam-?packed|chock-?a-?block)"
)

# One conflict statement, its core only; rules_conflicts adds the detail after it.
CONFLICT = (
    rf"\b{_BE}\s+(?:(?:still|already|completely|totally)\s+)?(?:{_AT})\b"
    rf"|\b{_HAVE}\s+{_ARTICLE}(?:[a-z'-]+\s+)?{_ON}\b"
    rf"|\b(?:{_BOUND})\s+{_BOUND_TO}\b"
    rf"|(?:\bis|\bare|'s)\s+(?:both\s+|all\s+|totally\s+|completely\s+|just\s+|pure\s+)?"
    rf"(?:[a-z-]+\s+){{0,2}}?{_FULL}(?![\w-])"
)
# Said beside the day, these make it a life detail, not a conflict: "I'm there anyway".
NEUTRAL = r"\b(?:anyway|anyhow|already\s+there|nearby|close\s+by|on\s+the\s+way)\b"
# A verdict for the day beside the conflict ("Tuesday I have class but 10 is fine"): the
# clauses weigh it; the conflict is left as it was written.
VERDICT = (
    r"\b(?:works?|fine|ok(?:ay)?|good|great|free|available|perfect|suits?|easy|possible"
    r"|doable|can|could|not|no|nothing|never|n't|cancel+ed|moved|off)\b"
)
