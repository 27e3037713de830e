"""Small talk of a chatty reply that carries no answer, masked before reading.

Long friendly replies wrap their verdicts in talk about the mail itself (sorry for the
delay, my English, I checked my diary), how the writer's week has gone, and courtesies
after the answer ("ping me if anything changes", "see you there"). None of it names an
option, a day or a place, so none of it can be a verdict; each phrase is whole and
fixed, so a sentence that only looks like one ("I'm busy that week", "if Tuesday
changes, ...") stays in play.
"""

# Each a regex alternative, matched case-insensitively (lexicon.compile_all).
CHATTER = (
    # Late to answer, said in more ways than lexicon_fillers' "sorry for the late reply".
    r"\b(?:sorry|apologies)\s*,?\s+(?:it\s+)?(?:took|has\s+taken|'s\s+taken)\s+me\s+(?:a\s+)?"
    r"(?:bit|while|little\s+while|few\s+days|couple\s+of\s+days|moment)"
    r"(?:\s+(?:longer\s+)?to\s+(?:get\s+back(?:\s+to\s+you)?|reply|respond|answer))?",
    r"(?:不好意思|抱歉|sorry)?\s*回复(?:得|的)?(?:有点|有些|太)?晚了",
    # How the writer writes, not what: "sorry for my English", "excuse the typos".
    r"\b(?:sorry|apologies|excuse\s+me)\s+for\s+my\s+(?:bad\s+|poor\s+)?(?:english|german|typing)\b",
    r"\b(?:sorry|apologies)\s+in\s+advance\b(?!\s+(?:for|if)\b)",
    # How the writer came to the answer: "I have reviewed my schedule", "Looking at it
    # now:", 我看了一下日程 (lexicon_fillers has "just looked at my calendar").
    r"\bi\s+(?:have|'ve)\s+(?:just\s+)?(?:reviewed|checked|looked\s+at|gone\s+through)\s+my\s+"
    r"(?:calendar|diary|schedule|agenda)\b",
    r"\blooking\s+at\s+(?:it|my\s+(?:calendar|diary|schedule|agenda))\s+now\b",
    r"我(?:刚)?看了(?:一下|下)?(?:日程|日历|安排)",
    # How the writer's week has gone, as a whole: "long week already", "finals week has
    # been brutal", "crazy week". "Busy" is left out: "I'm busy that week" is a no.
    r"\b(?:(?:this|my|the|finals?|exam|audit)\s+)?week\s+(?:has|'s)\s+been\s+(?:so\s+|really\s+)?"
    r"(?:brutal|crazy|mad|insane|hectic|manic|wild|rough|long|intense|nuts)\b",
    # Said alone at a sentence's start ("Hi Alice - long week already."); after an answer
    # ("Only D for me, sorry, crazy week") it may be why the others are out, and stays.
    r"(?:^|(?<=[.!\n-])\s*)(?:(?:such\s+a|a|what\s+a)\s+)?(?:long|crazy|mad|hectic|manic|"
    r"wild|rough|brutal|insane)\s+week(?:\s+already)?(?=\s*(?:[.!]|$))",
    # Courtesies after the answer: "ping me if anything changes", "see you there".
    r"\b(?:(?:please\s+)?(?:ping|tell|shout\s+at|message|let)\s+me(?:\s+know)?|shout)\s+if\s+"
    r"(?:anything|something|that|it|this|the\s+plan)\s+changes\b",
    r"\bif\s+anything\s+changes\s*,?\s*(?:(?:please\s+)?(?:ping|tell|let)\s+me(?:\s+know)?|shout)\b",
    r"\bsee\s+you\s+(?:there|then|soon)\b",
    # Where the writer is typing from, as a whole: "quick one from the airport lounge:",
    # "between flights so quick:". A city ("from Madrid") is left: it may set a time zone.
    r"\b(?:a\s+)?quick\s+one\s+from\s+(?:the|my)\s+(?:airport(?:\s+lounge)?|lounge|train|gate"
    r"|plane|taxi|car|hotel(?:\s+room)?|phone)\b",
    r"\b(?:in\s+)?between\s+(?:flights|meetings|calls|lectures|classes)\s*,?\s+so\s+"
    r"(?:quick|brief|short)\b",
    # A joke about the place just chosen: "I basically live there anyway lol".
    r"\bi\s+(?:basically|practically|pretty\s+much|kinda|kind\s+of)\s+live\s+there"
    r"(?:\s+anyway)?(?:\s+(?:lol|haha))?",
    # Regards to someone else: "say hi to Pete for me (if he's joining)".
    r"\b(?:oh\s+and\s+)?say\s+hi\s+to\s+\w+(?:\s+for\s+me)?(?:\s+if\s+(?:he|she|they)"
    r"(?:'s|\s+is|'re|\s+are)\s+(?:joining|coming|there|around))?",
    r"\bthank\s+you\s+for\s+(?:your|the)\s+(?:kind\s+)?(?:invitation|invite|e-?mail|message|note)\b",
    r"\bthanks\s+for\s+(?:the|your)\s+(?:invitation|invite|e-?mail|message|note)\b",
)
