"""Statements of where someone is or whether they are free: never what a meeting is about.

"..., because I'm on leave Friday", "as I'm off Monday", "I'm out Friday", "Carol's on
holiday from the 12th", "since we're travelling Mon-Tue": a reason for the days, or a
state of the writer or of someone invited. Topic patterns that read "on X", "for the X" or
"X with Y ... on Z" would otherwise take the state's noun ("leave", "holiday") for the
subject. Near misses: "Leave policy review with Bob", "Holiday rota planning", "about
Bob's leave next week", "Carol's away day planning" name a subject: no one is said to be
in the state.
"""

from __future__ import annotations

import re

# Who: "I", "we", "she", "Carol"; then a present or future "be" ("I'm", "we'll be", "Bob
# is"), an adverb or two ("all", "mostly", "probably").
_WHO = (
    r"(?:I|we|he|she|they|(?!(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug"
    r"|Sep|Oct|Nov|Dec)[a-z]*\b)[A-Z][a-z]+)"
    r"(?:\s*['’](?:m|re|s)|\s+(?:am|are|is)|\s*['’]ll\s+be|\s+will\s+be|\s+(?:is|are)\s+going\s+to\s+be)"
    r"(?:\s+(?:all|both|also|mostly|probably|likely|then|away|just))?"
)
# The state itself: away, out, off work, on leave, travelling. Not "out-of-office note"
# (a thing), "off-site review", "away day" (an event).
_STATE = (
    r"\s+(?:on\s+(?:(?:annual|parental|maternity|paternity|sick|study|garden|gardening|medical)\s+)?"
    r"(?:leave|holidays?|vacation|PTO|sabbatical|the\s+road|a\s+(?:plane|flight|trip|course))"
    r"|off(?![\w-])|out(?![\w-])(?:\s+of\s+(?:the\s+)?office)?|away(?![\w-])(?!\s+days?\b)"
    r"|OOO|travel+ing|flying|abroad|unavailable|not\s+(?:around|available|in)(?![\w-])"
    r"|(?:in|at)\s+(?:the\s+)?(?:client|customer|conference|dentist|doctor)['’]?s?)"
)
# Before the state, a cue that makes it a reason: "because", "as", "since", "cos".
STATE = _STATE  # request_away_people reads a person's state by it too
_CUE = r"(?:(?i:because|b/c|cos|coz|['’]?cause|since|as|given\s+that)\s+)?"
# Only the statement's words go: the days after it ("on leave Friday") still tell a terse
# part's time from its subject.
_STATEMENT = re.compile(rf"(?<![\w'’-]){_CUE}{_WHO}{_STATE}")


def without_states(body: str) -> str:
    """The body with statements of someone's whereabouts or availability blanked."""
    return _STATEMENT.sub(lambda m: " " * len(m[0]), body)
