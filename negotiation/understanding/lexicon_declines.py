"""More ways to decline the whole meeting: said casually, through someone else, or by leaving.

Read with lexicon_stance.DECLINE_PHRASES. Each one says the writer will not take part at
all; none of them names an option, so "pass on B" is a no to B, never a decline.
"""

MORE_DECLINE_PHRASES = (
    # "Pass.", "Pass, sorry", "pass for me": the word alone is the answer.
    r"^\W*(?:i'?ll\s+)?pass(?:\s+for\s+me)?\W*(?:(?:sorry|thanks|thank\s+you|this\s+time)\W*)*$",
    # "Going to pass", "gonna pass on this one": not "pass it on", "pass on B" (a no to B).
    r"\b(?:going\s+to|gonna|i'?d\s+better|think\s+i'?ll)\s+(?:have\s+to\s+)?pass"
    r"(?=\s*(?:[.,;!—–-]|$)|\s+(?:on\s+)?(?:this\s+one|this\s+time|this\s+meeting)\b)",
    r"\bnot\s+gonna\s+(?:be\s+able\s+to\s+)?(?:make\s+it|attend|join|come|be\s+there)\b",
    r"\b(?:can'?t|cannot|won'?t|couldn'?t)\s+(?:make|attend|join)\s+this\s+one\b",
    r"\bgive\s+(?:this\s+one|this\s+meeting|the\s+meeting|it)\s+a\s+miss\b",
    # "I have to withdraw", "I'm withdrawing from this one": not "withdraw my yes to B".
    r"\b(?:(?:have|need)\s+to|must|will|i'?ll|going\s+to|gonna|i)\s+withdraw"
    r"(?:\s+from\s+(?:this|the)\s+(?:one|meeting|call))?(?=\s*(?:[.,;!—–-]|$))",
    r"\bi'?m\s+withdrawing(?:\s+from\s+(?:this|the)\s+(?:one|meeting|call))?(?=\s*(?:[.,;!—–-]|$))",
    r"\bdecline\s+(?:it\s+|this\s+|the\s+invite\s+)?(?:on\s+my\s+behalf|for\s+me)\b",
    r"\btake\s+me\s+off\s+(?:this|the)\s+(?:meeting|call|invite|invitation|thread|list)\b",
    r"\b(?:no\s+need\s+to|don'?t\s+need\s+to|you\s+don'?t\s+have\s+to)\s+(?:include|invite)\s+me\b",
    r"\bleave\s+me\s+out\s+(?:of\s+(?:this|it|the\s+meeting)|this\s+time)\b",
)

# Handing the meeting to someone else is a decline: "please invite her instead", "it
# makes more sense to have Jan there instead of me", "I'm no longer on the project team".
HAND_OVER_DECLINES = (
    r"\b(?:i'?m|i\s+am)\s+no\s+longer\s+(?:on|in|part\s+of|with|involved\s+(?:in|with)"
    r"|working\s+on|responsible\s+for)\s+(?:the|this)\s+(?:[a-z0-9]+\s+)?(?:project|team|account"
    r"|committee|board|topic)\b",
    r"\b(?:invite|ask|send|include)\s+(?:her|him|them|[a-z]+)\s+instead(?:\s+of\s+me)?\b",
    r"\b(?:(?:it\s+)?makes\s+(?:more\s+)?sense\s+to\s+)?have\s+[a-z]+\s+(?:there\s+|join\s+"
    r"|attend\s+|go\s+)?instead\s+of\s+me\b",
)
MORE_DECLINE_PHRASES += HAND_OVER_DECLINES

# Words beside a decline, or taken for one, that say nothing of when or where: who has the
# work now and why ("Jenna Ortiz has taken over", "I've moved to a different team", "I'm
# leaving the company"), and "don't count me out!", which is keen, never a decline.
DECLINE_ASIDES = (
    r"\b(?:don'?t|do\s+not)\s+count\s+me\s+out\b",
    r"\b(?:[a-z]+\s+){0,2}(?:has|have)\s+taken\s+over(?:\s+(?:from\s+me|my\s+(?:role|work"
    r"|projects?|accounts?)))?(?=\s*(?:[.,;!—–-]|$))",
    r"\bi'?(?:ve|\s+have)\s+moved\s+to\s+(?:a\s+)?(?:different|another|new|other)\s+(?:team|role"
    r"|department|project)(?:\s+as\s+of\s+(?:this|last)\s+week)?\b",
    r"\b(?:i'?m|i\s+am)\s+leaving\s+the\s+(?:company|firm|team)(?:\s+at\s+the\s+end\s+of\s+the"
    r"\s+(?:month|week|year)|\s+next\s+(?:week|month)|\s+soon)?\b",
    r"\byou\s+(?:may|might)\s+want\s+to\b",
)
