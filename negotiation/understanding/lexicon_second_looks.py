"""Marks of a change of mind read in replies: an apology before a new answer, a second look.

Part of lexicon_stance.REPLY_CHANGES; what follows the mark replaces the answer before it.
"""

# "A. Sorry, C.", "A, 1. Sorry, 2.", "A (sorry, C)", "B. Sorry, A. Zoom.": an apology right
# before a bare new answer that ends its sentence takes the first one back; "Sorry, C
# doesn't work", "sorry for the delay" and "out, sorry. C" (the apology ends with its
# sentence) go on as they are.
SORRY_CHANGE = (
    r"\bsorry\s*[,:—–-]+\s*(?=(?:[A-H]|[1-9])(?:\s+(?:then|instead|please))?"
    r"(?:\s*[.!)。！]*\s*$|\s*(?:[.!]+\s+|[。！]+\s*)\S))"
)

SECOND_LOOKS = (
    # "C. No, sorry, not C - the one on Tuesday": a no opening a sentence, then what it
    # takes back ("No, sorry, I can't" is no change: it names nothing to take back).
    r"(?:^|(?<=[.!?\n]))\s*no\s*,\s*sorry\s*[,:—–-]+\s*(?=not\b|i\s+mean\b)",
    # "All three! ... Just double-checked my calendar: all except Thursday": a second look
    # at the calendar replaces what the first one said.
    r"\b(?:just\s+)?(?:re[\s-]?checked|double[\s-]?checked|checked\s+again)(?:\s+(?:my|the)"
    r"\s+(?:calendar|diary|schedule))?\b",
    # The same once the fillers took "checked my calendar" away ("just double-  : all except C").
    r"\b(?:just\s+)?(?:double|re)-\s",
)
