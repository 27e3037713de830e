"""Words that say the writer is plainly away or taken, a no to the time they name.

"Tuesday I'm out of town", "on a business trip Thursday", "abroad that day": away, so
a no, as "travelling" and "away" are (lexicon_stance). Being somewhere ("Tuesday I'm in
Berlin", 周二我在外地) is not among them: it may still be met online, and is asked about;
nor is being at an event ("I'm at a conference Tuesday"), which rules_conflicts reads as
a no to that day's options (owner's decision, round conflicts18).
"""

AWAY_PHRASES = (
    # Read before "I'm out" (lexicon_stance), which would leave "of town" unread.
    r"\b(?:(?:i'?m|i\s+am|i'?ll\s+be|we'?re)\s+)?out\s+of\s+town\b",
    r"\bon\s+(?:a\s+|my\s+)?(?:business\s+|work\s+|family\s+)?trip\b",
    r"\babroad\b",
    r"\bon\s+the\s+road\b",
    # "I'm flying to Oslo on Tuesday"; "flying in" comes to the meeting.
    r"\bflying\b(?!\s+(?:in|over|down|up)\b)",
    # "Monday is a wash", "Tuesday's a no-go", "a non-starter": lost, a no.
    r"\ba\s+(?:write-?off|wash(?:out)?|no-?go|non-?starter|lost\s+cause)\b",
    # "I have a meeting at 11", "I've got another call on Tuesday": a meeting of the
    # writer's own then, as 有个会 is (lexicon_languages_zh); never a yes to it.
    r"\b(?:i|we)\s*(?:'ve|\s+have)(?:\s+got)?\s+(?:a|an|another|other|two|my)\s+(?:[a-z-]+\s+)?"
    r"(?:call|meeting|appointment|class|lecture|seminar|session|stand-?up|workshop|commitment"
    r"|conflict|clash)s?\b(?!\s+(?:room|link|invite|agenda|with\s+(?:you|us|the\s+team|everyone))\b)",
)
